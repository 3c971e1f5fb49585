import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { devAccounts, seedOffchainDemo } from '@countersign/devnet';
import { cursorOf, proposalBody, type SafeApp } from '@countersign/gateway-api';
import {
  buildSafeTx,
  delegateTotp,
  delegateTypedData,
  deleteRequestTypedData,
  encodeMultiSend,
  hashSafeTx,
  safeMessageContentHash,
  safeMessageHash,
  safe141,
  safeMessageTypedData,
  safeTxTypedData,
} from '@countersign/safe-core';
import { encodeFunctionData, erc20Abi, parseEther, type Address } from 'viem';
import { createSiweMessage } from 'viem/siwe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalGateway, type LocalGateway } from './support/localGateway';
import { registrationBody } from './support/registrations';

/**
 * The gateway answers as the real Safe Client Gateway does: every endpoint of the specification's
 * table (and the ones this gateway serves beyond it) is called against the demo scenario, and each
 * answer is validated against its response schema in the CGW's own OpenAPI document
 * (fixtures/cgw-openapi.json: an exact copy of the snapshot in shared/reference, kept as data).
 *
 * The document is OpenAPI 3.0 made by NestJS's Swagger plugin; it is read as JSON Schema with these
 * conversions, each a reading of what the document means rather than a loosening of it:
 * - `nullable: true` (OpenAPI 3.0) is "or null": `anyOf: [schema, {type: 'null'}]`. JSON Schema has no
 *   such keyword, and `type` alone cannot say it next to `allOf`/`$ref`, which NestJS emits for every
 *   nullable object field.
 * - `oneOf` is read as `anyOf`. NestJS emits `oneOf` for a TypeScript union, which means "one of these
 *   shapes", not JSON Schema's "exactly one": CustomTransactionInfo and MultiSendTransactionInfo both
 *   have `type: "Custom"` and no `additionalProperties: false`, so every MultiSend batch the real
 *   gateway sends matches both, and strict `oneOf` would refuse it. For unions whose members differ in
 *   their `type` value (all the others here), `anyOf` and `oneOf` accept exactly the same answers.
 * - `example` is documentation, and is dropped.
 *
 * Where the document is wrong about the real gateway, compared with shared/docs/gateway-api.md, the
 * exception is taken here, each with its reason:
 * - MultiSend.dataDecoded is `BaseDataDecoded | null`: the gateway's own schema is
 *   `BaseDataDecodedSchema.nullable()` (doc §6); an entry with calldata nothing can decode (or none,
 *   such as a plain ETH transfer in a batch) has `dataDecoded: null`. The document marks it optional
 *   but not nullable.
 * - DELETE routes and POST delegates are documented as 204; the real gateway answers 200 with an empty
 *   body (doc §1 "Status codes", §7.21, §7.23). Both are accepted, always with an empty body.
 * - `GET /v1/chains/{c}/safes/{safe}/collectibles` (v1, unpaged) is not in the document: the NestJS
 *   gateway never had it (doc §7.8). This gateway serves it for the classic SDK; its items are
 *   validated as the document's Collectible.
 * - `GET /v1/icons/{chainId}/{address}.svg` is this gateway's own (the generated token icons every
 *   `logoUri` may point at); it is checked for what it must be instead: an inert SVG.
 */

const spec = JSON.parse(readFileSync(new URL('./fixtures/cgw-openapi.json', import.meta.url), 'utf8')) as {
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>
  >;
  components: { schemas: Record<string, unknown> };
};

type Json = Record<string, unknown>;
const schemaMaps = new Set(['properties', 'patternProperties']);
const schemaLists = new Set(['allOf', 'anyOf']);
const schemaSingles = new Set(['items', 'additionalProperties', 'not']);

