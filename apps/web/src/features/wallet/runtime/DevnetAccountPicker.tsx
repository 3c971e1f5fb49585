import { useId } from 'react';
import { useAccount } from 'wagmi';
import type { DevnetWalletConfig } from '../../../lib/config';
import type { DevnetProvider } from './devnetProvider';
import { DrawnSelect } from '../../../ui';

/** The devnet wallet's account picker: switching accounts is what a wallet's own account menu does. */
export function DevnetAccountPicker({
  provider,
  accounts,
}: {
  provider: DevnetProvider;
  accounts: DevnetWalletConfig['accounts'];
}) {
  const id = useId();
  const { address } = useAccount();
  const selected = address ?? provider.selectedAccount;
  const current = accounts.find((account) => account.address.toLowerCase() === selected?.toLowerCase());
  // The closed picker shows only the account's label ("#1 owner A"), whole: a select shows its
  // option's full text, which a header has no room for. The options keep the address to choose by.
  return (
    <>
      <label htmlFor={id} className="visually-hidden">
        Devnet account
      </label>
      <DrawnSelect shown={current?.label ?? 'Choose an account'} shownTestId="devnet-account-shown">
        <select
          id={id}
          data-testid="devnet-account"
          value={selected}
          onChange={(event) => provider.selectAccount(event.target.value)}
        >
          {accounts.map((account) => (
            <option key={account.address} value={account.address}>
              {account.label} · {account.address.slice(0, 6)}…{account.address.slice(-4)}
            </option>
          ))}
        </select>
      </DrawnSelect>
    </>
  );
}
