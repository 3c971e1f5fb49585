import { afterEach, describe, expect, it } from 'vitest';
import { devnetChain } from '../testing';
import {
  gatewayRpcUrlOf,
  ownerRpcOrigins,
  ownerRpcOriginsInCookie,
  ownerRpcs,
  rpcSourcesOf,
  rpcUrlOf,
  setOperatorRpcUrls,
  OWNER_RPC_COOKIE,
} from './rpcSources';

const gatewayNamed = 'https://rpc.gateway.example/v1';
const chain = {
  ...devnetChain,
  rpcUri: { authentication: 'NO_AUTHENTICATION' as const, value: gatewayNamed },
};

afterEach(() => {
  setOperatorRpcUrls(undefined);
  ownerRpcs.set({});
});

describe('the RPC a chain is read through', () => {
  it("is the gateway's only where neither the owner nor the operator names one", () => {
    expect(rpcSourcesOf(chain)).toEqual([{ kind: 'gateway', url: gatewayNamed }]);
    // A key the app does not hold: the gateway's public RPC instead.
    const keyed = {
      ...chain,
      rpcUri: { authentication: 'API_KEY_PATH' as const, value: 'https://keyed.example/' },
    };
    expect(gatewayRpcUrlOf(keyed)).toBe(devnetChain.publicRpcUri.value);
  });

  it("is the operator's where the operator names one, and then the gateway's is not read at all", () => {
    setOperatorRpcUrls({ [chain.chainId]: 'https://node.operator.example/KEY' });
    expect(rpcSourcesOf(chain)).toEqual([{ kind: 'operator', url: 'https://node.operator.example/KEY' }]);
    setOperatorRpcUrls({ '1': 'https://mainnet.operator.example' });
    expect(rpcUrlOf(chain)).toBe(gatewayNamed);
  });

  it("is the owner's once it answered the chain's id, with the other source kept to compare", () => {
    setOperatorRpcUrls({ [chain.chainId]: 'https://node.operator.example' });
    ownerRpcs.set({ [chain.chainId]: { url: 'https://mine.example/rpc', state: 'pending' } });
    expect(rpcUrlOf(chain)).toBe('https://node.operator.example');
    ownerRpcs.set({
      [chain.chainId]: { url: 'https://mine.example/rpc', state: 'refused', reason: 'Not used.' },
    });
    expect(rpcUrlOf(chain)).toBe('https://node.operator.example');
    ownerRpcs.set({ [chain.chainId]: { url: 'https://mine.example/rpc', state: 'in-use' } });
    expect(rpcSourcesOf(chain)).toEqual([
      { kind: 'owner', url: 'https://mine.example/rpc' },
      { kind: 'operator', url: 'https://node.operator.example' },
    ]);
    // The same node named twice is one source, not two that always agree.
    ownerRpcs.set({ [chain.chainId]: { url: 'https://node.operator.example', state: 'in-use' } });
    expect(rpcSourcesOf(chain)).toEqual([{ kind: 'owner', url: 'https://node.operator.example' }]);
  });
});

describe("the cookie naming the owner's RPCs to the web server", () => {
  it('carries origins only: a provider key in the path stays in the browser', () => {
    const origins = ownerRpcOrigins({
      '1': { url: 'https://mainnet.infura.example/v3/SECRETKEY', state: 'in-use' },
      '10': { url: 'https://opt.example:8443/rpc', state: 'pending' },
      '137': { url: 'https://refused.example', state: 'refused', reason: 'Not used.' },
    });
    expect(origins).toEqual(['https://mainnet.infura.example', 'https://opt.example:8443']);
    expect(origins.join(' ')).not.toContain('SECRETKEY');
  });

  it('is read back from a Cookie header, at most sixteen origins, and nothing from a broken one', () => {
    const value = encodeURIComponent('https://a.example https://b.example:8443');
    expect(ownerRpcOriginsInCookie(`other=1; ${OWNER_RPC_COOKIE}=${value}; x=y`)).toEqual([
      'https://a.example',
      'https://b.example:8443',
    ]);
    const many = encodeURIComponent(Array.from({ length: 40 }, (_, i) => `https://n${i}.example`).join(' '));
    expect(ownerRpcOriginsInCookie(`${OWNER_RPC_COOKIE}=${many}`)).toHaveLength(16);
    expect(ownerRpcOriginsInCookie(`${OWNER_RPC_COOKIE}=%E0%A4%A`)).toEqual([]);
    expect(ownerRpcOriginsInCookie(undefined)).toEqual([]);
  });
});
