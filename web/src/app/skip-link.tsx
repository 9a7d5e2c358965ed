import { useRouterState } from '@tanstack/react-router';
import { focusElement } from './route-focus';

/**
 * The first control of every page, shown when focused (WCAG 2.4.1): on the list builder it skips
 * the header and the filter panel to the results; elsewhere the header to the page's heading.
 * It moves the focus itself rather than following its `#` link, so the list's URL stays as it is.
 */
export function SkipLink() {
  const onList = useRouterState({ select: (s) => s.location.pathname === '/' });
  const [target, text] = onList
    ? ['results-heading', 'Skip to results']
    : ['main-content', 'Skip to main content'];
  return (
    <a
      href={`#${target}`}
      onClick={(e) => {
        e.preventDefault();
        const el = document.getElementById(target);
        const heading = onList ? el : (el?.querySelector<HTMLElement>('h1') ?? el);
        if (heading) focusElement(heading);
      }}
      className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[60] focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:text-sm focus:font-medium focus:text-indigo-700 focus:shadow-lg focus:outline-2 focus:outline-indigo-600"
    >
      {text}
    </a>
  );
}
