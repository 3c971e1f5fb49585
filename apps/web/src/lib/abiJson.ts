import type { AbiFunction, AbiParameter } from 'viem';
import type { Result } from './result';

/**
 * An ABI pasted as JSON, read into the state-changing functions it lists: what the contract form
 * offers to call and what the address book keeps to decode calls to a contract. Fixed-point and
 * function types are left out (no wallet UI writes them).
 */

/** A parameter as the pasted ABI gives it, cleaned: canonical type names, components for tuples. */
export type AbiParam = { name: string; type: string; components?: readonly AbiParam[] };

/** A function that needs a transaction (not view or pure). */
export type WriteFunction = {
  name: string;
  /** `transfer(address,uint256)`: what selects the function, shown to tell overloads apart. */
  signature: string;
  inputs: readonly AbiParam[];
  payable: boolean;
  /** The function as viem encodes it. */
  item: AbiFunction;
};

export type ParsedAbi = {
  functions: WriteFunction[];
  /** View and pure functions left out: they need no transaction. */
  readOnly: number;
  /** Signatures of write functions left out, with why ("f(fixed128x18): fixed128x18 is not supported"). */
  unsupported: string[];
};

/** What a type is, parsed once: how its text is read and what hint the field gives. */
export type TypeNode =
  | { kind: 'address' }
  | { kind: 'bool' }
  | { kind: 'string' }
  | { kind: 'bytes' }
  | { kind: 'fixedBytes'; size: number }
  | { kind: 'int'; signed: boolean; bits: number }
  | { kind: 'array'; item: TypeNode; length?: number }
  | { kind: 'tuple'; components: { name: string; node: TypeNode }[] };

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `uint` and `int` are aliases of their 256-bit types; the selector is computed from the full name. */
function canonicalType(type: string): string {
  return type.replace(/^(u?int)(?=\[|$)/, '$1256');
}

/** The type as it appears in a signature: tuples written out as `(a,b)`. */
function signatureType(param: AbiParam): string {
  if (!param.type.startsWith('tuple')) return param.type;
  const inner = (param.components ?? []).map(signatureType).join(',');
  return `(${inner})${param.type.slice('tuple'.length)}`;
}

/** Parses a type with its components; an error names what is not supported. */
export function parseType(param: AbiParam): Result<TypeNode> {
  const array = /^(.*)\[(\d*)\]$/.exec(param.type);
  if (array !== null) {
    const [, inner = '', length = ''] = array;
    const item = parseType({ ...param, type: inner });
    if (!item.ok) return item;
    if (length === '') return { ok: true, value: { kind: 'array', item: item.value } };
    const size = Number(length);
    if (!Number.isSafeInteger(size) || size < 1)
      return { ok: false, error: `${param.type} has an invalid array length.` };
    return { ok: true, value: { kind: 'array', item: item.value, length: size } };
  }
  const type = param.type;
  if (type === 'address' || type === 'bool' || type === 'string' || type === 'bytes')
    return { ok: true, value: { kind: type } };
  const int = /^(u?)int(\d*)$/.exec(type);
  if (int !== null) {
    const [, unsigned, size = ''] = int;
    const bits = size === '' ? 256 : Number(size);
    if (bits < 8 || bits > 256 || bits % 8 !== 0 || /^0/.test(size))
      return { ok: false, error: `${type} is not a valid integer type.` };
    return { ok: true, value: { kind: 'int', signed: unsigned === '', bits } };
  }
  const fixedBytes = /^bytes(\d+)$/.exec(type);
  if (fixedBytes !== null) {
    const size = Number(fixedBytes[1]);
    if (size < 1 || size > 32 || /^0/.test(fixedBytes[1] ?? ''))
      return { ok: false, error: `${type} is not a valid bytes type (bytes1 to bytes32).` };
    return { ok: true, value: { kind: 'fixedBytes', size } };
  }
  if (type === 'tuple') {
    const components: { name: string; node: TypeNode }[] = [];
    for (const component of param.components ?? []) {
      const node = parseType(component);
      if (!node.ok) return node;
      components.push({ name: component.name, node: node.value });
    }
    if (components.length === 0) return { ok: false, error: 'A tuple without components is not supported.' };
    return { ok: true, value: { kind: 'tuple', components } };
  }
  return { ok: false, error: `${type} is not supported.` };
}

/** One parameter of a pasted ABI, checked for shape (types are checked by parseType). */
function readParam(value: unknown, where: string): Result<AbiParam> {
  if (!isRecord(value) || typeof value.type !== 'string' || value.type.trim() === '')
    return { ok: false, error: `${where} has no type.` };
  const name = typeof value.name === 'string' ? value.name : '';
  const type = canonicalType(value.type.trim());
  if (!type.startsWith('tuple')) return { ok: true, value: { name, type } };
  if (!Array.isArray(value.components))
    return { ok: false, error: `${where} is a tuple without its components.` };
  const components: AbiParam[] = [];
  for (const [index, component] of value.components.entries()) {
    const read = readParam(component, `${where}, component ${index + 1}`);
    if (!read.ok) return read;
    components.push(read.value);
  }
  return { ok: true, value: { name, type, components } };
}

function toAbiParameter(param: AbiParam): AbiParameter {
  return param.components === undefined
    ? { name: param.name, type: param.type }
    : { name: param.name, type: param.type, components: param.components.map(toAbiParameter) };
}

/**
 * The state-changing functions of an ABI pasted as JSON: an array of entries, or a build artifact
 * (an object with an `abi` array), as Solidity tools write them. Older ABIs mark read-only
 * functions `constant` and payable ones `payable`; both are understood.
 */
export function parseAbiJson(text: string): Result<ParsedAbi> {
  if (text.trim() === '') return { ok: false, error: 'Paste the contract’s ABI: a JSON array.' };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return {
      ok: false,
      error: `The ABI is not valid JSON (${error instanceof Error ? error.message : String(error)}).`,
    };
  }
  const entries = isRecord(json) && Array.isArray(json.abi) ? json.abi : json;
  if (!Array.isArray(entries))
    return { ok: false, error: 'The ABI must be a JSON array (or an object with an "abi" array).' };

  const functions: WriteFunction[] = [];
  const unsupported: string[] = [];
  let readOnly = 0;
  for (const [index, entry] of entries.entries()) {
    const where = `Entry ${index + 1} of the ABI`;
    if (!isRecord(entry)) return { ok: false, error: `${where} is not an object.` };
    // An entry without a type is a function, as the first ABI specification had it.
    if ((entry.type ?? 'function') !== 'function') continue;
    if (typeof entry.name !== 'string' || !IDENTIFIER.test(entry.name))
      return { ok: false, error: `${where} is a function without a valid name.` };
    const mutability =
      typeof entry.stateMutability === 'string'
        ? entry.stateMutability
        : entry.constant === true
          ? 'view'
          : entry.payable === true
            ? 'payable'
            : 'nonpayable';
    if (mutability === 'view' || mutability === 'pure') {
      readOnly += 1;
      continue;
    }
    if (mutability !== 'payable' && mutability !== 'nonpayable')
      return { ok: false, error: `${where} (${entry.name}) has an unknown stateMutability.` };
    if (entry.inputs !== undefined && !Array.isArray(entry.inputs))
      return { ok: false, error: `${where} (${entry.name}) has inputs that are not a list.` };
    const inputs: AbiParam[] = [];
    for (const [position, input] of (entry.inputs ?? []).entries()) {
      const read = readParam(input, `${where} (${entry.name}), input ${position + 1}`);
      if (!read.ok) return read;
      inputs.push(read.value);
    }
    const signature = `${entry.name}(${inputs.map(signatureType).join(',')})`;
    const problem = inputs.map(parseType).find((node) => !node.ok);
    if (problem !== undefined && !problem.ok) {
      unsupported.push(`${signature}: ${problem.error}`);
      continue;
    }
    // The same signature twice (an ABI merged from two files) is one function.
    if (functions.some((fn) => fn.signature === signature)) continue;
    functions.push({
      name: entry.name,
      signature,
      inputs,
      payable: mutability === 'payable',
      item: {
        type: 'function',
        name: entry.name,
        inputs: inputs.map(toAbiParameter),
        outputs: [],
        stateMutability: mutability,
      },
    });
  }
  if (functions.length === 0) {
    const why =
      unsupported.length > 0
        ? 'its only write functions take types Countersign cannot enter'
        : readOnly > 0
          ? 'it has only view and pure functions, which need no transaction'
          : 'it lists no functions';
    return { ok: false, error: `This ABI has no function to call: ${why}.` };
  }
  return { ok: true, value: { functions, readOnly, unsupported } };
}
