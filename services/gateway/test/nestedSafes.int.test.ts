import {
  buildContractSignature,
  buildSignatureBytes,
  calculateSafeMessageHash,
  EthSafeSignature,
  preimageSafeTransactionHash,
} from '@safe-global/protocol-kit';
import {
  createSafe,
  devAccounts,
  devnetClients,
  executeSafeTx,
  type DevnetClients,
} from '@countersign/devnet';
import { createGatewayClient, proposalBody, type GatewayClient } from '@countersign/gateway-api';
import {
  approvedHashSignature,
  buildSafeTx,
  encodeExecTransaction,
  encodeParentConfirmation,
  encodeSignatures,
  hashSafeMessage,
  parentConfirmation,
  parentMessageBytes,
  safe141,
  safe150,
  safeAbi,
  safeMessageContentHash,
  safeMessageSigned,
  safeMessageTypedData,
  safeTxSigned,
  safeTxTypedData,
  type SafeTx,
} from '@countersign/safe-core';
import { encodeFunctionData, parseAbi, parseEther, parseEventLogs, type Address, type Hex } from 'viem';
import type { HDAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalGateway, type LocalGateway } from './support/localGateway';

/**
 * Nested Safes on the devnet, end to end through the gateway: C is owned by P and by D (2 of 2), P by
 * A and B (2 of 2). P confirms C's transactions and messages off chain (a message of P, which A and
 * B sign in turn, made into a contract signature) or on chain (approveHash), and C's contract takes
 * both. protocol-kit, Safe's own SDK, builds the same signature from the same inputs.
 */
let local: LocalGateway;
let clients: DevnetClients;
let client: GatewayClient;
const accounts = devAccounts();
const [ownerA, ownerB, ownerD] = [accounts[1]!.account, accounts[2]!.account, accounts[3]!.account];
const funder = accounts[0]!.account.address;
const recipient = accounts[8]!.account.address;
const isValidSignatureAbi = parseAbi([
  'function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4)',
]);

beforeAll(async () => {
  local = await startLocalGateway();
  clients = devnetClients(1337, local.devnet.rpcUrl);
  client = createGatewayClient({ baseUrl: local.gateway.url });
});
afterAll(() => local?.stop());

const deployments = { '1.4.1': safe141, '1.5.0': safe150 } as const;
let salt = 7_000n;

/** P (A, B; 2 of 2) and C (P, D; 2 of 2) of one version, C funded. */
async function family(version: keyof typeof deployments) {
  const deployment = deployments[version];
  const parent = await createSafe(clients, {
    sender: funder,
    owners: [ownerA.address, ownerB.address],
    threshold: 2n,
    saltNonce: (salt += 1n),
    deployment,
  });
  const child = await createSafe(clients, {
    sender: funder,
    owners: [parent, ownerD.address],
    threshold: 2n,
    saltNonce: (salt += 1n),
    deployment,
  });
  await clients.public.waitForTransactionReceipt({
    hash: await clients.wallet.sendTransaction({
      account: funder,
      chain: clients.chain,
      to: child,
      value: parseEther('1'),
    }),
    pollingInterval: 20,
  });
  return { parent, child, version };
}

const signParentMessage = (owner: HDAccount, parent: Address, bytes: Hex) =>
  owner.signTypedData(safeMessageTypedData({ chainId: 1337, safe: parent, message: bytes }));

async function proposeChildTx(child: Address, tx: SafeTx, safeTxHash: Hex) {
  const signature = await ownerD.signTypedData(safeTxTypedData({ chainId: 1337, safe: child, tx }));
  await client.proposeTransaction({
    chainId: '1337',
    safeAddress: child,
    body: proposalBody(tx, { safeTxHash, sender: ownerD.address, signature, origin: null }),
  });
  return signature;
}

