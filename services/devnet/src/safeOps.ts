import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { isAddressEqual, parseEventLogs, type Address, type Hex } from 'viem';
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
import { receiptOf, type DevnetClients } from './clients';
import { deployArtifact } from './deployArtifact';

const require = createRequire(import.meta.url);

/** How an owner approves: EIP-712 typed data, eth_sign (personal_sign, v+4), or as the executing sender. */
export type Approval =
  { owner: HDAccount; method: 'eip712' | 'eth_sign' } | { owner: Address; method: 'sender' };

export async function createSafe(
  clients: DevnetClients,
  params: {
    sender: Address;
    owners: readonly Address[];
    threshold: bigint;
    saltNonce: bigint;
    /** The SafeL2 singleton, factory and fallback handler to use: 1.4.1's unless given (1.3.0's). */
    deployment?: { safeL2: Address; safeProxyFactory: Address; compatibilityFallbackHandler: Address };
  },
): Promise<Address> {
  const deployment = params.deployment ?? safe141;
  const initializer = encodeSafeSetup({
    owners: params.owners,
    threshold: params.threshold,
    fallbackHandler: deployment.compatibilityFallbackHandler,
  });
  const hash = await clients.wallet.writeContract({
    account: params.sender,
    chain: clients.chain,
    address: deployment.safeProxyFactory,
    abi: safeProxyFactoryAbi,
    functionName: 'createProxyWithNonce',
    args: [deployment.safeL2, initializer, params.saltNonce],
  });
  const receipt = await receiptOf(clients, hash);
  const creation = parseEventLogs({
    abi: safeProxyFactoryAbi,
    logs: receipt.logs,
    eventName: 'ProxyCreation',
  }).find((log) => isAddressEqual(log.address, deployment.safeProxyFactory));
  if (!creation) throw new Error('No ProxyCreation event: the Safe was not created');
  return creation.args.proxy;
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
  const receipt = await receiptOf(clients, transactionHash);
  if (receipt.status !== 'success') throw new Error(`execTransaction ${transactionHash} reverted`);
  let success: boolean | undefined;
  // parseEventLogs reads 1.3.0's and 1.4.1's shapes of the same events alike.
  for (const event of parseEventLogs({
    abi: safeAbi,
    logs: receipt.logs,
    eventName: ['ExecutionSuccess', 'ExecutionFailure'],
  })) {
    if (!isAddressEqual(event.address, params.safe)) continue;
    success = event.eventName === 'ExecutionSuccess';
  }
  if (success === undefined) throw new Error(`No execution event in ${transactionHash}`);
  return { transactionHash, safeTxHash: hashSafeTx({ chainId, safe: params.safe, tx }), success };
}

/**
 * Deploys DebugTransactionGuard, the Safe contracts' own example guard (1.5.0): it declares itself a
 * transaction guard and a module guard (ERC-165) and lets everything through, so a Safe may set it as either.
 */
export async function deployExampleGuard(clients: DevnetClients, sender: Address): Promise<Address> {
  const { bytecode } = JSON.parse(
    readFileSync(
      require.resolve('@safe-global/safe-smart-account/build/artifacts/contracts/examples/guards/DebugTransactionGuard.sol/DebugTransactionGuard.json'),
      'utf8',
    ),
  ) as { bytecode: Hex };
  return deployArtifact(clients, sender, { abi: [], bytecode });
}