/** An OpenAPI 3.0 schema as JSON Schema, `$ref`s pointing into the `cgw` document (see above). */
function toJsonSchema(node: unknown): unknown {
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return node;
  const { nullable, example: _example, oneOf, ...rest } = node as Json;
  const out: Json = {};
  for (const [key, value] of Object.entries(rest)) {
    if (key === '$ref' && typeof value === 'string') {
      out.$ref = value.replace('#/components/schemas/', 'cgw#/definitions/');
    } else if (schemaMaps.has(key) && value && typeof value === 'object') {
      out[key] = Object.fromEntries(
        Object.entries(value).map(([name, schema]) => [name, toJsonSchema(schema)]),
      );
    } else if (schemaLists.has(key) && Array.isArray(value)) {
      out[key] = value.map(toJsonSchema);
    } else if (schemaSingles.has(key)) {
      out[key] = toJsonSchema(value);
    } else {
      out[key] = value;
    }
  }
  if (Array.isArray(oneOf)) {
    const union = oneOf.map(toJsonSchema);
    if (out.anyOf === undefined) out.anyOf = union;
    else out.allOf = [...((out.allOf as unknown[] | undefined) ?? []), { anyOf: union }];
  }
  return nullable === true ? { anyOf: [out, { type: 'null' }] } : out;
}

const definitions = Object.fromEntries(
  Object.entries(spec.components.schemas).map(([name, schema]) => [name, toJsonSchema(schema)]),
) as Record<string, Json>;
// Exception (see above): a MultiSend entry's dataDecoded may be null.
const multiSendProperties = definitions.MultiSend!.properties as Json;
multiSendProperties.dataDecoded = { anyOf: [multiSendProperties.dataDecoded, { type: 'null' }] };

const ajv = new Ajv({ allErrors: true, strict: true, strictTypes: false, strictTuples: false });
addFormats(ajv);
ajv.addSchema({ $id: 'cgw', definitions });

const validators = new Map<string, ValidateFunction>();
/** The validator of the document's response schema for one operation and status. */
function responseValidator(method: string, template: string, status: string): ValidateFunction | null {
  const key = `${method} ${template} ${status}`;
  const operation = spec.paths[template]?.[method];
  if (!operation) throw new Error(`${method.toUpperCase()} ${template} is not in the document`);
  const response = operation.responses[status];
  if (!response) throw new Error(`${key}: no such response in the document`);
  const schema = response.content?.['application/json']?.schema;
  if (schema === undefined) return null;
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile(toJsonSchema(schema) as Json);
    validators.set(key, validate);
  }
  return validate;
}

let local: LocalGateway;
let team: Address;
let solo: Address;
const accounts = devAccounts();
const [ownerA, ownerB] = [accounts[1]!.account, accounts[2]!.account];
const delegateAccount = accounts[6]!.account;
const recipient = accounts[8]!.account.address;

const catalogue: SafeApp[] = [
  {
    id: 3,
    url: 'http://127.0.0.1:4000/tx-builder',
    name: 'Transaction Builder',
    iconUrl: 'http://127.0.0.1:4000/tx-builder/icon.svg',
    description: 'Batches of transactions',
    chainIds: ['1337'],
    provider: { url: 'https://safe.global', name: 'Safe' },
    accessControl: { type: 'DOMAIN_ALLOWLIST', value: ['http://127.0.0.1:5173'] },
    tags: ['Infrastructure'],
    features: ['BATCHED_TRANSACTIONS'],
    developerWebsite: 'https://safe.global',
    socialProfiles: [{ platform: 'GITHUB', url: 'https://github.com/safe-global' }],
    featured: true,
  },
  {
    id: 4,
    url: 'http://127.0.0.1:4000/plain',
    name: 'Plain',
    iconUrl: null,
    description: '',
    chainIds: ['1337'],
    provider: null,
    accessControl: { type: 'NO_RESTRICTIONS', value: null },
    tags: [],
    features: [],
    developerWebsite: null,
    socialProfiles: [],
    featured: false,
  },
];

/** Every operation checked, as `METHOD template`; compared with the table at the end. */
const checked = new Set<string>();

type Answer = { status: number; headers: Headers; text: string; body: unknown };

