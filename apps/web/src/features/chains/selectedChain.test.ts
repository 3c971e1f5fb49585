import { describe, expect, it } from 'vitest';
import type { ChainInfo } from '@countersign/gateway-api';
import { findChainByShortName, pickChain, unknownShortNameMessage } from './selectedChain';
import { explorerAddressUrl } from './explorer';

const chains = [
  { chainId: '1', shortName: 'eth', chainName: 'Ethereum' },
  { chainId: '31337', shortName: 'dev', chainName: 'Devnet' },
] as ChainInfo[];

describe('pickChain', () => {
  it('uses the remembered chain when the gateway still lists it', () => {
    expect(pickChain(chains, '31337')?.shortName).toBe('dev');
  });
  it('defaults to the first chain', () => {
    expect(pickChain(chains, null)?.shortName).toBe('eth');
    expect(pickChain(chains, '999')?.shortName).toBe('eth');
  });
  it('has nothing to pick before the list loads or from an empty list', () => {
    expect(pickChain(undefined, '1')).toBeUndefined();
    expect(pickChain([], '1')).toBeUndefined();
  });
});

describe('findChainByShortName', () => {
  it('matches exactly, then ignoring case', () => {
    expect(findChainByShortName(chains, 'dev')?.chainId).toBe('31337');
    expect(findChainByShortName(chains, 'ETH')?.chainId).toBe('1');
    expect(findChainByShortName(chains, 'gno')).toBeUndefined();
  });
});

describe('unknownShortNameMessage', () => {
  it('lists the known short names', () => {
    expect(unknownShortNameMessage('gno', chains)).toBe(
      'Unknown chain short name "gno". Known short names: eth, dev.',
    );
    expect(unknownShortNameMessage('gno', [])).toBe(
      'Unknown chain short name "gno": the gateway lists no chains.',
    );
  });
});

describe('explorerAddressUrl', () => {
  const address = '0x5AFE3855358E112B5647B952709E6165e1c1eEEe';
  it('fills the address into an http(s) template', () => {
    expect(explorerAddressUrl('https://explorer.example.com/address/{{address}}', address)).toBe(
      `https://explorer.example.com/address/${address}`,
    );
  });
  it('refuses templates that are not http(s) URLs or have no placeholder', () => {
    expect(explorerAddressUrl('javascript:alert("{{address}}")', address)).toBeNull();
    expect(explorerAddressUrl('not a url {{address}}', address)).toBeNull();
    expect(explorerAddressUrl('https://explorer.example.com/', address)).toBeNull();
  });
});
