/**
 * Vitest setup of every test file. Component tests run real requests against the embedded service
 * in-process; on a loaded two-core CI machine one of those can take longer than Testing Library's
 * default wait of 1 s, which is about the machine, not the behaviour under test.
 */
import { configure } from '@testing-library/dom';

configure({ asyncUtilTimeout: 5000 });

// jsdom has no CSS.escape, which user-event uses to walk a radio group with the arrow keys (the
// filter editor's "is any of" / "is none of"). The standard's escape, for the ids React makes.
if (typeof window !== 'undefined' && typeof window.CSS?.escape !== 'function') {
  const cssEscape = (value: string) => value.replace(/[^\w-]/g, (c) => `\\${c}`);
  Object.defineProperty(window, 'CSS', { configurable: true, value: { ...window.CSS, escape: cssEscape } });
}
