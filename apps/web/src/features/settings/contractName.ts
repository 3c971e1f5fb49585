import type { AddressInfo } from '@countersign/gateway-api';
import { knownContractName } from '@countersign/safe-core';
import type { Address } from 'viem';

/** The name of a contract the Safe uses: the gateway's, else the canonical Safe contract's, else null. */
export function contractName(info: AddressInfo): string | null {
  if (info.name !== null && info.name.trim() !== '') return info.name;
  try {
    return knownContractName(info.value as Address);
  } catch {
    return null;
  }
}
