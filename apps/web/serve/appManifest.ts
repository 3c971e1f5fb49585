/**
 * `GET /app-manifest?url=<app URL>`: a Safe App's manifest.json, read by this server for the page.
 * The page's Content-Security-Policy lets it connect only to its gateway and its chains' RPCs, not
 * to every app's site; rather than widening that policy to the whole web, the server reads the
 * manifest (the file beside the app, nothing else) and hands the JSON on. The page still validates
 * what it reads.
 *
 * Anyone who can open a page can make this server send a request, so it reads only what anyone on
 * the internet could read: public addresses on ports 80 and 443, every address the name resolves
 * to, and it connects to the very address it checked (a name that resolves again to something else
 * between the check and the connection, DNS rebinding, changes nothing). Operators list the private
 * origins they trust (their own apps on loopback or the LAN) in APP_MANIFEST_PRIVATE_ORIGINS.
 * Whatever the origin: no redirects, a few seconds, at most MAX_MANIFEST_BYTES read, and no word of
 * what the app's server answered is passed on.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/** At most this much of a manifest is read. */
export const MAX_MANIFEST_BYTES = 100_000;
const TIMEOUT_MS = 5_000;
const PUBLIC_PORTS: readonly number[] = [80, 443];

export type ManifestAnswer = { status: 200; json: unknown } | { status: 400 | 403 | 502; message: string };

export type ResolvedAddress = { address: string; family: number };
/** Every address a host name resolves to (node:dns lookup with `all: true` by default). */
export type Resolver = (hostname: string) => Promise<readonly ResolvedAddress[]>;

export type ManifestReaderOptions = {
  /**
   * Origins (`http://127.0.0.1:4107`) read whatever their address and port: the operator's own apps
   * on loopback or a private network. Exact match of scheme, host and port.
   */
  privateOrigins?: readonly string[];
  resolve?: Resolver;
  timeoutMs?: number;
  /**
   * The ports public addresses are read on (80 and 443). Tests only: a listener on loopback cannot
   * take port 80, and the address check is to be seen refusing on its own.
   */
  publicPorts?: readonly number[];
};

export type ManifestReader = (appUrl: string | undefined) => Promise<ManifestAnswer>;

const BAD_URL = { status: 400, message: 'The app URL must be an http(s) URL.' } as const;
const NOT_PUBLIC = {
  status: 403,
  message: 'The app is not at a public address (ports 80 and 443 only): its manifest is not read.',
} as const;
const UNREADABLE = { status: 502, message: 'The app’s manifest could not be read.' } as const;

const defaultResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true });

