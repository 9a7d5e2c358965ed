import { describe, expect, it } from 'vitest';
import { SignInSearch, safeRedirect } from './sign-in-search';

describe('sign-in redirect', () => {
  it('goes back to a path of the app', () => {
    expect(safeRedirect('/?filters=%7B%7D&page=2')).toBe('/?filters=%7B%7D&page=2');
    expect(safeRedirect('/companies/abc')).toBe('/companies/abc');
  });

  it('never leaves the app or loops back to the sign-in page', () => {
    for (const bad of [
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      '/sign-in',
    ]) {
      expect(safeRedirect(bad)).toBe('/');
    }
    expect(safeRedirect(undefined)).toBe('/');
  });

  it('drops a malformed redirect instead of failing', () => {
    expect(SignInSearch.parse({ redirect: 42 })).toEqual({ redirect: undefined });
  });
});
