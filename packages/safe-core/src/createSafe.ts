import {
  encodeFunctionData,
  encodePacked,
  getContractAddress,
  keccak256,
  pad,
  type Address,
  type Hex,
} from 'viem';
import { safeAbi } from './abis';
import { zeroAddress } from './addresses';

export type SafeSetup = {
  owners: readonly Address[];
  threshold: bigint;
  fallbackHandler: Address;
  /** Optional delegate call made during setup (e.g. to enable modules). */
  to?: Address;
  data?: Hex;
};

/** The initializer a proxy is created with: `setup(...)` calldata, no payment. */
export function encodeSafeSetup(setup: SafeSetup): Hex {
  return encodeFunctionData({
    abi: safeAbi,
    functionName: 'setup',
    args: [
      [...setup.owners],
      setup.threshold,
      setup.to ?? zeroAddress,
      setup.data ?? '0x',
      setup.fallbackHandler,
      zeroAddress,
      0n,
      zeroAddress,
    ],
  });
}

/**
 * Where SafeProxyFactory.createProxyWithNonce will put a proxy: CREATE2 with
 * salt = keccak256(keccak256(initializer) ++ saltNonce) over proxyCreationCode ++ singleton.
 */
export function predictSafeAddress(params: {
  factory: Address;
  singleton: Address;
  proxyCreationCode: Hex;
  initializer: Hex;
  saltNonce: bigint;
}): Address {
  const salt = keccak256(
    encodePacked(['bytes32', 'uint256'], [keccak256(params.initializer), params.saltNonce]),
  );
  const bytecode = encodePacked(
    ['bytes', 'uint256'],
    [params.proxyCreationCode, BigInt(pad(params.singleton, { size: 32 }))],
  );
  return getContractAddress({ opcode: 'CREATE2', from: params.factory, salt, bytecode });
}