/** The manifest's URL beside the app (`${appUrl}/manifest.json`, query and fragment dropped). */
export function manifestUrlOf(appUrl: string): URL | undefined {
  let url: URL;
  try {
    url = new URL(appUrl);
  } catch {
    return undefined;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password)
    return undefined;
  url.search = '';
  url.hash = '';
  return new URL('manifest.json', url.href.replace(/\/*$/, '/'));
}

const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');
/** IPv6 forms that carry an IPv4 address in their last 32 bits: judged by that address. */
const EMBEDDING_LAST_32_BITS = [
  ipaddr.parseCIDR('::ffff:0:0/96'), // IPv4-mapped
  ipaddr.parseCIDR('::ffff:0:0:0/96'), // IPv4-translated (RFC 6145)
  ipaddr.parseCIDR('::/96'), // IPv4-compatible (deprecated); holds :: and ::1 too
  ipaddr.parseCIDR('64:ff9b::/96'), // NAT64 well-known prefix
];
const SIX_TO_FOUR = ipaddr.parseCIDR('2002::/16');

/** The IPv4 address inside an IPv6 one that a host or a translator may route to. */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | undefined {
  const bytes = address.toByteArray();
  if (EMBEDDING_LAST_32_BITS.some((range) => address.match(range))) return new ipaddr.IPv4(bytes.slice(12));
  if (address.match(SIX_TO_FOUR)) return new ipaddr.IPv4(bytes.slice(2, 6));
  return undefined;
}

/**
 * Whether an address is one anyone on the internet could reach: not loopback, private, link-local,
 * unique-local, CGNAT, multicast, unspecified, broadcast, reserved or documentation. IPv6 must also
 * be global unicast (2000::/3); one that embeds an IPv4 address is judged by that address.
 */
export function isPublicAddress(address: string): boolean {
  // Canonical forms only (what DNS answers and URL parsing produce): ipaddr.js alone would also
  // take the classful and octal spellings.
  if (isIP(address) === 0 || !ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return parsed.range() === 'unicast';
  const v6 = parsed as ipaddr.IPv6;
  const v4 = embeddedIPv4(v6);
  if (v4) return v4.range() === 'unicast';
  return v6.match(GLOBAL_UNICAST) && v6.range() === 'unicast';
}

/** `localhost` and its subdomains are loopback by definition, whatever a resolver says. */
function isLocalhostName(hostname: string): boolean {
  const name = hostname.replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

function rejectOnAbort(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}

async function addressesOf(hostname: string, resolve: Resolver, signal: AbortSignal) {
  const family = isIP(hostname);
  if (family !== 0) return [{ address: hostname, family }];
  const resolving = resolve(hostname);
  // The lookup itself cannot be cancelled; its late failure must not go unhandled.
  resolving.catch(() => undefined);
  return Promise.race([resolving, rejectOnAbort(signal)]);
}

/**
 * GET `url` from exactly `addresses`: Node's connection asks this lookup instead of DNS, while the
 * Host header and TLS (server name, certificate check) still use the URL's host name.
 */
function getPinned(
  url: URL,
  hostname: string,
  addresses: readonly ResolvedAddress[],
  signal: AbortSignal,
): Promise<Buffer> {
  const lookup: LookupFunction = (_name, options, callback) => {
    if (options.all)
      callback(
        null,
        addresses.map(({ address, family }) => ({ address, family })),
      );
    else if (addresses[0]) callback(null, addresses[0].address, addresses[0].family);
    else callback(new Error(`No address for ${hostname}`), '', 0);
  };
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<Buffer>((resolve, reject) => {
    const onAbort = () => fail(new Error('timed out'));
    const fail = (error: Error) => {
      signal.removeEventListener('abort', onAbort);
      // Destroying the request closes its socket: nothing more is read from the app's server.
      request.destroy();
      reject(error);
    };
    const onResponse = (response: IncomingMessage) => {
      // 200 only: a redirect is not followed, and no other status has a manifest to read.
      if (response.statusCode !== 200) return fail(new Error('not 200'));
      const declared = Number(response.headers['content-length'] ?? 0);
      if (declared > MAX_MANIFEST_BYTES) return fail(new Error('too large'));
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        // Counted as it arrives, whatever the length declared (or none, chunked).
        size += chunk.byteLength;
        if (size > MAX_MANIFEST_BYTES) fail(new Error('too large'));
        else chunks.push(chunk);
      });
      response.on('end', () => {
        signal.removeEventListener('abort', onAbort);
        resolve(Buffer.concat(chunks));
      });
      response.on('error', fail);
      // The app's server hung up before the end: a part of a manifest is no manifest.
      response.on('close', () => {
        if (!response.complete) fail(new Error('cut short'));
      });
    };
    const request: ClientRequest = send(
      {
        protocol: url.protocol,
        hostname,
        port: url.port || undefined,
        path: url.pathname,
        method: 'GET',
        headers: { accept: 'application/json' },
        lookup,
        // A connection of its own: a pooled one may have been opened for another address.
        agent: false,
        signal,
      },
      onResponse,
    );
    request.on('error', fail);
    signal.addEventListener('abort', onAbort, { once: true });
    request.end();
  });
}

/** A reader of apps' manifests; any failure is an answer with a status, never an exception. */
export function createManifestReader(options: ManifestReaderOptions = {}): ManifestReader {
  const privateOrigins = new Set(options.privateOrigins ?? []);
  const resolve = options.resolve ?? defaultResolver;
  const timeoutMs = options.timeoutMs ?? TIMEOUT_MS;
  const publicPorts = options.publicPorts ?? PUBLIC_PORTS;

  return async (appUrl) => {
    const url = appUrl === undefined ? undefined : manifestUrlOf(appUrl);
    if (!url) return BAD_URL;
    const trusted = privateOrigins.has(url.origin);
    // URL parsing has already turned 2130706433, 0x7f000001, 127.1 and 0177.0.0.1 into 127.0.0.1.
    const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
    const port = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
    if (!trusted && (!publicPorts.includes(port) || isLocalhostName(hostname))) return NOT_PUBLIC;

    const signal = AbortSignal.timeout(timeoutMs);
    let addresses: readonly ResolvedAddress[];
    try {
      addresses = await addressesOf(hostname, resolve, signal);
    } catch {
      return UNREADABLE;
    }
    if (addresses.length === 0) return UNREADABLE;
    // One refused address refuses the name: the connection may go to any of them.
    if (!trusted && !addresses.every(({ address }) => isPublicAddress(address))) return NOT_PUBLIC;

    let body: Buffer;
    try {
      body = await getPinned(url, hostname, addresses, signal);
    } catch {
      return UNREADABLE;
    }
    try {
      return { status: 200, json: JSON.parse(body.toString('utf8')) as unknown };
    } catch {
      return UNREADABLE;
    }
  };
}

/** Reads an app's manifest from public addresses only (see createManifestReader). */
export function readAppManifest(
  appUrl: string | undefined,
  options?: ManifestReaderOptions,
): Promise<ManifestAnswer> {
  return createManifestReader(options)(appUrl);
}
