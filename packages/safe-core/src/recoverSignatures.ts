import {
  getAddress,
  hexToBigInt,
  hexToNumber,
  recoverAddress,
  recoverMessageAddress,
  size,
  slice,
  type Address,
  type Hex,
} from 'viem';

/** How an owner's part of a Safe `signatures` blob approves a hash (Safe.checkNSignatures' v values). */
export type SafeSignatureType = 'EOA' | 'ETH_SIGN' | 'CONTRACT_SIGNATURE' | 'APPROVED_HASH';

export type ParsedSafeSignature = {
  owner: Address;
  type: SafeSignatureType;
  /** The owner's 65-byte static part, plus the dynamic part for a contract signature. */
  signature: Hex;
};

export class SafeSignatureError extends Error {
  override name = 'SafeSignatureError';
}

/**
 * Splits a Safe `signatures` blob into its owners' signatures and recovers each owner, as
 * Safe.checkNSignatures reads them: v = 0 a contract (EIP-1271) signature whose data lies at the
 * offset in s; v = 1 an approved hash; v > 30 an eth_sign over the hash (v - 4); otherwise EIP-712.
 * It checks the encoding, not that contract signatures or approvals are valid on chain.
 */
export async function recoverSafeSignatures(
  hash: Hex,
  signatures: Hex,
  count?: number,
): Promise<ParsedSafeSignature[]> {
  const total = size(signatures);
  if (total < 65) throw new SafeSignatureError('Signatures are shorter than 65 bytes');
  if (count !== undefined && count * 65 > total)
    throw new SafeSignatureError(`Expected ${count} signatures, got ${total} bytes`);
  // Without a count, static parts run up to the first dynamic part (or the end).
  let staticEnd = count === undefined ? total : count * 65;
  const parsed: ParsedSafeSignature[] = [];
  for (let i = 0; count === undefined ? (i + 1) * 65 <= staticEnd : i < count; i++) {
    const part = slice(signatures, i * 65, i * 65 + 65);
    const r = slice(part, 0, 32);
    const s = slice(part, 32, 64);
    const v = hexToNumber(slice(part, 64, 65));
    if (v === 0 || v === 1) {
      if (hexToBigInt(r) >> 160n !== 0n)
        throw new SafeSignatureError(`Signature ${i} does not hold an address in r`);
      const owner = getAddress(slice(r, 12, 32));
      if (v === 1) {
        parsed.push({ owner, type: 'APPROVED_HASH', signature: part });
        continue;
      }
      const offset = Number(hexToBigInt(s));
      if (offset < (i + 1) * 65 || offset + 32 > total) {
        throw new SafeSignatureError(`Signature ${i} points outside the data`);
      }
      if (count === undefined) staticEnd = Math.min(staticEnd, offset);
      const length = Number(hexToBigInt(slice(signatures, offset, offset + 32)));
      if (offset + 32 + length > total) throw new SafeSignatureError(`Signature ${i} runs past the data`);
      const dynamic = length === 0 ? '0x' : slice(signatures, offset + 32, offset + 32 + length);
      parsed.push({
        owner,
        type: 'CONTRACT_SIGNATURE',
        signature: `${part}${slice(signatures, offset, offset + 32).slice(2)}${dynamic.slice(2)}` as Hex,
      });
      continue;
    }
    if (v > 30) {
      const signature = `${part.slice(0, 130)}${(v - 4).toString(16).padStart(2, '0')}` as Hex;
      const owner = await recoverMessageAddress({ message: { raw: hash }, signature });
      parsed.push({ owner, type: 'ETH_SIGN', signature: part });
      continue;
    }
    if (v !== 27 && v !== 28) throw new SafeSignatureError(`Signature ${i} has an invalid v (${v})`);
    parsed.push({ owner: await recoverAddress({ hash, signature: part }), type: 'EOA', signature: part });
  }
  return parsed;
}
