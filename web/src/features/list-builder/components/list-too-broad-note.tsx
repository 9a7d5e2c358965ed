import { useListAnswer } from '../use-list-request';
import { listTooBroad, TOO_BROAD_NEXT, tooBroadMessage } from './results/error-advice';

/**
 * Next to the filter editor: the list is too broad for the list builder to slice by company size
 * or to leave companies out exactly (the BFF's 422), with its size, so the user adds the one more
 * filter it takes where filters are added. The results say the same, announced there.
 */
export function ListTooBroadNote() {
  const answer = useListAnswer();
  const problem = listTooBroad(answer.error);
  if (!problem) return null;
  return (
    <section
      aria-label="List too broad"
      className="mx-4 mt-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950"
    >
      <p className="font-medium">{tooBroadMessage(problem)}</p>
      <p className="mt-1 text-xs text-amber-900">{TOO_BROAD_NEXT}</p>
    </section>
  );
}
