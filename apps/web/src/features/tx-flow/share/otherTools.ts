import * as z from 'zod/mini';
import { bytesToHex, getAddress, hexToBigInt, isAddress, size, type Address, type Hex } from 'viem';
import { encodeSignatures } from '@countersign/safe-core';
import { err, ok, type Result } from '../../../lib/result';
import type { SharedSignature } from '../../safe';
import type { SharedTx } from './sharedTx';

/**
 * Links of the other interfaces that work without Safe's backend, read into a shared transaction
 * (then checked like any: nothing here is believed). Each reader follows the format that tool
 * documents; docs/sharing.md names the versions:
 * - safe.wei `#tx=<base64url>`: its frozen binary payload ('SW' 0x01), signatures recovered;
 * - Eternal Safe `?safe=<short>:<address>&tx=<base64 JSON>` (Smart Links);
 * - localsafe `#/safe/<address>?importTx=<base64 JSON>&chainId=<id>`, and `importSig=` (one signature
 *   for a transaction this browser has already opened).
 */
export type OtherToolLink =
  | { kind: 'transaction'; tool: string; shared: SharedTx }
  | {
      kind: 'signature';
      tool: string;
      safeTxHash: Hex;
      signature: SharedSignature;
      chainId?: string;
      safe?: Address;
    };

const MAX_ENCODED = 700_000;

function base64Bytes(text: string): Uint8Array | undefined {
  // A `+` of standard base64 in a query reads as a space; URL-safe letters map back.
  const normal = text.trim().replaceAll(' ', '+').replaceAll('-', '+').replaceAll('_', '/');
  try {
    return Uint8Array.from(atob(normal), (c) => c.charCodeAt(0));
  } catch {
    return undefined;
  }
}

const base64Json = (text: string): unknown => {
  const bytes = base64Bytes(decodeURIComponentSafe(text));
  if (!bytes) return undefined;
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) as unknown;
  } catch {
    return undefined;
  }
};

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

// ---- safe.wei ----------------------------------------------------------------------------------

/** Reads safe.wei's `tx=` payload: chain, Safe, then its compact SafeTx. */
export function readSafeWei(encoded: string): Result<SharedTx> {
  const bytes = base64Bytes(encoded);
  if (!bytes) return err('safe.wei link: its payload is not base64url.');
  let at = 0;
  const take = (count: number): Uint8Array => {
    if (at + count > bytes.length) throw new Error('it is cut short');
    const part = bytes.subarray(at, at + count);
    at += count;
    return part;
  };
  const byte = (): number => take(1)[0] ?? 0;
  const uint = (): bigint => {
    const length = byte();
    if (length > 32) throw new Error('it holds a number longer than 32 bytes');
    return length === 0 ? 0n : hexToBigInt(bytesToHex(take(length)));
  };
  const address = (): Address => getAddress(bytesToHex(take(20)));
  const length = (count: number) => Number(hexToBigInt(bytesToHex(take(count))));
  try {
    const chainId = uint();
    const safe = address();
    if (bytesToHex(take(3)) !== '0x535701') throw new Error('it is not a safe.wei transaction (version 1)');
    const flags = byte();
    if (flags & ~15) throw new Error('it uses flags this reader does not know');
    const to = address();
    const nonce = uint();
    const value = uint();
    const data = bytesToHex(take(length(3)));
    const zero = '0x0000000000000000000000000000000000000000';
    const gas =
      flags & 2
        ? {
            safeTxGas: uint(),
            baseGas: uint(),
            gasPrice: uint(),
            gasToken: address(),
            refundReceiver: address(),
          }
        : {
            safeTxGas: 0n,
            baseGas: 0n,
            gasPrice: 0n,
            gasToken: zero as Address,
            refundReceiver: zero as Address,
          };
    const signatures: SharedSignature[] = [];
    if (flags & 4)
      for (let count = byte(); count > 0; count--)
        signatures.push({ signer: undefined, signature: bytesToHex(take(65)) });
    // Its call signatures only name what the bytes already say: decoding here does not need them.
    if (flags & 8) take(length(2));
    if (at !== bytes.length) throw new Error('bytes follow its end');
    return ok({
      chainId: chainId.toString(),
      safe,
      tx: { to, value, data, operation: flags & 1 ? 1 : 0, nonce, ...gas },
      safeTxHash: undefined,
      signatures,
      title: undefined,
    });
  } catch (error) {
    return err(`safe.wei link: ${error instanceof Error ? error.message : String(error)}.`);
  }
}

