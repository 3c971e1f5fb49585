import * as sdk from '@safe-global/safe-gateway-typescript-sdk';
import { devAccounts } from '@countersign/devnet';
import {
  balancesSchema,
  chainInfoSchema,
  collectibleSchema,
  dataDecodedSchema,
  delegateSchema,
  estimationSchema,
  fiatCodesSchema,
  masterCopiesSchema,
  ownedSafesSchema,
  pageSchema,
  safeAppSchema,
  safeInfoSchema,
  safeMessageListItemSchema,
  safeMessageSchema,
  safeNoncesSchema,
  transactionDetailsSchema,
  transactionListItemSchema,
} from '@countersign/gateway-api';
import {
  buildSafeTx,
  deleteRequestTypedData,
  delegateTotp,
  hashSafeTx,
  notificationRegistrationMessage,
  safeMessageContentHash,
  safeMessageHash,
  safeMessageTypedData,
  safeTxTypedData,
} from '@countersign/safe-core';
import { randomUUID } from 'node:crypto';
import { encodeFunctionData, erc20Abi, keccak256, parseEther, stringToBytes, type Address } from 'viem';
import { createSiweMessage } from 'viem/siwe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startLocalGateway, type LocalGateway } from './support/localGateway';

/**
 * Safe's classic gateway SDK is an independent client: every function of it whose endpoint the
 * specification lists is called against the running gateway, and each answer must fit the contract.
 */
let local: LocalGateway;
let team: Address;
const accounts = devAccounts();
const [ownerA, ownerB] = [accounts[1]!.account, accounts[2]!.account];
const listPage = pageSchema(transactionListItemSchema);

beforeAll(async () => {
  local = await startLocalGateway({
    // The SIWE message below is made for a web app at http://localhost, which the gateway must allow.
    corsOrigins: ['http://localhost'],
    safeApps: [
      {
        id: 7,
        url: 'http://127.0.0.1:4000/app',
        name: 'Test app',
        iconUrl: null,
        description: 'For the SDK test',
        chainIds: ['1337'],
        provider: null,
        accessControl: { type: 'NO_RESTRICTIONS', value: null },
        tags: [],
        features: [],
        developerWebsite: null,
        socialProfiles: [],
        featured: false,
      },
    ],
  });
  team = local.devnet.manifest.safes[0]!.address as Address;
  sdk.setBaseUrl(local.gateway.url);
  await local.indexed();
});
afterAll(() => local?.stop());

