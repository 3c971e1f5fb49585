import { describe, expect, it } from 'vitest';
import { erc20Abi, parseAbi, toFunctionSelector } from 'viem';
import { parseAbiJson } from './abiJson';

function abiOf(json: unknown) {
  const result = parseAbiJson(JSON.stringify(json));
  if (!result.ok) throw new Error(result.error);
  return result.value;
}

describe('parseAbiJson', () => {
  it('lists the write functions of an ABI array, leaving view and pure ones out', () => {
    const abi = abiOf(erc20Abi);
    expect(abi.functions.map((fn) => fn.signature)).toEqual([
      'approve(address,uint256)',
      'transfer(address,uint256)',
      'transferFrom(address,address,uint256)',
    ]);
    expect(abi.readOnly).toBe(6);
    expect(abi.functions.every((fn) => !fn.payable)).toBe(true);
  });

  it('reads a build artifact (an object with "abi") and the old constant/payable flags', () => {
    const abi = abiOf({
      contractName: 'Old',
      abi: [
        { constant: true, name: 'owner', inputs: [], outputs: [{ type: 'address' }] },
        { constant: false, payable: true, name: 'deposit', inputs: [] },
        { type: 'event', name: 'Deposit', inputs: [] },
      ],
    });
    expect(abi.functions).toHaveLength(1);
    expect(abi.functions[0]).toMatchObject({ signature: 'deposit()', payable: true });
    expect(abi.readOnly).toBe(1);
  });

  it('writes tuples out in the signature, canonicalises uint and keeps overloads apart', () => {
    const abi = abiOf([
      {
        type: 'function',
        name: 'submit',
        stateMutability: 'nonpayable',
        inputs: [
          {
            name: 'order',
            type: 'tuple[]',
            components: [
              { name: 'to', type: 'address' },
              { name: 'amount', type: 'uint' },
            ],
          },
        ],
      },
      { type: 'function', name: 'submit', stateMutability: 'payable', inputs: [{ name: 'x', type: 'int' }] },
    ]);
    expect(abi.functions.map((fn) => fn.signature)).toEqual([
      'submit((address,uint256)[])',
      'submit(int256)',
    ]);
    // The selector is the one of the canonical signature.
    expect(toFunctionSelector(abi.functions[1]!.item)).toBe(
      toFunctionSelector(parseAbi(['function submit(int256)'])[0]),
    );
  });

  it('sets aside functions whose types cannot be entered, and says why', () => {
    const abi = abiOf([
      { type: 'function', name: 'a', stateMutability: 'nonpayable', inputs: [{ type: 'fixed128x18' }] },
      { type: 'function', name: 'b', stateMutability: 'nonpayable', inputs: [{ type: 'uint8' }] },
    ]);
    expect(abi.functions.map((fn) => fn.name)).toEqual(['b']);
    expect(abi.unsupported).toEqual(['a(fixed128x18): fixed128x18 is not supported.']);
  });

  it('refuses what is not an ABI, in words', () => {
    const refused = (text: string) => {
      const result = parseAbiJson(text);
      return result.ok ? 'accepted' : result.error;
    };
    expect(refused('')).toBe('Paste the contract’s ABI: a JSON array.');
    expect(refused('[{')).toMatch(/^The ABI is not valid JSON \(/);
    expect(refused('{"name":"x"}')).toBe('The ABI must be a JSON array (or an object with an "abi" array).');
    expect(refused('[1]')).toBe('Entry 1 of the ABI is not an object.');
    expect(refused('[{"type":"function","name":"f(","inputs":[]}]')).toBe(
      'Entry 1 of the ABI is a function without a valid name.',
    );
    expect(refused('[{"type":"function","name":"f","inputs":[{"name":"x"}]}]')).toBe(
      'Entry 1 of the ABI (f), input 1 has no type.',
    );
    expect(refused('[{"type":"function","name":"f","inputs":[{"type":"tuple"}]}]')).toBe(
      'Entry 1 of the ABI (f), input 1 is a tuple without its components.',
    );
    expect(
      refused(
        JSON.stringify(
          erc20Abi.filter((item) => item.type !== 'function' || item.stateMutability === 'view'),
        ),
      ),
    ).toBe(
      'This ABI has no function to call: it has only view and pure functions, which need no transaction.',
    );
    expect(refused('[]')).toBe('This ABI has no function to call: it lists no functions.');
  });
});
