import type { Communicator, EIP712TypedData, SendTransactionsParams } from '@safe-global/safe-apps-sdk';
import { parseAbi, type Hex, type TypedDataDefinition } from 'viem';
import type { SafeConnection } from '../shared/safe';

/**
 * Every step the test app can run: each SDK method, each provider method through viem's custom
 * transport, and requests the SDK itself would refuse before sending (made through the SDK's own
 * communicator, so that the host's answer to them is what is seen).
 */
export type Step = {
  /** Runs on load (a read that needs nobody's answer). */
  auto: boolean;
  run(connection: SafeConnection, arg: unknown): Promise<unknown>;
};

const safeAbi = parseAbi([
  'function getThreshold() view returns (uint256)',
  'function getOwners() view returns (address[])',
  'function nonce() view returns (uint256)',
]);
/** getThreshold() */
const GET_THRESHOLD: Hex = '0xe75235b8';

/** The SDK's message channel (a private field at run time), to send requests it would not send itself. */
function communicator(connection: SafeConnection): Communicator {
  return (connection.sdk as unknown as { communicator: Communicator }).communicator;
}

/** A request the SDK's own methods would refuse locally, sent as it is to the host. */
async function raw(connection: SafeConnection, method: string, params: unknown): Promise<unknown> {
  const response = await communicator(connection).send(method as never, params as never);
  return response.data;
}

const safeOf = (connection: SafeConnection) => connection.safe.safeAddress as Hex;

export function defaultTypedData(connection: SafeConnection): EIP712TypedData {
  return {
    domain: {
      name: 'Countersign test app',
      version: '1',
      chainId: connection.safe.chainId,
      verifyingContract: connection.safe.safeAddress,
    },
    types: {
      Mail: [
        { name: 'from', type: 'address' },
        { name: 'contents', type: 'string' },
      ],
    },
    primaryType: 'Mail',
    message: { from: connection.safe.safeAddress, contents: 'Signed by the Safe, through the Safe Apps SDK' },
  };
}

/** The newest transaction on the chain (a block with one, scanning back from the latest). */
async function recentTransactionHash(connection: SafeConnection): Promise<Hex> {
  // The SDK types blocks as web3.js formats them; the host answers raw JSON-RPC (hex quantities).
  const latest = (await connection.sdk.eth.getBlockByNumber(['latest'])) as unknown as { number: string };
  for (let number = BigInt(latest.number); number >= 0n; number -= 1n) {
    const tag = `0x${number.toString(16)}` as unknown as number;
    const block = (await connection.sdk.eth.getBlockByNumber([tag])) as unknown as { transactions: string[] };
    if (block.transactions.length > 0) return block.transactions[0] as Hex;
  }
  throw new Error('No transaction on the chain');
}

const objectArg = <T>(arg: unknown, fallback: T): T =>
  arg === undefined || arg === null ? fallback : (arg as T);

