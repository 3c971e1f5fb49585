import { mnemonicToSeedSync } from '@scure/bip39';
import { HDKey, hdKeyToAccount, type HDAccount } from 'viem/accounts';
import { toHex } from 'viem';

/** anvil's default mnemonic: every dev account below is derived from it, so the demo is reproducible. */
export const devMnemonic = 'test test test test test test test test test test test junk';

/**
 * What each of anvil's first ten accounts is in the demo scenario, as the devnet wallet and `npm
 * start` name them (start also says which demo Safes each owns, as the chain answers).
 */
export const devAccountRoles = [
  'deployer',
  'owner A',
  'owner B',
  'owner C',
  'owner of the 1-of-1 Safe',
  // Owns the Legacy Safe; was added to the team Safe and removed again (its history shows both).
  'owner D',
  'outside sender',
  'module',
  'recipient',
  // Owns the Legacy Safe.
  'owner E',
] as const;

export type DevAccount = { index: number; role: string; account: HDAccount; privateKey: `0x${string}` };

let cache: DevAccount[] | undefined;

export function devAccounts(): DevAccount[] {
  if (cache) return cache;
  // One seed derivation (PBKDF2) for all ten accounts instead of one per mnemonicToAccount call.
  const root = HDKey.fromMasterSeed(mnemonicToSeedSync(devMnemonic));
  cache = devAccountRoles.map((role, index) => {
    const account = hdKeyToAccount(root, { addressIndex: index });
    const key = account.getHdKey().privateKey;
    if (!key) throw new Error('HD key without a private key');
    return { index, role, account, privateKey: toHex(key) };
  });
  return cache;
}
