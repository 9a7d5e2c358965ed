import { type RefObject, useEffect } from 'react';

/**
 * How an open panel (a popover, the header's folded menu) is dismissed: a press outside `root`, or
 * the focus moving to a control outside it, calls `dismiss` (the open panel would only be in the way
 * there); Escape calls `onEscape`, which also puts the focus back on the panel's button.
 */
export function useDismiss(
  open: boolean,
  root: RefObject<HTMLElement | null>,
  dismiss: () => void,
  onEscape: () => void,
): void {
  useEffect(() => {
    if (!open) return;
    const outside = (e: Event) => root.current !== null && !root.current.contains(e.target as Node);
    const onPointer = (e: PointerEvent) => {
      if (outside(e)) dismiss();
    };
    const onFocus = (e: FocusEvent) => {
      if (outside(e)) dismiss();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onEscape();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('focusin', onFocus);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('focusin', onFocus);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, root, dismiss, onEscape]);
}
