import { Link, useRouter } from '@tanstack/react-router';
import { enteredFromList, lastListSearchParams } from '@/lib/last-list';

/**
 * Back to the list the user came from. Opened straight from the list, it goes back in history:
 * the same URL (filters, columns, sort, page), and the router restores the scroll position. Opened
 * any other way (a shared link, an investor's page), it links to the last list shown in this tab.
 * Which of the two is decided on click: where the page was entered from is known only once the
 * navigation has resolved, after the first render.
 */
export function BackToList() {
  const router = useRouter();
  return (
    <Link
      to="/"
      search={lastListSearchParams() ?? {}}
      className="inline-flex items-center gap-1 text-sm font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      onClick={(e) => {
        if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return;
        if (enteredFromList() && router.history.canGoBack()) {
          e.preventDefault();
          router.history.back();
        }
      }}
    >
      ← Back to the list
    </Link>
  );
}
