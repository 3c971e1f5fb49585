import { devAccounts, executeSafeTx, type DevnetClients } from '@countersign/devnet';
import type { SafeTx } from '@countersign/safe-core';
import type { Address } from 'viem';

const [ownerA, ownerB] = [devAccounts()[1]!.account, devAccounts()[2]!.account];

/** Executes `tx` on a demo Safe owned by dev accounts 1 and 2 (the team Safe: 2 of 3), both signing. */
export function executeByOwners(
  clients: DevnetClients,
  safe: Address,
  tx: Omit<Partial<SafeTx>, 'nonce'> & Pick<SafeTx, 'to'>,
) {
  return executeSafeTx(clients, {
    safe,
    executor: ownerA.address,
    approvals: [
      { owner: ownerA, method: 'eip712' },
      { owner: ownerB, method: 'eip712' },
    ],
    tx,
  });
}
