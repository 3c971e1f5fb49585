import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * The most hops passed on. The gateway reads them from the right and stops at the first it does not
 * trust, so what lies further left never counts; a client's long made-up list is cut here.
 */
export const MAX_FORWARDED_HOPS = 16;

/** An address as proxies write them (IPv4, IPv6); anything else in the header is dropped. */
const HOP = /^[0-9A-Fa-f.:]{2,45}$/;

/**
 * X-Forwarded-For for the gateway requests a render makes for a visitor, as a proxy writes it: the
 * hops that reached this server, then the peer it heard the request from. A gateway that trusts this
 * server as a proxy (GATEWAY_TRUSTED_PROXIES) then counts a render's reads against the visitor,
 * whose app would have asked the same, not against this server for every visitor at once. A gateway
 * that does not trust it ignores the header. Undefined when there is no one to name.
 */
export function forwardedFor(incoming: string | undefined, peer: string | undefined): string | undefined {
  const hops = (incoming ?? '')
    .split(',')
    .map((hop) => hop.trim())
    .filter((hop) => HOP.test(hop));
  if (peer && HOP.test(peer)) hops.push(peer);
  const kept = hops.slice(-MAX_FORWARDED_HOPS);
  return kept.length > 0 ? kept.join(', ') : undefined;
}

/** The request's X-Forwarded-For to pass on, with the socket's peer (none for app.request()). */
export function forwardedForOf(c: Context): string | undefined {
  let peer: string | undefined;
  try {
    peer = getConnInfo(c).remote.address;
  } catch {
    // No Node socket: a request handed to app.request() directly.
  }
  return forwardedFor(c.req.header('x-forwarded-for'), peer);
}
