import { createTestClient, getAddress, http, type Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { createGatewayClient, proposalBody } from '@countersign/gateway-api';
import {
  buildSafeTx,
  encodeMultiSend,
  hashSafeTx,
  safe141,
  safeTxTypedData,
  type SafeTx,
} from '@countersign/safe-core';
import { devAccount, teamSafe } from './owners';
import type { E2eStack } from './stack';

/**
 * Queues a transaction of the demo team Safe as a co-signer would: owner A signs it at the nonce the
 * gateway recommends and proposes it over HTTP, so a test starts where a second owner opens it.
 */
export async function proposeAsOwnerA(stack: E2eStack, build: (nonce: bigint) => SafeTx) {
  const safe = teamSafe(stack);
  const client = createGatewayClient({ baseUrl: stack.gatewayUrl });
  const chainId = String(stack.chainId);
  const { recommendedNonce } = await client.getNonces({ chainId, safeAddress: safe });
  const tx = build(BigInt(recommendedNonce));
  const owner = privateKeyToAccount(devAccount(stack, 'owner A').privateKey);
  const signature = await owner.signTypedData(safeTxTypedData({ chainId: stack.chainId, safe, tx }));
  const safeTxHash = hashSafeTx({ chainId: stack.chainId, safe, tx });
  const details = await client.proposeTransaction({
    chainId,
    safeAddress: safe,
    body: proposalBody(tx, { safeTxHash, sender: owner.address, signature, origin: null }),
  });
  return { txId: details.txId, safeTxHash, nonce: Number(tx.nonce) };
}

/** A contract that writes its first argument to storage slot 0: SSTORE(0, CALLDATALOAD(4)). */
const slotZeroWriter = getAddress('0x00000000000000000000000000000000c0de5107');

/**
 * Queues, as owner A, the 2025 heist's move against the demo team Safe: a delegatecall to a contract
 * that writes `implementation` to slot 0. Our gateway refuses a delegatecall to anything but Safe's
 * libraries, so it comes hidden in a batch: MultiSend (a trusted library) delegatecalls the writer.
 */
export async function proposeImplementationTakeover(stack: E2eStack, implementation: Address) {
  const devnet = createTestClient({ mode: 'anvil', transport: http(stack.rpcUrl!) });
  await devnet.setCode({ address: slotZeroWriter, bytecode: '0x60043560005500' });
  return proposeAsOwnerA(stack, (nonce) =>
    buildSafeTx({
      to: safe141.multiSend,
      data: encodeMultiSend([
        {
          to: slotZeroWriter,
          value: 0n,
          data: `0x12345678${implementation.slice(2).toLowerCase().padStart(64, '0')}`,
          operation: 1,
        },
      ]),
      operation: 1,
      nonce,
    }),
  );
}