/** A and B sign `bytes` as a message of P through the gateway; returns P's message once confirmed. */
async function parentSigns(parent: Address, bytes: Hex) {
  await client.proposeMessage({
    chainId: '1337',
    safeAddress: parent,
    body: { message: { bytes }, signature: await signParentMessage(ownerA, parent, bytes) },
  });
  const messageHash = hashSafeMessage({ chainId: 1337, safe: parent, message: bytes });
  const half = await client.getMessage({ chainId: '1337', messageHash });
  expect(half).toMatchObject({ status: 'NEEDS_CONFIRMATION', confirmationsSubmitted: 1, message: { bytes } });
  await client.confirmMessage({
    chainId: '1337',
    messageHash,
    signature: await signParentMessage(ownerB, parent, bytes),
  });
  const whole = await client.getMessage({ chainId: '1337', messageHash });
  expect(whole.status).toBe('CONFIRMED');
  return whole;
}

async function execute(child: Address, tx: SafeTx, signatures: Hex) {
  const hash = await clients.wallet.sendTransaction({
    account: funder,
    chain: clients.chain,
    to: child,
    data: encodeExecTransaction(tx, signatures),
  });
  const receipt = await clients.public.waitForTransactionReceipt({ hash, pollingInterval: 20 });
  return parseEventLogs({
    abi: safeAbi,
    logs: receipt.logs,
    eventName: ['ExecutionSuccess', 'ExecutionFailure'],
  })
    .filter((event) => event.address.toLowerCase() === child.toLowerCase())
    .map((event) => event.eventName);
}

