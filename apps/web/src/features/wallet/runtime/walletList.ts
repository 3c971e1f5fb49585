import { createConnector } from 'wagmi';
import { injected } from 'wagmi/connectors';
import type { Wallet, WalletDetailsParams, WalletList } from '@rainbow-me/rainbowkit';
import {
  braveWallet,
  coinbaseWallet,
  enkryptWallet,
  frameWallet,
  injectedWallet,
  ledgerWallet,
  metaMaskWallet,
  okxWallet,
  phantomWallet,
  rabbyWallet,
  rainbowWallet,
  safeWallet,
  tahoWallet,
  talismanWallet,
  trustWallet,
  walletConnectWallet,
  zerionWallet,
} from '@rainbow-me/rainbowkit/wallets';

/** A wallet factory as `connectorsForWallets` takes it. */
export type CreateWalletFn = WalletList[number]['wallets'][number];

/** A plain injected connector named after the wallet (authorisation kept across reloads: shimDisconnect). */
function injectedConnectorFor(wallet: Wallet) {
  return (details: WalletDetailsParams) =>
    createConnector((config) => ({
      ...injected({
        shimDisconnect: true,
        target: { id: wallet.id, name: wallet.name, provider: (window) => window?.ethereum },
      })(config),
      ...details,
    }));
}

/**
 * Without a WalletConnect project id nothing may leave the machine, so a wallet that would fall back
 * to WalletConnect (QR code, mobile and desktop links) is offered as its browser extension only: it
 * connects when installed, and otherwise shows RainbowKit's install steps. The placeholder id only
 * satisfies the wallet factory; the WalletConnect connector it configures is replaced, never built.
 */
export function extensionOnly(create: CreateWalletFn): CreateWalletFn {
  return (params) => {
    const wallet = create({ ...params, projectId: 'walletconnect-disabled' });
    const { qrCode: _qrCode, mobile: _mobile, desktop: _desktop, ...rest } = wallet;
    const installed = wallet.installed === true;
    return { ...rest, installed, createConnector: injectedConnectorFor(wallet) };
  };
}

/**
 * The wallets offered, in the specification's groups (RainbowKit adds Recent on top, and every
 * EIP-6963 wallet the browser announces as Installed). The injected "Browser Wallet" and Safe (when
 * Countersign runs inside a Safe) are always there; WalletConnect wallets only with a project id.
 */
export function walletGroups(options: { walletConnect: boolean; devnetWallet?: CreateWalletFn }): WalletList {
  const remote = (create: CreateWalletFn) => (options.walletConnect ? create : extensionOnly(create));
  const recommended = [injectedWallet, safeWallet, remote(metaMaskWallet)];
  if (options.devnetWallet) recommended.unshift(options.devnetWallet);
  if (options.walletConnect) recommended.push(walletConnectWallet);
  const popular = [remote(rainbowWallet), rabbyWallet, remote(trustWallet)];
  if (options.walletConnect) popular.push(coinbaseWallet, ledgerWallet);
  return [
    { groupName: 'Recommended', wallets: recommended },
    { groupName: 'Popular', wallets: popular },
    { groupName: 'Other', wallets: [braveWallet, phantomWallet, remote(zerionWallet), remote(okxWallet)] },
    { groupName: 'More', wallets: [frameWallet, enkryptWallet, talismanWallet, tahoWallet] },
  ];
}
