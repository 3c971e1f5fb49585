import { describe, expect, it } from 'vitest';
import { createPublicClient, custom, type Hash } from 'viem';
import { readAddressState, readTransaction } from './devnetClient';

const hash = `0x${'ab'.repeat(32)}` as Hash;
const from = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const to = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';

const rpcTransaction = {
  hash,
  from: from.toLowerCase(),
  to: to.toLowerCase(),
  value: '0x2a',
  blockNumber: '0x10',
  blockHash: `0x${'01'.repeat(32)}`,
  transactionIndex: '0x0',
  nonce: '0x0',
  gas: '0x5208',
  input: '0x',
  type: '0x2',
  maxFeePerGas: '0x3b9aca00',
  maxPriorityFeePerGas: '0x1',
  chainId: '0x539',
};
const rpcReceipt = {
  transactionHash: hash,
  status: '0x1',
  blockNumber: '0x10',
  blockHash: `0x${'01'.repeat(32)}`,
  transactionIndex: '0x0',
  from: from.toLowerCase(),
  to: to.toLowerCase(),
  gasUsed: '0x5208',
  cumulativeGasUsed: '0x5208',
  effectiveGasPrice: '0x3b9aca00',
  contractAddress: null,
  logs: [],
  logsBloom: `0x${'00'.repeat(256)}`,
  type: '0x2',
};

/** A client whose node answers from a table, as a JSON-RPC node would. */
function clientAnswering(answers: Record<string, unknown>) {
  const asked: string[] = [];
  const client = createPublicClient({
    transport: custom({
      async request({ method }: { method: string }) {
        asked.push(method);
        if (!(method in answers)) throw new Error(`unexpected ${method}`);
        return answers[method];
      },
    }),
  });
  return { client, asked };
}

describe('readTransaction', () => {
  it('reads a mined transaction with its receipt', async () => {
    const { client } = clientAnswering({
      eth_getTransactionByHash: rpcTransaction,
      eth_getTransactionReceipt: rpcReceipt,
    });
    expect(await readTransaction(client, hash)).toEqual({
      hash,
      from,
      to,
      value: 42n,
      blockNumber: 16n,
      createdContract: null,
      outcome: { status: 'success', gasUsed: 21_000n, effectiveGasPrice: 1_000_000_000n, logCount: 0 },
    });
  });

  it('is null when the node does not know the hash', async () => {
    const { client } = clientAnswering({ eth_getTransactionByHash: null, eth_getTransactionReceipt: null });
    expect(await readTransaction(client, hash)).toBeNull();
  });

  it('is pending when the node has the transaction but no receipt', async () => {
    const { client } = clientAnswering({
      eth_getTransactionByHash: {
        ...rpcTransaction,
        blockNumber: null,
        blockHash: null,
        transactionIndex: null,
      },
      eth_getTransactionReceipt: null,
    });
    const facts = await readTransaction(client, hash);
    expect(facts?.outcome).toEqual({ status: 'pending' });
    expect(facts?.blockNumber).toBeNull();
  });
});

describe('readAddressState', () => {
  it('reads balance, nonce and code', async () => {
    const { client, asked } = clientAnswering({
      eth_getBalance: '0xde0b6b3a7640000',
      eth_getTransactionCount: '0x3',
      eth_getCode: '0x60806040',
    });
    expect(await readAddressState(client, from)).toEqual({
      balance: 1_000_000_000_000_000_000n,
      nonce: 3,
      code: { kind: 'contract', sizeBytes: 4 },
    });
    expect(asked.sort()).toEqual(['eth_getBalance', 'eth_getCode', 'eth_getTransactionCount']);
  });

  it('refuses code that is not hex bytes', async () => {
    const { client } = clientAnswering({
      eth_getBalance: '0x0',
      eth_getTransactionCount: '0x0',
      eth_getCode: '0x<script>',
    });
    await expect(readAddressState(client, from)).rejects.toThrow(
      'The devnet RPC sent an invalid account state (code: not hex bytes).',
    );
  });
});
