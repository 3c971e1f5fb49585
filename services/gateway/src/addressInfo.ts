import type { AddressInfo } from '@countersign/gateway-api';
import { knownContractName } from '@countersign/safe-core';
import { getAddress } from 'viem';

/** An address as the API shows it: checksummed, named when it is a contract we know. */
export function addressInfo(value: string, name?: string | null): AddressInfo {
  const address = getAddress(value);
  return { value: address, name: name ?? knownContractName(address), logoUri: null };
}
