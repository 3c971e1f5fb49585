/**
 * How large EIP-712 typed data may be before anything hashes it. Hashing costs grow with the types'
 * dependencies (each struct's encodeType walks every type it reaches), so a few kilobytes of chained
 * struct types held a server's event loop for seconds. Real typed data (permits, Seaport orders,
 * Safe transactions, governance votes) stays far inside these.
 */
export const typedDataLimits = {
  /** Struct types, EIP712Domain included. */
  types: 64,
  /** Fields of one struct type. */
  fieldsPerType: 64,
  /** Fields over all struct types. */
  fields: 512,
  /** Struct types nested in one another, from the primary type down. */
  typeDepth: 16,
  /** Values nested in the message (structs and arrays). */
  valueDepth: 16,
  /** Items of any one array in the message. */
  arrayLength: 1024,
  /** Values in the whole message, counted as it is walked. */
  values: 20_000,
} as const;

type Field = { name: string; type: string };

const baseType = (type: string) => type.replace(/(\[\d*\])+$/, '');

/**
 * Why `typedData` is beyond typedDataLimits, or undefined when it is within. Work done here is
 * bounded by the limits themselves: it stops at the first one exceeded.
 */
export function typedDataBeyondLimits(typedData: {
  types: Record<string, readonly Field[]>;
  primaryType: string;
  message: unknown;
}): string | undefined {
  const { types } = typedData;
  const names = Object.keys(types);
  if (names.length > typedDataLimits.types)
    return `more than ${typedDataLimits.types} types (${names.length})`;
  let fields = 0;
  for (const name of names) {
    const list = types[name] ?? [];
    if (list.length > typedDataLimits.fieldsPerType)
      return `more than ${typedDataLimits.fieldsPerType} fields in ${name}`;
    fields += list.length;
  }
  if (fields > typedDataLimits.fields) return `more than ${typedDataLimits.fields} fields (${fields})`;

  // The deepest nesting of struct types from the primary type, memoised; a type that refers back
  // to one still being measured (a recursive type, which EIP-712 allows) adds nothing more.
  const depths = new Map<string, number>();
  const measuring = new Set<string>();
  const depthOf = (name: string): number => {
    const known = depths.get(name);
    if (known !== undefined) return known;
    if (measuring.has(name) || !Object.hasOwn(types, name)) return 0;
    measuring.add(name);
    let deepest = 0;
    for (const field of types[name] ?? []) deepest = Math.max(deepest, depthOf(baseType(field.type)));
    measuring.delete(name);
    depths.set(name, deepest + 1);
    return deepest + 1;
  };
  const depth = depthOf(typedData.primaryType);
  if (depth > typedDataLimits.typeDepth)
    return `types nested more than ${typedDataLimits.typeDepth} deep (${depth})`;

  let values = 0;
  const walk = (value: unknown, level: number): string | undefined => {
    values += 1;
    if (values > typedDataLimits.values) return `more than ${typedDataLimits.values} values`;
    if (value === null || typeof value !== 'object') return undefined;
    if (level > typedDataLimits.valueDepth)
      return `values nested more than ${typedDataLimits.valueDepth} deep`;
    const items = Array.isArray(value) ? value : Object.values(value);
    if (Array.isArray(value) && value.length > typedDataLimits.arrayLength)
      return `an array of more than ${typedDataLimits.arrayLength} items`;
    for (const item of items) {
      const beyond = walk(item, level + 1);
      if (beyond) return beyond;
    }
    return undefined;
  };
  return walk(typedData.message, 1);
}
