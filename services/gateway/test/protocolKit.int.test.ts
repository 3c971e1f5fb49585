import Safe, {
  buildSignatureBytes,
  encodeMultiSendData,
  EthSafeSignature,
  generatePreValidatedSignature,
  generateTypedData,
} from '@safe-global/protocol-kit';
import { hashDomain, hashStruct, parseEther, type Address, type Hex } from 'viem';
import {
  approvedHashSignature,
  buildSafeTx,
  encodeMultiSend,
  encodeMultiSendTransactions,
  encodeSignatures,
  safe141,
  safeTxHashes,
} from '@countersign/safe-core';
import { createGatewayClient } from '@countersign/gateway-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalGateway, type LocalGateway } from './support/localGateway';

/** protocol-kit, Safe's own SDK, is an independent oracle for what the gateway reads from the chain. */
let local: LocalGateway;

beforeAll(async () => {
  local = await startLocalGateway();
});
afterAll(() => local?.stop());

describe('protocol-kit agrees with the gateway', () => {
  it.each([0, 1])('on demo Safe #%i: owners, threshold, nonce, version', async (index) => {
    const { devnet, gateway } = local;
    const demo = devnet.manifest.safes[index]!;
    const kit = await Safe.init({ provider: devnet.rpcUrl, safeAddress: demo.address });
    const info = await createGatewayClient({ baseUrl: gateway.url }).getSafeInfo({
      chainId: '1337',
      safeAddress: demo.address,
    });
    expect(info.owners.map((o) => o.value)).toEqual(await kit.getOwners());
    expect(info.threshold).toBe(await kit.getThreshold());
    expect(info.nonce).toBe(await kit.getNonce());
    expect(info.version).toBe(kit.getContractVersion());
    expect(info.modules?.map((m) => m.value) ?? []).toEqual(await kit.getModules());
  });
});

describe('protocol-kit computes what the review shows and what execution sends', () => {
  const recipient = '0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f' as Address;

  it('the same safeTxHash, domain hash and message hash, for a payment and a MultiSendCallOnly batch', async () => {
    const { devnet } = local;
    const demo = devnet.manifest.safes[0]!;
    const safe = demo.address as Address;
    const kit = await Safe.init({ provider: devnet.rpcUrl, safeAddress: safe });
    const nonce = BigInt(await kit.getNonce());
    const calls = [
      { to: recipient, value: parseEther('0.1'), data: '0x' as Hex, operation: 0 as const },
      { to: recipient, value: parseEther('0.2'), data: '0x' as Hex, operation: 0 as const },
      {
        to: safe,
        value: 0n,
        data: '0x694e80c30000000000000000000000000000000000000000000000000000000000000001' as Hex,
        operation: 0 as const,
      },
    ];
    const cases = [
      buildSafeTx({ ...calls[0]!, nonce, safeTxGas: 21_000n }),
      buildSafeTx({
        to: safe141.multiSendCallOnly,
        value: 0n,
        data: encodeMultiSend(calls),
        operation: 1,
        nonce,
      }),
    ];
    for (const tx of cases) {
      const ours = safeTxHashes({ chainId: 1337, safe, tx, version: kit.getContractVersion() });
      const kitTx = await kit.createTransaction({
        transactions: [{ to: tx.to, value: tx.value.toString(), data: tx.data, operation: tx.operation }],
        options: { nonce: Number(tx.nonce), safeTxGas: tx.safeTxGas.toString() },
      });
      expect(kitTx.data.to).toBe(tx.to);
      expect(kitTx.data.data).toBe(tx.data);
      expect(await kit.getTransactionHash(kitTx)).toBe(ours.safeTxHash);
      const typed = generateTypedData({
        safeAddress: safe,
        safeVersion: kit.getContractVersion(),
        chainId: 1337n,
        data: kitTx.data,
      });
      // protocol-kit's typed data, hashed by viem: its domain and its SafeTx struct.
      const types = typed.types as unknown as Parameters<typeof hashStruct>[0]['types'];
      const domain = typed.domain as Parameters<typeof hashDomain>[0]['domain'];
      expect(hashDomain({ domain, types })).toBe(ours.domainHash);
      const message = typed.message as unknown as Record<string, unknown>;
      expect(hashStruct({ data: message, primaryType: 'SafeTx', types })).toBe(ours.messageHash);
    }
    // The batch encoding is protocol-kit's own.
    expect(encodeMultiSendData(calls.map((c) => ({ ...c, value: c.value.toString() })))).toBe(
      `0x${encodeMultiSendTransactions(calls).slice(2)}`,
    );
  });

  it('the same signatures bytes, an executing owner’s pre-validated approval included', () => {
    const signatures = [
      {
        signer: '0x90F79bf6EB2c4f870365E785982E1f101E93b906' as Address,
        data: `0x${'11'.repeat(64)}1b` as Hex,
      },
      {
        signer: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' as Address,
        data: approvedHashSignature('0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'),
      },
    ];
    const kitBytes = buildSignatureBytes([
      new EthSafeSignature(signatures[0]!.signer, signatures[0]!.data),
      generatePreValidatedSignature(signatures[1]!.signer),
    ]);
    expect(encodeSignatures(signatures).toLowerCase()).toBe(kitBytes.toLowerCase());
  });
});
