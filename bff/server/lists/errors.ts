/**
 * The list planner's own refusals (docs/decisions/0011-company-size-and-exclusions.md,
 * docs/decisions/0021-typed-list-planner.md): thrown by its steps, answered by the app's `onError`
 * like every `BffProblem`.
 */
import { PROBLEM_CONTENT_TYPE, problemBody } from '../../contract/problem';
import { BffProblem } from '../proxy/problem';

/** The list is too broad to serve exactly: 422 with its size ("500 or more" when the service stopped counting). */
export class ListTooBroad extends BffProblem {
  constructor(
    readonly listSize: number,
    readonly lowerBound: boolean,
    readonly why: string,
  ) {
    const size = lowerBound ? `${listSize} or more` : String(listSize);
    const detail = `The list has ${size} companies. ${why} Add one more filter to narrow it.`;
    const body = {
      ...problemBody(422, detail, undefined, 'List too broad'),
      list_size: listSize,
      list_size_is_lower_bound: lowerBound,
    };
    super(422, detail, {
      code: 'list_too_broad',
      answer: new Response(JSON.stringify(body), {
        status: 422,
        headers: { 'content-type': PROBLEM_CONTENT_TYPE },
      }),
    });
  }
}

/** The list changed twice while it was being read: 503, try again. */
export class ListChanged extends BffProblem {
  constructor() {
    super(503, 'The list changed while it was being read; try again.', {
      code: 'list_changed',
      headers: { 'retry-after': '1' },
    });
  }
}
