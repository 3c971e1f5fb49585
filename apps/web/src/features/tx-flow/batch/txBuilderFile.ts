import * as z from 'zod/mini';
import { getAddress, isAddress, keccak256, stringToHex, type Address, type Hex } from 'viem';
import { parseAbiJson } from '../../../lib/abiJson';
import { err, ok, type Result } from '../../../lib/result';
import type { TxAction } from '../draft';
import { encodeCall, parseArgument } from '../abiInputs';

/**
 * Safe's Transaction Builder batch files (version 1.0): what protocol teams and DAOs generate from
 * their scripts. A file is read into batch calls and a batch is written back as one, with the
 * checksum the Transaction Builder computes: keccak256 of its own serialization of the file without
 * `meta.checksum` (objects as their sorted keys then each value followed by a comma, arrays as their
 * items joined by commas, anything else as JSON with undefined read as null).
 */
export type TxBuilderMeta = {
  name: string;
  description?: string;
  txBuilderVersion?: string;
  createdFromSafeAddress?: string;
  createdFromOwnerAddress?: string;
  createdAt: number;
};

/** One call read from a file, with its entry kept as written so that exporting gives it back. */
export type TxBuilderCall = { action: TxAction; entry: string };

export type TxBuilderImport = {
  meta: TxBuilderMeta;
  calls: TxBuilderCall[];
  checksum: 'matches' | 'differs' | 'missing';
  /** What does not stop the import but the owner should know (another Safe made it). */
  notes: string[];
};

/** A batch file no larger than this is read: thousands of calls, not a denial of service. */
export const MAX_TX_BUILDER_FILE = 2 * 1024 * 1024;
const MAX_CALLS = 1000;

/** The Transaction Builder's serialization of a JSON value, which its checksum hashes. */
export function txBuilderSerialization(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(txBuilderSerialization).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record).sort();
    return `{${JSON.stringify(keys)}${keys.map((key) => `${txBuilderSerialization(record[key])},`).join('')}}`;
  }
  return JSON.stringify(value === undefined ? null : value);
}

/** The checksum the Transaction Builder writes into `meta.checksum` (the file's own one left out). */
export function txBuilderChecksum(file: Record<string, unknown>): Hex {
  const meta = { ...(file.meta as Record<string, unknown>) };
  delete meta.checksum;
  return keccak256(stringToHex(txBuilderSerialization({ ...file, meta })));
}

const uintText = z.string().check(z.regex(/^\d{1,78}$/));
const addressText = z
  .string()
  .check(z.refine((value) => isAddress(value, { strict: false }), 'not an address'));
const inputSchema: z.ZodMiniType<{
  name: string;
  type: string;
  internalType?: string;
  components?: unknown[];
}> = z.looseObject({
  name: z.string(),
  type: z.string(),
  internalType: z.optional(z.string()),
  components: z.optional(z.array(z.unknown())),
});
const entrySchema = z.looseObject({
  to: addressText,
  value: z.optional(z.nullable(uintText)),
  data: z.optional(z.nullable(z.string().check(z.regex(/^0x([0-9a-fA-F]{2})*$/, 'not hex bytes')))),
  contractMethod: z.optional(
    z.nullable(
      z.looseObject({
        inputs: z.array(inputSchema).check(z.maxLength(64)),
        name: z.string().check(z.regex(/^[A-Za-z_$][A-Za-z0-9_$]*$/, 'not a function name')),
        payable: z.optional(z.boolean()),
      }),
    ),
  ),
  contractInputsValues: z.optional(z.nullable(z.record(z.string(), z.nullable(z.string())))),
});
const fileSchema = z.looseObject({
  version: z.string(),
  chainId: z.string().check(z.regex(/^\d{1,20}$/, 'not a chain id')),
  createdAt: z.optional(z.number()),
  meta: z.looseObject({
    name: z.optional(z.nullable(z.string().check(z.maxLength(500)))),
    description: z.optional(z.nullable(z.string().check(z.maxLength(5000)))),
    txBuilderVersion: z.optional(z.nullable(z.string())),
    createdFromSafeAddress: z.optional(z.nullable(z.string())),
    createdFromOwnerAddress: z.optional(z.nullable(z.string())),
    checksum: z.optional(z.nullable(z.string())),
  }),
  transactions: z.array(z.unknown()).check(z.maxLength(MAX_CALLS, `more than ${MAX_CALLS} transactions`)),
});

/**
 * The Transaction Builder writes a list of simple values with brackets but unquoted
 * (`[0xAb…, 0xCd…]`): read as the comma-separated list the contract form takes.
 */
function builderText(type: string, text: string): string {
  const trimmed = text.trim();
  if (!/^[a-z0-9]+\[\d*\]$/.test(type) || !trimmed.startsWith('[') || !trimmed.endsWith(']')) return text;
  try {
    JSON.parse(trimmed);
    return text;
  } catch {
    return trimmed.slice(1, -1);
  }
}

