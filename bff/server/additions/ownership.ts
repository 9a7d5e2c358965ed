/**
 * A company addition request is its submitter's: a status lookup of another user's request answers
 * exactly as one of an id nobody submitted (404), before anything goes upstream (no call, no ledger
 * line), on every spelling of the route and every way into the BFF (the pipeline runs this for the
 * `additions.status` endpoint, whatever path spelled it). Admins included: no feature of the BFF shows
 * a user another's requests.
 *
 * A request nobody owns (submitted outside this BFF with the team's key, or before the BFF recorded
 * owners) is claimed by the first user whose lookup succeeds (`applyAdditionStatus` keeps an owner
 * once set); two users looking up the same unowned request at once: the one whose claim lands first
 * keeps it, the other is answered 404 too.
 */
import { problem } from '../proxy/problem';

/**
 * The 404 of an unknown request id, in the embedded service's words. Every 404 of a status lookup is
 * answered with it, the upstream's own too: whatever the upstream says of an unknown id, someone
 * else's request cannot be told from one.
 */
export function unknownAddition(id: string): Response {
  return problem(404, `No company addition request ${id} for this API key.`);
}

/**
 * Runs `lookUp` (the upstream call, its ledger line and the claim of an unowned request) only for
 * the request's owner, or anyone when it has none; answers 404 otherwise.
 */
export async function ownAdditionLookup(
  userId: string,
  id: string,
  ownerOf: (requestId: string) => Promise<string | null>,
  lookUp: () => Promise<Response>,
): Promise<Response> {
  // Ids are UUIDs, which both upstreams write in lower case (the embedded one reads any case).
  const owner = async (): Promise<string | null> =>
    (await ownerOf(id)) ?? (id === id.toLowerCase() ? null : await ownerOf(id.toLowerCase()));
  const mine = (o: string | null) => o === null || o === userId;
  const before = await owner();
  if (!mine(before)) return unknownAddition(id);
  const res = await lookUp();
  if (res.status === 404) {
    await res.body?.cancel();
    return unknownAddition(id);
  }
  // Unowned before: this lookup claimed it, unless another user's lookup did so first.
  if (before === null && res.ok && !mine(await owner())) {
    await res.body?.cancel();
    return unknownAddition(id);
  }
  return res;
}
