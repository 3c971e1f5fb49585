/**
 * Whether this page's Content-Security-Policy lets it fetch from a URL, so the host asks for an app's
 * manifest only where the policy allows (a refused fetch is a violation report, not a quiet miss).
 * The policy is the one the server sends with every response; it is read once, from /config.js.
 */

let pagePolicy: Promise<string | null> | undefined;

function readPagePolicy(): Promise<string | null> {
  pagePolicy ??= fetch('/config.js', { method: 'HEAD', cache: 'no-store' })
    .then((response) => response.headers.get('content-security-policy'))
    .catch(() => null);
  return pagePolicy;
}

/** The sources of connect-src (or default-src); undefined when the policy restricts neither. */
export function connectSources(policy: string): string[] | undefined {
  const directives = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name && !directives.has(name.toLowerCase())) directives.set(name.toLowerCase(), sources);
  }
  return directives.get('connect-src') ?? directives.get('default-src');
}

function hostMatches(pattern: string, host: string): boolean {
  if (pattern === '*') return true;
  if (pattern.startsWith('*.')) return host.endsWith(pattern.slice(1));
  return pattern === host;
}

/** Whether a source list admits `url`, as a browser reads CSP source expressions (paths aside). */
export function sourcesAllow(sources: readonly string[], url: string, selfOrigin: string): boolean {
  const target = new URL(url);
  for (const raw of sources) {
    const source = raw.toLowerCase();
    if (source === "'none'") continue;
    if (source === "'self'") {
      if (target.origin === selfOrigin) return true;
      continue;
    }
    if (source === '*') {
      if (target.protocol === 'http:' || target.protocol === 'https:') return true;
      continue;
    }
    if (/^[a-z][a-z0-9+.-]*:$/.test(source)) {
      // A scheme: http: also admits https: (the upgrade a browser allows).
      if (target.protocol === source || (source === 'http:' && target.protocol === 'https:')) return true;
      continue;
    }
    const match = /^(?:([a-z][a-z0-9+.-]*):\/\/)?([^/:]+)(?::(\d+|\*))?(?:\/.*)?$/.exec(source);
    if (!match) continue;
    const [, scheme, host = '', port] = match;
    const targetScheme = target.protocol.slice(0, -1);
    if (scheme !== undefined && scheme !== targetScheme && !(scheme === 'http' && targetScheme === 'https'))
      continue;
    if (!hostMatches(host, target.hostname)) continue;
    const targetPort = target.port || (targetScheme === 'https' ? '443' : '80');
    const sourcePort = port ?? ((scheme ?? targetScheme) === 'https' ? '443' : '80');
    if (port === '*' || sourcePort === targetPort) return true;
  }
  return false;
}

/** Whether this page may fetch `url` under its policy (no policy: yes). */
export async function mayConnect(url: string): Promise<boolean> {
  const policy = await readPagePolicy();
  if (policy === null) return true;
  const sources = connectSources(policy);
  return sources === undefined || sourcesAllow(sources, url, window.location.origin);
}
