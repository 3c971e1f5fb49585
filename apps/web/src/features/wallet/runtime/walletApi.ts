import { waitForTransactionReceipt } from 'viem/actions';
import type { Address, Hex, TypedDataDefinition } from 'viem';
import type { Config, Connector } from 'wagmi';
import {
  getAccount,
  sendTransaction,
  signMessage,
  signTypedData,
  switchChain,
  watchAccount,
  watchAsset,
  type GetAccountReturnType,
} from 'wagmi/actions';
import { err, ok } from '../../../lib/result';
import { toWalletError, type WalletAction } from '../walletErrors';
import { walletTexts } from '../walletTexts';
import { WATCH_ASSET_DEFAULT_DECIMALS, type WalletApi, type WalletResult } from '../walletStore';

/**
 * How often a transaction is looked for until it is mined. Far below the 4 s every other poll
 * uses: the local devnet mines at once, and a confirmation should show as soon as it is there.
 */
export const RECEIPT_POLLING_MS = 250;

/** How long a request waits for a reconnect (a reload with a linked wallet) to settle. */
const SETTLE_MS = 5_000;

type ConnectedAccount = { address: Address; chainId: number; connector: Connector };

export type WalletApiOptions = {
  /** RainbowKit's recent transactions (useAddRecentTransaction), filed under the current account and chain. */
  addRecentTransaction?: (transaction: { hash: Hex; description: string }) => void;
};

const fail = (error: unknown, action: WalletAction, config?: Config): WalletResult<never> =>
  err(toWalletError(error, action, config && getAccount(config).connector?.name));

const notConnected: WalletResult<never> = err({ kind: 'not-connected', message: walletTexts.notConnected });

const wrongChain: WalletResult<never> = err({ kind: 'wrong-chain', message: walletTexts.wrongNetwork });

/** The account once wagmi is not (re)connecting any more, or after SETTLE_MS. */
function settledAccount(config: Config): Promise<GetAccountReturnType<Config>> {
  const account = getAccount(config);
  if (account.status !== 'connecting' && account.status !== 'reconnecting') return Promise.resolve(account);
  return new Promise((resolve) => {
    const done = (next: GetAccountReturnType<Config>) => {
      clearTimeout(timer);
      unwatch();
      resolve(next);
    };
    const timer = setTimeout(() => done(getAccount(config)), SETTLE_MS);
    const unwatch = watchAccount(config, {
      onChange(next) {
        if (next.status === 'connected' || next.status === 'disconnected') done(next);
      },
    });
  });
}

function connectedOf(account: GetAccountReturnType<Config>): ConnectedAccount | undefined {
  return account.status === 'connected'
    ? { address: account.address, chainId: account.chainId, connector: account.connector }
    : undefined;
}

async function switchTo(config: Config, chainId: number): Promise<WalletResult<ConnectedAccount>> {
  const account = connectedOf(await settledAccount(config));
  if (!account) return notConnected;
  if (account.chainId === chainId) return ok(account);
  try {
    // wagmi's switch, as RainbowKit's: an unknown chain (4902) is added from its configuration first.
    await switchChain(config, { chainId, connector: account.connector });
  } catch (error) {
    return fail(error, 'switchChain', config);
  }
  const after = connectedOf(getAccount(config));
  if (!after) return notConnected;
  return after.chainId === chainId ? ok(after) : wrongChain;
}

/** The connected account, on `chainId` when one is asked for (switching the wallet to it first). */
async function connectedOn(
  config: Config,
  chainId: number | undefined,
): Promise<WalletResult<ConnectedAccount>> {
  if (chainId !== undefined) return switchTo(config, chainId);
  const account = connectedOf(await settledAccount(config));
  return account ? ok(account) : notConnected;
}

/**
 * The wallet API over a wagmi configuration: plain functions, no React. The runtime registers it
 * with the wallet store once mounted; tests call it directly over a devnet.
 */
export function createWalletApi(config: Config, options: WalletApiOptions = {}): WalletApi {
  /** Runs `request` for the connected account; whatever it throws becomes a worded failure. */
  async function forAccount<T>(
    action: WalletAction,
    chainId: number | undefined,
    request: (account: ConnectedAccount) => Promise<T>,
  ): Promise<WalletResult<T>> {
    try {
      const account = await connectedOn(config, chainId);
      return account.ok ? ok(await request(account.value)) : account;
    } catch (error) {
      return fail(error, action, config);
    }
  }

  return {
    signTypedData(typedData, requestOptions) {
      return forAccount('sign', requestOptions?.chainId, async ({ address, connector }) => ({
        // Checked against its types by the caller; viem checks the values before the wallet sees them.
        signature: await signTypedData(config, {
          ...(typedData as TypedDataDefinition),
          account: address,
          connector,
        }),
        address,
      }));
    },

    signMessage(message, requestOptions) {
      return forAccount('sign', requestOptions?.chainId, async ({ address, connector }) => ({
        signature: await signMessage(config, { message, account: address, connector }),
        address,
      }));
    },

    sendTransaction({ to, value, data, gas, chainId }) {
      return forAccount('sendTransaction', chainId, async ({ address, connector }) => ({
        // With the chain given, viem checks the wallet is still on it right before sending.
        hash: await sendTransaction(config, { to, value, data, gas, chainId, account: address, connector }),
        address,
        chainId,
      }));
    },

    async switchChain(chainId) {
      const switched = await switchTo(config, chainId).catch((error: unknown) =>
        fail(error, 'switchChain', config),
      );
      return switched.ok ? ok({ chainId: switched.value.chainId }) : switched;
    },

    async waitForReceipt({ hash, chainId }) {
      try {
        // viem's own wait, over the configuration's client for the chain: wagmi's wrapper throws on a
        // reverted transaction (after replaying it), which is a result here.
        const receipt = await waitForTransactionReceipt(config.getClient({ chainId }), {
          hash,
          pollingInterval: RECEIPT_POLLING_MS,
        });
        return ok({
          status: receipt.status,
          blockNumber: receipt.blockNumber,
          gasUsed: receipt.gasUsed,
          transactionHash: receipt.transactionHash,
        });
      } catch (error) {
        return fail(error, 'receipt', config);
      }
    },

    async addRecentTransaction({ hash, description, chainId }) {
      const add = options.addRecentTransaction;
      return forAccount('other', undefined, async (account) => {
        if (chainId !== undefined && account.chainId !== chainId) throw wrongChainError();
        if (!add) throw new Error('No recent-transactions list to add to');
        add({ hash, description });
        return undefined;
      });
    },

    watchAsset({ address, symbol, decimals, image, chainId }) {
      // Wallets file tokens under their current chain: the wallet moves to the token's chain first.
      return forAccount('watchAsset', chainId, async ({ connector }) => ({
        added: await watchAsset(config, {
          type: 'ERC20',
          options: {
            address,
            symbol,
            decimals: decimals ?? WATCH_ASSET_DEFAULT_DECIMALS,
            ...(image === undefined ? {} : { image }),
          },
          connector,
        }),
      }));
    },
  };
}

/** Mapped by toWalletError to `wrong-chain`. */
function wrongChainError() {
  return Object.assign(new Error('The wallet is on another chain than the transaction'), {
    name: 'ChainMismatchError',
  });
}
