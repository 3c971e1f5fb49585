import { describe, expect, it } from 'vitest';
import type { ChainInfo } from '@countersign/gateway-api';
import { findDevnetChain } from './devnetChain';

function chain(chainId: string, rpcUri: string, authentication = 'NO_AUTHENTICATION'): ChainInfo {
  return {
    chainId,
    chainName: `Chain ${chainId}`,
    rpcUri: { authentication, value: rpcUri },
    publicRpcUri: { authentication: 'NO_AUTHENTICATION', value: 'https://public.example.com' },
  } as ChainInfo;
}

describe('findDevnetChain', () => {
  it('finds the devnet by chain id with the RPC URL the gateway gives it', () => {
    const devnet = chain('1337', 'http://127.0.0.1:8545');
    expect(findDevnetChain([chain('1', 'https://eth.example.com'), devnet], '1337')).toEqual({
      ok: true,
      value: { chain: devnet, rpcUrl: 'http://127.0.0.1:8545' },
    });
  });

  it('uses the public RPC when the main one needs an API key', () => {
    const lookup = findDevnetChain([chain('1337', 'https://rpc.example.com/', 'API_KEY_PATH')], '1337');
    expect(lookup.ok && lookup.value.rpcUrl).toBe('https://public.example.com');
  });

  it('says so when the gateway does not list the devnet', () => {
    expect(findDevnetChain([chain('1', 'https://eth.example.com')], '1337')).toEqual({
      ok: false,
      error: 'The gateway does not list the devnet (chain id 1337).',
    });
  });

  it.each(['javascript:alert(1)', 'ws://127.0.0.1:8545', '', 'not a url'])(
    'refuses the RPC URL %j',
    (rpcUrl) => {
      expect(findDevnetChain([chain('1337', rpcUrl)], '1337')).toEqual({
        ok: false,
        error: `The gateway gives Chain 1337 an RPC URL that is not http(s): "${rpcUrl}".`,
      });
    },
  );
});
