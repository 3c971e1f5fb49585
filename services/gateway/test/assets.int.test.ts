import {
  balancesSchema,
  collectibleSchema,
  dataDecodedSchema,
  fiatCodesSchema,
  ownedSafesSchema,
  pageSchema,
} from '@countersign/gateway-api';
import { encodeFunctionData, erc20Abi, parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startLocalGateway, type LocalGateway } from './support/localGateway';

let local: LocalGateway;
let team: string;

beforeAll(async () => {
  local = await startLocalGateway();
  team = local.devnet.manifest.safes[0]!.address;
  await local.indexed();
});
afterAll(() => local?.stop());

const get = (path: string) => local.request('GET', path);

describe('balances', () => {
  it('lists the supported fiat codes', async () => {
    const codes = fiatCodesSchema.parse((await get('/v1/balances/supported-fiat-codes')).body);
    expect(codes).toEqual(expect.arrayContaining(['USD', 'EUR', 'ETH', 'GBP', 'JPY']));
  });

  it('values ETH and both tokens in USD, highest first, with an exact total', async () => {
    const balances = balancesSchema.parse((await get(`/v1/chains/1337/safes/${team}/balances/usd`)).body);
    expect(balances.items.map((i) => [i.tokenInfo.symbol, i.fiatBalance, i.fiatConversion])).toEqual([
      ['ETH', '31800', '3000'],
      ['DEV', '5937.5', '1.25'],
      ['DUSD', '2558', '1'],
    ]);
    expect(balances.items[0]?.balance).toBe(parseEther('10.6').toString());
    expect(balances.items[0]?.tokenInfo).toMatchObject({
      type: 'NATIVE_TOKEN',
      address: '0x0000000000000000000000000000000000000000',
      decimals: 18,
    });
    expect(balances.fiatTotal).toBe('40295.5');
  });

  it('converts to another fiat currency, case-insensitively, and refuses unknown ones', async () => {
    const eur = balancesSchema.parse((await get(`/v1/chains/1337/safes/${team}/balances/EUR`)).body);
    expect(eur.fiatTotal).toBe('37071.86');
    expect((await get(`/v1/chains/1337/safes/${team}/balances/xyz`)).status).toBe(404);
  });
});

describe('collectibles', () => {
  it('v2 pages the ERC721 tokens the Safe holds, with metadata read from tokenURI', async () => {
    const page = pageSchema(collectibleSchema).parse(
      (await get(`/v2/chains/1337/safes/${team}/collectibles`)).body,
    );
    expect(page.count).toBe(3);
    expect(page.results.map((c) => c.id)).toEqual(['1', '2', '5']);
    expect(page.results[0]).toMatchObject({ name: 'Countersign Collectibles #1', tokenSymbol: 'CSC' });
    expect(page.results[0]?.imageUri).toMatch(/^data:image\/svg\+xml;base64,/);
    const first = pageSchema(collectibleSchema).parse(
      (await get(`/v2/chains/1337/safes/${team}/collectibles?cursor=limit%3D2%26offset%3D0`)).body,
    );
    expect(first.results).toHaveLength(2);
    const second = pageSchema(collectibleSchema).parse((await get(first.next!)).body);
    expect(second.results.map((c) => c.id)).toEqual(['5']);
  });

  it('v1 answers the same tokens as one list', async () => {
    const list = z
      .array(collectibleSchema)
      .parse((await get(`/v1/chains/1337/safes/${team}/collectibles`)).body);
    expect(list.map((c) => c.id)).toEqual(['1', '2', '5']);
  });
});

describe('owners and decoding', () => {
  it("lists an owner's Safes, and none for a stranger", async () => {
    const [ownerA] = local.devnet.manifest.safes[0]!.owners;
    expect(
      ownedSafesSchema.parse((await get(`/v1/chains/1337/owners/${ownerA!.toLowerCase()}/safes`)).body),
    ).toEqual({ safes: [team] });
    const solo = local.devnet.manifest.safes[1]!;
    expect((await get(`/v1/chains/1337/owners/${solo.owners[0]}/safes`)).body).toEqual({
      safes: [solo.address],
    });
    expect(
      (await get(`/v1/chains/1337/owners/${local.devnet.manifest.accounts[6]!.address}/safes`)).body,
    ).toEqual({ safes: [] });
    expect((await get('/v1/chains/1337/owners/0x12/safes')).status).toBe(422);
  });

  it('decodes calldata, and says so when it cannot', async () => {
    const decode = (body: unknown) =>
      fetch(`${local.gateway.url}/v1/chains/1337/data-decoder`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const data = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [team as `0x${string}`, 5n],
    });
    const ok = await decode({ data, to: team });
    expect(ok.status).toBe(200);
    expect(dataDecodedSchema.parse(await ok.json())).toMatchObject({
      method: 'transfer',
      parameters: [{ value: team }, { value: '5' }],
    });
    expect((await decode({ data: '0xdeadbeef', to: team })).status).toBe(404);
    expect((await decode({ data: 'nothex', to: team })).status).toBe(422);
    expect((await decode({ data })).status).toBe(422);
  });
});
