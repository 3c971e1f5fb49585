import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { devAccounts } from '@countersign/devnet';
import { safeMessageTypedData } from '@countersign/safe-core';
import { hashMessage, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devnetChainConfig, startGateway } from '../src';
import { startLocalGateway, type LocalGateway } from './support/localGateway';
import { cookieHeader, sessionAt, siweMessage, siweNonce, verifySiwe } from './support/siwe';

let local: LocalGateway;
const accounts = devAccounts();
const ownerA = accounts[1]!.account;
const soloOwner = accounts[4]!.account;

/** The web app the SIWE messages below are made for: the gateway allows it, and only it. */
const webOrigin = 'http://127.0.0.1:5173';

beforeAll(async () => {
  local = await startLocalGateway({ corsOrigins: [webOrigin], limits: { secureCookies: true } });
});
afterAll(() => local?.stop());

const nonce = (base = local.gateway.url) => siweNonce(base);
const verify = (message: string, signature: string, base = local.gateway.url) =>
  verifySiwe(base, message, signature);
const me = (cookie: string | null, base = local.gateway.url) => sessionAt(base, cookie);

describe('Sign-In with Ethereum', () => {
  it('hands out nonces and verifies an EOA, setting an HttpOnly session cookie', async () => {
    const value = await nonce();
    expect(value).toMatch(/^[a-zA-Z0-9]{8,}$/);
    const message = siweMessage(ownerA.address, value);
    const result = await verify(message, await ownerA.signMessage({ message }));
    expect(result.status).toBe(200);
    expect(result.cookie).toMatch(/^access_token=/);
    expect(result.cookie).toMatch(/HttpOnly/);
    expect(result.cookie).toMatch(/SameSite=Lax/);
    expect(result.cookie).toMatch(/Path=\//);
    // GATEWAY_SECURE_COOKIES: a TLS proxy serves the gateway, which itself sees plain http.
    expect(result.cookie).toMatch(/Secure/);
    const session = await me(result.cookie);
    expect(session.status).toBe(200);
    expect(await session.json()).toMatchObject({ authMethod: 'siwe', signerAddress: ownerA.address });
  });

  it('uses a nonce once', async () => {
    const value = await nonce();
    const message = siweMessage(ownerA.address, value);
    const signature = await ownerA.signMessage({ message });
    expect((await verify(message, signature)).status).toBe(200);
    expect(await verify(message, signature)).toMatchObject({
      status: 401,
      body: { message: 'Invalid nonce' },
    });
    const unknown = siweMessage(ownerA.address, 'abcdefgh12345678');
    expect(await verify(unknown, await ownerA.signMessage({ message: unknown }))).toMatchObject({
      status: 401,
      body: { message: 'Invalid nonce' },
    });
  });

  it('refuses a signature by someone else, and messages outside their time', async () => {
    const forged = siweMessage(ownerA.address, await nonce());
    expect(await verify(forged, await soloOwner.signMessage({ message: forged }))).toMatchObject({
      status: 401,
      body: { message: 'Invalid signature' },
    });
    const expired = siweMessage(ownerA.address, await nonce(), {
      issuedAt: new Date(Date.now() - 7_200_000),
      expirationTime: new Date(Date.now() - 3_600_000),
    });
    expect(await verify(expired, await ownerA.signMessage({ message: expired }))).toMatchObject({
      status: 401,
      body: { message: 'Invalid message' },
    });
    const future = siweMessage(ownerA.address, await nonce(), { issuedAt: new Date(Date.now() + 3_600_000) });
    expect((await verify(future, await ownerA.signMessage({ message: future }))).status).toBe(401);
    const tooLong = siweMessage(ownerA.address, await nonce(), {
      expirationTime: new Date(Date.now() + 48 * 3_600_000),
    });
    expect((await verify(tooLong, await ownerA.signMessage({ message: tooLong }))).status).toBe(403);
    expect(await verify('not a SIWE message', '0x1234')).toMatchObject({
      status: 401,
      body: { message: 'Invalid message' },
    });
  });

  it('verifies a contract wallet, a Safe, through EIP-1271', async () => {
    const solo = local.devnet.manifest.safes[1]!.address as Address;
    const message = siweMessage(solo, await nonce());
    // The Safe's owner signs the message as a Safe message; the Safe answers isValidSignature for it.
    const signature = await soloOwner.signTypedData(
      safeMessageTypedData({ chainId: 1337, safe: solo, message: hashMessage(message) }),
    );
    const result = await verify(message, signature);
    expect(result.status).toBe(200);
    expect(await (await me(result.cookie)).json()).toMatchObject({ signerAddress: solo });
  });

  it('refuses /me without a session, and ends the session on logout', async () => {
    const anonymous = await me(null);
    expect(anonymous.status).toBe(403);
    expect(await anonymous.json()).toMatchObject({ message: 'Forbidden resource', statusCode: 403 });
    const logout = await fetch(`${local.gateway.url}/v1/auth/logout`, { method: 'POST' });
    expect(logout.status).toBe(200);
    expect(logout.headers.get('set-cookie')).toMatch(/access_token=;.*Max-Age=0/);
  });

  it('revokes the session on logout: a copy of the old cookie no longer works', async () => {
    const message = siweMessage(ownerA.address, await nonce());
    const { cookie } = await verify(message, await ownerA.signMessage({ message }));
    expect((await me(cookie)).status).toBe(200);
    const logout = await fetch(`${local.gateway.url}/v1/auth/logout`, {
      method: 'POST',
      headers: cookieHeader(cookie),
    });
    expect(logout.status).toBe(200);
    const after = await me(cookie);
    expect(after.status).toBe(403);
    expect(await after.json()).toMatchObject({ message: 'Forbidden resource' });
  });

  it('refuses a message made for another site or another chain, and keeps its nonce unspent', async () => {
    const cases = [
      {
        domain: 'evil.example',
        uri: webOrigin,
        message: "The message's domain is not this gateway's web app",
      },
      {
        domain: '127.0.0.1:5173',
        uri: 'https://evil.example/login',
        message: "The message's uri is not this gateway's web app",
      },
      {
        domain: '127.0.0.1:5174',
        uri: 'http://127.0.0.1:5174',
        message: "The message's domain is not this gateway's web app",
      },
      { chainId: 1, message: 'The message is for a chain this gateway does not serve' },
    ];
    for (const { message: expected, ...overrides } of cases) {
      const value = await nonce();
      const message = siweMessage(ownerA.address, value, overrides);
      const result = await verify(message, await ownerA.signMessage({ message }));
      expect(result, JSON.stringify(overrides)).toMatchObject({ status: 401, body: { message: expected } });
      expect(result.cookie).toBeNull();
      // Refused before the nonce was spent: the right message can still use it.
      const right = siweMessage(ownerA.address, value);
      expect((await verify(right, await ownerA.signMessage({ message: right }))).status).toBe(200);
    }
  });

  it("skips the site check when the gateway allows any origin ('*')", async () => {
    const any = await startGateway({
      port: 0,
      chains: [devnetChainConfig(local.devnet.manifest, { explorerUrl: 'http://127.0.0.1:5173/explorer' })],
      corsOrigins: ['*'],
    });
    try {
      const message = siweMessage(ownerA.address, await nonce(any.url), {
        domain: 'other.example:8080',
        uri: 'http://other.example:8080',
      });
      expect((await verify(message, await ownerA.signMessage({ message }), any.url)).status).toBe(200);
    } finally {
      await any.close();
    }
  });

  it('keeps a session across a gateway restart on the same data', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'countersign-auth-'));
    const options = {
      port: 0,
      chains: [devnetChainConfig(local.devnet.manifest, { explorerUrl: 'http://127.0.0.1:5173/explorer' })],
      corsOrigins: [webOrigin],
      store: { dataDir },
    };
    try {
      const first = await startGateway(options);
      const message = siweMessage(ownerA.address, await nonce(first.url));
      const { cookie } = await verify(message, await ownerA.signMessage({ message }), first.url);
      await first.close();
      const second = await startGateway(options);
      try {
        expect((await me(cookie, second.url)).status).toBe(200);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
