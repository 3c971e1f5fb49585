import {
  decodeFunctionData,
  encodeFunctionData,
  getAddress,
  encodePacked,
  getContractAddress,
  keccak256,
  pad,
  type Address,
  type Hex,
} from 'viem';
import { safeAbi, safeProxyFactoryAbi } from './abis';
import { zeroAddress } from './addresses';
import { canonicalProxyCreationCode } from './proxyCreationCode';

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

/** A `createProxyWithNonce` call read back: the factory, the new Safe's setup and its address. */
export type SafeCreationCall = {
  factory: Address;
  singleton: Address;
  saltNonce: bigint;
  initializer: Hex;
  /** The initializer as `setup(…)`; null when it is anything else (a proxy of another kind). */
  setup: {
    owners: readonly Address[];
    threshold: bigint;
    /** A delegatecall made during setup (0x0 for none): it can do anything to the new Safe. */
    to: Address;
    data: Hex;
    fallbackHandler: Address;
    payment: bigint;
  } | null;
  /** Where the proxy will be; undefined for a factory whose proxy code is not known here. */
  address: Address | undefined;
};

/**
 * What a call to a SafeProxyFactory creates, decoded from its bytes: the review words a new (nested)
 * Safe from this, never from a form's label. Null when `data` is not `createProxyWithNonce`.
 */
export function decodeSafeCreation(call: { to: Address; data: Hex }): SafeCreationCall | null {
  let args: readonly [Address, Hex, bigint];
  try {
    const decoded = decodeFunctionData({ abi: safeProxyFactoryAbi, data: call.data });
    if (decoded.functionName !== 'createProxyWithNonce') return null;
    args = decoded.args as readonly [Address, Hex, bigint];
  } catch {
    return null;
  }
  const [singleton, initializer, saltNonce] = args;
  let setup: SafeCreationCall['setup'] = null;
  try {
    const decoded = decodeFunctionData({ abi: safeAbi, data: initializer });
    if (decoded.functionName === 'setup') {
      const [owners, threshold, to, data, fallbackHandler, , payment] = decoded.args as readonly [
        readonly Address[],
        bigint,
        Address,
        Hex,
        Address,
        Address,
        bigint,
        Address,
      ];
      setup = { owners, threshold, to, data, fallbackHandler, payment };
    }
  } catch {
    setup = null;
  }
  const proxyCreationCode = canonicalProxyCreationCode(call.to);
  return {
    factory: getAddress(call.to),
    singleton: getAddress(singleton),
    saltNonce,
    initializer,
    setup,
    address:
      proxyCreationCode === undefined
        ? undefined
        : predictSafeAddress({ factory: call.to, singleton, proxyCreationCode, initializer, saltNonce }),
  };
}
