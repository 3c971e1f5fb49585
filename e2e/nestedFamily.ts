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
 * Safes made for a test on its stack: any owners (deployDevSafe), and a Safe owned by a Safe for the
 * nested-Safe tests and bench (nestedFamily: P is owned by owners A and B, 2 of 2; C by P and owner
 * C, 2 of 2; C funded with 1 ETH and served by the gateway).
 */
const keyOf = (stack: E2eStack, role: string) => {
  const account = stack.accounts.find((candidate) => candidate.role === role);
  if (!account) throw new Error(`No dev account with the role ${role}`);
  return account.privateKey as Hex;
};
export const addressOf = (stack: E2eStack, role: string) => privateKeyToAccount(keyOf(stack, role)).address;

/** A Safe 1.4.1 (SafeL2) with these owners and threshold, deployed by the deployer account. */
export async function deployDevSafe(stack: E2eStack, owners: Address[], threshold = 2) {
  const transport = http(stack.rpcUrl!);
  const chain = createPublicClient({ transport });
  const sender = createWalletClient({ account: privateKeyToAccount(keyOf(stack, 'deployer')), transport });
  const hash = await sender.writeContract({
    chain: null,
    address: safe141.safeProxyFactory,
    abi: safeProxyFactoryAbi,
    functionName: 'createProxyWithNonce',
    args: [
      safe141.safeL2,
      encodeSafeSetup({
        owners,
        threshold: BigInt(threshold),
        fallbackHandler: safe141.compatibilityFallbackHandler,
      }),
      BigInt(Date.now()),
    ],
  });
  const receipt = await chain.waitForTransactionReceipt({ hash, pollingInterval: 100 });
  const [created] = parseEventLogs({
    abi: safeProxyFactoryAbi,
    logs: receipt.logs,
    eventName: 'ProxyCreation',
  });
  return { safe: created!.args.proxy, chain, sender };
}

/** Sends `ether` from the deployer to `to`, and waits until the gateway serves `to` as a Safe. */
export async function fundAndServe(stack: E2eStack, to: Address, ether = '1') {
  const { chain, sender } = clientsOf(stack);
  const funded = await sender.sendTransaction({ chain: null, to, value: parseEther(ether) });
  await chain.waitForTransactionReceipt({ hash: funded, pollingInterval: 100 });
  // The gateway serves a new Safe once its indexer has seen it.
  const deadline = Date.now() + 30_000;
  while ((await fetch(`${stack.gatewayUrl}/v1/chains/${stack.chainId}/safes/${to}`)).status !== 200) {
    if (Date.now() > deadline) throw new Error(`The gateway did not serve ${to} within 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const clientsOf = (stack: E2eStack) => {
  const transport = http(stack.rpcUrl!);
  return {
    chain: createPublicClient({ transport }),
    sender: createWalletClient({ account: privateKeyToAccount(keyOf(stack, 'deployer')), transport }),
  };
};

export async function nestedFamily(stack: E2eStack) {
  const {
    safe: parent,
    chain,
    sender,
  } = await deployDevSafe(stack, [addressOf(stack, 'owner A'), addressOf(stack, 'owner B')]);
  const { safe: child } = await deployDevSafe(stack, [parent, addressOf(stack, 'owner C')]);
  await fundAndServe(stack, child);
  return { parent, child, chain, sender };
}

/** An owner (by role) proposes, over HTTP and signed, a payment of 0.25 ETH from `safe` to the recipient. */
export async function proposePayment(stack: E2eStack, safe: Address, role: string, nonce = 0n) {
  const tx = buildSafeTx({ to: addressOf(stack, 'recipient'), value: parseEther('0.25'), nonce });
  const owner = privateKeyToAccount(keyOf(stack, role));
  const safeTxHash = hashSafeTx({ chainId: stack.chainId, safe, tx });
  const details = await createGatewayClient({ baseUrl: stack.gatewayUrl }).proposeTransaction({
    chainId: String(stack.chainId),
    safeAddress: safe,
    body: proposalBody(tx, {
      safeTxHash,
      sender: owner.address,
      signature: await owner.signTypedData(safeTxTypedData({ chainId: stack.chainId, safe, tx })),
      origin: null,
    }),
  });
  return { txId: details.txId, safeTxHash };
}