export const steps: Record<string, Step> = {
  // ——— SDK: the Safe, the chain, the host ———
  'sdk.getInfo': { auto: true, run: (c) => c.sdk.safe.getInfo() },
  'sdk.getChainInfo': { auto: true, run: (c) => c.sdk.safe.getChainInfo() },
  'sdk.getEnvironmentInfo': { auto: true, run: (c) => c.sdk.safe.getEnvironmentInfo() },
  'sdk.getBalances': { auto: true, run: (c) => c.sdk.safe.experimental_getBalances({ currency: 'usd' }) },
  'sdk.getBalances.eur': { auto: true, run: (c) => c.sdk.safe.experimental_getBalances({ currency: 'eur' }) },
  'sdk.getTxBySafeTxHash': {
    auto: false,
    run: (c, arg) => c.sdk.txs.getBySafeTxHash(String(arg)),
  },
  // The SDK refuses an empty hash itself: sent as it is, the host's answer is seen.
  'sdk.getTxBySafeTxHash.empty': { auto: true, run: (c) => raw(c, 'getTxBySafeTxHash', { safeTxHash: '' }) },

  // ——— SDK: RPC reads (rpcCall) ———
  'sdk.eth.getBalance': { auto: true, run: (c) => c.sdk.eth.getBalance([safeOf(c)]) },
  'sdk.eth.getCode': { auto: true, run: (c) => c.sdk.eth.getCode([safeOf(c)]) },
  'sdk.eth.getStorageAt': {
    auto: true,
    // Slot 0 of a Safe proxy holds its singleton. The JSON-RPC wants a hex quantity.
    run: (c) => c.sdk.eth.getStorageAt([safeOf(c), '0x0' as unknown as number]),
  },
  'sdk.eth.getTransactionCount': { auto: true, run: (c) => c.sdk.eth.getTransactionCount([safeOf(c)]) },
  'sdk.eth.getBlockByNumber': { auto: true, run: (c) => c.sdk.eth.getBlockByNumber(['latest']) },
  'sdk.eth.getBlockByHash': {
    auto: true,
    run: async (c) => {
      type RawBlock = { hash: string; number: string };
      const latest = (await c.sdk.eth.getBlockByNumber(['latest'])) as unknown as RawBlock;
      const byHash = (await c.sdk.eth.getBlockByHash([latest.hash])) as unknown as RawBlock;
      return {
        hash: latest.hash,
        number: latest.number,
        byHash: { hash: byHash.hash, number: byHash.number },
      };
    },
  },
  'sdk.eth.call': { auto: true, run: (c) => c.sdk.eth.call([{ to: safeOf(c), data: GET_THRESHOLD }]) },
  'sdk.eth.getEstimateGas': {
    auto: true,
    run: (c) => c.sdk.eth.getEstimateGas({ from: safeOf(c), to: safeOf(c), data: GET_THRESHOLD }),
  },
  'sdk.eth.getPastLogs': {
    auto: true,
    run: (c) =>
      c.sdk.eth.getPastLogs([
        { address: safeOf(c), fromBlock: '0x0' as unknown as number, toBlock: 'latest' },
      ]),
  },
  'sdk.eth.getGasPrice': { auto: true, run: (c) => c.sdk.eth.getGasPrice() },
  'sdk.eth.getTransactionByHash': {
    auto: true,
    run: async (c, arg) =>
      c.sdk.eth.getTransactionByHash([typeof arg === 'string' ? arg : await recentTransactionHash(c)]),
  },
  'sdk.eth.getTransactionReceipt': {
    auto: true,
    run: async (c, arg) =>
      c.sdk.eth.getTransactionReceipt([typeof arg === 'string' ? arg : await recentTransactionHash(c)]),
  },
  'sdk.eth.setSafeSettings': {
    auto: true,
    run: (c, arg) => c.sdk.eth.setSafeSettings([objectArg(arg, { offChainSigning: true })]),
  },
  // Methods outside the host's read allowlist: refused, never forwarded.
  'sdk.rpc.eth_sendRawTransaction': {
    auto: true,
    run: (c) => raw(c, 'rpcCall', { call: 'eth_sendRawTransaction', params: ['0x00'] }),
  },
  'sdk.rpc.anvil_setBalance': {
    auto: true,
    run: (c) => raw(c, 'rpcCall', { call: 'anvil_setBalance', params: [safeOf(c), '0xde0b6b3a7640000'] }),
  },
  'sdk.rpc.eth_sendTransaction': {
    auto: true,
    run: (c) =>
      raw(c, 'rpcCall', { call: 'eth_sendTransaction', params: [{ from: safeOf(c), to: safeOf(c) }] }),
  },
  'sdk.unknownMethod': { auto: true, run: (c) => raw(c, 'notAMethod', {}) },

  // ——— SDK: permissions and the address book ———
  'sdk.wallet.getPermissions': { auto: true, run: (c) => c.sdk.wallet.getPermissions() },
  // Straight to the host, without the permission: refused (4001 "Permissions rejected"), no prompt.
  'sdk.requestAddressBook.unpermitted': { auto: true, run: (c) => raw(c, 'requestAddressBook', undefined) },
  // The SDK's way: wallet_getPermissions, then wallet_requestPermissions (the host's prompt) if needed.
  'sdk.requestAddressBook': { auto: false, run: (c) => c.sdk.safe.requestAddressBook() },
  'sdk.wallet.requestPermissions': {
    auto: false,
    run: (c) => c.sdk.wallet.requestPermissions([{ requestAddressBook: {} }]),
  },
  'sdk.wallet.requestPermissions.invalid': {
    auto: true,
    run: (c) => raw(c, 'wallet_requestPermissions', [{ eth_accounts: {} }]),
  },

  // ——— SDK: transactions and messages ———
  'sdk.txs.send': {
    auto: false,
    run: (c, arg) =>
      c.sdk.txs.send(
        objectArg<SendTransactionsParams>(arg, {
          txs: [
            { to: safeOf(c), value: '0', data: '0x' },
            { to: safeOf(c), value: '0', data: GET_THRESHOLD },
          ],
        }),
      ),
  },
  'sdk.txs.send.empty': { auto: true, run: (c) => raw(c, 'sendTransactions', { txs: [] }) },
  'sdk.txs.signMessage': {
    auto: false,
    run: (c, arg) =>
      c.sdk.txs.signMessage(typeof arg === 'string' ? arg : 'Hello from the Safe Apps SDK test app'),
  },
  'sdk.txs.signTypedMessage': {
    auto: false,
    run: (c, arg) => c.sdk.txs.signTypedMessage(objectArg(arg, defaultTypedData(c))),
  },
  'sdk.txs.signTypedMessage.invalid': {
    auto: true,
    run: (c) => raw(c, 'signTypedMessage', { typedData: { message: { contents: 'no domain, no types' } } }),
  },
  'sdk.getOffChainSignature': {
    auto: false,
    run: (c, arg) => c.sdk.safe.getOffChainSignature(String(arg)),
  },
  'sdk.getOffChainSignature.unknown': {
    auto: true,
    run: (c) => c.sdk.safe.getOffChainSignature(`0x${'ab'.repeat(32)}`),
  },
  'sdk.isMessageSigned': {
    auto: false,
    run: (c, arg) => {
      const { message, signature } = arg as { message: string | EIP712TypedData; signature?: string };
      return c.sdk.safe.isMessageSigned(message, signature);
    },
  },
  'sdk.calculateTypedMessageHash': {
    auto: true,
    run: async (c) => c.sdk.safe.calculateTypedMessageHash(defaultTypedData(c)),
  },

  // ——— The provider (EIP-1193), through viem's custom transport ———
  'provider.eth_chainId': { auto: true, run: (c) => c.publicClient.getChainId() },
  'provider.net_version': { auto: true, run: (c) => c.provider.request({ method: 'net_version' }) },
  'provider.eth_accounts': { auto: true, run: (c) => c.walletClient.getAddresses() },
  'provider.eth_blockNumber': { auto: true, run: (c) => c.publicClient.getBlockNumber({ cacheTime: 0 }) },
  'provider.eth_getBalance': { auto: true, run: (c) => c.publicClient.getBalance({ address: safeOf(c) }) },
  'provider.eth_call': {
    auto: true,
    run: (c) => c.publicClient.call({ to: safeOf(c), data: GET_THRESHOLD }),
  },
  'provider.readContract': {
    auto: true,
    run: async (c) => ({
      owners: await c.publicClient.readContract({
        address: safeOf(c),
        abi: safeAbi,
        functionName: 'getOwners',
      }),
      threshold: await c.publicClient.readContract({
        address: safeOf(c),
        abi: safeAbi,
        functionName: 'getThreshold',
      }),
      nonce: await c.publicClient.readContract({ address: safeOf(c), abi: safeAbi, functionName: 'nonce' }),
    }),
  },
  'provider.eth_getCode': { auto: true, run: (c) => c.publicClient.getCode({ address: safeOf(c) }) },
  'provider.eth_getStorageAt': {
    auto: true,
    run: (c) => c.publicClient.getStorageAt({ address: safeOf(c), slot: '0x0' }),
  },
  'provider.eth_getTransactionCount': {
    auto: true,
    run: (c) => c.publicClient.getTransactionCount({ address: safeOf(c) }),
  },
  'provider.eth_estimateGas': {
    auto: true,
    run: (c) => c.publicClient.estimateGas({ account: safeOf(c), to: safeOf(c), data: GET_THRESHOLD }),
  },
  'provider.eth_getLogs': {
    auto: true,
    run: (c) => c.publicClient.getLogs({ address: safeOf(c), fromBlock: 0n, toBlock: 'latest' }),
  },
  'provider.eth_gasPrice': { auto: true, run: (c) => c.publicClient.getGasPrice() },
  'provider.eth_getBlockByNumber': {
    auto: true,
    run: async (c) => {
      const block = await c.publicClient.getBlock({ blockTag: 'latest' });
      return { number: block.number, hash: block.hash, transactions: block.transactions };
    },
  },
  'provider.eth_getBlockByHash': {
    auto: true,
    run: async (c) => {
      const latest = await c.publicClient.getBlock({ blockTag: 'latest' });
      const block = await c.publicClient.getBlock({ blockHash: latest.hash });
      return { number: block.number, hash: block.hash };
    },
  },
  'provider.eth_getTransactionByHash': {
    auto: true,
    run: async (c, arg) => {
      const tx = await c.publicClient.getTransaction({
        hash: typeof arg === 'string' ? (arg as Hex) : await recentTransactionHash(c),
      });
      return { hash: tx.hash, from: tx.from, to: tx.to, blockNumber: tx.blockNumber, input: tx.input };
    },
  },
  'provider.eth_getTransactionReceipt': {
    auto: true,
    run: async (c, arg) => {
      const receipt = await c.publicClient.getTransactionReceipt({
        hash: typeof arg === 'string' ? (arg as Hex) : await recentTransactionHash(c),
      });
      return {
        transactionHash: receipt.transactionHash,
        status: receipt.status,
        blockNumber: receipt.blockNumber,
        logs: receipt.logs.length,
      };
    },
  },
  'provider.wallet_getPermissions': {
    auto: true,
    run: (c) => c.provider.request({ method: 'wallet_getPermissions' }),
  },
  'provider.wallet_requestPermissions': {
    auto: false,
    // The provider hands params[0] to sdk.wallet.requestPermissions, which wants the array itself:
    // EIP-2255's own shape ([{ requestAddressBook: {} }]) fails in the provider ("e.every is not a function").
    run: (c) =>
      c.provider.request({ method: 'wallet_requestPermissions', params: [[{ requestAddressBook: {} }]] }),
  },
  'provider.wallet_getCapabilities': {
    auto: true,
    run: (c) => c.provider.request({ method: 'wallet_getCapabilities', params: [safeOf(c)] }),
  },
  'provider.safe_setSettings': {
    auto: false,
    run: (c, arg) =>
      c.provider.request({ method: 'safe_setSettings', params: [objectArg(arg, { offChainSigning: true })] }),
  },
  'provider.eth_requestAccounts': {
    auto: true,
    run: (c) => c.provider.request({ method: 'eth_requestAccounts' }),
  },
  'provider.eth_sendRawTransaction': {
    auto: true,
    run: (c) => c.provider.request({ method: 'eth_sendRawTransaction', params: ['0x00'] }),
  },
  'provider.personal_sign': {
    auto: false,
    run: (c, arg) =>
      c.walletClient.signMessage({
        message: typeof arg === 'string' ? arg : 'Hello through the Safe Apps provider',
      }),
  },
  'provider.eth_signTypedData_v4': {
    auto: false,
    run: (c, arg) =>
      c.walletClient.signTypedData(objectArg(arg, defaultTypedData(c)) as unknown as TypedDataDefinition),
  },
  'provider.eth_sendTransaction': {
    auto: false,
    run: (c, arg) => {
      const { to, value, data } = objectArg(arg, { to: safeOf(c), value: '0', data: '0x' as Hex }) as {
        to: Hex;
        value?: string;
        data?: Hex;
      };
      return c.walletClient.sendTransaction({ to, value: BigInt(value ?? '0'), data });
    },
  },
  'provider.wallet_sendCalls': {
    auto: false,
    run: (c, arg) =>
      c.provider.request({
        method: 'wallet_sendCalls',
        params: [
          {
            version: '1.0',
            chainId: `0x${c.safe.chainId.toString(16)}`,
            from: c.safe.safeAddress,
            calls: objectArg(arg, [{ to: safeOf(c), data: '0x', value: '0x0' }]),
          },
        ],
      }),
  },
  'provider.wallet_getCallsStatus': {
    auto: false,
    run: (c, arg) => c.provider.request({ method: 'wallet_getCallsStatus', params: [String(arg)] }),
  },
};
