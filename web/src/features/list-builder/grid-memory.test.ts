// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** The module as a fresh page load finds it (its memory starts from sessionStorage). */
async function freshModule() {
  vi.resetModules();
  return import('./grid-memory');
}

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

describe('grid memory', () => {
  it('keeps the selection and the scroll position of the list across a reload', async () => {
    const before = await freshModule();
    const key = before.listKey({ q: 'fintechs', filters: { 'location.hq.country': ['DEU'] } });
    before.noteGridScroll(key, { view: 'page-2', top: 540, left: 0 });
    before.persistGridMemory();
    // Selecting writes through at once.
    const { result } = renderHook(() => before.useGridSelection(key));
    act(() => result.current[1]({ 'uuid-1': true, 'uuid-2': true }));

    const after = await freshModule();
    const { result: reloaded } = renderHook(() => after.useGridSelection(key));
    expect(reloaded.current[0]).toEqual({ 'uuid-1': true, 'uuid-2': true });
    expect(after.savedGridScroll(key, 'page-2')).toEqual({ view: 'page-2', top: 540, left: 0 });
    expect(after.savedGridScroll(key, 'page-3')).toBeNull();
  });

  it('shows another list nothing selected, and forgets the first list once the second is chosen from', async () => {
    const m = await freshModule();
    const a = m.listKey({ filters: { 'firmographic.company_type': ['public'] } });
    const b = m.listKey({ filters: { 'firmographic.company_type': ['private'] } });
    expect(m.listKey({ q: undefined, filters: undefined })).toBe(m.listKey({}));
    const { result, rerender } = renderHook(({ key }) => m.useGridSelection(key), {
      initialProps: { key: a },
    });
    act(() => result.current[1]({ x: true }));
    rerender({ key: b });
    expect(result.current[0]).toEqual({});
    act(() => result.current[1]({ y: true }));
    rerender({ key: a });
    expect(result.current[0]).toEqual({});
  });

  it('starts empty when sessionStorage holds something else', async () => {
    sessionStorage.setItem('list-builder.grid', '{"nope":1}');
    const m = await freshModule();
    expect(m.savedGridScroll(m.listKey({}), 'x')).toBeNull();
  });
});
