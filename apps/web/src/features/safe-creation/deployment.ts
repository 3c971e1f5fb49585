import { encodeFunctionData, type Address, type Hex } from 'viem';
import {
  encodeSafeSetup,
  predictSafeAddress,
  SAFE_PROXY_CREATION_CODE_141,
  SAFE_PROXY_CREATION_CODE_150,
  safe141,
  safe150,
  safeProxyFactoryAbi,
} from '@countersign/safe-core';
import type { NewSafeVersion } from './newSafeForm';

/** What each version is made of (what an owner should know of it: safeVersionSummaries). */
export const safeVersionFacts: Record<
  NewSafeVersion,
  {
    contracts: Record<'safe' | 'safeL2' | 'safeProxyFactory' | 'compatibilityFallbackHandler', Address>;
    proxyCreationCode: Hex;
  }
> = {
  '1.4.1': {
    contracts: safe141,
    proxyCreationCode: SAFE_PROXY_CREATION_CODE_141,
  },
  '1.5.0': {
    contracts: safe150,
    proxyCreationCode: SAFE_PROXY_CREATION_CODE_150,
  },
};

/**
 * Everything about one new Safe before it exists: the Safe contracts it is made from (1.4.1 or 1.5.0), its
 * `setup` call, the `createProxyWithNonce` transaction that deploys it, and the address it will
 * have. The address is computed here (CREATE2 over the factory, the initializer and the salt
 * nonce), so it is known, shown and checked before anything is sent.
 */
export type SafeDeploymentPlan = {
  chainId: string;
  version: NewSafeVersion;
  owners: readonly Address[];
  threshold: number;
  saltNonce: bigint;
  factory: Address;
  singleton: Address;
  fallbackHandler: Address;
  /** `setup(owners, threshold, 0x0, 0x, fallbackHandler, 0x0, 0, 0x0)` calldata. */
  initializer: Hex;
  /** The transaction to send to `factory`: `createProxyWithNonce(singleton, initializer, saltNonce)`. */
  data: Hex;
  predictedAddress: Address;
};

const MAINNET_CHAIN_ID = '1';

/**
 * The Safe singleton a new proxy points at: Safe on Ethereum mainnet, SafeL2 elsewhere (it emits the
 * events the gateway's indexer reads on chains without tracing).
 */
export function singletonFor(chainId: string, version: NewSafeVersion = '1.4.1'): Address {
  const { contracts } = safeVersionFacts[version];
  return chainId === MAINNET_CHAIN_ID ? contracts.safe : contracts.safeL2;
}

export function planSafeDeployment(params: {
  chainId: string;
  owners: readonly Address[];
  threshold: number;
  saltNonce: bigint;
  version?: NewSafeVersion;
}): SafeDeploymentPlan {
  const version = params.version ?? '1.4.1';
  const { contracts, proxyCreationCode } = safeVersionFacts[version];
  const factory = contracts.safeProxyFactory;
  const singleton = singletonFor(params.chainId, version);
  const fallbackHandler = contracts.compatibilityFallbackHandler;
  const initializer = encodeSafeSetup({
    owners: params.owners,
    threshold: BigInt(params.threshold),
    fallbackHandler,
  });
  return {
    chainId: params.chainId,
    version,
    owners: params.owners,
    threshold: params.threshold,
    saltNonce: params.saltNonce,
    factory,
    singleton,
    fallbackHandler,
    initializer,
    data: encodeFunctionData({
      abi: safeProxyFactoryAbi,
      functionName: 'createProxyWithNonce',
      args: [singleton, initializer, params.saltNonce],
    }),
    predictedAddress: predictSafeAddress({
      factory,
      singleton,
      proxyCreationCode,
      initializer,
      saltNonce: params.saltNonce,
    }),
  };
}