describe('the classic SDK against the gateway', () => {
  it('chains, master copies, safe apps', async () => {
    pageSchema(chainInfoSchema).parse(await sdk.getChainsConfig());
    expect(chainInfoSchema.parse(await sdk.getChainConfig('1337')).chainId).toBe('1337');
    masterCopiesSchema.parse(await sdk.getMasterCopies('1337'));
    expect(
      z
        .array(safeAppSchema)
        .parse(await sdk.getSafeApps('1337', {}))
        .map((a) => a.id),
    ).toEqual([7]);
  });

  it('Safe info, owners, balances, fiat codes, collectibles', async () => {
    expect(safeInfoSchema.parse(await sdk.getSafeInfo('1337', team)).threshold).toBe(2);
    expect(ownedSafesSchema.parse(await sdk.getOwnedSafes('1337', ownerA.address)).safes).toEqual([team]);
    expect(balancesSchema.parse(await sdk.getBalances('1337', team)).fiatTotal).toBe('40295.5');
    fiatCodesSchema.parse(await sdk.getFiatCurrencies());
    expect(z.array(collectibleSchema).parse(await sdk.getCollectibles('1337', team))).toHaveLength(3);
    expect(pageSchema(collectibleSchema).parse(await sdk.getCollectiblesPage('1337', team)).count).toBe(3);
  });

  it('history, queue, lists and details, following next by URL', async () => {
    const history = listPage.parse(await sdk.getTransactionHistory('1337', team, {}, undefined));
    const limited = listPage.parse(
      await sdk.getTransactionHistory(
        '1337',
        team,
        {},
        `${local.gateway.url}/v1/chains/1337/safes/${team}/transactions/history?cursor=limit%3D3%26offset%3D0`,
      ),
    );
    expect(limited.next).not.toBeNull();
    listPage.parse(await sdk.getTransactionHistory('1337', team, {}, limited.next!));
    listPage.parse(await sdk.getTransactionQueue('1337', team));
    listPage.parse(await sdk.getMultisigTransactions('1337', team));
    listPage.parse(await sdk.getModuleTransactions('1337', team));
    listPage.parse(await sdk.getIncomingTransfers('1337', team));
    const first = history.results.find((item) => item.type === 'TRANSACTION');
    if (first?.type !== 'TRANSACTION') throw new Error('no transaction in history');
    transactionDetailsSchema.parse(await sdk.getTransactionDetails('1337', first.transaction.id));
  });

  it('nonces, estimation, decoding', async () => {
    expect(safeNoncesSchema.parse(await sdk.getNonces('1337', team))).toEqual({
      currentNonce: 8,
      recommendedNonce: 8,
    });
    estimationSchema.parse(
      await sdk.postSafeGasEstimation('1337', team, {
        to: ownerB.address,
        value: '1',
        data: '0x',
        operation: 0,
      }),
    );
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [ownerB.address, 1n] });
    expect(dataDecodedSchema.parse(await sdk.getDecodedData('1337', 0, data, team)).method).toBe('approve');
  });

  it('propose, then delete the proposal', async () => {
    const tx = buildSafeTx({ to: ownerB.address, value: parseEther('0.01'), nonce: 8n });
    const safeTxHash = hashSafeTx({ chainId: 1337, safe: team, tx });
    const details = await sdk.proposeTransaction('1337', team, {
      to: tx.to,
      value: tx.value.toString(),
      data: undefined,
      nonce: '8',
      operation: 0,
      safeTxGas: '0',
      baseGas: '0',
      gasPrice: '0',
      gasToken: tx.gasToken,
      refundReceiver: tx.refundReceiver,
      safeTxHash,
      sender: ownerA.address,
      signature: await ownerA.signTypedData(safeTxTypedData({ chainId: 1337, safe: team, tx })),
      origin: undefined,
    });
    expect(transactionDetailsSchema.parse(details).txStatus).toBe('AWAITING_CONFIRMATIONS');
    const signature = await ownerA.signTypedData(
      deleteRequestTypedData({ chainId: 1337, safe: team, safeTxHash, totp: delegateTotp() }),
    );
    await sdk.deleteTransaction('1337', safeTxHash, signature);
    await expect(sdk.getTransactionDetails('1337', safeTxHash)).rejects.toThrow(/404/);
  });

  it('messages: propose, confirm, read, list', async () => {
    const message = 'Signed through the classic SDK';
    const sign = (owner: typeof ownerA) =>
      owner.signTypedData(
        safeMessageTypedData({ chainId: 1337, safe: team, message: safeMessageContentHash(message) }),
      );
    await sdk.proposeSafeMessage('1337', team, { message, signature: await sign(ownerA) });
    const messageHash = safeMessageHash({ chainId: 1337, safe: team, message });
    await sdk.confirmSafeMessage('1337', messageHash, { signature: await sign(ownerB) });
    expect(safeMessageSchema.parse(await sdk.getSafeMessage('1337', messageHash)).status).toBe('CONFIRMED');
    expect(pageSchema(safeMessageListItemSchema).parse(await sdk.getSafeMessages('1337', team)).count).toBe(
      1,
    );
  });

  it('delegates, notifications, auth', async () => {
    pageSchema(delegateSchema).parse(await sdk.getDelegates('1337', { safe: team }));
    const uuid = randomUUID();
    const timestamp = String(Math.floor(Date.now() / 1000));
    const hash = keccak256(
      stringToBytes(
        notificationRegistrationMessage({ timestamp, uuid, cloudMessagingToken: 't', safes: [team] }),
      ),
    );
    await sdk.registerDevice({
      uuid,
      cloudMessagingToken: 't',
      buildNumber: '1',
      bundle: 'b',
      deviceType: sdk.DeviceType.WEB,
      version: '1',
      timestamp,
      safeRegistrations: [
        {
          chainId: '1337',
          safes: [team],
          signatures: [await ownerA.signMessage({ message: { raw: hash } })],
        },
      ],
    });
    await sdk.unregisterSafe('1337', team, uuid);
    await sdk.unregisterDevice('1337', uuid);
    const { nonce } = await sdk.getAuthNonce();
    const siwe = createSiweMessage({
      address: ownerA.address,
      chainId: 1337,
      domain: 'localhost',
      uri: 'http://localhost',
      version: '1',
      nonce,
    });
    await sdk.verifyAuth({ message: siwe, signature: await ownerA.signMessage({ message: siwe }) });
  });

  it('reports the gateway errors in its own format', async () => {
    await expect(sdk.getSafeInfo('1337', '0x1234')).rejects.toThrow('CGW error - custom: Invalid address');
    await expect(sdk.getSafeInfo('1337', ownerA.address)).rejects.toThrow(
      `CGW error - 404: No Safe found at ${ownerA.address} on chain 1337`,
    );
  });
});
