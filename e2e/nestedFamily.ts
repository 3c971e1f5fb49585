import {
  createPublicClient,
  createWalletClient,
  http,
  parseEther,
  parseEventLogs,
  type Address,
  type Hex,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { createGatewayClient, proposalBody } from '@countersign/gateway-api';
import {
  buildSafeTx,
  encodeSafeSetup,
  hashSafeTx,
  safe141,
  safeProxyFactoryAbi,
  safeTxTypedData,
} from '@countersign/safe-core';
import type { E2eStack } from './stack';

/**
 * A Safe owned by a Safe on a test stack, for the nested-Safe tests and bench: P is owned by owners
 * A and B (2 of 2), C by P and owner C (2 of 2), C funded with 1 ETH and served by the gateway.
 */
const keyOf = (stack: E2eStack, role: string) => {
  const account = stack.accounts.find((candidate) => candidate.role === role);
  if (!account) throw new Error(`No dev account with the role ${role}`);
  return account.privateKey as Hex;
};
const addressOf = (stack: E2eStack, role: string) => privateKeyToAccount(keyOf(stack, role)).address;

export async function nestedFamily(stack: E2eStack) {
  const transport = http(stack.rpcUrl!);
  const chain = createPublicClient({ transport });
  const sender = createWalletClient({ account: privateKeyToAccount(keyOf(stack, 'deployer')), transport });
  const create = async (owners: Address[]) => {
    const hash = await sender.writeContract({
      chain: null,
      address: safe141.safeProxyFactory,
      abi: safeProxyFactoryAbi,
      functionName: 'createProxyWithNonce',
      args: [
        safe141.safeL2,
        encodeSafeSetup({ owners, threshold: 2n, fallbackHandler: safe141.compatibilityFallbackHandler }),
        BigInt(Date.now()),
      ],
    });
    const receipt = await chain.waitForTransactionReceipt({ hash, pollingInterval: 100 });
    const [created] = parseEventLogs({
      abi: safeProxyFactoryAbi,
      logs: receipt.logs,
      eventName: 'ProxyCreation',
    });
    return created!.args.proxy;
  };
  const parent = await create([addressOf(stack, 'owner A'), addressOf(stack, 'owner B')]);
  const child = await create([parent, addressOf(stack, 'owner C')]);
  const funded = await sender.sendTransaction({ chain: null, to: child, value: parseEther('1') });
  await chain.waitForTransactionReceipt({ hash: funded, pollingInterval: 100 });
  // The gateway serves a new Safe once its indexer has seen it.
  const deadline = Date.now() + 30_000;
  while ((await fetch(`${stack.gatewayUrl}/v1/chains/${stack.chainId}/safes/${child}`)).status !== 200) {
    if (Date.now() > deadline) throw new Error(`The gateway did not serve ${child} within 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { parent, child, chain, sender };
}

/** Owner C, a direct owner of C, proposes a payment of 0.25 ETH on C over HTTP. */
export async function proposeOnChild(stack: E2eStack, child: Address, nonce = 0n) {
  const tx = buildSafeTx({ to: addressOf(stack, 'recipient'), value: parseEther('0.25'), nonce });
  const owner = privateKeyToAccount(keyOf(stack, 'owner C'));
  const safeTxHash = hashSafeTx({ chainId: stack.chainId, safe: child, tx });
  const details = await createGatewayClient({ baseUrl: stack.gatewayUrl }).proposeTransaction({
    chainId: String(stack.chainId),
    safeAddress: child,
    body: proposalBody(tx, {
      safeTxHash,
      sender: owner.address,
      signature: await owner.signTypedData(safeTxTypedData({ chainId: stack.chainId, safe: child, tx })),
      origin: null,
    }),
  });
  return { txId: details.txId, safeTxHash };
}
