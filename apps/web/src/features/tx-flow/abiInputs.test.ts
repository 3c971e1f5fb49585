import { describe, expect, it } from 'vitest';
import { decodeFunctionData } from 'viem';
import {
  describeType,
  encodeCall,
  formatArgument,
  isTokenAmount,
  parseArgument,
  readArgument,
  readTokenUnits,
  tokenAmountHint,
} from './abiInputs';
import { parseAbiJson, type AbiParam, type WriteFunction } from '../../lib/abiJson';

const p = (type: string, components?: AbiParam[], name = ''): AbiParam => ({ name, type, components });
const ok = (param: AbiParam, text: string) => {
  const result = parseArgument(param, text);
  if (!result.ok) throw new Error(`expected ${text} to be read as ${param.type}: ${result.error}`);
  return result.value;
};
const error = (param: AbiParam, text: string) => {
  const result = parseArgument(param, text);
  if (result.ok) throw new Error(`expected ${text} to be refused as ${param.type}`);
  return result.error;
};

const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

function abiOf(json: unknown) {
  const result = parseAbiJson(JSON.stringify(json));
  if (!result.ok) throw new Error(result.error);
  return result.value;
}

describe('parseArgument: scalars', () => {
  it('reads addresses in lower case and refuses a wrong checksum', () => {
    expect(ok(p('address'), ALICE.toLowerCase())).toBe(ALICE);
    expect(error(p('address'), ALICE.replace('C8', 'c8'))).toMatch(/checksum/);
    expect(error(p('address'), '0x1234')).toBe(
      'Not a valid address: 0x followed by 40 hexadecimal characters.',
    );
  });

  it('reads bools', () => {
    expect(ok(p('bool'), 'true')).toBe(true);
    expect(ok(p('bool'), ' FALSE ')).toBe(false);
    expect(error(p('bool'), 'yes')).toBe('Choose true or false.');
  });

  it('reads unsigned integers in their range, in decimal or hex', () => {
    expect(ok(p('uint8'), '255')).toBe(255n);
    expect(ok(p('uint8'), '0xff')).toBe(255n);
    expect(ok(p('uint256'), (2n ** 256n - 1n).toString())).toBe(2n ** 256n - 1n);
    expect(error(p('uint8'), '256')).toBe('Must be between 0 and 255 (uint8).');
    expect(error(p('uint8'), '-1')).toBe('Must be between 0 and 255 (uint8).');
    expect(error(p('uint256'), (2n ** 256n).toString())).toBe('Must be between 0 and 2^256 - 1 (uint256).');
    expect(error(p('uint256'), '1.5')).toMatch(/^Write a whole number/);
    expect(error(p('uint256'), '1e18')).toMatch(/^Write a whole number/);
    expect(error(p('uint256'), '')).toBe('Enter a number.');
  });

  it('reads signed integers in their range', () => {
    expect(ok(p('int8'), '-128')).toBe(-128n);
    expect(ok(p('int8'), '127')).toBe(127n);
    expect(error(p('int8'), '128')).toBe('Must be between -128 and 127 (int8).');
    expect(error(p('int8'), '-129')).toBe('Must be between -128 and 127 (int8).');
    expect(ok(p('int256'), (-(2n ** 255n)).toString())).toBe(-(2n ** 255n));
    expect(error(p('int256'), (2n ** 255n).toString())).toBe(
      'Must be between -2^255 and 2^255 - 1 (int256).',
    );
  });

  it('reads bytes of any length and bytesN of exactly N', () => {
    expect(ok(p('bytes'), '0x')).toBe('0x');
    expect(ok(p('bytes'), '0xABcd')).toBe('0xabcd');
    expect(error(p('bytes'), '0xabc')).toMatch(/odd number/);
    expect(error(p('bytes'), 'abcd')).toBe('Write bytes in hexadecimal, starting with 0x.');
    expect(ok(p('bytes4'), '0xa9059cbb')).toBe('0xa9059cbb');
    expect(error(p('bytes4'), '0xa9059c')).toBe(
      'Must be exactly 4 bytes (0x and 8 hexadecimal digits); this is 3.',
    );
    expect(ok(p('bytes32'), `0x${'ab'.repeat(32)}`)).toBe(`0x${'ab'.repeat(32)}`);
    expect(error(p('bytes32'), `0x${'ab'.repeat(33)}`)).toMatch(/exactly 32 bytes .* this is 33/);
    expect(error(p('bytes1'), '0x')).toMatch(/exactly 1 byte \(/);
  });

  it('takes strings verbatim', () => {
    expect(ok(p('string'), '  hello, "world" ')).toBe('  hello, "world" ');
    expect(ok(p('string'), '')).toBe('');
  });
});

describe('parseArgument: arrays', () => {
  it('reads simple items comma-separated or as JSON', () => {
    expect(ok(p('uint256[]'), '1, 2,3')).toEqual([1n, 2n, 3n]);
    expect(ok(p('uint256[]'), '[1, "2", "0x03"]')).toEqual([1n, 2n, 3n]);
    expect(ok(p('address[]'), `${ALICE.toLowerCase()}`)).toEqual([ALICE]);
    expect(ok(p('bool[]'), '[true, false]')).toEqual([true, false]);
    expect(ok(p('string[]'), '["a,b", "c"]')).toEqual(['a,b', 'c']);
    expect(ok(p('string[]'), 'a, b')).toEqual(['a', 'b']);
    expect(ok(p('uint8[]'), '[]')).toEqual([]);
  });

  it('says which item is wrong', () => {
    expect(error(p('uint8[]'), '1, 300')).toBe('Item 2: Must be between 0 and 255 (uint8).');
    expect(error(p('address[]'), '["0x12"]')).toBe(
      'Item 1: Not a valid address: 0x followed by 40 hexadecimal characters.',
    );
    expect(error(p('bytes2[]'), '["0x0102", "0x01"]')).toMatch(/^Item 2: Must be exactly 2 bytes/);
  });

  it('checks the length of fixed-size arrays', () => {
    expect(ok(p('uint8[2]'), '1,2')).toEqual([1n, 2n]);
    expect(error(p('uint8[2]'), '1,2,3')).toBe('Must have exactly 2 items; this has 3.');
    expect(error(p('uint8[3]'), '[1]')).toBe('Must have exactly 3 items; this has 1.');
  });

  it('reads nested arrays as JSON only', () => {
    expect(ok(p('uint8[][]'), '[[1,2],[],[3]]')).toEqual([[1n, 2n], [], [3n]]);
    expect(ok(p('uint8[2][]'), '[[1,2],[3,4]]')).toEqual([
      [1n, 2n],
      [3n, 4n],
    ]);
    expect(error(p('uint8[2][]'), '[[1,2],[3]]')).toBe('Item 2: Must have exactly 2 items; this has 1.');
    expect(error(p('uint8[][]'), '1,2')).toBe('Write a list of lists or tuples as a JSON array.');
  });

  it('refuses JSON numbers that have already lost digits, and empty input', () => {
    expect(error(p('uint256[]'), '[1000000000000000000000]')).toMatch(/^Item 1: This number is too large/);
    expect(ok(p('uint256[]'), '["1000000000000000000000"]')).toEqual([10n ** 21n]);
    expect(error(p('uint256[]'), '[1.5]')).toBe('Item 1: Write a whole number.');
    expect(error(p('uint256[]'), '')).toBe(
      'Enter the items, comma-separated or as a JSON array ([] for none).',
    );
    expect(error(p('uint256[]'), '[1,')).toMatch(/^Not valid JSON/);
  });
});

describe('parseArgument: tuples', () => {
  const transfer = p('tuple', [p('address', undefined, 'to'), p('uint96', undefined, 'amount')], 'transfer');

  it('reads a tuple from an object by field name or an array in order', () => {
    expect(ok(transfer, `{"to": "${ALICE}", "amount": "5"}`)).toEqual([ALICE, 5n]);
    expect(ok(transfer, `["${ALICE.toLowerCase()}", 5]`)).toEqual([ALICE, 5n]);
  });

  it('says which field is wrong, missing or unknown', () => {
    expect(error(transfer, `{"to": "${ALICE}"}`)).toBe('The field "amount" is missing.');
    expect(error(transfer, `{"to": "${ALICE}", "amount": 1, "memo": "x"}`)).toBe(
      'There is no field "memo" (fields: to, amount).',
    );
    expect(error(transfer, `{"to": "${ALICE}", "amount": -1}`)).toBe(
      'Field amount: Must be between 0 and 2^96 - 1 (uint96).',
    );
    expect(error(transfer, `["${ALICE}"]`)).toBe('Expected 2 fields; this has 1.');
    expect(error(transfer, `"x"`)).toBe('Enter the fields as a JSON object or array.');
  });

  it('reads nested tuples and arrays of tuples, naming the path to an error', () => {
    const order = p(
      'tuple[]',
      [
        p('address', undefined, 'maker'),
        p('tuple', [p('bytes4', undefined, 'selector'), p('uint8[]', undefined, 'levels')], 'inner'),
      ],
      'orders',
    );
    expect(
      ok(
        order,
        `[{"maker":"${ALICE}","inner":{"selector":"0x12345678","levels":[1,2]}}, ["${ALICE}", ["0x00000000", []]]]`,
      ),
    ).toEqual([
      [ALICE, ['0x12345678', [1n, 2n]]],
      [ALICE, ['0x00000000', []]],
    ]);
    expect(error(order, `[{"maker":"${ALICE}","inner":{"selector":"0x1234","levels":[1]}}]`)).toBe(
      'Item 1, field inner, field selector: Must be exactly 4 bytes (0x and 8 hexadecimal digits); this is 2.',
    );
    expect(error(order, `[["${ALICE}", ["0x12345678", [1, 256]]]]`)).toBe(
      'Item 1, field inner, field levels, item 2: Must be between 0 and 255 (uint8).',
    );
  });

  it('needs an array for a tuple whose fields have no names', () => {
    const anonymous = p('tuple', [p('uint8'), p('bool')]);
    expect(ok(anonymous, '[1, true]')).toEqual([1n, true]);
    expect(error(anonymous, '{"a": 1}')).toBe(
      'This tuple’s fields have no names: give them as a JSON array, in order.',
    );
  });
});

describe('describeType', () => {
  it('tells how to write each type', () => {
    expect(describeType(p('uint8'))).toBe('A whole number between 0 and 255 (decimal, or 0x and hex).');
    expect(describeType(p('bytes32'))).toBe('Exactly 32 bytes: 0x and 64 hexadecimal digits.');
    expect(describeType(p('address[2]'))).toBe(
      'A list of exactly 2 address: comma-separated, or a JSON array such as ["0x…", "0x…"].',
    );
    expect(describeType(p('tuple', [p('address', undefined, 'to'), p('uint256', undefined, 'value')]))).toBe(
      'A JSON object or array of the fields: to (address), value (uint256).',
    );
  });
});

describe('encodeCall', () => {
  it('encodes what viem decodes back, tuples and arrays included', () => {
    const abi = abiOf([
      {
        type: 'function',
        name: 'submit',
        stateMutability: 'payable',
        inputs: [
          { name: 'to', type: 'address' },
          {
            name: 'orders',
            type: 'tuple[]',
            components: [
              { name: 'id', type: 'bytes32' },
              { name: 'amounts', type: 'uint128[2]' },
            ],
          },
          { name: 'note', type: 'string' },
        ],
      },
    ]);
    const fn: WriteFunction = abi.functions[0]!;
    const id = `0x${'11'.repeat(32)}`;
    const args = fn.inputs.map((input, index) =>
      ok(input, [ALICE, `[{"id":"${id}","amounts":[1,"2"]}]`, 'hi'][index]!),
    );
    const data = encodeCall(fn, args);
    expect(data.ok).toBe(true);
    if (!data.ok) return;
    const decoded = decodeFunctionData({ abi: [fn.item], data: data.value });
    expect(decoded.args).toEqual([ALICE, [{ id, amounts: [1n, 2n] }], 'hi']);
    expect(formatArgument(args[1])).toBe(`[[${id}, [1, 2]]]`);
    expect(formatArgument('hi')).toBe('"hi"');
  });
});

describe('token amounts', () => {
  const write = (name: string, inputs: [type: string, name: string][]) => ({
    type: 'function',
    name,
    stateMutability: 'nonpayable',
    inputs: inputs.map(([type, paramName]) => ({ type, name: paramName })),
  });
  const fns = abiOf([
    write('transfer', [
      ['address', 'to'],
      ['uint256', 'x'],
    ]),
    write('approve', [
      ['address', 's'],
      ['uint256', 'y'],
    ]),
    write('burn', [['uint256', 'wad']]),
    write('setLimit', [
      ['uint256', 'limit'],
      ['uint128', 'amount'],
    ]),
  ]).functions;
  const dusd = { symbol: 'DUSD', decimals: 6 };
  const uint = p('uint256');

  it('are the uint256 of the ERC-20 functions, and those named amount, value or wad', () => {
    const [transfer, approve, burn, setLimit] = fns;
    expect([0, 1].map((index) => isTokenAmount(transfer!, index))).toEqual([false, true]);
    expect(isTokenAmount(approve!, 1)).toBe(true);
    expect(isTokenAmount(burn!, 0)).toBe(true);
    expect([0, 1].map((index) => isTokenAmount(setLimit!, index))).toEqual([false, false]);
  });

  it('are read in base units, or exactly in the token’s units with its symbol', () => {
    expect(readArgument(uint, '12500000', dusd)).toEqual({ ok: true, value: 12_500_000n });
    expect(readArgument(uint, '12.5 DUSD', dusd)).toEqual({ ok: true, value: 12_500_000n });
    expect(readArgument(uint, ' 0.000001dusd ', dusd)).toEqual({ ok: true, value: 1n });
    expect(readArgument(uint, '0 DUSD', dusd)).toEqual({ ok: true, value: 0n });
    expect(readArgument(uint, '1.0000001 DUSD', dusd)).toEqual({
      ok: false,
      error: 'DUSD has 6 decimals: write at most 6 digits after the point.',
    });
    expect(readArgument(uint, '12.5', dusd)).toEqual({
      ok: false,
      error: 'Base units are whole numbers. To mean 12.5 DUSD, write "12.5 DUSD".',
    });
    expect(readArgument(uint, '1,5 DUSD', dusd)).toMatchObject({ ok: false });
    // Without a unit, the symbol is not understood.
    expect(readArgument(uint, '12.5 DUSD', undefined)).toMatchObject({ ok: false });
  });

  it('need a space before a symbol that starts with a digit', () => {
    const inch = { symbol: '1INCH', decimals: 18 };
    expect(readTokenUnits('2 1inch', inch)).toEqual({ ok: true, value: 2n * 10n ** 18n });
    expect(readTokenUnits('21INCH', inch)).toBeUndefined();
    expect(readTokenUnits('2 DUSD', inch)).toBeUndefined();
    // A symbol is matched as text, not as a pattern.
    expect(readTokenUnits('2 A+B', { symbol: 'A+B', decimals: 0 })).toEqual({ ok: true, value: 2n });
    expect(readTokenUnits('2 AAB', { symbol: 'A+B', decimals: 0 })).toBeUndefined();
  });

  it('say what they are in the other unit', () => {
    expect(tokenAmountHint(uint, '12500000', dusd)).toBe('= 12.5 DUSD');
    expect(tokenAmountHint(uint, '12.5 DUSD', dusd)).toBe('= 12500000 in base units');
    expect(tokenAmountHint(uint, '', dusd)).toBe(
      'A whole number of base units (DUSD has 6 decimals), or an amount in DUSD such as 12.5 DUSD.',
    );
  });
});
