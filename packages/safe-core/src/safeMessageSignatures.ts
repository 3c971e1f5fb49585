import {
  hashDomain,
  hashStruct,
  hexToBigInt,
  hexToNumber,
  isHex,
  size,
  slice,
  type Address,
  type Hex,
} from 'viem';
import { SafeSignatureError } from './recoverSignatures';
import { joinTypedDataHash } from './safeTxHashes';
import { encodeSignatures, type OwnerSignature } from './signatures';

/**
 * The hashes a hardware wallet shows when it signs a SafeMessage (EIP-712) blind: the Safe's domain
 * separator, the hash of the `SafeMessage(bytes message)` struct (devices label it "Message hash"),
 * and their join, the SafeMessage hash the owner's signature covers (the gateway's messageHash).
 * `message` is the content hash: EIP-191 of a text, EIP-712 of typed data.
 */
export type SafeMessageHashes = { domainHash: Hex; structHash: Hex; safeMessageHash: Hex };

const safeMessageStructTypes = { SafeMessage: [{ name: 'message', type: 'bytes' }] } as const;

/** A Safe's EIP-712 domain separator (1.3.0 on: its chain id and address). */
export function safeDomainHash(params: { chainId: number; safe: Address }): Hex {
  return hashDomain({
    domain: { chainId: BigInt(params.chainId), verifyingContract: params.safe },
    types: {
      EIP712Domain: [
        { name: 'chainId', type: 'uint256' },
        { name: 'verifyingContract', type: 'address' },
      ],
    },
  });
}

export function safeMessageHashes(params: {
  chainId: number;
  safe: Address;
  message: Hex;
}): SafeMessageHashes {
  const domainHash = safeDomainHash(params);
  const structHash = hashStruct({
    data: { message: params.message },
    primaryType: 'SafeMessage',
    types: safeMessageStructTypes,
  });
  return { domainHash, structHash, safeMessageHash: joinTypedDataHash(domainHash, structHash) };
}

/**
 * A wallet's EIP-712 signature as a Safe reads it: some wallets (hardware ones among them) give v as
 * 0 or 1, which a Safe would take for a contract signature or an approved hash; it is 27 or 28.
 */
export function adjustTypedDataSignatureV(signature: Hex): Hex {
  if (!isHex(signature) || size(signature) !== 65) {
    throw new SafeSignatureError('A wallet signature is 65 bytes long');
  }
  const v = hexToNumber(slice(signature, 64, 65));
  if (v === 0 || v === 1) return `${signature.slice(0, 130)}${(v + 27).toString(16)}` as Hex;
  return signature;
}

/** A message confirmation as the gateway lists it: an owner and its signature as stored. */
export type StoredConfirmation = { owner: string; signature: string };

/**
 * One owner's part of the Safe's `signatures` bytes, from a confirmation as the gateway stores it:
 * 65 bytes (EIP-712, eth_sign with v + 4, or an approved hash), or for a contract owner (EIP-1271)
 * its static part {owner, offset, v = 0}, then the length word and the contract's own signature.
 */
export function confirmationSignature(confirmation: StoredConfirmation): OwnerSignature {
  const { owner, signature } = confirmation;
  if (!isHex(signature, { strict: true }) || !/^0x[0-9a-fA-F]{40}$/.test(owner)) {
    throw new SafeSignatureError(`The confirmation of ${owner} is not an address and hex bytes`);
  }
  const signer = owner as Address;
  const length = size(signature);
  if (length === 65) return { signer, data: signature };
  if (length < 65 + 32 || hexToNumber(slice(signature, 64, 65)) !== 0) {
    throw new SafeSignatureError(`The signature of ${owner} is neither 65 bytes nor a contract signature`);
  }
  if (hexToBigInt(slice(signature, 0, 32)) !== hexToBigInt(signer)) {
    throw new SafeSignatureError(`The contract signature of ${owner} names another owner`);
  }
  const declared = Number(hexToBigInt(slice(signature, 65, 97)));
  const data = length === 97 ? '0x' : slice(signature, 97);
  if (size(data) !== declared) {
    throw new SafeSignatureError(`The contract signature of ${owner} is not as long as it says`);
  }
  return { signer, data, contract: true };
}

/**
 * The Safe's `signatures` bytes for a message: its confirmations sorted by owner, ascending, then
 * concatenated (contract signatures' dynamic parts after the static ones), as the Safe's
 * isValidSignature reads them.
 */
export function combineConfirmations(confirmations: readonly StoredConfirmation[]): Hex {
  return encodeSignatures(confirmations.map(confirmationSignature));
}
