import { describe, expect, it } from 'vitest';
import { typedDataBeyondLimits, typedDataLimits } from '../src';

const mail = {
  primaryType: 'Mail',
  types: {
    EIP712Domain: [{ name: 'name', type: 'string' }],
    Person: [
      { name: 'name', type: 'string' },
      { name: 'wallets', type: 'address[]' },
    ],
    Mail: [
      { name: 'from', type: 'Person' },
      { name: 'to', type: 'Person[]' },
      { name: 'contents', type: 'string' },
    ],
  },
  message: { from: { name: 'Cow', wallets: [] }, to: [{ name: 'Bob', wallets: [] }], contents: 'Hello' },
};

describe('typedDataBeyondLimits', () => {
  it('lets ordinary typed data through, recursive types included', () => {
    expect(typedDataBeyondLimits(mail)).toBeUndefined();
    const tree = {
      primaryType: 'Node',
      types: { Node: [{ name: 'children', type: 'Node[]' }] },
      message: { children: [{ children: [] }, { children: [{ children: [] }] }] },
    };
    expect(typedDataBeyondLimits(tree)).toBeUndefined();
  });

  it('names the first bound exceeded', () => {
    const many = Object.fromEntries(
      Array.from({ length: typedDataLimits.types + 1 }, (_, i) => [`T${i}`, [{ name: 'a', type: 'uint8' }]]),
    );
    expect(typedDataBeyondLimits({ primaryType: 'T0', types: many, message: {} })).toBe(
      'more than 64 types (65)',
    );
    const wide = Array.from({ length: 65 }, (_, i) => ({ name: `f${i}`, type: 'uint8' }));
    expect(typedDataBeyondLimits({ primaryType: 'W', types: { W: wide }, message: {} })).toBe(
      'more than 64 fields in W',
    );
    const chain = Object.fromEntries(
      Array.from({ length: 20 }, (_, i) => [
        `T${i}`,
        [{ name: 'n', type: i < 19 ? `T${i + 1}[2]` : 'bool' }],
      ]),
    );
    expect(typedDataBeyondLimits({ primaryType: 'T0', types: chain, message: {} })).toBe(
      'types nested more than 16 deep (20)',
    );
    const long = { ...mail, message: { ...mail.message, to: Array.from({ length: 1025 }, () => ({})) } };
    expect(typedDataBeyondLimits(long)).toBe('an array of more than 1024 items');
  });
});
