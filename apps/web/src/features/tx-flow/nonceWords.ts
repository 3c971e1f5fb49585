/** A run of nonces in words: "nonce 10" for one, "nonces 10 to 12" for several. */
export function nonceSpan(first: number, last: number): string {
  return first === last ? `nonce ${first}` : `nonces ${first} to ${last}`;
}
