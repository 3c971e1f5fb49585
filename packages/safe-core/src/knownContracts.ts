import type { Address } from 'viem';
import { addressTable, lookUpAddress } from './addressKeys';
import {
  safe130,
  safe130Eip155Singletons,
  safe141,
  safe150,
  safeMigration141Address,
  type Safe141ContractName,
  type Safe150ContractName,
} from './addresses';

const displayNames: Record<Safe141ContractName, string> = {
  safeL2: 'SafeL2 1.4.1',
  safe: 'Safe 1.4.1',
  safeProxyFactory: 'SafeProxyFactory 1.4.1',
  compatibilityFallbackHandler: 'CompatibilityFallbackHandler 1.4.1',
  multiSend: 'MultiSend 1.4.1',
  multiSendCallOnly: 'MultiSendCallOnly 1.4.1',
  signMessageLib: 'SignMessageLib 1.4.1',
  createCall: 'CreateCall 1.4.1',
  simulateTxAccessor: 'SimulateTxAccessor 1.4.1',
};

const displayNames150: Record<Safe150ContractName, string> = {
  safeL2: 'SafeL2 1.5.0',
  safe: 'Safe 1.5.0',
  safeProxyFactory: 'SafeProxyFactory 1.5.0',
  compatibilityFallbackHandler: 'CompatibilityFallbackHandler 1.5.0',
  multiSend: 'MultiSend 1.5.0',
  multiSendCallOnly: 'MultiSendCallOnly 1.5.0',
  signMessageLib: 'SignMessageLib 1.5.0',
  createCall: 'CreateCall 1.5.0',
  simulateTxAccessor: 'SimulateTxAccessor 1.5.0',
  safeMigration: 'SafeMigration 1.5.0',
  safeToL2Setup: 'SafeToL2Setup 1.5.0',
  extensibleFallbackHandler: 'ExtensibleFallbackHandler 1.5.0',
  tokenCallbackHandler: 'TokenCallbackHandler 1.5.0',
};

const byAddress = addressTable<string>([
  ...(Object.keys(displayNames150) as Safe150ContractName[]).map(
    (key) => [safe150[key], displayNames150[key]] as const,
  ),
  ...(Object.keys(displayNames) as Safe141ContractName[]).map(
    (key) => [safe141[key], displayNames[key]] as const,
  ),
  [safe130.safeL2, 'SafeL2 1.3.0'],
  [safe130.safe, 'Safe 1.3.0'],
  [safe130.safeProxyFactory, 'SafeProxyFactory 1.3.0'],
  [safe130.compatibilityFallbackHandler, 'CompatibilityFallbackHandler 1.3.0'],
  [safeMigration141Address, 'SafeMigration 1.4.1'],
]);

/** The human name of a canonical Safe contract, or null for any other address. */
export function knownContractName(address: Address): string | null {
  return lookUpAddress(byAddress, address);
}

/**
 * The only contracts a Safe should delegatecall: the canonical MultiSend, MultiSendCallOnly and
 * SignMessageLib (1.5.0, 1.4.1, and 1.3.0 in its canonical and EIP-155 deployments), and SafeMigration
 * 1.4.1 and 1.5.0.
 * Anything else runs foreign code with the Safe's storage and funds, as in the 2025 front-end attack.
 */
const trustedDelegateCallTargets = addressTable<true>(
  [
    safe141.multiSend,
    safe141.multiSendCallOnly,
    safe141.signMessageLib,
    safe150.multiSend,
    safe150.multiSendCallOnly,
    safe150.signMessageLib,
    '0xA238CBeb142c10Ef7Ad8442C6D1f9E89e07e7761', // MultiSend 1.3.0
    '0x998739BFdAAdde7C933B942a68053933098f9EDa', // MultiSend 1.3.0 (EIP-155)
    '0x40A2aCCbd92BCA938b02010E17A5b8929b49130D', // MultiSendCallOnly 1.3.0
    '0xA1dabEF33b3B82c7814B6D82A79e50F4AC44102B', // MultiSendCallOnly 1.3.0 (EIP-155)
    '0xA65387F16B013cf2Af4605Ad8aA5ec25a2cbA3a2', // SignMessageLib 1.3.0
    '0x98FFBBF51bb33A056B08ddf711f289936AafF717', // SignMessageLib 1.3.0 (EIP-155)
    // The upgrades (see safeMigration.ts): each writes slot 0, but only ever to its version's
    // canonical Safe or SafeL2 (immutables set at its deployment), and sets that version's canonical
    // fallback handler; neither has any other function, and both refuse to be called directly.
    safeMigration141Address,
    safe150.safeMigration,
  ].map((address) => [address, true] as const),
);

