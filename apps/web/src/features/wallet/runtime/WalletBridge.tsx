import { useEffect, useLayoutEffect, useRef } from 'react';
import { useAccount, useAccountEffect, useConfig, useDisconnect, useSwitchChain } from 'wagmi';
import {
  useAccountModal,
  useAddRecentTransaction,
  useConnectModal,
  type AuthenticationStatus,
} from '@rainbow-me/rainbowkit';
import {
  registerWalletActions,
  registerWalletApi,
  rememberWalletLinked,
  showWalletNotice,
  takeOpenRequest,
  updateWallet,
} from '../walletStore';
import { createWalletApi } from './walletApi';

/**
 * Publishes the wallet's state to the app (walletStore) and registers what the app may ask of it:
 * the header's actions, and the wallet API over this runtime's wagmi configuration.
 */
export function WalletBridge({ auth }: { auth: AuthenticationStatus }) {
  const account = useAccount();
  const config = useConfig();
  const { openConnectModal } = useConnectModal();
  const { openAccountModal } = useAccountModal();
  const { switchChainAsync } = useSwitchChain();
  const { disconnect } = useDisconnect();
  const addRecentTransaction = useAddRecentTransaction();
  const latest = useRef({
    openConnectModal,
    openAccountModal,
    switchChainAsync,
    disconnect,
    addRecentTransaction,
    auth,
  });
  useLayoutEffect(() => {
    latest.current = {
      openConnectModal,
      openAccountModal,
      switchChainAsync,
      disconnect,
      addRecentTransaction,
      auth,
    };
  });

  useEffect(() => {
    updateWallet({
      runtime: 'ready',
      status: account.status,
      address: account.address,
      chainId: account.chainId,
      connectorId: account.connector?.id,
      auth,
    });
  }, [account.status, account.address, account.chainId, account.connector?.id, auth]);

  // Remembered for the next load. wagmi's provider moves to (re)connecting before this renders, so
  // "disconnected" here is settled: a disconnect, or a remembered wallet that no longer reconnects.
  useEffect(() => {
    if (account.status === 'connected') rememberWalletLinked(true);
    if (account.status === 'disconnected') rememberWalletLinked(false);
  }, [account.status]);

  useAccountEffect({ onConnect: () => showWalletNotice(undefined) });

  // A click on Connect that came before RainbowKit could open its modal is served once it can: after
  // reconnecting and the session check, and after RainbowKit's own effects of the same render,
  // which close its modals when the status settles.
  const openRequested = () => {
    if (latest.current.auth === 'loading') return;
    const open = latest.current.openConnectModal ?? latest.current.openAccountModal;
    if (open && takeOpenRequest()) setTimeout(open, 0);
  };
  useEffect(openRequested, [openConnectModal, openAccountModal, auth]);

  useEffect(() => {
    registerWalletActions({
      openConnectModal: openRequested,
      switchChain: async (chainId) => {
        showWalletNotice(undefined);
        // Failures reach the user through the mutation cache (walletConfig's reportWalletError).
        await latest.current.switchChainAsync({ chainId }).catch(() => undefined);
      },
      disconnect: () => latest.current.disconnect(),
    });
    return () => registerWalletActions(undefined);
  }, []);

  useEffect(
    () =>
      registerWalletApi(
        createWalletApi(config, {
          addRecentTransaction: (transaction) => latest.current.addRecentTransaction(transaction),
        }),
      ),
    [config],
  );

  return null;
}
