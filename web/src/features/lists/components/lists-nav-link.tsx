/**
 * The header's link to the Lists page, with the count of new matches the user has not seen (the
 * BFF's count, raised live by `list.new_matches`).
 */
import { Link } from '@tanstack/react-router';
import { formatCount } from '@/lib/format';
import { useUnreadCount } from '../api/unread';

export function ListsNavLink({ className }: { className: string }) {
  const unread = useUnreadCount(true);
  return (
    <Link to="/lists" className={`${className} inline-flex items-center gap-1`}>
      Lists
      {unread > 0 && (
        <span
          data-testid="lists-unread"
          className="rounded-full bg-indigo-600 px-1.5 text-[11px] leading-4 font-semibold text-white tabular-nums"
        >
          {formatCount(unread)}
          <span className="sr-only"> new {unread === 1 ? 'match' : 'matches'}</span>
        </span>
      )}
    </Link>
  );
}
