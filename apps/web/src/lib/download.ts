/** Hands `text` to the browser as a file download (no server round trip, nothing leaves the page). */
export function downloadFile(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Firefox starts the download after the click returns: the URL must outlive it, and a large file
  // may take a while to be taken.
  window.setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
