import { encodeFunctionData, type Hex } from 'viem';
import { isRecord, parseType, type AbiParam, type TypeNode, type WriteFunction } from '../../lib/abiJson';
import { groupedExactAmount } from '../../ui/format';
import { checkAddress, parseTokenAmount, type Checked } from './forms/checks';

/**
 * A contract call typed in by hand: each parameter of a function of the pasted ABI (read by
 * lib/abiJson) read from text into the value viem encodes. Pure, so every type's rules are tested
 * without a screen.
 */
// Reading values. `path` says where in an array or tuple a value sits, for the error message.

type Path = readonly string[];

function fail(path: Path, error: string): { ok: false; error: string } {
  if (path.length === 0) return { ok: false, error };
  const where = path.join(', ');
  return { ok: false, error: `${where.charAt(0).toUpperCase()}${where.slice(1)}: ${error}` };
}

function typeName(node: TypeNode): string {
  switch (node.kind) {
    case 'int':
      return `${node.signed ? 'int' : 'uint'}${node.bits}`;
    case 'fixedBytes':
      return `bytes${node.size}`;
    case 'array':
      return `${typeName(node.item)}[${node.length ?? ''}]`;
    case 'tuple':
      return `(${node.components.map((component) => typeName(component.node)).join(',')})`;
    default:
      return node.kind;
  }
}

function intBounds(node: { signed: boolean; bits: number }): { min: bigint; max: bigint; text: string } {
  if (!node.signed) {
    const max = 2n ** BigInt(node.bits) - 1n;
    const text = node.bits > 64 ? `0 and 2^${node.bits} - 1` : `0 and ${max}`;
    return { min: 0n, max, text };
  }
  const half = 2n ** BigInt(node.bits - 1);
  const text =
    node.bits > 64 ? `-2^${node.bits - 1} and 2^${node.bits - 1} - 1` : `-${half} and ${half - 1n}`;
  return { min: -half, max: half - 1n, text };
}

function readInteger(node: { signed: boolean; bits: number }, text: string, path: Path): Checked<bigint> {
  const value = text.trim();
  const match = /^(-?)(?:0x([0-9a-fA-F]+)|(\d+))$/.exec(value);
  if (match === null)
    return fail(path, 'Write a whole number: digits only (no decimal point or separators), or 0x and hex.');
  const [, sign, hex, decimal] = match;
  const magnitude = hex !== undefined ? BigInt(`0x${hex}`) : BigInt(decimal ?? '0');
  const number = sign === '-' ? -magnitude : magnitude;
  const { min, max, text: range } = intBounds(node);
  if (number < min || number > max)
    return fail(path, `Must be between ${range} (${node.signed ? 'int' : 'uint'}${node.bits}).`);
  return { ok: true, value: number };
}

function readBytes(size: number | undefined, text: string, path: Path): Checked<Hex> {
  const value = text.trim();
  if (!/^0x[0-9a-fA-F]*$/.test(value)) return fail(path, 'Write bytes in hexadecimal, starting with 0x.');
  const digits = value.length - 2;
  if (digits % 2 !== 0)
    return fail(path, 'The bytes have an odd number of hexadecimal digits: each byte takes two.');
  if (size !== undefined && digits / 2 !== size)
    return fail(
      path,
      `Must be exactly ${size} ${size === 1 ? 'byte' : 'bytes'} (0x and ${size * 2} hexadecimal digits); this is ${digits / 2}.`,
    );
  return { ok: true, value: value.toLowerCase() as Hex };
}

