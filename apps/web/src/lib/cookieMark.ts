/**
 * A cookie that holds nothing but its presence (`name=1`), written by the page for the web server
 * to read on the next request: the marks that tell it what a browser keeps (lib/savedCacheMark.ts,
 * lib/ownViewMark.ts).
 */
export function writeCookieMark(name: string, maxAgeS: number): void {
  if (typeof document === 'undefined') return;
  document.cookie = `${name}=1; Max-Age=${maxAgeS}; Path=/; SameSite=Strict`;
}

export function clearCookieMark(name: string): void {
  if (typeof document === 'undefined') return;
  document.cookie = `${name}=; Max-Age=0; Path=/; SameSite=Strict`;
}

/** Whether a Cookie header (a request's, or `document.cookie`) carries the mark `name`. */
export function hasCookieMark(cookieHeader: string | undefined, name: string): boolean {
  return (cookieHeader ?? '').split(';').some((part) => part.trim().startsWith(`${name}=1`));
}
