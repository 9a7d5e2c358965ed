/**
 * What jsdom lacks for the results grid and its CSV download, for component tests that render them.
 */

/** jsdom lays nothing out: the grid's scroll box gets a screen's size, so rows and columns render. */
export function layOutGrid(): void {
  window.scrollTo = () => {};
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 900 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1400 });
}

/**
 * Downloads are kept, not navigated to (jsdom does not navigate; the download link's click is all the
 * app does): the files the app saved, in order. Empty the array between tests.
 */
export function keepDownloads(): Blob[] {
  const saved: Blob[] = [];
  URL.createObjectURL = (blob: Blob) => {
    saved.push(blob);
    return 'blob:export';
  };
  URL.revokeObjectURL = () => {};
  HTMLAnchorElement.prototype.click = () => {};
  return saved;
}