/** Whether a delegatecall to `address` is to one of the trusted libraries. */
export function isTrustedDelegateCallTarget(address: string): boolean {
  return lookUpAddress(trustedDelegateCallTargets, address) === true;
}

/**
 * The Safe singletons a proxy should point at: 1.5.0, 1.4.1 and 1.3.0 (canonical, EIP-155 and zkSync deployments),
 * each as Safe and SafeL2. Anything else in the proxy's slot 0 runs code nobody audited as a Safe.
 */
const canonicalSingletons = addressTable<string>([
  [safe150.safe, 'Safe 1.5.0'],
  [safe150.safeL2, 'SafeL2 1.5.0'],
  [safe141.safe, 'Safe 1.4.1'],
  [safe141.safeL2, 'SafeL2 1.4.1'],
  [safe130.safe, 'Safe 1.3.0'],
  [safe130.safeL2, 'SafeL2 1.3.0'],
  [safe130Eip155Singletons.safe, 'Safe 1.3.0 (EIP-155)'],
  [safe130Eip155Singletons.safeL2, 'SafeL2 1.3.0 (EIP-155)'],
  ['0xC35F063962328aC65cED5D4c3fC5dEf8dec68dFa', 'Safe 1.4.1 (zkSync)'],
  ['0x610fcA2e0279Fa1F8C00c8c2F71dF522AD469380', 'SafeL2 1.4.1 (zkSync)'],
  ['0xB00ce5CCcdEf57e539ddcEd01DF43a13855d9910', 'Safe 1.3.0 (zkSync)'],
  ['0x1727c2c531cf966f902E5927b98490fDFb3b2b70', 'SafeL2 1.3.0 (zkSync)'],
] as const);

/** The canonical fallback handlers: CompatibilityFallbackHandler 1.5.0, 1.4.1 and 1.3.0, in every deployment. */
const canonicalFallbackHandlers = addressTable<string>([
  [safe150.compatibilityFallbackHandler, 'CompatibilityFallbackHandler 1.5.0'],
  [safe141.compatibilityFallbackHandler, 'CompatibilityFallbackHandler 1.4.1'],
  [safe130.compatibilityFallbackHandler, 'CompatibilityFallbackHandler 1.3.0'],
  ['0x017062a1dE2FE6b99BE3d9d37841FeD19F573804', 'CompatibilityFallbackHandler 1.3.0 (EIP-155)'],
  ['0x9301E98DD367135f21bdF66f342A249c9D5F9069', 'CompatibilityFallbackHandler 1.4.1 (zkSync)'],
  ['0x2f870a80647BbC554F3a0EBD093f11B4d2a7492A', 'CompatibilityFallbackHandler 1.3.0 (zkSync)'],
] as const);

/** The name of a canonical Safe singleton (1.5.0, 1.4.1 or 1.3.0), or null for any other address. */
export const canonicalSingletonName = (address: string): string | null =>
  lookUpAddress(canonicalSingletons, address);

/** The version of a canonical Safe singleton ('1.5.0', '1.4.1', '1.3.0'), or null for any other address. */
export const canonicalSingletonVersion = (address: string): string | null =>
  canonicalSingletonName(address)?.match(/\d+\.\d+\.\d+/)?.[0] ?? null;

/** The name of a canonical CompatibilityFallbackHandler (1.5.0, 1.4.1 or 1.3.0), or null for any other address. */
export const canonicalFallbackHandlerName = (address: string): string | null =>
  lookUpAddress(canonicalFallbackHandlers, address);

/**
 * The canonical SafeProxyFactory deployments (1.4.1 and 1.3.0, canonical, EIP-155 and zkSync). A
 * factory writes the proxy's code and runs its setup: one that is not a Safe deployment may have
 * created something that only looks like a Safe.
 */
const canonicalProxyFactories = addressTable<string>([
  [safe150.safeProxyFactory, 'SafeProxyFactory 1.5.0'],
  [safe141.safeProxyFactory, 'SafeProxyFactory 1.4.1'],
  ['0xc329D02fd8CB2fc13aa919005aF46320794a8629', 'SafeProxyFactory 1.4.1 (zkSync)'],
  [safe130.safeProxyFactory, 'GnosisSafeProxyFactory 1.3.0'],
  ['0xC22834581EbC8527d974F8a1c97E1bEA4EF910BC', 'GnosisSafeProxyFactory 1.3.0 (EIP-155)'],
  ['0xDAec33641865E4651fB43181C6DB6f7232Ee91c2', 'GnosisSafeProxyFactory 1.3.0 (zkSync)'],
] as const);

/** The name of a canonical SafeProxyFactory (1.4.1 or 1.3.0), or null for any other address. */
export const canonicalProxyFactoryName = (address: string): string | null =>
  lookUpAddress(canonicalProxyFactories, address);
