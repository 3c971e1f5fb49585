import * as z from 'zod/mini';
import { getAddress, isAddress, type Address, type Hex } from 'viem';
import type { SafeTx } from '@countersign/safe-core';
import { base64UrlToText, textToBase64Url } from '../../../lib/base64url';
import { err, ok, type Result } from '../../../lib/result';
import type { SharedSignature } from '../../safe';

/**
 * A Safe transaction with its signatures, handed from owner to owner outside any gateway: as a link
 * (`/<safe>/shared#tx=<base64url of the JSON>`) or as a JSON file. docs/sharing.md describes the
 * format; everything in it is a claim until the shared page has checked it against the chain.
 */
export const SHARED_TX_FORMAT = 'countersign/safe-transaction';
export const SHARED_TX_VERSION = 1;

export type SharedTx = {
  chainId: string;
  safe: Address;
  tx: SafeTx;
  /** The hash the sharer computed: compared with the fields' own, never believed. */
  safeTxHash: Hex | undefined;
  signatures: SharedSignature[];
  /** The sharer's words for it: shown as theirs, never as what it does. */
  title: string | undefined;
};

/** The largest file or link this page reads: room for a large batch, not for a denial of service. */
export const MAX_SHARED_TEXT = 512 * 1024;
/** More signatures than any Safe has owners is not a transaction, it is noise. */
const MAX_SIGNATURES = 64;

const address = z.string().check(z.refine((value) => isAddress(value, { strict: false }), 'not an address'));
const hex = z.string().check(z.regex(/^0x([0-9a-fA-F]{2})*$/, 'not hex bytes'));
const uint = z.string().check(z.regex(/^\d{1,78}$/, 'not a whole number in decimal'));

const sharedTxSchema = z.object({
  format: z.literal(SHARED_TX_FORMAT),
  version: z.literal(SHARED_TX_VERSION),
  chainId: z.string().check(z.regex(/^\d{1,20}$/, 'not a chain id')),
  safe: address,
  transaction: z.object({
    to: address,
    value: uint,
    data: hex,
    operation: z.union([z.literal(0), z.literal(1)]),
    safeTxGas: uint,
    baseGas: uint,
    gasPrice: uint,
    gasToken: address,
    refundReceiver: address,
    nonce: uint,
  }),
  safeTxHash: z.optional(z.string().check(z.regex(/^0x[0-9a-fA-F]{64}$/, 'not a 32-byte hash'))),
  signatures: z
    .array(z.object({ signer: z.optional(address), signature: hex }))
    .check(z.maxLength(MAX_SIGNATURES, `more than ${MAX_SIGNATURES} signatures`)),
  title: z.optional(z.string().check(z.maxLength(200))),
});

/** The JSON a link or a file holds. */
export function sharedTxJson(shared: SharedTx): string {
  const { tx } = shared;
  return JSON.stringify(
    {
      format: SHARED_TX_FORMAT,
      version: SHARED_TX_VERSION,
      chainId: shared.chainId,
      safe: shared.safe,
      transaction: {
        to: tx.to,
        value: tx.value.toString(),
        data: tx.data,
        operation: tx.operation,
        safeTxGas: tx.safeTxGas.toString(),
        baseGas: tx.baseGas.toString(),
        gasPrice: tx.gasPrice.toString(),
        gasToken: tx.gasToken,
        refundReceiver: tx.refundReceiver,
        nonce: tx.nonce.toString(),
      },
      ...(shared.safeTxHash ? { safeTxHash: shared.safeTxHash } : {}),
      signatures: shared.signatures.map(({ signer, signature }) => ({ signer, signature })),
      ...(shared.title ? { title: shared.title } : {}),
    },
    null,
    2,
  );
}

/** Reads our JSON: the reason it cannot be read names the field. */
export function parseSharedTxJson(text: string): Result<SharedTx> {
  if (text.length > MAX_SHARED_TEXT) return err('It is larger than 512 KiB: not a shared transaction.');
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return err('It is not JSON.');
  }
  const format = (raw as { format?: unknown } | null)?.format;
  if (format !== SHARED_TX_FORMAT)
    return err(`It is not a shared Safe transaction (format ${SHARED_TX_FORMAT}).`);
  const version = (raw as { version?: unknown }).version;
  if (version !== SHARED_TX_VERSION)
    return err(`Its format version is ${String(version)}; this page reads version ${SHARED_TX_VERSION}.`);
  const parsed = sharedTxSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return err(
      `Its field ${issue?.path.join('.') || '(top)'} is invalid: ${issue?.message ?? 'unreadable'}.`,
    );
  }
  const value = parsed.data;
  const t = value.transaction;
  return ok({
    chainId: value.chainId,
    safe: getAddress(value.safe),
    tx: {
      to: getAddress(t.to),
      value: BigInt(t.value),
      data: t.data as Hex,
      operation: t.operation,
      safeTxGas: BigInt(t.safeTxGas),
      baseGas: BigInt(t.baseGas),
      gasPrice: BigInt(t.gasPrice),
      gasToken: getAddress(t.gasToken),
      refundReceiver: getAddress(t.refundReceiver),
      nonce: BigInt(t.nonce),
    },
    safeTxHash: value.safeTxHash?.toLowerCase() as Hex | undefined,
    signatures: value.signatures.map((s) => ({
      signer: s.signer === undefined ? undefined : getAddress(s.signer),
      signature: s.signature as Hex,
    })),
    title: value.title,
  });
}

/** The link's fragment: the browser never sends it to any server, ours included. */
export const sharedTxFragment = (shared: SharedTx): string => `tx=${textToBase64Url(sharedTxJson(shared))}`;

/** Reads a `#tx=` fragment of our links. */
export function parseSharedTxFragment(fragment: string): Result<SharedTx> {
  const encoded = new URLSearchParams(fragment.replace(/^#/, '')).get('tx');
  if (encoded === null) return err('The link holds no transaction (#tx=…).');
  if (encoded.length > (MAX_SHARED_TEXT * 4) / 3) return err('The link is larger than 512 KiB.');
  const text = base64UrlToText(encoded);
  if (text === undefined) return err('The link was cut or changed: its transaction is not readable.');
  return parseSharedTxJson(text);
}

/** The file's name: the Safe, the nonce and how far it is signed, so that a folder of them sorts. */
export const sharedTxFileName = (shared: SharedTx): string =>
  `safe-tx-${shared.safe.slice(0, 10)}-nonce-${shared.tx.nonce}-${shared.signatures.length}-signed.json`;
