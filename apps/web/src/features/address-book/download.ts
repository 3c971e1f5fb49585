/** Hands `text` to the browser as a file download (no server round trip, nothing leaves the page). */
export function downloadText(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Firefox starts the download after the click returns: the URL must outlive it a little.
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** `countersign-address-book-2026-05-14.csv`, dated in the reader's time zone. */
export function exportFileName(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `countersign-address-book-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}
