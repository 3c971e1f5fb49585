import { getAddress, isAddress, isHex, size, type AbiFunction, type AbiParameter } from 'viem';

/**
 * Turns what a user typed for a function parameter into the value viem encodes: addresses checked,
 * integers as bigints within their type's range, booleans, hex bytes of the right size, strings, and
 * arrays and tuples written as JSON. Each error names the parameter.
 */
export function parseArgument(param: AbiParameter, raw: unknown, path = param.name || 'value'): unknown {
  const array = /^(.*)\[(\d*)\]$/.exec(param.type);
  if (array) {
    const value = typeof raw === 'string' ? parseJson(raw, path) : raw;
    if (!Array.isArray(value)) throw new Error(`${path}: expected a JSON array`);
    const length = array[2] ? Number(array[2]) : undefined;
    if (length !== undefined && value.length !== length) {
      throw new Error(`${path}: expected ${length} items, got ${value.length}`);
    }
    const item = { ...param, type: array[1] ?? '' } as AbiParameter;
    return value.map((entry, index) => parseArgument(item, entry, `${path}[${index}]`));
  }
  if (param.type === 'tuple') {
    const components = 'components' in param ? param.components : [];
    const value = typeof raw === 'string' ? parseJson(raw, path) : raw;
    if (Array.isArray(value)) {
      if (value.length !== components.length)
        throw new Error(`${path}: expected ${components.length} fields`);
      return components.map((component, index) =>
        parseArgument(component, value[index], `${path}.${component.name || index}`),
      );
    }
    if (value === null || typeof value !== 'object')
      throw new Error(`${path}: expected a JSON object or array`);
    const record = value as Record<string, unknown>;
    const parsed: Record<string, unknown> = {};
    for (const [index, component] of components.entries()) {
      const key = component.name || String(index);
      if (!Object.hasOwn(record, key)) throw new Error(`${path}: missing ${key}`);
      parsed[key] = parseArgument(component, record[key], `${path}.${key}`);
    }
    return parsed;
  }
  if (param.type === 'address') {
    const text = String(raw ?? '').trim();
    if (!isAddress(text, { strict: false })) throw new Error(`${path}: not an address`);
    return getAddress(text);
  }
  if (param.type === 'bool') {
    if (raw === true || raw === 'true') return true;
    if (raw === false || raw === 'false') return false;
    throw new Error(`${path}: expected true or false`);
  }
  const integer = /^(u?)int(\d*)$/.exec(param.type);
  if (integer) {
    const text = String(raw ?? '').trim();
    if (!/^-?\d+$/.test(text) && !/^0x[0-9a-fA-F]+$/.test(text)) throw new Error(`${path}: not an integer`);
    const value = BigInt(text);
    const bits = BigInt(integer[2] || 256);
    const [min, max] = integer[1] ? [0n, 2n ** bits - 1n] : [-(2n ** (bits - 1n)), 2n ** (bits - 1n) - 1n];
    if (value < min || value > max) throw new Error(`${path}: out of range for ${param.type}`);
    return value;
  }
  const bytes = /^bytes(\d*)$/.exec(param.type);
  if (bytes) {
    const text = String(raw ?? '').trim();
    if (!isHex(text, { strict: true }) || text.length % 2 !== 0)
      throw new Error(`${path}: expected 0x-prefixed hex bytes`);
    if (bytes[1] && size(text) !== Number(bytes[1])) throw new Error(`${path}: expected ${bytes[1]} bytes`);
    return text;
  }
  if (param.type === 'string') return String(raw ?? '');
  throw new Error(`${path}: the type ${param.type} is not supported`);
}

function parseJson(text: string, path: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`${path}: not valid JSON`);
  }
}

/** Whether a parameter is typed as JSON (arrays and tuples). */
export const isJsonParameter = (param: AbiParameter) => param.type.endsWith(']') || param.type === 'tuple';

/**
 * The state-changing functions of an ABI (what a Safe transaction can call). Old ABIs without
 * stateMutability say it with `constant` and `payable`.
 */
export function writeFunctions(abi: readonly unknown[]): AbiFunction[] {
  const functions: AbiFunction[] = [];
  for (const item of abi) {
    if (typeof item !== 'object' || item === null) continue;
    const entry = item as Partial<AbiFunction> & { constant?: unknown; payable?: unknown };
    if (entry.type !== 'function' || typeof entry.name !== 'string' || !Array.isArray(entry.inputs)) continue;
    const mutability =
      entry.stateMutability ??
      (entry.constant === true ? 'view' : entry.payable === true ? 'payable' : 'nonpayable');
    if (mutability === 'nonpayable' || mutability === 'payable') {
      functions.push({ ...entry, stateMutability: mutability, outputs: entry.outputs ?? [] } as AbiFunction);
    }
  }
  return functions;
}

/** `name(type a, type b)` for a function. */
export const signatureOf = (fn: AbiFunction) =>
  `${fn.name}(${fn.inputs.map((input) => `${input.type}${input.name ? ` ${input.name}` : ''}`).join(', ')})`;
