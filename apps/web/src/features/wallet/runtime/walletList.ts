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
 * The Safe wallets allowed to host Countersign: the origins the server lets frame it
 * (FRAME_ANCESTORS), so that no other page around it is taken for a Safe.
 */
function originPatterns(origins: readonly string[]): RegExp[] {
  return origins.map((origin) => new RegExp(`^${origin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
}

/**
 * RainbowKit's Safe entry (listed only inside an iframe) over wagmi's safe() connector with
 * shimDisconnect off: the Safe around the app is the account, and a disconnect is not remembered.
 */
export const safeAppWallet =
  (hostOrigins: readonly string[]): CreateWalletFn =>
  () => ({
    ...safeWallet(),
    createConnector: (details) =>
      createConnector((config) => ({
        ...safe({
          shimDisconnect: false,
          unstable_getInfoTimeout: SAFE_INFO_TIMEOUT_MS,
          allowedDomains: originPatterns(hostOrigins),
        })(config),
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

/** Safe{Wallet}'s wallet names, as gateways list them in a chain's `disabledWallets`, where they differ from RainbowKit's ids. */
const gatewayWalletAliases: Record<string, string> = {
  coinbasewallet: 'coinbase',
  walletlink: 'coinbase',
  tally: 'taho',
  tallyho: 'taho',
  gnosissafe: 'safe',
  okxwallet: 'okx',
  trustwallet: 'trust',
  rabbywallet: 'rabby',
  bravewallet: 'brave',
};

/** A wallet name compared loosely: case, punctuation and a version suffix ("walletConnect_v2") ignored. */
function walletKey(name: string): string {
  const key = name
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .replace(/v\d+$/, '');
  return gatewayWalletAliases[key] ?? key;
}

/**
 * Which of the listed wallets a chain's `disabledWallets` names. The injected wallet stays offered
 * whatever the chain says (as do wallets the browser announces through EIP-6963, which RainbowKit
 * lists on its own).
 */
export function disabledWalletIds(disabledWallets: readonly string[]): Set<string> {
  const keys = new Set(disabledWallets.map(walletKey));
  keys.delete('injected');
  return keys;
}

function unlessDisabled(create: CreateWalletFn, disabled: Set<string>): CreateWalletFn {
  return (params) => {
    const wallet = create(params);
    return disabled.has(walletKey(wallet.id)) ? { ...wallet, hidden: () => true } : wallet;
  };
}

/**
 * The wallets offered, in the specification's groups (RainbowKit adds Recent on top, and every
 * EIP-6963 wallet the browser announces as Installed). The injected "Browser Wallet" and Safe (when
 * Countersign runs inside a Safe) are always there; WalletConnect wallets only with a project id.
 */
export function walletGroups(options: {
  walletConnect: boolean;
  devnetWallet?: CreateWalletFn;
  /** The current chain's `disabledWallets`, from the gateway. */
  disabledWallets?: readonly string[];
  /** The Safe wallets that may frame Countersign (FRAME_ANCESTORS). */
  safeHostOrigins?: readonly string[];
}): WalletList {
  const remote = (create: CreateWalletFn) => (options.walletConnect ? create : extensionOnly(create));
  const recommended = [injectedWallet, safeAppWallet(options.safeHostOrigins ?? []), remote(metaMaskWallet)];
  if (options.devnetWallet) recommended.unshift(options.devnetWallet);
  if (options.walletConnect) recommended.push(walletConnectWallet);
  const popular = [remote(rainbowWallet), rabbyWallet, remote(trustWallet)];
  if (options.walletConnect) popular.push(coinbaseWallet, ledgerWallet);
  const groups: WalletList = [
    { groupName: 'Recommended', wallets: recommended },
    { groupName: 'Popular', wallets: popular },
    { groupName: 'Other', wallets: [braveWallet, phantomWallet, remote(zerionWallet), remote(okxWallet)] },
    { groupName: 'More', wallets: [frameWallet, enkryptWallet, talismanWallet, tahoWallet] },
  ];
  const disabled = disabledWalletIds(options.disabledWallets ?? []);
  if (disabled.size === 0) return groups;
  return groups.map((group) => ({
    ...group,
    wallets: group.wallets.map((create) => unlessDisabled(create, disabled)),
  }));
}
