import { describe, expect, it } from 'vitest';
import { enteredFromList, lastListSearchParams, trackListLocation } from './last-list';

type Resolved = { fromLocation?: { pathname: string }; toLocation: { pathname: string; search: unknown } };

function fakeRouter() {
  let listener: ((e: Resolved) => void) | undefined;
  return {
    subscribe: (_event: 'onResolved', fn: (e: Resolved) => void) => {
      listener = fn;
      return () => {
        listener = undefined;
      };
    },
    resolve: (e: Resolved) => listener?.(e),
  };
}

describe('last list location', () => {
  it('remembers the last list and whether a page was entered from it, across tab switches', () => {
    const router = fakeRouter();
    const stop = trackListLocation(router);
    router.resolve({ toLocation: { pathname: '/', search: { filters: { a: 1 }, page: 3 } } });
    expect(enteredFromList()).toBe(false);
    router.resolve({ fromLocation: { pathname: '/' }, toLocation: { pathname: '/companies/x', search: {} } });
    expect(enteredFromList()).toBe(true);
    // Switching tabs keeps the way back.
    router.resolve({
      fromLocation: { pathname: '/companies/x' },
      toLocation: { pathname: '/companies/x', search: { tab: 'news' } },
    });
    expect(enteredFromList()).toBe(true);
    // An investor's page is not entered from the list, but the list is still remembered.
    router.resolve({
      fromLocation: { pathname: '/companies/x' },
      toLocation: { pathname: '/companies/y', search: {} },
    });
    expect(enteredFromList()).toBe(false);
    expect(lastListSearchParams()).toEqual({ filters: { a: 1 }, page: 3 });
    stop();
  });
});
