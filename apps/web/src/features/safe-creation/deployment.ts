import { encodeFunctionData, type Address, type Hex } from 'viem';
import { encodeSafeSetup, predictSafeAddress, safe141, safeProxyFactoryAbi } from '@countersign/safe-core';
import { SAFE_PROXY_CREATION_CODE_141 } from './proxyCreationCode';

/**
 * Everything about one new Safe before it exists: the Safe 1.4.1 contracts it is made from, its
 * `setup` call, the `createProxyWithNonce` transaction that deploys it, and the address it will
 * have. The address is computed here (CREATE2 over the factory, the initializer and the salt
 * nonce), so it is known, shown and checked before anything is sent.
 */
export type SafeDeploymentPlan = {
  chainId: string;
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
export function singletonFor(chainId: string): Address {
  return chainId === MAINNET_CHAIN_ID ? safe141.safe : safe141.safeL2;
}

export function planSafeDeployment(params: {
  chainId: string;
  owners: readonly Address[];
  threshold: number;
  saltNonce: bigint;
}): SafeDeploymentPlan {
  const factory = safe141.safeProxyFactory;
  const singleton = singletonFor(params.chainId);
  const fallbackHandler = safe141.compatibilityFallbackHandler;
  const initializer = encodeSafeSetup({
    owners: params.owners,
    threshold: BigInt(params.threshold),
    fallbackHandler,
  });
  return {
    chainId: params.chainId,
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
      proxyCreationCode: SAFE_PROXY_CREATION_CODE_141,
      initializer,
      saltNonce: params.saltNonce,
    }),
  };
}
