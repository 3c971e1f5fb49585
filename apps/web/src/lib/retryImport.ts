/**
 * A code chunk whose fetch failed (the network dropped) cannot simply be imported again: Chromium
 * keeps the failure for that URL and answers every later import of it with the same error, without
 * asking the network. Imported again under another query string, it is fetched afresh. The URL
 * comes from the browser's own error ("Failed to fetch dynamically imported module: <url>" in
 * Chromium, "error loading dynamically imported module: <url>" in Firefox); where the error names
 * none (Safari), the plain import is tried again, which those browsers do fetch anew.
 */
export function failedModuleUrl(error: unknown): string | undefined {
  const message = error instanceof Error ? error.message : '';
  const match = /dynamically imported module:\s*(\S+)/i.exec(message);
  if (!match?.[1]) return undefined;
  try {
    const url = new URL(match[1], document.baseURI);
    // Only this page's own chunks: never a URL an error message could point elsewhere.
    return url.origin === window.location.origin ? url.pathname : undefined;
  } catch {
    return undefined;
  }
}

let attempts = 0;

/** `load` the first time; after a failure naming its chunk, that chunk again under a new query. */
export function retryingImport<T>(load: () => Promise<T>, failed: string | undefined): Promise<T> {
  if (failed === undefined) return load();
  attempts += 1;
  return import(/* @vite-ignore */ `${failed}?retry=${attempts}`) as Promise<T>;
}