/** A value of `node` from a JSON value (inside an array or a tuple). */
function fromJson(node: TypeNode, value: unknown, path: Path): Checked<unknown> {
  switch (node.kind) {
    case 'address':
      if (typeof value !== 'string') return fail(path, 'Expected an address in quotes.');
      return withPath(checkAddress(value), path);
    case 'bool':
      if (typeof value === 'boolean') return { ok: true, value };
      if (value === 'true' || value === 'false') return { ok: true, value: value === 'true' };
      return fail(path, 'Expected true or false.');
    case 'string':
      if (typeof value !== 'string') return fail(path, 'Expected a string in quotes.');
      return { ok: true, value };
    case 'bytes':
    case 'fixedBytes':
      if (typeof value !== 'string') return fail(path, 'Expected hex bytes in quotes ("0x…").');
      return readBytes(node.kind === 'fixedBytes' ? node.size : undefined, value, path);
    case 'int':
      if (typeof value === 'number') {
        // JSON numbers above 2^53 have already lost digits by now: refuse rather than send another number.
        if (!Number.isSafeInteger(value))
          return fail(
            path,
            Number.isInteger(value)
              ? 'This number is too large to write without quotes: put it in quotes so no digit is lost.'
              : 'Write a whole number.',
          );
        return readInteger(node, String(value), path);
      }
      if (typeof value === 'string') return readInteger(node, value, path);
      return fail(path, 'Expected a whole number.');
    case 'array':
      return arrayFromJson(node, value, path);
    case 'tuple':
      return tupleFromJson(node, value, path);
  }
}

function withPath<T>(checked: Checked<T>, path: Path): Checked<T> {
  return checked.ok ? checked : fail(path, checked.error);
}

function checkLength(node: { length?: number }, count: number, path: Path): Checked<null> {
  if (node.length !== undefined && count !== node.length)
    return fail(
      path,
      `Must have exactly ${node.length} ${node.length === 1 ? 'item' : 'items'}; this has ${count}.`,
    );
  return { ok: true, value: null };
}

function arrayFromJson(
  node: Extract<TypeNode, { kind: 'array' }>,
  value: unknown,
  path: Path,
): Checked<unknown[]> {
  if (!Array.isArray(value)) return fail(path, 'Expected a list in square brackets.');
  const length = checkLength(node, value.length, path);
  if (!length.ok) return length;
  const items: unknown[] = [];
  for (const [index, item] of value.entries()) {
    const read = fromJson(node.item, item, [...path, `item ${index + 1}`]);
    if (!read.ok) return read;
    items.push(read.value);
  }
  return { ok: true, value: items };
}

/** A tuple from a JSON array (fields in order) or object (fields by name); viem takes the array. */
function tupleFromJson(
  node: Extract<TypeNode, { kind: 'tuple' }>,
  value: unknown,
  path: Path,
): Checked<unknown[]> {
  const { components } = node;
  let fields: unknown[];
  if (Array.isArray(value)) {
    if (value.length !== components.length)
      return fail(path, `Expected ${components.length} fields; this has ${value.length}.`);
    fields = value;
  } else if (isRecord(value)) {
    const names = components.map((component) => component.name);
    if (names.some((name) => name === ''))
      return fail(path, 'This tuple’s fields have no names: give them as a JSON array, in order.');
    const unknown = Object.keys(value).find((key) => !names.includes(key));
    if (unknown !== undefined)
      return fail(path, `There is no field "${unknown}" (fields: ${names.join(', ')}).`);
    const missing = names.find((name) => !(name in value));
    if (missing !== undefined) return fail(path, `The field "${missing}" is missing.`);
    fields = names.map((name) => value[name]);
  } else {
    return fail(path, 'Expected a JSON object {…} or array […] of the fields.');
  }
  const values: unknown[] = [];
  for (const [index, component] of components.entries()) {
    const label = component.name !== '' ? `field ${component.name}` : `field ${index + 1}`;
    const read = fromJson(component.node, fields[index], [...path, label]);
    if (!read.ok) return read;
    values.push(read.value);
  }
  return { ok: true, value: values };
}

/**
 * A parameter's value from what the user typed in its field. Scalars are read as they are written
 * (a string is taken verbatim); arrays as a JSON array or, for simple items, comma-separated;
 * tuples as JSON.
 */
export function parseArgument(param: AbiParam, text: string): Checked<unknown> {
  const node = parseType(param);
  if (!node.ok) return node;
  return readTyped(node.value, text);
}

