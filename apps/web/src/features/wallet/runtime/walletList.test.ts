import { describe, expect, it } from 'vitest';
import { walletGroups } from './walletList';

const params = { projectId: 'walletconnect-disabled', appName: 'Countersign' };

function walletsOf(walletConnect: boolean) {
  return walletGroups({ walletConnect }).map((group) => ({
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
});
