import { devAccounts, executeSafeTx, type DevnetClients } from '@countersign/devnet';
import { encodeSafeSetup, safe141, safeProxyFactoryAbi, type SafeTx } from '@countersign/safe-core';
import { concat, getAddress, pad, parseEther, type Address, type Hex } from 'viem';

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
