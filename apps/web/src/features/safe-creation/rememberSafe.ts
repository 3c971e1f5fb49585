import type { ChainInfo } from '@countersign/gateway-api';
import { setAddressNames, type AddressBookEntry } from '../address-book';
import { addMySafe } from '../safe';
import type { SafeDeploymentPlan } from './deployment';
import type { NewSafeSetup } from './newSafeForm';

/**
 * Once the Safe exists on chain: the names given in the form go to the address book (the owners',
 * and the Safe's own), and the Safe goes into My Safes. Done before the gateway serves it, so a
 * page left early or a slow gateway loses nothing.
 */
export function rememberCreatedSafe(
  setup: NewSafeSetup,
  plan: Pick<SafeDeploymentPlan, 'predictedAddress'>,
  chain: Pick<ChainInfo, 'chainId' | 'shortName'>,
): void {
  const entries: AddressBookEntry[] = setup.owners
    .filter((owner) => owner.name !== '')
    .map((owner) => ({ chainId: chain.chainId, address: owner.address, name: owner.name }));
  if (setup.name !== '') {
    entries.push({ chainId: chain.chainId, address: plan.predictedAddress, name: setup.name });
  }
  if (entries.length > 0) setAddressNames(entries);
  addMySafe({
    chainId: chain.chainId,
    shortName: chain.shortName,
    address: plan.predictedAddress,
    name: setup.name,
    origin: 'created',
  });
}
