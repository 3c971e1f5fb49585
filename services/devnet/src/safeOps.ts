import { decodeEventLog, type Address, type Hex } from 'viem';
import type { HDAccount } from 'viem/accounts';
import {
  approvedHashSignature,
  buildSafeTx,
  encodeExecTransaction,
  encodeSafeSetup,
  encodeSignatures,
  hashSafeTx,
  safe141,
  safeAbi,
  safeProxyFactoryAbi,
  safeTxTypedData,
  toEthSignSignature,
  type OwnerSignature,
  type SafeTx,
} from '@countersign/safe-core';
import type { DevnetClients } from './clients';

/** How an owner approves: EIP-712 typed data, eth_sign (personal_sign, v+4), or as the executing sender. */
export type Approval =
  { owner: HDAccount; method: 'eip712' | 'eth_sign' } | { owner: Address; method: 'sender' };

export async function createSafe(
  clients: DevnetClients,
  params: { sender: Address; owners: readonly Address[]; threshold: bigint; saltNonce: bigint },
): Promise<Address> {
  const initializer = encodeSafeSetup({
    owners: params.owners,
    threshold: params.threshold,
    fallbackHandler: safe141.compatibilityFallbackHandler,
  });
  const hash = await clients.wallet.writeContract({
    account: params.sender,
    chain: clients.chain,
    address: safe141.safeProxyFactory,
    abi: safeProxyFactoryAbi,
    functionName: 'createProxyWithNonce',
    args: [safe141.safeL2, initializer, params.saltNonce],
  });
  const receipt = await clients.public.waitForTransactionReceipt({ hash, pollingInterval: 20 });
  for (const log of receipt.logs) {
    if (log.address.toLowerCase() !== safe141.safeProxyFactory.toLowerCase()) continue;
    const event = decodeEventLog({ abi: safeProxyFactoryAbi, ...log });
    if (event.eventName === 'ProxyCreation') return event.args.proxy;
  }
  throw new Error('No ProxyCreation event: the Safe was not created');
}

export async function safeNonce(clients: DevnetClients, safe: Address): Promise<bigint> {
  return clients.public.readContract({ address: safe, abi: safeAbi, functionName: 'nonce' });
}

export async function signSafeTx(
  chainId: number,
  safe: Address,
  tx: SafeTx,
  approval: Approval,
): Promise<OwnerSignature> {
  switch (approval.method) {
    case 'eip712':
      return {
        signer: approval.owner.address,
        data: await approval.owner.signTypedData(safeTxTypedData({ chainId, safe, tx })),
      };
    case 'eth_sign': {
      const raw = await approval.owner.signMessage({ message: { raw: hashSafeTx({ chainId, safe, tx }) } });
      return { signer: approval.owner.address, data: toEthSignSignature(raw) };
    }
    case 'sender':
      return { signer: approval.owner, data: approvedHashSignature(approval.owner) };
  }
}

/**
 * Signs `fields` with each approval and executes it from `executor`. Returns whether the inner call
 * succeeded (a failing inner call with safeTxGas > 0 still consumes the nonce: ExecutionFailure).
 */
export async function executeSafeTx(
  clients: DevnetClients,
  params: {
    safe: Address;
    executor: Address;
    approvals: readonly Approval[];
    tx: Omit<Partial<SafeTx>, 'nonce'> & Pick<SafeTx, 'to'>;
  },
): Promise<{ transactionHash: Hex; safeTxHash: Hex; success: boolean }> {
  const nonce = await safeNonce(clients, params.safe);
  const tx = buildSafeTx({ ...params.tx, nonce });
  const chainId = clients.chain.id;
  const signatures = await Promise.all(params.approvals.map((a) => signSafeTx(chainId, params.safe, tx, a)));
  const transactionHash = await clients.wallet.sendTransaction({
    account: params.executor,
    chain: clients.chain,
    to: params.safe,
    data: encodeExecTransaction(tx, encodeSignatures(signatures)),
  });
  const receipt = await clients.public.waitForTransactionReceipt({
    hash: transactionHash,
    pollingInterval: 20,
  });
  if (receipt.status !== 'success') throw new Error(`execTransaction ${transactionHash} reverted`);
  let success: boolean | undefined;
  for (const log of receipt.logs) {
    if (log.address.toLowerCase() !== params.safe.toLowerCase()) continue;
    try {
      const event = decodeEventLog({ abi: safeAbi, ...log });
      if (event.eventName === 'ExecutionSuccess') success = true;
      if (event.eventName === 'ExecutionFailure') success = false;
    } catch {
      // SafeL2's SafeMultiSigTransaction and other events are not in this ABI subset.
    }
  }
  if (success === undefined) throw new Error(`No execution event in ${transactionHash}`);
  return { transactionHash, safeTxHash: hashSafeTx({ chainId, safe: params.safe, tx }), success };
}
