import { createRequire } from 'node:module';
import { encodeAbiParameters, getAddress, pad, toEventSelector, type Address, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { canonicalProxyFactoryName, proxyFactoryOfLogs, safe141 } from '../src';

const require = createRequire(import.meta.url);
const proxy = getAddress('0xe690d772bCc82DA64dbE2d0Dc83BBfcB3B2c1590');
const other = getAddress('0x5cE21AB6a5D80b3F543752A54beee9eA80fEC7d4');
const factory = getAddress(safe141.safeProxyFactory);
const topic = toEventSelector('ProxyCreation(address,address)');
const singletonWord = pad(safe141.safeL2 as Hex, { size: 32 });

describe('canonical proxy factories', () => {
  it.each([
    ['v1.4.1', 'safe_proxy_factory'],
    ['v1.3.0', 'proxy_factory'],
  ])('knows every deployment of %s %s', (version, file) => {
    const { deployments } = require(`@safe-global/safe-deployments/dist/assets/${version}/${file}.json`) as {
      deployments: Record<string, { address: string }>;
    };
    for (const { address } of Object.values(deployments))
      expect(canonicalProxyFactoryName(address), address).not.toBeNull();
  });

  it('names the 1.4.1 factory and knows no singleton as a factory', () => {
    expect(canonicalProxyFactoryName(factory)).toBe('SafeProxyFactory 1.4.1');
    expect(canonicalProxyFactoryName(safe141.safeL2)).toBeNull();
    expect(canonicalProxyFactoryName('not an address')).toBeNull();
  });
});

describe('proxyFactoryOfLogs', () => {
  const log141 = (emitter: Address, created: Address) => ({
    address: emitter,
    topics: [topic, pad(created, { size: 32 })] as Hex[],
    data: singletonWord,
  });
  const log130 = (emitter: Address, created: Address) => ({
    address: emitter,
    topics: [topic] as Hex[],
    data: encodeAbiParameters(
      [{ type: 'address' }, { type: 'address' }],
      [created, safe141.safeL2 as Address],
    ),
  });

  it('takes the contract that emitted the event naming the proxy, in 1.4.1 and 1.3.0 layouts', () => {
    expect(proxyFactoryOfLogs([log141(factory, proxy)], proxy)).toBe(factory);
    expect(proxyFactoryOfLogs([log130(other, other), log130(factory, proxy)], proxy)).toBe(factory);
  });

  it('finds nothing when no event names the proxy', () => {
    expect(proxyFactoryOfLogs([log141(factory, other)], proxy)).toBeUndefined();
    expect(
      proxyFactoryOfLogs([{ ...log141(factory, proxy), topics: [pad('0x01', { size: 32 })] }], proxy),
    ).toBeUndefined();
    expect(proxyFactoryOfLogs([{ address: factory, topics: [topic], data: '0x' }], proxy)).toBeUndefined();
  });
});
