import { devAccounts, executeSafeTx, signSafeTx, type DevnetClients } from '@countersign/devnet';
import {
  buildSafeTx,
  encodeExecTransaction,
  encodeSafeSetup,
  encodeSignatures,
  multicall3Address,
  safe141,
  safeAbi,
  safeProxyFactoryAbi,
  type SafeTx,
} from '@countersign/safe-core';
import {
  concat,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  pad,
  parseAbi,
  parseEther,
  parseUnits,
  type Address,
  type Hex,
} from 'viem';

const accounts = devAccounts();
const [ownerA, ownerB] = [accounts[1]!.account, accounts[2]!.account];

/** Executes `tx` on a Safe owned by dev accounts 1 and 2 (the demo team Safe: 2 of 3), both signing. */
export function executeByOwners(
  clients: DevnetClients,
  safe: Address,
  tx: Omit<Partial<SafeTx>, 'nonce'> & Pick<SafeTx, 'to'>,
) {
  return executeSafeTx(clients, {
    safe,
    executor: ownerA.address,
    approvals: [
      { owner: ownerA, method: 'eip712' },
      { owner: ownerB, method: 'eip712' },
    ],
    tx,
  });
}

async function send(clients: DevnetClients, from: Address, tx: { to?: Address; data?: Hex; value?: bigint }) {
  const hash = await clients.wallet.sendTransaction({ account: from, chain: clients.chain, ...tx });
  const receipt = await clients.public.waitForTransactionReceipt({ hash, pollingInterval: 20 });
  if (receipt.status !== 'success') throw new Error(`${hash} reverted`);
  return receipt;
}

/**
 * An ERC20 transfer of `amount` whole tokens (18 decimals) sent from `from` as the chain's JSON-RPC
 * account (anvil impersonates anyone); its receipt, once mined without a revert.
 */
export function sendTokens(
  clients: DevnetClients,
  token: Address,
  from: Address,
  to: Address,
  amount: string,
) {
  return send(clients, from, {
    to: token,
    data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, parseUnits(amount, 18)] }),
  });
}

/**
 * A 2-of-2 Safe of dev accounts 1 and 2, holding 1 ETH, deployed by `from` (dev account 0 by default)
 * without any proxy factory: the SafeProxy creation code plus its singleton, then setup() called on
 * it. No ProxyCreation event tells an indexer it exists.
 */
export async function deploySafeWithoutFactory(
  clients: DevnetClients,
  singleton: Address,
  from: Address = accounts[0]!.account.address,
): Promise<Address> {
  const creationCode = await clients.public.readContract({
    address: safe141.safeProxyFactory,
    abi: safeProxyFactoryAbi,
    functionName: 'proxyCreationCode',
  });
  const { contractAddress } = await send(clients, from, {
    data: concat([creationCode, pad(singleton, { size: 32 })]),
  });
  if (!contractAddress) throw new Error('The proxy was not deployed');
  await send(clients, from, {
    to: contractAddress,
    data: encodeSafeSetup({
      owners: [ownerA.address, ownerB.address],
      threshold: 2n,
      fallbackHandler: safe141.compatibilityFallbackHandler,
    }),
  });
  await send(clients, from, { to: contractAddress, value: parseEther('1') });
  return getAddress(contractAddress);
}

const aggregate3Abi = parseAbi([
  'struct Call3 { address target; bool allowFailure; bytes callData; }',
  'function aggregate3(Call3[] calls) payable returns ((bool success, bytes returnData)[])',
]);

/**
 * Executes `fields` on a Safe of dev accounts 1 and 2, both signing, relayed: `sender` calls
 * Multicall3's aggregate3, which calls the Safe. Answers the transaction's hash.
 */
export async function relayThroughMulticall(
  clients: DevnetClients,
  safe: Address,
  fields: Pick<SafeTx, 'to' | 'value'>,
  sender: Address = accounts[0]!.account.address,
): Promise<Hex> {
  const nonce = await clients.public.readContract({ address: safe, abi: safeAbi, functionName: 'nonce' });
  const tx = buildSafeTx({ ...fields, nonce });
  const signatures = await Promise.all(
    [ownerA, ownerB].map((owner) => signSafeTx(clients.chain.id, safe, tx, { owner, method: 'eip712' })),
  );
  const callData = encodeExecTransaction(tx, encodeSignatures(signatures));
  const receipt = await send(clients, sender, {
    to: multicall3Address,
    data: encodeFunctionData({
      abi: aggregate3Abi,
      functionName: 'aggregate3',
      args: [[{ target: safe, allowFailure: false, callData }]],
    }),
  });
  return receipt.transactionHash;
}
