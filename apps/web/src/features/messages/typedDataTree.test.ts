import { describe, expect, it } from 'vitest';
import type { TypedData } from '@countersign/gateway-api';
import { MAX_DEPTH, typedDataTree, typedValueNode, type TypedNode } from './typedDataTree';

const order: TypedData = {
  domain: { name: 'Exchange' },
  primaryType: 'Order',
  types: {
    Person: [
      { name: 'name', type: 'string' },
      { name: 'wallet', type: 'address' },
    ],
    Order: [
      { name: 'maker', type: 'Person' },
      { name: 'recipients', type: 'address[]' },
      { name: 'amounts', type: 'uint256[2]' },
      { name: 'grid', type: 'uint8[][]' },
      { name: 'payload', type: 'bytes' },
      { name: 'tag', type: 'bytes4' },
      { name: 'active', type: 'bool' },
    ],
  },
  message: {
    maker: { name: 'Alice', wallet: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' },
    recipients: ['0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC', '0x90F79bf6EB2c4f870365E785982E1f101E93b906'],
    amounts: ['1000000000000000000', 5],
    grid: [[1, 2], []],
    payload: '0xdeadbeef',
    tag: '0x12345678',
    active: true,
    extra: 'not signed',
  },
};

const field = (node: TypedNode, name: string): TypedNode => {
  if (node.kind !== 'struct') throw new Error(`${node.kind} is not a struct`);
  const found = node.fields.find((f) => f.name === name);
  if (!found) throw new Error(`no field ${name}`);
  return found.node;
};

describe('typedDataTree', () => {
  const tree = typedDataTree(order);

  it('reads the primary type’s fields in their declared order, with their types', () => {
    expect(tree.kind === 'struct' && tree.fields.map((f) => `${f.name}:${f.type}`)).toEqual([
      'maker:Person',
      'recipients:address[]',
      'amounts:uint256[2]',
      'grid:uint8[][]',
      'payload:bytes',
      'tag:bytes4',
      'active:bool',
    ]);
  });

  it('nests structs', () => {
    expect(field(tree, 'maker')).toEqual({
      kind: 'struct',
      type: 'Person',
      fields: [
        { name: 'name', type: 'string', node: { kind: 'string', type: 'string', value: 'Alice' } },
        {
          name: 'wallet',
          type: 'address',
          node: { kind: 'address', type: 'address', value: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' },
        },
      ],
      undeclared: [],
    });
  });

  it('lists arrays, of addresses, of numbers, and of arrays', () => {
    expect(field(tree, 'recipients')).toMatchObject({
      kind: 'array',
      items: [
        { kind: 'address', value: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' },
        { kind: 'address', value: '0x90F79bf6EB2c4f870365E785982E1f101E93b906' },
      ],
    });
    expect(field(tree, 'amounts')).toEqual({
      kind: 'array',
      type: 'uint256[2]',
      expectedLength: 2,
      items: [
        { kind: 'number', type: 'uint256', value: '1000000000000000000' },
        { kind: 'number', type: 'uint256', value: '5' },
      ],
    });
    expect(field(tree, 'grid')).toMatchObject({
      kind: 'array',
      items: [
        { kind: 'array', type: 'uint8[]', items: [{ value: '1' }, { value: '2' }] },
        { kind: 'array', items: [] },
      ],
    });
  });

  it('keeps bytes as hex and booleans as booleans', () => {
    expect(field(tree, 'payload')).toEqual({ kind: 'bytes', type: 'bytes', value: '0xdeadbeef' });
    expect(field(tree, 'tag')).toEqual({ kind: 'bytes', type: 'bytes4', value: '0x12345678' });
    expect(field(tree, 'active')).toEqual({ kind: 'bool', type: 'bool', value: true });
  });

  it('points out keys the type does not declare', () => {
    expect(tree.kind === 'struct' && tree.undeclared).toEqual(['extra']);
  });

  it('marks values that do not fit their type, missing fields and unknown types', () => {
    const types = order.types;
    expect(typedValueNode(types, 'address', '<img src=x onerror=alert(1)>')).toEqual({
      kind: 'invalid',
      type: 'address',
      reason: 'Not an address',
      raw: '<img src=x onerror=alert(1)>',
    });
    expect(typedValueNode(types, 'bytes4', '0x12')).toMatchObject({
      kind: 'invalid',
      reason: 'Not 4 bytes long',
    });
    expect(typedValueNode(types, 'bytes', 'hello')).toMatchObject({
      kind: 'invalid',
      reason: 'Not hex bytes',
    });
    expect(typedValueNode(types, 'uint256', 1.5)).toMatchObject({
      kind: 'invalid',
      reason: 'Not an integer',
    });
    expect(typedValueNode(types, 'Person', undefined)).toMatchObject({ kind: 'invalid', reason: 'Missing' });
    expect(typedValueNode(types, 'Person', [1])).toMatchObject({
      kind: 'invalid',
      reason: 'Not a structure',
    });
    expect(typedValueNode(types, 'address[]', 'x')).toMatchObject({ kind: 'invalid', reason: 'Not a list' });
    expect(typedValueNode(types, 'Unicorn', { a: 1 })).toEqual({
      kind: 'invalid',
      type: 'Unicorn',
      reason: 'Unknown type Unicorn',
      raw: '{"a":1}',
    });
    // Inherited object keys are not types.
    expect(typedValueNode(types, 'constructor', {})).toMatchObject({ kind: 'invalid' });
  });

  it('stops at a nesting no real message has', () => {
    const types = { Node: [{ name: 'next', type: 'Node' }] };
    let value: Record<string, unknown> = {};
    for (let i = 0; i < MAX_DEPTH * 3; i++) value = { next: value };
    let node = typedValueNode(types, 'Node', value);
    let depth = 0;
    while (node.kind === 'struct') {
      node = node.fields[0]!.node;
      depth++;
    }
    expect(node).toMatchObject({ kind: 'invalid', reason: 'Nested too deeply to show' });
    expect(depth).toBe(MAX_DEPTH + 1);
  });
});
