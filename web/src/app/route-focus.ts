/**
 * Where the keyboard focus goes when the app shows another page (WCAG 2.4.3): without this, the
 * link or option that navigated unmounts and focus falls to `<body>`, and the next Tab starts from
 * the top of the document.
 *
 * - Another page: its `h1` (made focusable), once it is on screen. A company page shows its name
 *   when the free search has found it, so the heading is waited for.
 * - Back to the list from a company page: the grid's link to that company, where the user left it
 *   (the grid restores its page and scroll); without it, the results heading.
 * - The list from anywhere else: the results heading (the list's `h1` is visually hidden).
 *
 * A change of the same page's search (filters, sort, a company tab) moves nothing. Nor does the
 * arrival when the user pressed a key or the pointer while the page loaded, or when the new page put
 * the focus somewhere itself (the sign-in page's user name).
 */
import type { AnyRouter } from '@tanstack/react-router';

/** How long a page may take to show its heading (a company page waits for its name). */
const WAIT_MS = 8000;

const COMPANY_PATH = /^\/companies\/([^/]+)$/;

/** The element to focus on arriving at `pathname` from `from`, or null while it is not there yet. */
function arrivalTarget(main: HTMLElement, pathname: string, from: string): HTMLElement | null {
  if (pathname === '/') {
    const company = COMPANY_PATH.exec(from)?.[1];
    if (company) {
      return main.querySelector<HTMLElement>(
        `table[aria-label="Results"] a[href="/companies/${CSS.escape(company)}"]`,
      );
    }
    return document.getElementById('results-heading');
  }
  return main.querySelector<HTMLElement>('h1');
}

/** Resolves with `find()` once it finds something (watching the page change), or null after `ms`. */
function waitFor(
  root: HTMLElement,
  find: () => HTMLElement | null,
  ms: number,
  signal: AbortSignal,
): Promise<HTMLElement | null> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve(null);
    const found = find();
    if (found) return resolve(found);
    const done = (el: HTMLElement | null) => {
      observer.disconnect();
      clearTimeout(timer);
      resolve(el);
    };
    const observer = new MutationObserver(() => {
      const el = find();
      if (el) done(el);
    });
    observer.observe(root, { childList: true, subtree: true });
    const timer = setTimeout(() => done(null), ms);
    signal.addEventListener('abort', () => done(null), { once: true });
  });
}

export function focusElement(el: HTMLElement): void {
  // A heading is not focusable by itself: programmatic focus only, it stays out of the Tab order.
  if (el.tabIndex < 0 && !el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1');
  el.focus();
}

type Pending = {
  /** The user pressed a key or the pointer since the navigation began. */
  interacted: boolean;
  /** Ends the wait and the listeners (a newer navigation, the user acting, or the focus moved). */
  cancel: AbortController;
  /** What had focus when the navigation began. */
  before: Element | null;
};

/** Starts moving focus on every change of page; call once with the app's router. */
export function trackRouteFocus(router: AnyRouter): () => void {
  let pending: Pending | null = null;

  const unsubBefore = router.subscribe('onBeforeNavigate', (e) => {
    if (!e.pathChanged) return;
    pending?.cancel.abort();
    const p: Pending = { interacted: false, cancel: new AbortController(), before: document.activeElement };
    const interacted = () => {
      p.interacted = true;
      p.cancel.abort();
    };
    const opts = { capture: true, signal: p.cancel.signal };
    document.addEventListener('keydown', interacted, opts);
    document.addEventListener('pointerdown', interacted, opts);
    pending = p;
  });

  const unsubRendered = router.subscribe('onRendered', (e) => {
    const p = pending;
    if (!p || !e.fromLocation || !e.pathChanged) return;
    const main = document.querySelector('main');
    if (!main) return;
    const from = e.fromLocation.pathname;
    const to = e.toLocation.pathname;
    void waitFor(main, () => arrivalTarget(main, to, from), WAIT_MS, p.cancel.signal).then((el) => {
      if (p.interacted || pending !== p) return;
      pending = null;
      p.cancel.abort();
      // Back from a company whose row is not shown any more: the results heading instead.
      const target = el ?? (to === '/' ? document.getElementById('results-heading') : null);
      const at = document.activeElement;
      // The new page focused something of its own.
      if (at && at !== document.body && at !== p.before && main.contains(at)) return;
      if (target?.isConnected) focusElement(target);
    });
  });

  return () => {
    unsubBefore();
    unsubRendered();
    pending?.cancel.abort();
  };
}
