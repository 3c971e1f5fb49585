import * as z from 'zod/mini';
import { typedDataSchema, type TypedData } from '@countersign/gateway-api';
import { normalizeTypedData, safeMessageContentHash } from '@countersign/safe-core';
import { validateTypedData, type TypedDataDefinition } from 'viem';
import { err, ok, type Result } from '../../lib/result';

/** The specification's words when typed data names no primary type and has no single root type. */
export const PRIMARY_TYPE_REQUIRED = 'Please specify primaryType';

/** The specification's words for typed data that is not an object with domain, types and message. */
export const INVALID_TYPED_DATA = 'Invalid typed data';

// zod/mini sets no language for its messages: English, as classic zod does, unless one is set already.
if (!z.core.globalConfig.localeError) z.config(z.locales.en());

/** Typed data as pasted: primaryType may be left out. The domain holds only EIP-712's five fields. */
const typedDataInputSchema = z.object({
  domain: z.strictObject({
    name: z.optional(z.string()),
    version: z.optional(z.string()),
    chainId: z.optional(z.union([z.number().check(z.int(), z.nonnegative()), z.string()])),
    verifyingContract: z.optional(z.string()),
    salt: z.optional(z.string()),
  }),
  primaryType: z.optional(z.string()),
  types: z.record(z.string(), z.array(z.object({ name: z.string(), type: z.string() }))),
  message: z.record(z.string(), z.unknown()),
});

type Types = Record<string, readonly { name: string; type: string }[]>;

/** A field's struct type without its array suffixes: `Person[][2]` → `Person`. */
const baseType = (type: string) => type.replace(/(\[\d*\])+$/, '');

/**
 * The primary type: the one given, which must be one of the structs, or else the only struct no
 * other struct refers to. With none given and no single such root, it cannot be told.
 */
export function resolvePrimaryType(types: Types, given: string | undefined): Result<string> {
  const structs = Object.keys(types).filter((name) => name !== 'EIP712Domain');
  if (given !== undefined && given !== '') {
    return structs.includes(given) ? ok(given) : err(`The primary type “${given}” is not one of the types.`);
  }
  const referenced = new Set(
    structs.flatMap((name) =>
      (types[name] ?? []).map((field) => baseType(field.type)).filter((type) => type !== name),
    ),
  );
  const roots = structs.filter((name) => !referenced.has(name));
  return roots.length === 1 && roots[0] !== undefined ? ok(roots[0]) : err(PRIMARY_TYPE_REQUIRED);
}

function firstIssue(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }) {
  const issue = error.issues[0];
  if (!issue) return INVALID_TYPED_DATA;
  const where = issue.path.map(String).join('.');
  return `${INVALID_TYPED_DATA}: ${where === '' ? '' : `${where}: `}${issue.message}`;
}

/** viem's messages carry a "Version: viem@…" footer and details over several lines: the first line. */
function viemReason(error: unknown): string {
  const text =
    error instanceof Error ? (error as { shortMessage?: string }).shortMessage || error.message : '';
  return text.split('\n')[0]?.trim() || 'The values do not fit their types.';
}

/**
 * Typed data pasted as JSON, read as a wallet would sign it: an object with domain, types and
 * message; its primary type named or the only root struct; every value fitting its type (fixed-size
 * bytes of their size, addresses, integers in range) and the whole hashable. The result is what the
 * gateway stores, primaryType included.
 */
export function parseTypedDataJson(json: string): Result<TypedData> {
  if (json.trim() === '') return err('Paste the typed data as JSON.');
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    const detail = error instanceof SyntaxError ? `: ${error.message}` : '';
    return err(`This is not valid JSON${detail}`);
  }
  if (
    typeof value !== 'object' ||
    value === null ||
    Array.isArray(value) ||
    !['domain', 'types', 'message'].every((key) => key in value)
  ) {
    return err(`${INVALID_TYPED_DATA}: an object with domain, types and message is needed.`);
  }
  const parsed = typedDataInputSchema.safeParse(value);
  if (!parsed.success) return err(firstIssue(parsed.error));
  const { primaryType: given, ...rest } = parsed.data;
  const primary = resolvePrimaryType(rest.types, given);
  if (!primary.ok) return primary;
  const typedData: TypedData = { ...rest, primaryType: primary.value };
  const checked = typedDataSchema.safeParse(typedData);
  if (!checked.success) return err(firstIssue(checked.error));
  try {
    const definition = normalizeTypedData(typedData as unknown as TypedDataDefinition);
    validateTypedData(definition);
    safeMessageContentHash(definition);
  } catch (error) {
    return err(`${INVALID_TYPED_DATA}: ${viemReason(error)}`);
  }
  return ok(checked.data);
}