describe.each(['1.4.1', '1.5.0'] as const)('a Safe owned by a Safe (%s)', (version) => {
  it('the parent signs off chain: the gateway lists it as the parent, protocol-kit agrees, the child executes', async () => {
    const { parent, child } = await family(version);
    const tx = buildSafeTx({ to: recipient, value: parseEther('0.25'), nonce: 0n });
    const signed = safeTxSigned({ chainId: 1337, safe: child, version, tx });
    const ownSignature = await proposeChildTx(child, tx, signed.hash);

    // What C's contract will ask P about: the SafeTx's preimage before 1.5.0, its hash from 1.5.0.
    const bytes = parentMessageBytes(version, signed);
    expect(bytes).toBe(version === '1.5.0' ? signed.hash : signed.preimage);
    const message = await parentSigns(parent, bytes);

    // protocol-kit hashes P's message and builds P's contract signature the same way.
    const kitPreimage =
      version === '1.5.0' ? signed.hash : preimageSafeTransactionHash(child, tx as never, version, 1337n);
    expect(calculateSafeMessageHash(parent, kitPreimage, version, 1337n)).toBe(message.messageHash);
    const kitSignature = await buildContractSignature(
      message.confirmations.map((c) => new EthSafeSignature(c.owner.value, c.signature)),
      parent,
    );
    const confirmation = encodeParentConfirmation(parent, message.preparedSignature as Hex);
    expect(buildSignatureBytes([kitSignature]).toLowerCase()).toBe(confirmation.toLowerCase());

    const summary = await client.addConfirmation({
      chainId: '1337',
      safeTxHash: signed.hash,
      signature: confirmation,
    });
    expect(summary.executionInfo).toMatchObject({ type: 'MULTISIG', confirmationsSubmitted: 2 });
    const details = await client.getTransaction({ chainId: '1337', id: `multisig_${child}_${signed.hash}` });
    const confirmations =
      details.detailedExecutionInfo?.type === 'MULTISIG' ? details.detailedExecutionInfo.confirmations : [];
    expect(confirmations.map((c) => c.signer.value).sort()).toEqual([parent, ownerD.address].sort());

    const events = await execute(
      child,
      tx,
      encodeSignatures([
        { signer: ownerD.address, data: ownSignature },
        parentConfirmation(parent, message.preparedSignature as Hex),
      ]),
    );
    expect(events).toEqual(['ExecutionSuccess']);
    // The indexer reads the execution with P's contract signature among its confirmations.
    await local.indexed();
    const executed = await client.getTransaction({ chainId: '1337', id: `multisig_${child}_${signed.hash}` });
    expect(executed.txStatus).toBe('SUCCESS');
    const executedBy =
      executed.detailedExecutionInfo?.type === 'MULTISIG' ? executed.detailedExecutionInfo.confirmations : [];
    expect(executedBy.map((c) => c.signer.value).sort()).toEqual([parent, ownerD.address].sort());
  });

  it('P’s owners signing the other version’s form: refused by the gateway and by the child’s contract', async () => {
    const { parent, child } = await family(version);
    const tx = buildSafeTx({ to: recipient, value: parseEther('0.01'), nonce: 0n });
    const signed = safeTxSigned({ chainId: 1337, safe: child, version, tx });
    const ownSignature = await proposeChildTx(child, tx, signed.hash);
    // P's isValidSignature accepts either form as a message of P; C asks only one of them.
    const otherForm = version === '1.5.0' ? signed.preimage : signed.hash;
    const wrong = parentConfirmation(
      parent,
      encodeSignatures([
        { signer: ownerA.address, data: await signParentMessage(ownerA, parent, otherForm) },
        { signer: ownerB.address, data: await signParentMessage(ownerB, parent, otherForm) },
      ]),
    );
    await expect(
      client.addConfirmation({
        chainId: '1337',
        safeTxHash: signed.hash,
        signature: encodeSignatures([wrong]),
      }),
    ).rejects.toThrow('Invalid signature');
    await expect(
      clients.public.call({
        account: funder,
        to: child,
        data: encodeExecTransaction(
          tx,
          encodeSignatures([{ signer: ownerD.address, data: ownSignature }, wrong]),
        ),
      }),
    ).rejects.toThrow(/GS024|reverted/);
  });

  it('the parent approves on chain (approveHash): its v = 1 confirmation counts', async () => {
    const { parent, child } = await family(version);
    const tx = buildSafeTx({ to: recipient, value: parseEther('0.1'), nonce: 0n });
    const signed = safeTxSigned({ chainId: 1337, safe: child, version, tx });
    const ownSignature = await proposeChildTx(child, tx, signed.hash);
    const approval = await executeSafeTx(clients, {
      safe: parent,
      executor: funder,
      approvals: [
        { owner: ownerA, method: 'eip712' },
        { owner: ownerB, method: 'eip712' },
      ],
      tx: {
        to: child,
        data: encodeFunctionData({ abi: safeAbi, functionName: 'approveHash', args: [signed.hash] }),
      },
    });
    expect(approval.success).toBe(true);
    await client.addConfirmation({
      chainId: '1337',
      safeTxHash: signed.hash,
      signature: approvedHashSignature(parent),
    });
    const events = await execute(
      child,
      tx,
      encodeSignatures([
        { signer: ownerD.address, data: ownSignature },
        { signer: parent, data: approvedHashSignature(parent) },
      ]),
    );
    expect(events).toEqual(['ExecutionSuccess']);
  });

  it('a message of the child, confirmed through the parent: the child’s isValidSignature accepts it', async () => {
    const { parent, child } = await family(version);
    const text = `Countersign: the department (${version}) agrees to the budget`;
    const contentHash = safeMessageContentHash(text);
    const signed = safeMessageSigned({ chainId: 1337, safe: child, data: contentHash });
    await client.proposeMessage({
      chainId: '1337',
      safeAddress: child,
      body: {
        message: text,
        signature: await ownerD.signTypedData(
          safeMessageTypedData({ chainId: 1337, safe: child, message: contentHash }),
        ),
      },
    });
    const parentMessage = await parentSigns(parent, parentMessageBytes(version, signed));
    await client.confirmMessage({
      chainId: '1337',
      messageHash: signed.hash,
      signature: encodeParentConfirmation(parent, parentMessage.preparedSignature as Hex),
    });
    const childMessage = await client.getMessage({ chainId: '1337', messageHash: signed.hash });
    expect(childMessage.status).toBe('CONFIRMED');
    const magic = await clients.public.readContract({
      address: child,
      abi: isValidSignatureAbi,
      functionName: 'isValidSignature',
      args: [contentHash, childMessage.preparedSignature as Hex],
    });
    expect(magic).toBe('0x1626ba7e');
  });
});