/** One entry as a call: its data as written, else encoded here from its method and string inputs. */
function callOf(raw: unknown): Result<TxAction> {
  const parsed = entrySchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return err(`${issue?.path.join('.') || 'the entry'} is invalid (${issue?.message ?? 'unreadable'})`);
  }
  const entry = parsed.data;
  const value = BigInt(entry.value ?? '0');
  const to = getAddress(entry.to);
  const method = entry.contractMethod;
  if (entry.data && entry.data !== '0x' && !method)
    return ok({ to, value, data: entry.data as Hex, operation: 0 });
  if (!method) return ok({ to, value, data: (entry.data ?? '0x') as Hex, operation: 0 });
  const abi = parseAbiJson(
    JSON.stringify([
      {
        type: 'function',
        name: method.name,
        inputs: method.inputs,
        outputs: [],
        stateMutability: method.payable ? 'payable' : 'nonpayable',
      },
    ]),
  );
  const fn = abi.ok ? abi.value.functions[0] : undefined;
  if (!fn) return err(`its method ${method.name} cannot be read${abi.ok ? '' : `: ${abi.error}`}`);
  const values = entry.contractInputsValues ?? {};
  const args: unknown[] = [];
  for (const input of fn.inputs) {
    const text = values[input.name];
    if (text === undefined || text === null) return err(`${method.name}: no value for ${input.name}`);
    const read = parseArgument(input, builderText(input.type, text));
    if (!read.ok) return err(`${method.name}: ${input.name}: ${read.error}`);
    args.push(read.value);
  }
  const encoded = encodeCall(fn, args);
  if (!encoded.ok) return err(`${method.name}: ${encoded.error}`);
  // A file may hold both: its data must then be what its method and values encode.
  if (entry.data && entry.data !== '0x' && entry.data.toLowerCase() !== encoded.value.toLowerCase())
    return err(`its data is not what ${method.name} with its values encodes`);
  return ok({ to, value, data: encoded.value, operation: 0, label: `${fn.signature} (Transaction Builder)` });
}

/** Reads a batch file for this chain; every entry that cannot be read is named, and then nothing is taken. */
export function readTxBuilderFile(
  text: string,
  target: { chainId: string; chainName: string; safe: Address },
): Result<TxBuilderImport, string[]> {
  if (text.length > MAX_TX_BUILDER_FILE) return err(['It is larger than 2 MiB.']);
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return err(['It is not JSON.']);
  }
  const parsed = fileSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return err([
      `It is not a Transaction Builder batch file: ${issue?.path.join('.') || 'the file'} is invalid (${issue?.message ?? 'unreadable'}).`,
    ]);
  }
  const file = parsed.data;
  if (file.chainId !== target.chainId)
    return err([`It is a batch for chain ${file.chainId}, not for ${target.chainName} (${target.chainId}).`]);
  const calls: TxBuilderCall[] = [];
  const problems: string[] = [];
  file.transactions.forEach((entry, index) => {
    const call = callOf(entry);
    if (call.ok) calls.push({ action: call.value, entry: JSON.stringify(entry) });
    else problems.push(`Transaction ${index + 1}: ${call.error}.`);
  });
  if (problems.length > 0) return err(problems);
  if (calls.length === 0) return err(['It holds no transactions.']);
  const claimed = file.meta.checksum ?? undefined;
  const checksum = !claimed
    ? 'missing'
    : claimed.toLowerCase() === txBuilderChecksum(raw as Record<string, unknown>)
      ? 'matches'
      : 'differs';
  const notes: string[] = [];
  const from = file.meta.createdFromSafeAddress;
  if (from && isAddress(from, { strict: false }) && getAddress(from) !== target.safe)
    notes.push(
      `It was made for the Safe ${getAddress(from)}, not for this one: check that each call suits this Safe.`,
    );
  return ok({
    meta: {
      name: file.meta.name ?? 'Transaction Builder batch',
      ...(file.meta.description != null && { description: file.meta.description }),
      ...(file.meta.txBuilderVersion != null && { txBuilderVersion: file.meta.txBuilderVersion }),
      ...(from != null && { createdFromSafeAddress: from }),
      ...(file.meta.createdFromOwnerAddress != null && {
        createdFromOwnerAddress: file.meta.createdFromOwnerAddress,
      }),
      createdAt: file.createdAt ?? Date.now(),
    },
    calls,
    checksum,
    notes,
  });
}

/**
 * A batch as a Transaction Builder file: entries read from a file are written back as they were,
 * other calls as `to`, `value` and `data`; the checksum is the Transaction Builder's.
 */
export function txBuilderFileOf(
  calls: readonly { action: TxAction; entry?: string }[],
  target: { chainId: string; safe: Address; meta: TxBuilderMeta },
): string {
  const { createdAt, ...meta } = target.meta;
  const file: Record<string, unknown> = {
    version: '1.0',
    chainId: target.chainId,
    createdAt,
    meta: { ...meta, createdFromSafeAddress: meta.createdFromSafeAddress ?? target.safe },
    transactions: calls.map(({ action, entry }) =>
      entry !== undefined
        ? (JSON.parse(entry) as unknown)
        : { to: action.to, value: action.value.toString(), data: action.data },
    ),
  };
  const checksum = txBuilderChecksum(file);
  return JSON.stringify({ ...file, meta: { ...(file.meta as object), checksum } }, null, 2);
}
