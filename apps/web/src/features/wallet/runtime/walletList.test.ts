import { describe, expect, it } from 'vitest';
import { disabledWalletIds, walletGroups } from './walletList';

const params = { projectId: 'walletconnect-disabled', appName: 'Countersign' };

function walletsOf(walletConnect: boolean, disabledWallets: string[] = []) {
  return walletGroups({ walletConnect, disabledWallets }).map((group) => ({
    group: group.groupName,
    wallets: group.wallets.map((create) => create(params)),
  }));
}

describe('walletGroups', () => {
  it("offers the specification's groups, the injected wallet and Safe always", () => {
    for (const walletConnect of [false, true]) {
      const groups = walletsOf(walletConnect);
      expect(groups.map((group) => group.group)).toEqual(['Recommended', 'Popular', 'Other', 'More']);
      const ids = groups.flatMap((group) => group.wallets.map((wallet) => wallet.id));
      expect(ids).toContain('injected');
      expect(ids).toContain('safe');
    }
  });

  it('without a project id, no wallet offers a QR code or a WalletConnect link', () => {
    const wallets = walletsOf(false).flatMap((group) => group.wallets);
    expect(wallets.map((wallet) => wallet.id)).not.toContain('walletConnect');
    for (const wallet of wallets) {
      expect(wallet.qrCode).toBeUndefined();
      expect(wallet.mobile?.getUri).toBeUndefined();
      expect(wallet.desktop?.getUri).toBeUndefined();
    }
    // Still listed, so they can be installed.
    const metaMask = wallets.find((wallet) => wallet.id === 'metaMask');
    expect(metaMask?.installed).toBe(false);
    expect(metaMask?.downloadUrls?.chrome).toMatch(/^https:\/\//);
  });

  it('with a project id, WalletConnect and its QR codes are offered', () => {
    const wallets = walletsOf(true).flatMap((group) => group.wallets);
    expect(wallets.map((wallet) => wallet.id)).toContain('walletConnect');
    expect(wallets.find((wallet) => wallet.id === 'metaMask')?.qrCode?.getUri).toBeTypeOf('function');
  });

  it("hides the wallets a chain's disabledWallets names, in the gateway's spelling, but never the injected one", () => {
    expect(
      disabledWalletIds(['metamask', 'walletConnect_v2', 'ledger_v2', 'coinbaseWallet', 'tally']),
    ).toEqual(new Set(['metamask', 'walletconnect', 'ledger', 'coinbase', 'taho']));
    const disabled = [
      'metamask',
      'walletConnect_v2',
      'ledger_v2',
      'coinbase',
      'tally',
      'detectedwallet',
      'injected',
    ];
    const wallets = walletsOf(true, disabled).flatMap((group) => group.wallets);
    const hidden = wallets.filter((wallet) => wallet.hidden?.() === true).map((wallet) => wallet.id);
    expect(hidden.sort()).toEqual(['coinbase', 'ledger', 'metaMask', 'taho', 'walletConnect']);
    expect(wallets.find((wallet) => wallet.id === 'injected')?.hidden).toBeUndefined();
  });
});
