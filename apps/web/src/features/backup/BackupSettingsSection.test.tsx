import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { devnetChain, renderSafePage, teamSafeAddress } from '../../testing';
import { addressBookEntries, setAddressName } from '../address-book';
import { chainKeys } from '../chains';
import { addMySafe, readMySafes } from '../safe';
import { writeBackup } from './backupFile';
import { BackupSettingsSection } from './BackupSettingsSection';

const DAVE = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65';
const ERIN = '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc';

function open() {
  const user = userEvent.setup();
  renderSafePage(<BackupSettingsSection />, {
    seed: (client) => client.setQueryData(chainKeys.all, [devnetChain]),
  });
  return user;
}
const file = (name: string, value: unknown) =>
  new File([typeof value === 'string' ? value : JSON.stringify(value)], name, { type: 'application/json' });

describe('BackupSettingsSection', () => {
  it('restores a backup into another browser, adding what it lacks and keeping what it has', async () => {
    setAddressName('1337', DAVE, 'Dave');
    addMySafe({
      chainId: '1337',
      shortName: 'local',
      address: teamSafeAddress,
      name: 'Team',
      origin: 'added',
    });
    localStorage.setItem('countersign.fiat-currency', 'eur');
    const backup = writeBackup(localStorage);
    expect(JSON.parse(backup)).toMatchObject({ format: 'countersign/backup', version: 1 });
    // Another browser: its own name for Dave, another for Erin, and nothing else.
    localStorage.clear();
    setAddressName('1337', DAVE, 'Dave (mine)');
    setAddressName('1337', ERIN, 'Erin');
    const user = open();
    await user.upload(await screen.findByTestId('backup-file'), file('backup.json', backup));
    expect(await screen.findByTestId('backup-taken')).toHaveTextContent(
      'Taken: fiat currency; 1 of My Safes.',
    );
    expect(screen.getByTestId('backup-kept')).toHaveTextContent(
      '1 address-book name this browser already had',
    );
    expect(addressBookEntries('1337')).toEqual(
      expect.arrayContaining([
        { chainId: '1337', address: DAVE, name: 'Dave (mine)' },
        { chainId: '1337', address: ERIN, name: 'Erin' },
      ]),
    );
    expect(readMySafes().map((safe) => safe.name)).toEqual(['Team']);
    expect(localStorage.getItem('countersign.fiat-currency')).toBe('eur');
  });

  it('imports a Safe{Wallet} 3.0 export and says what it took and what it left', async () => {
    localStorage.clear();
    const user = open();
    await user.upload(
      await screen.findByTestId('safe-wallet-file'),
      file('safe-export.json', {
        version: '3.0',
        data: {
          addressBook: { '1337': { [teamSafeAddress]: 'Treasury', [DAVE]: 'Dave' } },
          addedSafes: { '1337': { [teamSafeAddress]: { owners: [], threshold: 2 } }, '10': { [ERIN]: {} } },
          settings: { currency: 'usd' },
          visitedSafes: {},
        },
      }),
    );
    expect(await screen.findByTestId('backup-outcome')).toHaveTextContent(
      'Imported Safe{Wallet}’s export (version 3.0)',
    );
    expect(screen.getByTestId('backup-taken')).toHaveTextContent(
      'Taken: 2 address-book names from Safe{Wallet}; 1 Safe on My Safes.',
    );
    expect(screen.getByTestId('backup-kept')).toHaveTextContent(
      'Not taken: Safe{Wallet}’s own settings (currency, theme and the like); 1 Safe on chain 10, which this app does not serve.',
    );
    expect(readMySafes()).toMatchObject([{ chainId: '1337', shortName: 'local', name: 'Treasury' }]);
  });
});
