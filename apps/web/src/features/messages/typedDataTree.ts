import type { TypedData } from '@countersign/gateway-api';

/**
 * A typed-data message read with its EIP-712 types, as a tree the view renders: structs with their
 * fields, arrays with their items, and each atomic value by its type. The data comes from whoever
 * proposed the message, so nothing here trusts it: a value that does not fit its type, a type that
 * is not defined, a missing field or nesting beyond reason becomes an `invalid` node that says so.
 */
export type TypedNode =
  | {
      kind: 'struct';
      type: string;
      fields: TypedField[];
      /** Keys of the value its type does not declare: not signed, so worth pointing out. */
      undeclared: string[];
    }
  | { kind: 'array'; type: string; items: TypedNode[]; expectedLength?: number }
  | { kind: 'address'; type: string; value: string }
  | { kind: 'bytes'; type: string; value: string }
  | { kind: 'bool'; type: string; value: boolean }
  | { kind: 'number'; type: string; value: string }
  | { kind: 'string'; type: string; value: string }
  | { kind: 'invalid'; type: string; reason: string; raw: string };

export type TypedField = { name: string; type: string; node: TypedNode };

/** Deeper than any real message; a hostile one must not take the page down. */
export const MAX_DEPTH = 32;

type Types = TypedData['types'];

const rawText = (value: unknown): string => {
  if (value === undefined) return '(missing)';
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
};

const invalid = (type: string, reason: string, value: unknown): TypedNode => ({
  kind: 'invalid',
  type,
  reason,
  raw: rawText(value),
});

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const integerPattern = /^(-?\d+|0x[0-9a-fA-F]+)$/;

function atomicNode(type: string, value: unknown): TypedNode | undefined {
  if (type === 'address') {
    return typeof value === 'string' && /^0x[0-9a-fA-F]{40}$/.test(value)
      ? { kind: 'address', type, value }
      : invalid(type, 'Not an address', value);
  }
  const bytes = /^bytes(\d*)$/.exec(type);
  if (bytes) {
    if (typeof value !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(value))
      return invalid(type, 'Not hex bytes', value);
    const size = bytes[1] ? Number(bytes[1]) : undefined;
    if (size !== undefined && (value.length - 2) / 2 !== size)
      return invalid(type, `Not ${size} bytes long`, value);
    return { kind: 'bytes', type, value };
  }
  if (type === 'bool') {
    if (typeof value === 'boolean') return { kind: 'bool', type, value };
    if (value === 'true' || value === 'false') return { kind: 'bool', type, value: value === 'true' };
    return invalid(type, 'Not true or false', value);
  }
  if (/^u?int(\d*)$/.test(type)) {
    if (typeof value === 'number' && Number.isInteger(value))
      return { kind: 'number', type, value: String(value) };
    if (typeof value === 'bigint') return { kind: 'number', type, value: value.toString() };
    if (typeof value === 'string' && integerPattern.test(value.trim()))
      return { kind: 'number', type, value: value.trim() };
    return invalid(type, 'Not an integer', value);
  }
  if (type === 'string') {
    return typeof value === 'string' ? { kind: 'string', type, value } : invalid(type, 'Not a string', value);
  }
  return undefined;
}

/** The node of `value` read as `type`. */
export function typedValueNode(types: Types, type: string, value: unknown, depth = 0): TypedNode {
  if (depth > MAX_DEPTH) return invalid(type, 'Nested too deeply to show', value);
  if (value === undefined) return invalid(type, 'Missing', value);

  const array = /^(.+)\[(\d*)\]$/.exec(type);
  if (array) {
    const [, itemType = '', length] = array;
    if (!Array.isArray(value)) return invalid(type, 'Not a list', value);
    return {
      kind: 'array',
      type,
      items: value.map((item: unknown) => typedValueNode(types, itemType, item, depth + 1)),
      ...(length ? { expectedLength: Number(length) } : {}),
    };
  }

  const fields = Object.hasOwn(types, type) ? types[type] : undefined;
  if (fields) {
    if (!isObject(value)) return invalid(type, 'Not a structure', value);
    const declared = new Set(fields.map((field) => field.name));
    return {
      kind: 'struct',
      type,
      fields: fields.map((field) => ({
        name: field.name,
        type: field.type,
        node: typedValueNode(
          types,
          field.type,
          Object.hasOwn(value, field.name) ? value[field.name] : undefined,
          depth + 1,
        ),
      })),
      undeclared: Object.keys(value).filter((key) => !declared.has(key)),
    };
  }

  return atomicNode(type, value) ?? invalid(type, `Unknown type ${type}`, value);
}

/** The message of typed data as a tree under its primary type. */
export function typedDataTree(typedData: TypedData): TypedNode {
  return typedValueNode(typedData.types, typedData.primaryType, typedData.message);
}
