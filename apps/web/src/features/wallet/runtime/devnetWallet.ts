import { createConnector } from 'wagmi';
import { injected } from 'wagmi/connectors';
import type { EIP1193Provider } from 'viem';
import type { CreateWalletFn } from './walletList';
import type { DevnetProvider } from './devnetProvider';

export const devnetWalletId = 'countersignDevnet';

const icon =
  'data:image/svg+xml;base64,' +
  btoa(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 28 28"><rect width="28" height="28" rx="6" fill="#2563eb"/><path d="M8 9h12M8 14h12M8 19h7" stroke="#fff" stroke-width="2.4" stroke-linecap="round"/></svg>',
  );

/** The devnet wallet as RainbowKit lists it; an injected connector over the devnet provider. */
export function devnetWallet(provider: DevnetProvider): CreateWalletFn {
  return () => ({
    id: devnetWalletId,
    name: 'Devnet accounts',
    shortName: 'Devnet',
    iconUrl: icon,
    iconBackground: '#2563eb',
    installed: true,
    createConnector: (details) =>
      createConnector((config) => ({
        ...injected({
          shimDisconnect: true,
          target: {
            id: devnetWalletId,
            name: 'Devnet accounts',
            icon,
            provider: provider as unknown as EIP1193Provider,
          },
        })(config),
        ...details,
      })),
  });
}
