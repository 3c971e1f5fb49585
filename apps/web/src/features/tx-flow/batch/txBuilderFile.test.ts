import { describe, expect, it } from 'vitest';
import { encodeFunctionData, keccak256, parseAbi, stringToHex } from 'viem';
import {
  readTxBuilderFile,
  txBuilderChecksum,
  txBuilderFileOf,
  txBuilderSerialization,
} from './txBuilderFile';

/**
 * Transaction Builder batch files, written here from the format's description: string-typed
 * contract inputs, `data: null` entries with their method's ABI, raw data entries.
 */
const safe = '0xDF8a1Ce35c9a6ACE153B4e0767942f1E2291a1Aa';
const target = { chainId: '1337', chainName: 'Devnet', safe } as const;
const token = '0x49d4450977E2c95362C13D3a31a09311E0Ea26A6';

function fileOf(transactions: unknown[], overrides: Record<string, unknown> = {}) {
  const file: Record<string, unknown> = {
    version: '1.0',
    chainId: '1337',
    createdAt: 1764979200000,
    meta: {
      name: 'Q4 grants',
      description: 'Pay the grantees',
      txBuilderVersion: '1.18.0',
      createdFromSafeAddress: safe,
      createdFromOwnerAddress: '',
    },
    transactions,
    ...overrides,
  };
  const meta = file.meta as Record<string, unknown>;
  return { ...file, meta: { ...meta, checksum: txBuilderChecksum(file) } };
}

const transfer = {
  to: token,
  value: '0',
  data: null,
  contractMethod: {
    inputs: [
      { internalType: 'address', name: 'to', type: 'address' },
      { internalType: 'uint256', name: 'amount', type: 'uint256' },
    ],
    name: 'transfer',
    payable: false,
  },
  contractInputsValues: {
    to: '0x2222222222222222222222222222222222222222',
    amount: '1250500000000000000000',
  },
};
const batchCall = {
  to: token,
  value: '0',
  data: null,
  contractMethod: {
    inputs: [
      { internalType: 'address[]', name: 'recipients', type: 'address[]' },
      { internalType: 'bool', name: 'strict', type: 'bool' },
    ],
    name: 'payAll',
    payable: false,
  },
  contractInputsValues: {
    recipients: '[0x2222222222222222222222222222222222222222, 0x3333333333333333333333333333333333333333]',
    strict: 'true',
  },
};
const raw = { to: '0x2222222222222222222222222222222222222222', value: '2000000000000000000', data: '0x' };

describe('Transaction Builder files', () => {
  it('serializes as the Transaction Builder does: its published checksum of its own test file', () => {
    // Safe's tx-builder test vector (checksum computed over the object with `checksum: ""`).
    const vector = {
      version: '1.0',
      chainId: '4',
      createdAt: 1646321521061,
      meta: {
        name: 'test batch file',
        txBuilderVersion: '1.4.0',
        checksum: '',
        createdFromSafeAddress: '0xDF8a1Ce35c9a6ACE153B4e0767942f1E2291a1Aa',
        createdFromOwnerAddress: '0x49d4450977E2c95362C13D3a31a09311E0Ea26A6',
      },
      transactions: [
        {
          to: '0x49d4450977E2c95362C13D3a31a09311E0Ea26A6',
          value: '0',
          contractMethod: {
            inputs: [{ internalType: 'address', name: 'paramAddress', type: 'address' }],
            name: 'testAddress',
            payable: false,
          },
          contractInputsValues: { paramAddress: '0x49d4450977E2c95362C13D3a31a09311E0Ea26A6' },
        },
        {
          to: '0x49d4450977E2c95362C13D3a31a09311E0Ea26A6',
          value: '0',
          contractMethod: {
            inputs: [{ internalType: 'bool', name: 'paramBool', type: 'bool' }],
            name: 'testBool',
            payable: false,
          },
          contractInputsValues: { paramAddress: '', paramBool: 'false' },
        },
        {
          to: '0x49d4450977E2c95362C13D3a31a09311E0Ea26A6',
          value: '2000000000000000000',
          data: '0x42f4579000000000000000000000000049d4450977e2c95362c13d3a31a09311e0ea26a6',
        },
      ],
    };
    expect(keccak256(stringToHex(txBuilderSerialization(vector)))).toBe(
      '0x832ecdb6653751ed00b79dede73864163e46e71815b72e11e506d6399bedffc9',
    );
  });

  it('imports string inputs, data: null entries and raw data, and exports the same file', () => {
    const file = fileOf([transfer, batchCall, raw]);
    const read = readTxBuilderFile(JSON.stringify(file), target);
    if (!read.ok) throw new Error(read.error.join(' '));
    expect(read.value.checksum).toBe('matches');
    expect(read.value.calls.map((call) => call.action.data)).toEqual([
      encodeFunctionData({
        abi: parseAbi(['function transfer(address to, uint256 amount)']),
        args: ['0x2222222222222222222222222222222222222222', 1250500000000000000000n],
      }),
      encodeFunctionData({
        abi: parseAbi(['function payAll(address[] recipients, bool strict)']),
        args: [
          ['0x2222222222222222222222222222222222222222', '0x3333333333333333333333333333333333333333'],
          true,
        ],
      }),
      '0x',
    ]);
    expect(read.value.calls[2]?.action.value).toBe(2n * 10n ** 18n);
    const exported = txBuilderFileOf(read.value.calls, { chainId: '1337', safe, meta: read.value.meta });
    expect(JSON.parse(exported)).toEqual(file);
  });

  it('says when the checksum does not match, or is missing', () => {
    const file = fileOf([raw]);
    const changed = { ...file, transactions: [{ ...raw, value: '3000000000000000000' }] };
    const read = readTxBuilderFile(JSON.stringify(changed), target);
    expect(read.ok && read.value.checksum).toBe('differs');
    const { checksum: _, ...meta } = file.meta;
    const none = readTxBuilderFile(JSON.stringify({ ...file, meta }), target);
    expect(none.ok && none.value.checksum).toBe('missing');
  });

  it('names every entry it cannot read, and takes none; refuses another chain', () => {
    const bad = { ...transfer, contractInputsValues: { to: 'nobody', amount: '1' } };
    const read = readTxBuilderFile(JSON.stringify(fileOf([raw, bad, { to: 'x' }])), target);
    expect(read.ok).toBe(false);
    expect(read.ok ? [] : read.error).toEqual([
      expect.stringMatching(/^Transaction 2: transfer: to: /),
      expect.stringMatching(/^Transaction 3: to is invalid/),
    ]);
    const other = readTxBuilderFile(JSON.stringify(fileOf([raw], { chainId: '1' })), target);
    expect(other).toEqual({ ok: false, error: ['It is a batch for chain 1, not for Devnet (1337).'] });
  });

  it('a batch of its own calls exports as data, with the checksum the Transaction Builder checks', () => {
    const exported = JSON.parse(
      txBuilderFileOf([{ action: { to: token, value: 5n, data: '0x1234', operation: 0 } }], {
        chainId: '1337',
        safe,
        meta: { name: 'Countersign batch', createdAt: 1 },
      }),
    ) as Record<string, unknown> & { meta: { checksum: string } };
    expect(exported.transactions).toEqual([{ to: token, value: '5', data: '0x1234' }]);
    expect(exported.meta.checksum).toBe(txBuilderChecksum(exported));
  });
});
