/**
 * The network a client's address stands for, as rate limits count it. An IPv4 address is one
 * client. An IPv6 address is one of the 2^64 a single subscriber usually gets (a /64, or whatever
 * prefix the operator sets): keyed alone, each of them would be a fresh bucket.
 */
export function networkKey(address: string, ipv6PrefixBits = defaultIpv6PrefixBits): string {
  const groups = address.includes(':') ? ipv6Groups(address) : undefined;
  if (!groups) return address;
  const bits = Math.max(0, Math.min(128, Math.floor(ipv6PrefixBits)));
  const kept = groups.map((group, i) => {
    const left = bits - i * 16;
    if (left >= 16) return group;
    if (left <= 0) return 0;
    return group & (0xffff << (16 - left)) & 0xffff;
  });
  return `${kept.map((group) => group.toString(16)).join(':')}/${bits}`;
}

/** Subscribers are handed a /64 by convention (RFC 6177's advice aside, it is what providers do). */
export const defaultIpv6PrefixBits = 64;

/** The eight 16-bit groups of an IPv6 address (any spelling: `::`, a zone, an IPv4 tail), or undefined. */
export function ipv6Groups(address: string): number[] | undefined {
  let text = (address.split('%')[0] ?? '').toLowerCase();
  const tail = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (tail) {
    const octets = tail.slice(1).map(Number);
    if (octets.some((octet) => octet > 255)) return undefined;
    const [a = 0, b = 0, c = 0, d = 0] = octets;
    text = `${text.slice(0, tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const split = (part: string | undefined) => (part ? part.split(':') : []);
  const left = split(halves[0]);
  const right = split(halves[1]);
  const missing = 8 - left.length - right.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
  const groups = [...left, ...Array.from({ length: halves.length === 2 ? missing : 0 }, () => '0'), ...right];
  if (groups.some((group) => !/^[0-9a-f]{1,4}$/.test(group))) return undefined;
  return groups.map((group) => parseInt(group, 16));
}