async function call(
  method: string,
  path: string,
  options: { body?: unknown; cookie?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.cookie) headers.cookie = options.cookie;
  const response = await fetch(path.startsWith('http') ? path : `${local.gateway.url}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  const json = response.headers.get('content-type')?.startsWith('application/json') ?? false;
  return {
    status: response.status,
    headers: response.headers,
    text,
    body: text && json ? JSON.parse(text) : undefined,
  };
}

/**
 * Calls `path` and checks the answer against the document's schema for `template`: the status it
 * documents (or 200 where it says 204, see above), and the body.
 */
async function conforms(
  method: 'get' | 'post' | 'delete',
  template: string,
  path: string,
  options: { body?: unknown; cookie?: string; status?: string } = {},
): Promise<Answer> {
  const status = options.status ?? '200';
  const answer = await call(method.toUpperCase(), path, options);
  checked.add(`${method.toUpperCase()} ${template}`);
  const accepted = status === '204' ? [200, 204] : [Number(status)];
  expect(accepted, `${method.toUpperCase()} ${path} answered ${answer.status}: ${answer.text}`).toContain(
    answer.status,
  );
  const validate = responseValidator(method, template, status);
  if (validate === null) {
    expect(answer.text, `${method.toUpperCase()} ${path} should have no body`).toBe('');
  } else {
    const valid = validate(answer.body);
    expect(valid ? [] : describeErrors(validate, answer.body), `${method.toUpperCase()} ${path}`).toEqual([]);
  }
  return answer;
}

/** Ajv's errors, each with the value it was about (the innermost first, which is usually the cause). */
function describeErrors(validate: ValidateFunction, body: unknown): string[] {
  return (validate.errors ?? []).slice(0, 12).map((error) => {
    const value = error.instancePath
      .split('/')
      .slice(1)
      .reduce<unknown>(
        (node, key) => (node as Json | undefined)?.[key.replace(/~1/g, '/').replace(/~0/g, '~')],
        body,
      );
    return `${error.instancePath || '(root)'} ${error.message} ${JSON.stringify(error.params)} — got ${JSON.stringify(value)?.slice(0, 200)}`;
  });
}

/** Every page of a list, following `next` as the gateway gave it. */
async function allPages(template: string, path: string): Promise<Json[]> {
  const results: Json[] = [];
  let next: string | null = path;
  for (let pages = 0; next !== null && pages < 50; pages++) {
    const page = (await conforms('get', template, next)).body as { next: string | null; results: Json[] };
    results.push(...page.results);
    next = page.next;
  }
  return results;
}

const safeTemplate = '/v1/chains/{chainId}/safes/{safeAddress}';
const transactionIds = new Set<string>();
const collect = (items: Json[]) => {
  for (const item of items) {
    if (item.type === 'TRANSACTION') transactionIds.add((item.transaction as { id: string }).id);
  }
};

beforeAll(async () => {
  // The SIWE message below is made for the web app at 127.0.0.1:5173, which the gateway must allow.
  local = await startLocalGateway({ safeApps: catalogue, corsOrigins: ['http://127.0.0.1:5173'] });
  team = local.devnet.manifest.safes[0]!.address as Address;
  solo = local.devnet.manifest.safes[1]!.address as Address;
  await local.indexed();
  // The off-chain half of the demo (queued proposals, a message), as `npm start` posts it.
  await seedOffchainDemo(local.devnet.manifest, local.gateway.url);
});
afterAll(() => local?.stop());

describe('chains', () => {
  it('GET /v1/chains, every page, and /v1/chains/{chainId}', async () => {
    const chains = await allPages('/v1/chains', '/v1/chains?cursor=limit%3D1%26offset%3D0');
    expect(chains.map((chain) => chain.chainId)).toEqual(['1337']);
    const chain = (await conforms('get', '/v1/chains/{chainId}', '/v1/chains/1337')).body as Json;
    expect((chain.nativeCurrency as Json).logoUri).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/v1\/icons\/1337\/0x0{40}\.png$/,
    );
  });

  it('GET /v1/chains/{chainId}/about/master-copies', async () => {
    await conforms('get', '/v1/chains/{chainId}/about/master-copies', '/v1/chains/1337/about/master-copies');
  });
});

describe('Safes', () => {
  it('GET SafeInfo of both demo Safes', async () => {
    await conforms('get', safeTemplate, `/v1/chains/1337/safes/${team}`);
    await conforms('get', safeTemplate, `/v1/chains/1337/safes/${solo}`);
  });

  it('GET nonces and the Safes of an owner', async () => {
    await conforms('get', `${safeTemplate}/nonces`, `/v1/chains/1337/safes/${team}/nonces`);
    await conforms(
      'get',
      '/v1/chains/{chainId}/owners/{ownerAddress}/safes',
      `/v1/chains/1337/owners/${ownerA.address}/safes`,
    );
  });
});

describe('assets', () => {
  it('GET balances, with and without filters, every token with a logo URL', async () => {
    const template = `${safeTemplate}/balances/{fiatCode}`;
    const usd = (await conforms('get', template, `/v1/chains/1337/safes/${team}/balances/usd`)).body as {
      items: { tokenInfo: { logoUri: string } }[];
    };
    expect(usd.items.length).toBeGreaterThanOrEqual(3);
    await conforms(
      'get',
      template,
      `/v1/chains/1337/safes/${team}/balances/EUR?trusted=true&exclude_spam=false`,
    );
    for (const { tokenInfo } of usd.items) {
      const icon = await call('GET', tokenInfo.logoUri);
      expect(icon.status).toBe(200);
      expect(icon.headers.get('content-type')).toBe('image/png');
    }
  });

  it('GET the supported fiat codes', async () => {
    await conforms('get', '/v1/balances/supported-fiat-codes', '/v1/balances/supported-fiat-codes');
  });

  it('GET collectibles: v2 pages, and v1 (not in the document) item by item', async () => {
    const template = '/v2/chains/{chainId}/safes/{safeAddress}/collectibles';
    const all = await allPages(
      template,
      `/v2/chains/1337/safes/${team}/collectibles?cursor=limit%3D2%26offset%3D0`,
    );
    expect(all.length).toBe(3);
    await conforms(
      'get',
      template,
      `/v2/chains/1337/safes/${team}/collectibles?trusted=true&exclude_spam=true`,
    );
    const v1 = await call('GET', `/v1/chains/1337/safes/${team}/collectibles`);
    expect(v1.status).toBe(200);
    const collectible = ajv.getSchema('cgw#/definitions/Collectible')!;
    for (const item of v1.body as unknown[]) {
      expect(collectible(item) ? [] : describeErrors(collectible, item)).toEqual([]);
    }
    checked.add(`GET ${safeTemplate}/collectibles`);
  });

  it('POST the data decoder, a MultiSend batch included', async () => {
    const dusd = local.devnet.manifest.tokens.find((token) => token.symbol === 'DUSD')!.address as Address;
    const batch = encodeMultiSend([
      { operation: 0, to: recipient, value: parseEther('0.1'), data: '0x' },
      {
        operation: 0,
        to: dusd,
        value: 0n,
        data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [recipient, 5n] }),
      },
    ]);
    for (const data of [
      batch,
      encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [recipient, 1n] }),
    ]) {
      await conforms('post', '/v1/chains/{chainId}/data-decoder', '/v1/chains/1337/data-decoder', {
        body: { data, to: team },
      });
    }
  });
});

describe('transactions', () => {
  it('GET history, every page, with its filters', async () => {
    const template = `${safeTemplate}/transactions/history`;
    const items = await allPages(
      template,
      `/v1/chains/1337/safes/${team}/transactions/history?cursor=limit%3D5%26offset%3D0`,
    );
    expect(items.some((item) => item.type === 'DATE_LABEL')).toBe(true);
    collect(items);
    collect(
      await allPages(
        template,
        `/v1/chains/1337/safes/${team}/transactions/history?trusted=false&imitation=false&timezone=Europe%2FBerlin`,
      ),
    );
    collect(await allPages(template, `/v1/chains/1337/safes/${solo}/transactions/history`));
  });

  it('GET the creation of each demo Safe', async () => {
    for (const safe of [team, solo]) {
      const { body } = await conforms(
        'get',
        `${safeTemplate}/transactions/creation`,
        `/v1/chains/1337/safes/${safe}/transactions/creation`,
      );
      expect(body).toMatchObject({ factoryAddress: safe141.safeProxyFactory });
    }
  });

  it('GET the queue, every page', async () => {
    const template = `${safeTemplate}/transactions/queued`;
    const items = await allPages(
      template,
      `/v1/chains/1337/safes/${team}/transactions/queued?cursor=limit%3D1%26offset%3D0`,
    );
    expect(items.map((item) => item.type)).toContain('CONFLICT_HEADER');
    collect(items);
    await conforms('get', template, `/v1/chains/1337/safes/${team}/transactions/queued?trusted=false`);
  });

  it('GET the multisig, module and incoming lists, with filters', async () => {
    const base = `/v1/chains/1337/safes/${team}`;
    const dusd = local.devnet.manifest.tokens.find((token) => token.symbol === 'DUSD')!.address;
    const module = local.devnet.manifest.modules[0]!.module;
    collect(await allPages(`${safeTemplate}/multisig-transactions`, `${base}/multisig-transactions/`));
    await conforms(
      'get',
      `${safeTemplate}/multisig-transactions`,
      `${base}/multisig-transactions/?executed=true&nonce=3`,
    );
    collect(await allPages(`${safeTemplate}/module-transactions`, `${base}/module-transactions/`));
    await conforms(
      'get',
      `${safeTemplate}/module-transactions`,
      `${base}/module-transactions/?module=${module}`,
    );
    const incoming = await allPages(
      `${safeTemplate}/incoming-transfers`,
      `${base}/incoming-transfers/?cursor=limit%3D3%26offset%3D0`,
    );
    collect(incoming);
    await conforms(
      'get',
      `${safeTemplate}/incoming-transfers`,
      `${base}/incoming-transfers/?trusted=false&token_address=${dusd}`,
    );
    // Every ERC20/ERC721 transfer names its token's logo: known, or the gateway's icon.
    for (const item of incoming) {
      const info = ((item.transaction as Json).txInfo as Json).transferInfo as Json;
      if (info.type !== 'NATIVE_COIN')
        expect(info.logoUri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1\/icons\//);
    }
  });

  it('GET the details of every transaction listed, by id and by safeTxHash', async () => {
    const template = '/v1/chains/{chainId}/transactions/{id}';
    const ids = [...transactionIds].filter((id) => !id.startsWith('creation_'));
    expect(ids.length).toBeGreaterThan(15);
    let batch: Json | undefined;
    for (const id of ids) {
      const details = (await conforms('get', template, `/v1/chains/1337/transactions/${id}`)).body as Json;
      const txData = details.txData as Json | null;
      if (txData?.tokenInfoIndex) batch = details;
      const execution = details.detailedExecutionInfo as Json | null;
      if (execution?.type === 'MULTISIG' && details.executedAt !== null) {
        expect(BigInt(execution.fee as string)).toBeGreaterThan(0n);
        expect(execution.payment).toBe('0');
      }
      if (execution?.type === 'MULTISIG' && details.executedAt === null) {
        expect([execution.fee, execution.payment]).toEqual(['0', '0']);
      }
      if (id.startsWith('multisig_')) {
        await conforms('get', template, `/v1/chains/1337/transactions/${id.split('_')[2]}`);
      }
    }
    // The demo's batch moves ETH and DUSD: both are in its tokenInfoIndex.
    const index = (batch?.txData as Json | undefined)?.tokenInfoIndex as Record<string, Json> | undefined;
    expect(
      Object.values(index ?? {})
        .map((token) => token.symbol)
        .sort(),
    ).toEqual(['DUSD', 'ETH']);
  });

  it('POST an estimation, a proposal, and DELETE the proposal', async () => {
    await conforms(
      'post',
      '/v2/chains/{chainId}/safes/{address}/multisig-transactions/estimations',
      `/v2/chains/1337/safes/${team}/multisig-transactions/estimations`,
      { body: { to: recipient, value: parseEther('0.01').toString(), data: null, operation: 0 } },
    );
    const { recommendedNonce } = (await call('GET', `/v1/chains/1337/safes/${team}/nonces`)).body as {
      recommendedNonce: number;
    };
    const tx = buildSafeTx({ to: recipient, value: parseEther('0.02'), nonce: BigInt(recommendedNonce) });
    const safeTxHash = hashSafeTx({ chainId: 1337, safe: team, tx });
    await conforms(
      'post',
      '/v1/chains/{chainId}/transactions/{safeAddress}/propose',
      `/v1/chains/1337/transactions/${team}/propose`,
      {
        body: proposalBody(tx, {
          safeTxHash,
          sender: ownerA.address,
          signature: await ownerA.signTypedData(safeTxTypedData({ chainId: 1337, safe: team, tx })),
          origin: JSON.stringify({
            url: catalogue[0]!.url,
            name: 'Transaction Builder',
            note: 'conformance',
          }),
        }),
      },
    );
    await conforms(
      'post',
      '/v1/chains/{chainId}/transactions/{safeTxHash}/confirmations',
      `/v1/chains/1337/transactions/${safeTxHash}/confirmations`,
      { body: { signature: await ownerB.signTypedData(safeTxTypedData({ chainId: 1337, safe: team, tx })) } },
    );
    const signature = await ownerA.signTypedData(
      deleteRequestTypedData({ chainId: 1337, safe: team, safeTxHash, totp: delegateTotp() }),
    );
    await conforms(
      'delete',
      '/v1/chains/{chainId}/transactions/{safeTxHash}',
      `/v1/chains/1337/transactions/${safeTxHash}`,
      {
        body: { signature },
        status: '204',
      },
    );
  });
});

describe('messages', () => {
  it('GET the list and each message, POST one and a confirmation', async () => {
    const template = `${safeTemplate}/messages`;
    const items = await allPages(template, `/v1/chains/1337/safes/${team}/messages`);
    const seeded = items.find((item) => item.type === 'MESSAGE') as { messageHash: string } | undefined;
    expect(seeded).toBeDefined();
    await conforms(
      'get',
      '/v1/chains/{chainId}/messages/{messageHash}',
      `/v1/chains/1337/messages/${seeded!.messageHash}`,
    );

    const message = `conformance ${randomUUID()}`;
    const sign = (owner: typeof ownerA) =>
      owner.signTypedData(
        safeMessageTypedData({ chainId: 1337, safe: team, message: safeMessageContentHash(message) }),
      );
    await conforms('post', template, `/v1/chains/1337/safes/${team}/messages`, {
      body: { message, signature: await sign(ownerA), origin: null },
      status: '202',
    });
    const messageHash = safeMessageHash({ chainId: 1337, safe: team, message });
    await conforms(
      'post',
      '/v1/chains/{chainId}/messages/{messageHash}/signatures',
      `/v1/chains/1337/messages/${messageHash}/signatures`,
      { body: { signature: await sign(ownerB) } },
    );
    // CONFIRMED now: with a preparedSignature.
    await conforms(
      'get',
      '/v1/chains/{chainId}/messages/{messageHash}',
      `/v1/chains/1337/messages/${messageHash}`,
    );

    // An EIP-712 message (the other shape of Message.message).
    const typed = {
      domain: { name: 'Countersign Test', version: '1', chainId: 1337 },
      primaryType: 'Mail',
      types: { Mail: [{ name: 'contents', type: 'string' }] },
      message: { contents: `conformance ${randomUUID()}` },
    };
    await conforms('post', template, `/v1/chains/1337/safes/${team}/messages`, {
      body: {
        message: typed,
        signature: await ownerA.signTypedData(
          safeMessageTypedData({ chainId: 1337, safe: team, message: safeMessageContentHash(typed) }),
        ),
      },
      status: '202',
    });
    const typedHash = safeMessageHash({ chainId: 1337, safe: team, message: typed });
    await conforms(
      'get',
      '/v1/chains/{chainId}/messages/{messageHash}',
      `/v1/chains/1337/messages/${typedHash}`,
    );
    await allPages(template, `/v1/chains/1337/safes/${team}/messages?cursor=limit%3D1%26offset%3D0`);
  });
});

describe('delegates, notifications, Safe Apps', () => {
  it('POST a delegate, GET it on v1 and v2, DELETE it', async () => {
    const signature = (signer: typeof ownerA) =>
      signer.signTypedData(
        delegateTypedData({ chainId: 1337, delegate: delegateAccount.address, totp: delegateTotp() }),
      );
    await conforms('post', '/v2/chains/{chainId}/delegates', '/v2/chains/1337/delegates', {
      body: {
        safe: team,
        delegate: delegateAccount.address,
        delegator: ownerA.address,
        signature: await signature(ownerA),
        label: 'Bookkeeper',
      },
      status: '204',
    });
    for (const version of ['v1', 'v2']) {
      const page = (
        await conforms(
          'get',
          `/${version}/chains/{chainId}/delegates`,
          `/${version}/chains/1337/delegates?safe=${team}`,
        )
      ).body as { results: unknown[] };
      expect(page.results).toHaveLength(1);
    }
    await conforms(
      'get',
      '/v2/chains/{chainId}/delegates',
      `/v2/chains/1337/delegates?delegator=${ownerA.address}&label=Bookkeeper`,
    );
    await conforms(
      'delete',
      '/v2/chains/{chainId}/delegates/{delegateAddress}',
      `/v2/chains/1337/delegates/${delegateAccount.address}`,
      { body: { safe: team, signature: await signature(delegateAccount) }, status: '204' },
    );
  });

  it('POST a device registration, DELETE a Safe of it and the device', async () => {
    const body = await registrationBody({ safe: team, signer: ownerA, token: 'conformance-token' });
    const { uuid } = body;
    await conforms('post', '/v1/register/notifications', '/v1/register/notifications', { body });
    await conforms(
      'delete',
      '/v1/chains/{chainId}/notifications/devices/{uuid}/safes/{safeAddress}',
      `/v1/chains/1337/notifications/devices/${uuid}/safes/${team}`,
      { status: '204' },
    );
    await conforms(
      'delete',
      '/v1/chains/{chainId}/notifications/devices/{uuid}',
      `/v1/chains/1337/notifications/devices/${uuid}`,
      { status: '204' },
    );
  });

  it('GET the Safe Apps, with clientUrl and url', async () => {
    const template = '/v1/chains/{chainId}/safe-apps';
    expect((await conforms('get', template, '/v1/chains/1337/safe-apps')).body).toHaveLength(2);
    await conforms(
      'get',
      template,
      `/v1/chains/1337/safe-apps?clientUrl=${encodeURIComponent('http://127.0.0.1:5173')}&url=${encodeURIComponent(catalogue[0]!.url)}`,
    );
  });
});

describe('Sign-In with Ethereum', () => {
  it('GET a nonce, POST verify, GET me, POST logout', async () => {
    const { nonce } = (await conforms('get', '/v1/auth/nonce', '/v1/auth/nonce')).body as { nonce: string };
    const message = createSiweMessage({
      address: ownerA.address,
      chainId: 1337,
      domain: '127.0.0.1:5173',
      uri: 'http://127.0.0.1:5173',
      version: '1',
      nonce,
      issuedAt: new Date(),
    });
    const verified = await conforms('post', '/v1/auth/verify', '/v1/auth/verify', {
      body: { message, signature: await ownerA.signMessage({ message }) },
    });
    const cookie = verified.headers.get('set-cookie')!.split(';')[0]!;
    await conforms('get', '/v1/auth/me', '/v1/auth/me', { cookie });
    await conforms('post', '/v1/auth/logout', '/v1/auth/logout', { cookie });
  });
});

describe('token icons (this gateway’s own)', () => {
  it('serves a deterministic PNG, cacheable for long, inert if opened as a document', async () => {
    const dev = local.devnet.manifest.tokens.find((token) => token.symbol === 'DEV')!.address;
    const get = async (path: string) => {
      const response = await fetch(`${local.gateway.url}${path}`);
      return { response, bytes: Buffer.from(await response.arrayBuffer()) };
    };
    const { response, bytes } = await get(`/v1/icons/1337/${dev}.png`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toMatch(/max-age=\d{6,}/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    expect(response.headers.get('content-security-policy')).toMatch(/script-src 'none'/);
    expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect((await get(`/v1/icons/1337/${dev.toLowerCase()}.png`)).bytes).toEqual(bytes);
    // Another token, the native currency: another picture.
    expect((await get(`/v1/icons/1337/0x${'0'.repeat(40)}.png`)).bytes).not.toEqual(bytes);
    const unknown = await get(`/v1/icons/1337/0x${'12'.repeat(20)}.png`);
    expect(unknown.response.status).toBe(200);
    expect(unknown.response.headers.get('cache-control')).toBe('public, max-age=300');
    expect((await get(`/v1/icons/1337/0x12.png`)).response.status).toBe(422);
    expect((await get(`/v1/icons/1/${dev}.png`)).response.status).toBe(404);
    expect((await get(`/v1/icons/1337/${dev}.svg`)).response.status).toBe(404);
  });
});

describe('the harness', () => {
  it('refuses what the document refuses', () => {
    const details = responseValidator('get', '/v1/chains/{chainId}/transactions/{id}', '200')!;
    const multisig = {
      type: 'MULTISIG',
      submittedAt: 1,
      nonce: 1,
      safeTxGas: '0',
      baseGas: '0',
      gasPrice: '0',
      gasToken: `0x${'0'.repeat(40)}`,
      refundReceiver: { value: team, name: null, logoUri: null },
      safeTxHash: `0x${'1'.repeat(64)}`,
      executor: null,
      signers: [],
      confirmationsRequired: 1,
      confirmations: [],
      rejectors: [],
      gasTokenInfo: null,
      trusted: true,
      proposer: null,
      proposedByDelegate: null,
    };
    const answer = {
      safeAddress: team,
      txId: 'multisig_x',
      executedAt: null,
      txStatus: 'AWAITING_CONFIRMATIONS',
      txInfo: {
        type: 'Custom',
        to: { value: team, name: null, logoUri: null },
        dataSize: '0',
        value: '0',
        isCancellation: true,
        methodName: null,
        humanDescription: null,
      },
      txData: null,
      detailedExecutionInfo: { ...multisig, fee: '0', payment: '0' },
      txHash: null,
      safeAppInfo: null,
      note: null,
    };
    expect(details(answer)).toBe(true);
    // Without fee and payment (what this gateway answered before), and with an unknown txStatus.
    expect(details({ ...answer, detailedExecutionInfo: multisig })).toBe(false);
    expect(details({ ...answer, txStatus: 'PENDING' })).toBe(false);
    expect(details({ ...answer, executedAt: null, txData: null, note: null })).toBe(true);
    const chain = responseValidator('get', '/v1/chains/{chainId}', '200')!;
    const nativeCurrency = ajv.getSchema('cgw#/definitions/NativeCurrency')!;
    expect(nativeCurrency({ name: 'Ether', symbol: 'ETH', decimals: 18, logoUri: null })).toBe(false);
    expect(chain({})).toBe(false);
  });
});

describe('coverage', () => {
  /** The specification's table (§7), plus what this gateway serves beyond it, as document templates. */
  const served = [
    `GET ${safeTemplate}`,
    `GET ${safeTemplate}/incoming-transfers`,
    `GET ${safeTemplate}/module-transactions`,
    `GET ${safeTemplate}/multisig-transactions`,
    `GET ${safeTemplate}/balances/{fiatCode}`,
    'GET /v1/balances/supported-fiat-codes',
    'GET /v1/chains/{chainId}/owners/{ownerAddress}/safes',
    `GET ${safeTemplate}/collectibles`,
    'GET /v2/chains/{chainId}/safes/{safeAddress}/collectibles',
    `GET ${safeTemplate}/transactions/history`,
    `GET ${safeTemplate}/transactions/queued`,
    `GET ${safeTemplate}/transactions/creation`,
    'GET /v1/chains/{chainId}/transactions/{id}',
    'POST /v2/chains/{chainId}/safes/{address}/multisig-transactions/estimations',
    `GET ${safeTemplate}/nonces`,
    'POST /v1/chains/{chainId}/transactions/{safeAddress}/propose',
    'GET /v1/chains',
    'GET /v1/chains/{chainId}',
    'GET /v1/chains/{chainId}/safe-apps',
    'GET /v1/chains/{chainId}/about/master-copies',
    'POST /v1/chains/{chainId}/data-decoder',
    `GET ${safeTemplate}/messages`,
    'GET /v1/chains/{chainId}/messages/{messageHash}',
    `POST ${safeTemplate}/messages`,
    'POST /v1/chains/{chainId}/messages/{messageHash}/signatures',
    'GET /v1/chains/{chainId}/delegates',
    'POST /v1/register/notifications',
    'DELETE /v1/chains/{chainId}/notifications/devices/{uuid}/safes/{safeAddress}',
    'DELETE /v1/chains/{chainId}/notifications/devices/{uuid}',
    // Beyond the table:
    'DELETE /v1/chains/{chainId}/transactions/{safeTxHash}',
    'POST /v1/chains/{chainId}/transactions/{safeTxHash}/confirmations',
    'GET /v2/chains/{chainId}/delegates',
    'POST /v2/chains/{chainId}/delegates',
    'DELETE /v2/chains/{chainId}/delegates/{delegateAddress}',
    'GET /v1/auth/nonce',
    'POST /v1/auth/verify',
    'GET /v1/auth/me',
    'POST /v1/auth/logout',
  ];

  it('checked every endpoint the gateway serves', () => {
    expect(served.filter((operation) => !checked.has(operation))).toEqual([]);
  });

  it('paging links lead back to the gateway, and carry the cursor the client reads', async () => {
    const page = (
      await call('GET', `/v1/chains/1337/safes/${team}/transactions/history?cursor=limit%3D2%26offset%3D0`)
    ).body as { next: string };
    expect(page.next.startsWith(local.gateway.url)).toBe(true);
    expect(cursorOf(page.next)).toBe('limit=2&offset=2');
  });
});