// Token amounts. A bare number is always in base units, as the contract takes it; an amount in the
// token's own units is written with its symbol ("12.5 DUSD"), so what a field holds never depends on
// a mode the user may not see.

/** An ERC-20 the Safe holds, as its token list gives it. */
export type TokenUnit = { symbol: string; decimals: number };

const ERC20_AMOUNTS = new Set([
  'transfer(address,uint256)',
  'approve(address,uint256)',
  'transferFrom(address,address,uint256)',
]);
const AMOUNT_NAME = /^_?(amount|value|wad)$/i;

/**
 * Whether parameter `index` of `fn`, on an ERC-20 contract, is an amount of the token: the uint256 of
 * transfer, approve and transferFrom, or a uint256 named amount, value or wad.
 */
export function isTokenAmount(fn: WriteFunction, index: number): boolean {
  const param = fn.inputs[index];
  if (param?.type !== 'uint256') return false;
  return AMOUNT_NAME.test(param.name) || ERC20_AMOUNTS.has(fn.signature);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * An amount written in the token's units with its symbol ("12.5 DUSD", any letter case), in base
 * units, exactly; undefined when the text does not end with the symbol.
 */
export function readTokenUnits(text: string, unit: TokenUnit): Checked<bigint> | undefined {
  // A symbol that starts with a digit (1INCH) needs a space before it to be told from the number.
  const gap = /^\d/.test(unit.symbol) ? '\\s+' : '\\s*';
  const match = new RegExp(`^(.*?)${gap}${escapeRegExp(unit.symbol)}$`, 'iu').exec(text.trim());
  if (match === null) return undefined;
  return parseTokenAmount(match[1] ?? '', { ...unit, allowZero: true });
}

/** A parameter's value, where an amount of `unit` may also be written in the token's units. */
export function readArgument(param: AbiParam, text: string, unit: TokenUnit | undefined): Checked<unknown> {
  if (unit === undefined) return parseArgument(param, text);
  const inUnits = readTokenUnits(text, unit);
  if (inUnits !== undefined) return inUnits.ok ? parseArgument(param, inUnits.value.toString()) : inUnits;
  if (/^\s*\d*\.\d+\s*$/.test(text))
    return {
      ok: false,
      error: `Base units are whole numbers. To mean ${text.trim()} ${unit.symbol}, write "${text.trim()} ${unit.symbol}".`,
    };
  return parseArgument(param, text);
}

/** What an amount field says under it: the amount in the other unit, or how to write it. */
export function tokenAmountHint(param: AbiParam, text: string, unit: TokenUnit): string {
  const read = readArgument(param, text, unit);
  if (read.ok && typeof read.value === 'bigint') {
    return readTokenUnits(text, unit) === undefined
      ? `= ${groupedExactAmount(read.value, unit.decimals)} ${unit.symbol}`
      : `= ${read.value.toString()} in base units`;
  }
  return `A whole number of base units (${unit.symbol} has ${unit.decimals} decimals), or an amount in ${unit.symbol} such as 12.5 ${unit.symbol}.`;
}

export function readTyped(node: TypeNode, text: string): Checked<unknown> {
  switch (node.kind) {
    case 'address':
      return checkAddress(text);
    case 'bool': {
      const value = text.trim().toLowerCase();
      if (value === 'true' || value === 'false') return { ok: true, value: value === 'true' };
      return { ok: false, error: 'Choose true or false.' };
    }
    case 'string':
      return { ok: true, value: text };
    case 'bytes':
      return readBytes(undefined, text, []);
    case 'fixedBytes':
      return readBytes(node.size, text, []);
    case 'int':
      if (text.trim() === '') return { ok: false, error: 'Enter a number.' };
      return readInteger(node, text, []);
    case 'array':
    case 'tuple': {
      const value = text.trim();
      if (value === '')
        return {
          ok: false,
          error:
            node.kind === 'array'
              ? 'Enter the items, comma-separated or as a JSON array ([] for none).'
              : 'Enter the fields as JSON.',
        };
      if (value.startsWith('[') || value.startsWith('{')) {
        let json: unknown;
        try {
          json = JSON.parse(value);
        } catch (error) {
          return {
            ok: false,
            error: `Not valid JSON (${error instanceof Error ? error.message : String(error)}).`,
          };
        }
        return fromJson(node, json, []);
      }
      if (node.kind === 'tuple') return { ok: false, error: 'Enter the fields as a JSON object or array.' };
      return commaSeparated(node, value);
    }
  }
}

/** `1, 2, 3` for an array of scalars; strings holding commas and nested lists need JSON. */
function commaSeparated(node: Extract<TypeNode, { kind: 'array' }>, text: string): Checked<unknown[]> {
  if (node.item.kind === 'array' || node.item.kind === 'tuple')
    return { ok: false, error: 'Write a list of lists or tuples as a JSON array.' };
  const pieces = text.split(',').map((piece) => piece.trim());
  const length = checkLength(node, pieces.length, []);
  if (!length.ok) return length;
  const items: unknown[] = [];
  for (const [index, piece] of pieces.entries()) {
    const read = readTyped(node.item, piece);
    if (!read.ok) return fail([`item ${index + 1}`], read.error);
    items.push(read.value);
  }
  return { ok: true, value: items };
}

/** A short guide to writing a value of this type, for the field's hint. */
export function describeType(param: AbiParam): string {
  const node = parseType(param);
  if (!node.ok) return node.error;
  return describeNode(node.value);
}

function describeNode(node: TypeNode): string {
  switch (node.kind) {
    case 'address':
      return 'An address: 0x and 40 hexadecimal characters.';
    case 'bool':
      return 'true or false.';
    case 'string':
      return 'Text, taken exactly as written.';
    case 'bytes':
      return 'Bytes in hex: 0x and an even number of hexadecimal digits (0x for none).';
    case 'fixedBytes':
      return `Exactly ${node.size} ${node.size === 1 ? 'byte' : 'bytes'}: 0x and ${node.size * 2} hexadecimal digits.`;
    case 'int':
      return `A whole number between ${intBounds(node).text} (decimal, or 0x and hex).`;
    case 'array': {
      const count = node.length === undefined ? '' : `exactly ${node.length} `;
      const simple = node.item.kind !== 'array' && node.item.kind !== 'tuple';
      return `A list of ${count}${typeName(node.item)}: ${simple ? 'comma-separated, or ' : ''}a JSON array such as ${exampleOf(node)}.`;
    }
    case 'tuple':
      return `A JSON ${node.components.every((c) => c.name !== '') ? 'object or array' : 'array'} of the fields: ${node.components
        .map((c, index) => `${c.name || `field ${index + 1}`} (${typeName(c.node)})`)
        .join(', ')}.`;
  }
}

function exampleOf(node: TypeNode): string {
  switch (node.kind) {
    case 'address':
      return '"0x…"';
    case 'bool':
      return 'true';
    case 'string':
      return '"text"';
    case 'bytes':
    case 'fixedBytes':
      return '"0x…"';
    case 'int':
      return '1';
    case 'array':
      return `[${exampleOf(node.item)}, ${exampleOf(node.item)}]`;
    case 'tuple':
      return `[${node.components.map((c) => exampleOf(c.node)).join(', ')}]`;
  }
}

/** How an argument reads in the action's label: short, in the forms it was typed in. */
export function formatArgument(value: unknown): string {
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'string') return value.startsWith('0x') ? value : JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(formatArgument).join(', ')}]`;
  return String(value);
}

/** The calldata of a call to `fn` with `args` (read by parseArgument), or what viem refused. */
export function encodeCall(fn: WriteFunction, args: readonly unknown[]): Checked<Hex> {
  try {
    return {
      ok: true,
      value: encodeFunctionData({ abi: [fn.item], functionName: fn.item.name, args }),
    };
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return { ok: false, error: `The call could not be encoded: ${message}` };
  }
}
