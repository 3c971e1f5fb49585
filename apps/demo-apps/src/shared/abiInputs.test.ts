import { parseAbi, parseAbiItem, type AbiFunction } from 'viem';
import { describe, expect, it } from 'vitest';
import { parseArgument, signatureOf, writeFunctions } from './abiInputs';

const fn = (signature: string) => parseAbiItem(signature) as AbiFunction;
const param = (signature: string, index = 0) => fn(signature).inputs[index]!;

describe('the transaction builder’s typed inputs', () => {
  it('checks and normalises addresses, integers, booleans, bytes and strings', () => {
    const address = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
    expect(parseArgument(param('function f(address to)'), ` ${address} `)).toBe(
      '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    );
    expect(() => parseArgument(param('function f(address to)'), '0x1234')).toThrow('to: not an address');
    expect(parseArgument(param('function f(uint256 amount)'), '1000')).toBe(1000n);
    expect(parseArgument(param('function f(uint8 small)'), '0xff')).toBe(255n);
    expect(() => parseArgument(param('function f(uint8 small)'), '256')).toThrow('out of range for uint8');
    expect(() => parseArgument(param('function f(uint256 amount)'), '-1')).toThrow('out of range');
    expect(parseArgument(param('function f(int8 delta)'), '-128')).toBe(-128n);
    expect(() => parseArgument(param('function f(uint256 amount)'), '1.5')).toThrow('not an integer');
    expect(parseArgument(param('function f(bool on)'), 'true')).toBe(true);
    expect(() => parseArgument(param('function f(bool on)'), 'yes')).toThrow('expected true or false');
    expect(parseArgument(param('function f(bytes data)'), '0xdeadbeef')).toBe('0xdeadbeef');
    expect(() => parseArgument(param('function f(bytes4 id)'), '0xdead')).toThrow('expected 4 bytes');
    expect(() => parseArgument(param('function f(bytes data)'), '0xabc')).toThrow('hex bytes');
    expect(parseArgument(param('function f(string note)'), '<b>text</b>')).toBe('<b>text</b>');
  });

  it('reads arrays and tuples as JSON, item by item', () => {
    expect(parseArgument(param('function f(uint256[] amounts)'), '["1", 2]')).toEqual([1n, 2n]);
    expect(() => parseArgument(param('function f(uint256[2] pair)'), '[1]')).toThrow('expected 2 items');
    expect(() => parseArgument(param('function f(address[] to)'), '["0x12"]')).toThrow(
      'to[0]: not an address',
    );
    expect(() => parseArgument(param('function f(uint256[] amounts)'), '[1,')).toThrow('not valid JSON');
    const tuple = fn('function f((address to, uint256 amount)[] payments)').inputs[0]!;
    const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
    expect(parseArgument(tuple, JSON.stringify([{ to, amount: '5' }, [to, 6]]))).toEqual([
      { to, amount: 5n },
      [to, 6n],
    ]);
    expect(() => parseArgument(tuple, JSON.stringify([{ to }]))).toThrow('payments[0]: missing amount');
  });

  it('lists the functions that change state, with their signatures', () => {
    const abi = parseAbi([
      'function transfer(address to, uint256 amount) returns (bool)',
      'function balanceOf(address owner) view returns (uint256)',
      'function deposit() payable',
      'event Transfer(address indexed from, address indexed to, uint256 value)',
    ]);
    expect(writeFunctions(abi).map(signatureOf)).toEqual([
      'transfer(address to, uint256 amount)',
      'deposit()',
    ]);
    expect(writeFunctions([null, 1, { type: 'function', name: 'x' }])).toEqual([]);
    // An old ABI: constant and payable instead of stateMutability.
    const legacy = [
      { type: 'function', name: 'get', inputs: [], constant: true },
      { type: 'function', name: 'set', inputs: [{ name: 'v', type: 'uint256' }], constant: false },
    ];
    expect(writeFunctions(legacy).map(signatureOf)).toEqual(['set(uint256 v)']);
  });
});
