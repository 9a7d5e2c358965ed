/** Saves a blob as a download, the way a link with `download` does. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  // The download has started by the time the click returns; revoking later frees the memory.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
