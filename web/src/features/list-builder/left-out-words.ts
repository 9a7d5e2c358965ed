/**
 * Why companies were left out of a list, in a rep's words (the count line's "N left out: …"): the
 * account lists the list hides are imports of the team's CRM, the user's exports ("Exported
 * before"), or the companies the user hid by hand ("Hide" on a selection: their "Hidden companies"
 * list, named as such, so a company hidden by hand is not taken for one in the CRM).
 */
import type { AccountListSource } from '@contract/accounts';

type Named = { id: string; name: string; source: AccountListSource };

export function leftOutWords(hidden: readonly string[], lists: readonly Named[] | undefined): string {
  const found = hidden.map((id) => lists?.find((l) => l.id === id));
  const reasons: string[] = [];
  // A list not (yet) known is taken for what most hidden lists are: the CRM's.
  if (found.some((l) => l === undefined || l.source === 'import')) reasons.push('in your CRM');
  if (found.some((l) => l?.source === 'exported')) reasons.push('exported before');
  const byHand = found.find((l) => l?.source === 'hidden');
  if (byHand) reasons.push(`in ${byHand.name}`);
  return reasons.join(' or ');
}
