import { useEffect, useState } from 'react';

/**
 * The width an element is laid out at, following resizes: a chart drawn at its real size keeps its
 * text crisp (the company page's series charts, the Admin page's spend chart).
 */
export function useElementWidth(el: HTMLElement | null): number | undefined {
  const [width, setWidth] = useState<number>();
  useEffect(() => {
    if (!el) return;
    setWidth(el.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setWidth(entry?.contentRect.width));
    observer.observe(el);
    return () => observer.disconnect();
  }, [el]);
  return width;
}
