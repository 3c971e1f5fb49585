import * as z from 'zod/mini';

/** A 20-byte address in any letter case; the gateway answers with checksummed ones. */
export const addressSchema = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/, 'Invalid address'));

export const hexSchema = z.string().check(z.regex(/^0x[0-9a-fA-F]*$/, 'Invalid hex string'));

/** Wei amounts and gas values travel as base-10 strings. */
export const numericStringSchema = z.string().check(z.regex(/^\d+$/, 'Not a base-10 number'));

/** The Safe's own tags: Unix seconds, as strings. */
export const secondsTagSchema = z.nullable(z.string().check(z.regex(/^\d+$/)));
