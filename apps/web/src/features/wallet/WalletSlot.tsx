import { useEffect, useRef, useState } from 'react';
import { useRuntimeConfig } from '../../lib/ServicesProvider';
import { failedModuleUrl, retryingImport } from '../../lib/retryImport';
import { buttonClass } from '../../ui';
import { useCurrentChain } from '../chains';
import type WalletRuntimeModule from './runtime/WalletRuntime';
import { walletSetupKey } from './runtime/walletSetupKey';
import { PageChainIdContext, WithoutGatewayContext } from './pageChainContext';
import { useIdleWalletPreload } from './useIdleWalletPreload';
import styles from './Wallet.module.css';
import { walletTexts } from './walletTexts';
import { requestWalletRuntime, shouldLoadWalletAtStart, showWalletNotice, updateWallet } from './walletStore';
import { useWallet } from './signerService';

type WalletRuntimeComponent = typeof WalletRuntimeModule;

const noWallets: readonly string[] = [];

let runtimeModule: Promise<WalletRuntimeComponent> | undefined;
let failedChunk: string | undefined;

/** The wallet chunk, fetched once; a failed fetch is forgotten so the next intent tries again. */
function loadWalletRuntime(): Promise<WalletRuntimeComponent> {
  runtimeModule ??= retryingImport(() => import('./runtime/WalletRuntime'), failedChunk).then(
    (module) => module.default,
    (error: unknown) => {
      runtimeModule = undefined;
      failedChunk = failedModuleUrl(error) ?? failedChunk;
      throw error;
    },
  );
  return runtimeModule;
}

/**
 * The header's wallet control. Until wallet code is in it is a plain button. The code loads once
 * the page is idle after its first view, or earlier on an intent to connect (pointing at the
 * button, focusing it); a click opens the connect modal as soon as it can.
 * The chunk is awaited here rather than through React.lazy and Suspense: React holds back a
 * suspended boundary's content for up to 300 ms after its fallback appeared, which alone would
 * cost a click on Connect that much.
 */
export function WalletSlot() {
  const wallet = useWallet();
  const config = useRuntimeConfig();
  const { chains, current, withoutGateway } = useCurrentChain();
  const disabledWallets = current?.disabledWallets ?? noWallets;
  const [WalletRuntime, setWalletRuntime] = useState<WalletRuntimeComponent>();

  useEffect(() => {
    if (shouldLoadWalletAtStart()) requestWalletRuntime();
  }, []);

  const wanted = wallet.runtime !== 'idle';
  const unavailable = chains === undefined || chains.length === 0;
  useIdleWalletPreload(!wanted && !unavailable);
  useEffect(() => {
    if (!wanted || WalletRuntime) return;
    let current = true;
    loadWalletRuntime().then(
      (component) => current && setWalletRuntime(() => component),
      () => {
        if (!current) return;
        updateWallet({ runtime: 'idle' });
        showWalletNotice(walletTexts.loadFailed);
      },
    );
    return () => {
      current = false;
    };
  }, [wanted, WalletRuntime]);

  // The plain button stays until the runtime is mounted and ready, so a click is never lost to the
  // swap. A press counts as soon as the pointer goes down: the swap may come before it is released.
  const ready = wallet.runtime === 'ready' && WalletRuntime !== undefined && !unavailable;
  const placeholderFocusedRef = useRef(false);
  const controlsRef = useRef<HTMLDivElement>(null);
  useFocusHandOver(ready, placeholderFocusedRef, controlsRef);
  return (
    <>
      {!ready && (
        <button
          type="button"
          className={buttonClass({ variant: 'primary' }, styles.connectPlaceholder)}
          data-testid="connect-wallet"
          disabled={unavailable}
          title={unavailable ? 'Wallets need the chain list from the gateway' : undefined}
          onPointerEnter={() => requestWalletRuntime()}
          onFocus={() => {
            placeholderFocusedRef.current = true;
            requestWalletRuntime();
          }}
          onBlur={(event) => {
            // The swap itself takes focus away as it removes the button (the browser says blur as
            // it does): only a button still on the page was left by the user.
            const button = event.currentTarget;
            queueMicrotask(() => {
              if (button.isConnected) placeholderFocusedRef.current = false;
            });
          }}
          onPointerDown={(event) => event.button === 0 && requestWalletRuntime({ open: true })}
          onClick={() => requestWalletRuntime({ open: true })}
        >
          Connect Wallet
        </button>
      )}
      {WalletRuntime && !unavailable && (
        <div ref={controlsRef} style={{ display: ready ? 'contents' : 'none' }}>
          <PageChainIdContext.Provider value={current ? Number(current.chainId) : undefined}>
            <WithoutGatewayContext.Provider value={withoutGateway}>
              <WalletRuntime
                // Another chain list, or a chain disabling other wallets, needs a new wagmi configuration.
                key={walletSetupKey(chains, disabledWallets)}
                chains={chains}
                config={config}
                disabledWallets={disabledWallets}
              />
            </WithoutGatewayContext.Provider>
          </PageChainIdContext.Provider>
        </div>
      )}
    </>
  );
}

/** How long to wait for RainbowKit's button to become focusable (it is inert during the session check). */
const HAND_OVER_MS = 10_000;

/**
 * When the plain button is swapped for RainbowKit's while it has focus (the wallet code arrived as a
 * keyboard user reached it), focus moves to RainbowKit's button instead of falling back to the page.
 */
function useFocusHandOver(
  ready: boolean,
  placeholderFocusedRef: { current: boolean },
  controlsRef: { current: HTMLDivElement | null },
) {
  useEffect(() => {
    if (!ready || !placeholderFocusedRef.current) return;
    placeholderFocusedRef.current = false;
    const deadline = performance.now() + HAND_OVER_MS;
    let handle = 0;
    const attempt = () => {
      // The user has moved on meanwhile: leave focus where they put it.
      if (document.activeElement !== document.body && document.activeElement !== null) return;
      const button = controlsRef.current?.querySelector<HTMLElement>('button:not([disabled])');
      if (button && !button.closest('[inert]')) {
        button.focus();
        return;
      }
      if (performance.now() < deadline) handle = requestAnimationFrame(attempt);
    };
    attempt();
    return () => cancelAnimationFrame(handle);
  }, [ready, placeholderFocusedRef, controlsRef]);
}
