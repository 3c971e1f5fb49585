import * as z from 'zod/mini';
import { deferred } from './deferred';

/**
 * How the response schemas stay readable when the real gateway moves on.
 *
 * The Safe Client Gateway adds fields, enum values and transaction kinds over time, and its OpenAPI
 * document marks many fields optional or nullable. A response schema here therefore:
 * - reads a field the gateway may leave out or send as null as `null` either way (`orNull`);
 * - maps an enum value it does not know to the enum's catch-all (`openEnum`), or keeps it as a string;
 * - reads a union member whose discriminator it does not know as a generic variant (see
 *   transactions.ts: txInfo `Unknown`, settingsInfo and transferInfo `UNKNOWN`), while the members it
 *   knows stay strictly typed;
 * - and, as a last line of defence, parses each item of a list endpoint on its own: an item that
 *   still fails its schema becomes `{ type: 'UNREADABLE', raw, issues }` instead of failing the page
 *   (`tolerantItem`). The rest of the page is shown; the UI can say that one entry could not be read.
 *
 * Request bodies the gateway service validates (proposals, messages, delegates, notifications) keep
 * their strict schemas: leniency is only for reading answers.
 */

/** A value the gateway may leave out or send as null: read as null either way. */
export function orNull<T extends z.core.$ZodType>(schema: T) {
  return z._default(z.nullable(schema), null);
}

/** An enum the gateway may extend: a value this client does not know reads as `fallback`. */
export function openEnum<const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) {
  const known = new Set<string>(values);
  return z.pipe(
    z.string(),
    z.transform((value: string): T[number] => (known.has(value) ? (value as T[number]) : fallback)),
  );
}

/** A discriminator value that is a string none of `known`: the test for a union's generic variant. */
export function otherThan(known: readonly string[]) {
  const set = new Set(known);
  return z
    .string()
    .check(
      z.refine((value: string) => !set.has(value), { message: 'A known type that did not match its schema' }),
    );
}

/** A list item the client could not read: kept with what the gateway sent and why it was refused. */
export type UnreadableItem = { type: 'UNREADABLE'; raw: unknown; issues: string };

export const unreadableItemSchema = deferred(() =>
  z.object({
    type: z.literal('UNREADABLE'),
    raw: z.unknown(),
    issues: z.string(),
  }),
);

/**
 * One item of a list page, parsed on its own: what fails `item` becomes an UnreadableItem, so that
 * one entry the client cannot read does not hide the whole page.
 */
export function tolerantItem<T extends z.core.$ZodType>(item: T) {
  return z.pipe(
    z.unknown(),
    z.transform((value: unknown): z.output<T> | UnreadableItem => {
      const parsed = z.safeParse(item, value);
      if (parsed.success) return parsed.data;
      return { type: 'UNREADABLE', raw: value, issues: formatIssues(parsed.error.issues) };
    }),
  );
}

/**
 * Zod issues as one line: `path: message; …`. For a union, the first member's issues are shown (the
 * unions here put the strictly typed members first), with their path under the union's.
 */
export function formatIssues(
  issues: readonly z.core.$ZodIssue[],
  prefix: readonly PropertyKey[] = [],
): string {
  return issues
    .map((issue) => {
      const path = [...prefix, ...issue.path];
      if (issue.code === 'invalid_union' && issue.errors[0] && issue.errors[0].length > 0) {
        return formatIssues(issue.errors[0], path);
      }
      const where = path.length > 0 ? path.map(String).join('.') : '(root)';
      return `${where}: ${issue.message}`;
    })
    .join('; ');
}