// ---- Eternal Safe and localsafe (Safe{Core} SDK's SafeTransaction as JSON) ---------------------

const uintText = z.union([
  z.string().check(z.regex(/^\d{1,78}$/)),
  z.number().check(z.int(), z.nonnegative()),
]);
const addressText = z
  .string()
  .check(z.refine((value) => isAddress(value, { strict: false }), 'not an address'));
const hexText = z.string().check(z.regex(/^0x([0-9a-fA-F]{2})*$/));
const sdkTxData = z.object({
  to: addressText,
  value: uintText,
  data: hexText,
  operation: z.union([z.literal(0), z.literal(1)]),
  safeTxGas: uintText,
  baseGas: uintText,
  gasPrice: uintText,
  gasToken: addressText,
  refundReceiver: addressText,
  nonce: uintText,
});
const sdkSignature = z.object({
  signer: addressText,
  data: hexText.check(z.maxLength(20_000)),
  isContractSignature: z.optional(z.boolean()),
});
type SdkSignature = z.infer<typeof sdkSignature>;

/**
 * The SDK keeps a contract signature as the bytes its contract accepts; a Safe reads it as
 * {owner, offset, v = 0} and those bytes after the static parts: written so here, for one owner.
 */
function signatureOf(signature: SdkSignature): SharedSignature {
  const signer = getAddress(signature.signer);
  const data = signature.data as Hex;
  const contract = signature.isContractSignature === true || size(data) !== 65;
  const bytes = contract ? encodeSignatures([{ signer, data, contract: true }]) : data;
  return { signer, signature: bytes.toLowerCase() as Hex };
}

function sharedOfSdk(
  chainId: string,
  safe: Address,
  data: z.infer<typeof sdkTxData>,
  signatures: readonly SdkSignature[],
): SharedTx {
  return {
    chainId,
    safe,
    tx: {
      to: getAddress(data.to),
      value: BigInt(data.value),
      data: data.data as Hex,
      operation: data.operation,
      safeTxGas: BigInt(data.safeTxGas),
      baseGas: BigInt(data.baseGas),
      gasPrice: BigInt(data.gasPrice),
      gasToken: getAddress(data.gasToken),
      refundReceiver: getAddress(data.refundReceiver),
      nonce: BigInt(data.nonce),
    },
    safeTxHash: undefined,
    signatures: signatures.map(signatureOf),
    title: undefined,
  };
}

const eternalPayload = z.object({
  data: sdkTxData,
  signatures: z.optional(
    z.object({
      dataType: z.literal('Map'),
      value: z.array(z.tuple([z.string(), sdkSignature])).check(z.maxLength(64)),
    }),
  ),
});

/** Eternal Safe's Smart Link: the Safe (`short:address`) in `safe=`, the SDK's transaction in `tx=`. */
export function readEternalSafe(
  safeParam: string,
  encoded: string,
  chainIdOf: (shortName: string) => string | undefined,
): Result<SharedTx> {
  const [shortName, address] = safeParam.split(':');
  if (!shortName || !address || !isAddress(address, { strict: false }))
    return err(`Eternal Safe link: its safe=${safeParam} is not short-name:address.`);
  const chainId = chainIdOf(shortName);
  if (chainId === undefined)
    return err(`Eternal Safe link: the chain "${shortName}" is not one this app knows.`);
  const parsed = eternalPayload.safeParse(base64Json(encoded));
  if (!parsed.success) return err('Eternal Safe link: its tx= is not a Safe transaction this reader knows.');
  return ok(
    sharedOfSdk(
      chainId,
      getAddress(address),
      parsed.data.data,
      (parsed.data.signatures?.value ?? []).map(([, signature]) => signature),
    ),
  );
}

