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
