import { useDeferredValue, useEffect } from 'react';

let firstPageDrawn = false;

/**
 * Whether the visit's first page may draw itself: false on its first render, true on the render
 * React makes right after at a lower priority. The page returns nothing until then (the frame's
 * page area is blank a moment longer, as it is while the session is asked), and React draws it in
 * short slices the browser can answer input between. Without this the router mounts the page in an
 * update React must render in one go, which for a whole page of filters and rows is the longest
 * task of a visit. Later pages (moving within the app) draw at once: the page they replace stays
 * on screen until then, and deferring would show a blank page in between.
 */
export function useFirstPageDeferral(): boolean {
  const drawn = useDeferredValue(true, firstPageDrawn);
  useEffect(() => {
    if (drawn) firstPageDrawn = true;
  }, [drawn]);
  return drawn;
}
