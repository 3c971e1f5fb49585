import { createConnector } from 'wagmi';
import { injected, safe } from 'wagmi/connectors';
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
 * How long the Safe connector waits for the Safe around Countersign to describe itself. wagmi's
 * default, 10 ms, is shorter than a host's first answer on a cold load (28–47 ms measured), which
 * left Countersign unlinked inside a Safe.
 */
const SAFE_INFO_TIMEOUT_MS = 1_000;

/**
 * RainbowKit's Safe entry (listed only inside an iframe) over wagmi's safe() connector with
 * shimDisconnect off: the Safe around the app is the account, and a disconnect is not remembered.
 */
export const safeAppWallet: CreateWalletFn = () => ({
  ...safeWallet(),
  createConnector: (details) =>
    createConnector((config) => ({
      ...safe({ shimDisconnect: false, unstable_getInfoTimeout: SAFE_INFO_TIMEOUT_MS })(config),
      ...details,
    })),
});

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
  const recommended = [injectedWallet, safeAppWallet, remote(metaMaskWallet)];
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
