import { getAddress, type Address } from 'viem';
import { safe141, type Safe141ContractName } from './addresses';

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

const byAddress = new Map<Address, string>(
  (Object.keys(displayNames) as Safe141ContractName[]).map((key) => [
    getAddress(safe141[key]),
    displayNames[key],
  ]),
);

/** The human name of a canonical Safe contract, or null for any other address. */
export function knownContractName(address: Address): string | null {
  return byAddress.get(getAddress(address)) ?? null;
}

/**
 * The only contracts a Safe should delegatecall: the canonical MultiSend, MultiSendCallOnly and
 * SignMessageLib (1.4.1, and 1.3.0 in its canonical and EIP-155 deployments). Anything else runs
 * foreign code with the Safe's storage and funds, as in the 2025 front-end attack.
 */
export const trustedDelegateCallTargets: ReadonlySet<Address> = new Set(
  [
    safe141.multiSend,
    safe141.multiSendCallOnly,
    safe141.signMessageLib,
    '0xA238CBeb142c10Ef7Ad8442C6D1f9E89e07e7761', // MultiSend 1.3.0
    '0x998739BFdAAdde7C933B942a68053933098f9EDa', // MultiSend 1.3.0 (EIP-155)
    '0x40A2aCCbd92BCA938b02010E17A5b8929b49130D', // MultiSendCallOnly 1.3.0
    '0xA1dabEF33b3B82c7814B6D82A79e50F4AC44102B', // MultiSendCallOnly 1.3.0 (EIP-155)
    '0xA65387F16B013cf2Af4605Ad8aA5ec25a2cbA3a2', // SignMessageLib 1.3.0
    '0x98FFBBF51bb33A056B08ddf711f289936AafF717', // SignMessageLib 1.3.0 (EIP-155)
  ].map((address) => getAddress(address)),
);

/** Whether a delegatecall to `address` is to one of the trusted libraries. */
export function isTrustedDelegateCallTarget(address: string): boolean {
  try {
    return trustedDelegateCallTargets.has(getAddress(address));
  } catch {
    return false;
  }
}
