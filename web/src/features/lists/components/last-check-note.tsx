/**
 * What a list's last scheduled check came to, when it did not run (failed or skipped): when, why,
 * and whether it will be tried again or when the next check is. Nothing when it ran.
 */

import { lastCheckWords } from '../list-words';
import type { SavedList } from '../types';

export function LastCheckNote({
  list,
  className = 'text-xs',
}: {
  list: Pick<SavedList, 'last_check' | 'next_check_at'>;
  className?: string;
}) {
  const words = lastCheckWords(list);
  if (!words) return null;
  return (
    <p data-testid="last-check" className={`${className} text-amber-800`}>
      {words}
    </p>
  );
}
