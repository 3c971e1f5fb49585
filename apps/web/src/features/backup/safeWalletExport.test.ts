import { describe, expect, it } from 'vitest';
import { readSafeWalletExport } from './safeWalletExport';

const SAFE = '0xe690d772bCc82DA64dbE2d0Dc83BBfcB3B2c1590';
const DAVE = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65';

/** Safe{Wallet}'s exports, written here from their structure (versions 1.0, 2.0, 3.0). */
describe('Safe{Wallet} data exports', () => {
  it('3.0: names and added Safes, and says what it leaves', () => {
    const file = {
      version: '3.0',
      data: {
        addressBook: { '1337': { [SAFE]: 'Team', [DAVE]: 'Dave', nothing: 'x' }, '1': { [DAVE]: ' ' } },
        addedSafes: { '1337': { [SAFE]: { owners: [{ value: DAVE }], threshold: 1 } }, '5': { [DAVE]: {} } },
        settings: { currency: 'eur' },
        safeApps: { '1': { pinned: [24] } },
        undeployedSafes: { '1': { [DAVE]: {} } },
        visitedSafes: { '1337': { [SAFE]: { lastVisited: 1 } } },
      },
    };
    const read = readSafeWalletExport(JSON.stringify(file));
    expect(read).toEqual({
      ok: true,
      value: {
        version: '3.0',
        names: [
          { chainId: '1337', address: SAFE, name: 'Team' },
          { chainId: '1337', address: DAVE, name: 'Dave' },
        ],
        // Object keys that are numbers come in numeric order.
        safes: [
          { chainId: '5', address: DAVE },
          { chainId: '1337', address: SAFE },
        ],
        leftOut: [
          'Safe{Wallet}’s own settings (currency, theme and the like)',
          'pinned Safe Apps (Countersign lists its apps from the gateway)',
          '1 Safe not yet deployed (create them again with New Safe)',
          'the history of 1 visited Safe',
        ],
      },
    });
  });

  it('1.0: its old localStorage, values kept as JSON strings', () => {
    const file = {
      version: '1.0',
      data: {
        SAFE__addressBook: JSON.stringify([{ address: DAVE, name: 'Dave', chainId: '100' }]),
        '_immortal|v2_XDAI__SAFES': JSON.stringify({
          [SAFE]: { address: SAFE, chainId: '100', owners: [DAVE], threshold: 1 },
        }),
      },
    };
    const read = readSafeWalletExport(JSON.stringify(file));
    expect(read.ok && read.value.names).toEqual([{ chainId: '100', address: DAVE, name: 'Dave' }]);
    expect(read.ok && read.value.safes).toEqual([{ chainId: '100', address: SAFE }]);
  });

  it('names what it cannot read', () => {
    expect(readSafeWalletExport('nope')).toEqual({ ok: false, error: 'It is not JSON.' });
    expect(readSafeWalletExport('{"version":"4.0","data":{}}')).toEqual({
      ok: false,
      error: 'It is a Safe{Wallet} export of version 4.0; this app reads 1.0, 2.0 and 3.0.',
    });
    expect(readSafeWalletExport('{"a":1}').ok).toBe(false);
  });
});