const localsafeTx = z.object({
  tx: z.object({ data: sdkTxData, signatures: z.optional(z.array(sdkSignature).check(z.maxLength(64))) }),
});
const localsafeSignature = z.object({
  signature: sdkSignature,
  txHash: z.string().check(z.regex(/^0x[0-9a-fA-F]{64}$/)),
});

/** localsafe's `importTx=` (a transaction with its signatures) and `importSig=` (one signature). */
export function readLocalsafe(
  params: URLSearchParams,
  safeInPath: string | undefined,
): Result<OtherToolLink> {
  const tool = 'localsafe';
  const chainId = params.get('chainId') ?? undefined;
  const safe = safeInPath && isAddress(safeInPath, { strict: false }) ? getAddress(safeInPath) : undefined;
  const importTx = params.get('importTx');
  if (importTx !== null) {
    if (!safe || !chainId || !/^\d{1,20}$/.test(chainId))
      return err('localsafe link: it names no Safe (#/safe/0x…) or no chainId.');
    const parsed = localsafeTx.safeParse(base64Json(importTx));
    if (!parsed.success)
      return err('localsafe link: its importTx is not a Safe transaction this reader knows.');
    return ok({
      kind: 'transaction',
      tool,
      shared: sharedOfSdk(chainId, safe, parsed.data.tx.data, parsed.data.tx.signatures ?? []),
    });
  }
  const importSig = params.get('importSig');
  if (importSig !== null) {
    const parsed = localsafeSignature.safeParse(base64Json(importSig));
    if (!parsed.success) return err('localsafe link: its importSig is not a signature this reader knows.');
    return ok({
      kind: 'signature',
      tool,
      safeTxHash: parsed.data.txHash.toLowerCase() as Hex,
      signature: signatureOf(parsed.data.signature),
      chainId,
      safe,
    });
  }
  return err('localsafe link: it holds neither importTx nor importSig.');
}

/**
 * Which tool wrote a pasted link, read: undefined when it is none of theirs (then it may be ours).
 * `chainIdOf` resolves a chain short name (Eternal Safe names chains so).
 */
export function readOtherToolLink(
  url: URL,
  chainIdOf: (shortName: string) => string | undefined,
): Result<OtherToolLink> | undefined {
  if (url.href.length > MAX_ENCODED) return err('The link is larger than 512 KiB.');
  const fragment = url.hash.replace(/^#/, '');
  // localsafe routes in the fragment: #/safe/0x…?importTx=…
  const hashRoute = /^\/safe\/([^?]*)\?(.*)$/.exec(fragment);
  if (hashRoute) {
    const params = new URLSearchParams(hashRoute[2]);
    if (params.has('importTx') || params.has('importSig')) return readLocalsafe(params, hashRoute[1]);
  }
  // Ours holds JSON ("{"); safe.wei's starts with the length of a chain id (1 to 32).
  const safeWei = /(?:^|&)tx=([A-Za-z0-9_-]+)$/.exec(fragment)?.[1];
  if (safeWei !== undefined && base64Bytes(safeWei)?.[0] !== 0x7b) {
    const read = readSafeWei(safeWei);
    return read.ok ? ok({ kind: 'transaction', tool: 'safe.wei', shared: read.value }) : read;
  }
  const safeParam = url.searchParams.get('safe');
  const tx = url.searchParams.get('tx');
  if (safeParam !== null && tx !== null) {
    const read = readEternalSafe(safeParam, tx, chainIdOf);
    return read.ok ? ok({ kind: 'transaction', tool: 'Eternal Safe', shared: read.value }) : read;
  }
  return undefined;
}
