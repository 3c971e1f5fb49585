import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Hex } from 'viem';
import type { GatewayClient, TypedData } from '@countersign/gateway-api';
import {
  safeMessageContentHash,
  signMessageOnChainCall,
  type SafeMessageContent,
} from '@countersign/safe-core';
import {
  BridgeError,
  bridgeErrors,
  requestedMethods,
  type BridgeHandlers,
  type Permission,
  type RestrictedMethod,
  type SignResult,
} from '@countersign/safe-apps-bridge';
import { describeGatewayError } from '../../../lib/gatewayErrors';
import { useGateway } from '../../../lib/ServicesProvider';
import { addressBookEntries } from '../../address-book';
import { balancesQueryOptions } from '../../assets';
import { ChainReadError, rpcRequest, rpcUrlOf } from '../../chains';
import type { MessageContent } from '../../messages';
import { useSafe } from '../../safe';
import type { TxDraft } from '../../tx-flow';
import { useWallet } from '../../wallet';
import { appPermissions, grantAppPermissions, setAppSettings, storedApp } from './appStore';
import { appBalances, appChainInfo, appSafeInfo, messageText } from './sdkAnswers';

/** The app being hosted: where it runs and what it is called (text only, never markup). */
export type HostedApp = { url: string; origin: string; name: string; safeAppId: number | null };

/** A transaction an app's request led to (proposed or executed in the review), on this Safe. */
export type AppTransaction = { txId: string; chainId: string; safe: string };

type Settle<T> = { resolve: (value: T) => void; reject: (error: BridgeError) => void };

/** A request waiting for the user: a transaction to review, a message to sign, permissions to grant. */
export type Prompt =
  | ({ kind: 'transaction'; key: number; draft: TxDraft } & Settle<{ safeTxHash: Hex; txId: string }>)
  | ({ kind: 'message'; key: number; content: MessageContent } & Settle<SignResult>)
  | ({ kind: 'permissions'; key: number; methods: RestrictedMethod[] } & Settle<true>);

type NewPrompt =
  | { kind: 'transaction'; draft: TxDraft }
  | { kind: 'message'; content: MessageContent }
  | { kind: 'permissions'; methods: RestrictedMethod[] };
type PromptResult<P extends NewPrompt> = P extends { kind: 'transaction' }
  ? { safeTxHash: Hex; txId: string }
  : P extends { kind: 'message' }
    ? SignResult
    : true;

/** Prompts queued at once; an app asking for more is refused rather than piling dialogs up. */
const MAX_PROMPTS = 20;

const gatewayFailure = (gateway: GatewayClient, error: unknown) =>
  new BridgeError(describeGatewayError(error, gateway.baseUrl).message);

/**
 * The Safe Apps host for one app on the Safe on screen: the bridge's handlers (reads answered from
 * the Safe's state and queries; writes only through a prompt the user answers: the one transaction
 * review, the message signing, the permission prompt), the prompts waiting, and the last transaction
 * the app's requests led to (for Countersign's own notice: the app may say nothing, or anything).
 */
export function useAppHost(app: HostedApp) {
  const { chain, address, safe } = useSafe();
  const wallet = useWallet();
  const queryClient = useQueryClient();
  const gateway = useGateway();
  const [prompts, setPrompts] = useState<Prompt[]>([]);
  const [lastTransaction, setLastTransaction] = useState<AppTransaction | undefined>(undefined);
  const nextKey = useRef(0);
  /** safeTxHash → txId of the transactions this app submitted here. */
  const submitted = useRef(new Map<string, string>());

  const account = wallet.status === 'connected' ? wallet.address : undefined;
  const isOwner =
    account !== undefined && safe.owners.some((owner) => owner.value.toLowerCase() === account.toLowerCase());
  // The latest state, read by the handlers (getSafeInfo answers from it at once).
  const state = useRef({ chain, address, safe, isOwner, app });
  useLayoutEffect(() => {
    state.current = { chain, address, safe, isOwner, app };
  });

  // The queue's truth is this ref (handlers run outside React's render); the state mirrors it.
  const queue = useRef<Prompt[]>([]);
  const publish = useCallback(() => setPrompts([...queue.current]), []);

  const ask = useCallback(
    <P extends NewPrompt>(prompt: P): Promise<PromptResult<P>> =>
      new Promise<PromptResult<P>>((resolve, reject) => {
        if (queue.current.length >= MAX_PROMPTS) {
          reject(new BridgeError('Too many requests are waiting for the user'));
          return;
        }
        const key = nextKey.current++;
        let settled = false;
        const remove = () => {
          settled = true;
          queue.current = queue.current.filter((entry) => entry.key !== key);
          publish();
        };
        const entry = {
          ...prompt,
          key,
          resolve: (value: PromptResult<P>) => {
            if (settled) return;
            remove();
            resolve(value);
          },
          reject: (error: BridgeError) => {
            if (settled) return;
            remove();
            reject(error);
          },
        } as unknown as Prompt;
        queue.current = [...queue.current, entry];
        publish();
      }),
    [publish],
  );

  const handlers = useMemo<BridgeHandlers>(() => {
    const origin = () => state.current.app.origin;
    const appOrigin = () => ({ name: state.current.app.name, url: state.current.app.url });
    const sendDraft = async (draft: TxDraft) => {
      const result = await ask({ kind: 'transaction', draft });
      submitted.current.set(result.safeTxHash.toLowerCase(), result.txId);
      setLastTransaction({
        txId: result.txId,
        chainId: state.current.chain.chainId,
        safe: state.current.address,
      });
      return { safeTxHash: result.safeTxHash };
    };
    const signOnChain = (contentHash: Hex, what: string) =>
      sendDraft({
        // The dialog's title is the draft's: it names the app, as a transaction's does.
        title: `Sign a ${what} on chain for ${state.current.app.name}`,
        actions: [
          {
            ...signMessageOnChainCall(contentHash),
            label: `Mark the ${what} ${contentHash} as signed by the Safe (SignMessageLib)`,
          },
        ],
        origin: { ...appOrigin(), note: 'Off-chain signing is off for this app' },
      });

    return {
      getSafeInfo: () => {
        const { safe: info, chain: current, isOwner: owner } = state.current;
        return appSafeInfo(info, current.chainId, !owner);
      },
      getChainInfo: () => appChainInfo(state.current.chain),
      getEnvironmentInfo: () => ({ origin: window.location.origin }),
      getSafeBalances: async ({ currency }) => {
        const { chain: current, address: safeAddress } = state.current;
        try {
          return appBalances(
            await queryClient.fetchQuery(
              balancesQueryOptions(gateway, current.chainId, safeAddress, currency),
            ),
          );
        } catch (error) {
          throw gatewayFailure(gateway, error);
        }
      },
      getTxBySafeTxHash: async ({ safeTxHash }) => {
        const id = submitted.current.get(safeTxHash) ?? safeTxHash;
        try {
          return await gateway.getTransaction({ chainId: state.current.chain.chainId, id });
        } catch (error) {
          throw gatewayFailure(gateway, error);
        }
      },
      rpcCall: ({ call, params }) =>
        rpcRequest(rpcUrlOf(state.current.chain), call, params).catch((error: unknown) => {
          throw error instanceof ChainReadError ? new BridgeError(error.message) : error;
        }),
      setSettings: (settings) => setAppSettings(origin(), settings),
      sendTransactions: ({ txs, safeTxGas }) => {
        const { name } = state.current.app;
        return sendDraft({
          title: txs.length === 1 ? `Transaction from ${name}` : `${txs.length} transactions from ${name}`,
          actions: txs.map((tx) => ({ to: tx.to, value: tx.value, data: tx.data })),
          origin: appOrigin(),
          ...(safeTxGas === undefined ? {} : { safeTxGas: BigInt(safeTxGas) }),
        });
      },
      signMessage: ({ message }) => {
        const text = messageText(message);
        if (!storedApp(origin()).offChainSigning) return signOnChain(safeMessageContentHash(text), 'message');
        return ask({ kind: 'message', content: text });
      },
      signTypedMessage: ({ typedData }) => {
        const content = typedData as unknown as TypedData;
        if (!storedApp(origin()).offChainSigning) {
          let hash: Hex;
          try {
            hash = safeMessageContentHash(content as unknown as SafeMessageContent);
          } catch {
            throw new BridgeError(bridgeErrors.invalidTypedData);
          }
          return signOnChain(hash, 'typed message');
        }
        return ask({ kind: 'message', content });
      },
      getOffChainSignature: async ({ messageHash }) => {
        try {
          const message = await gateway.getMessage({
            chainId: state.current.chain.chainId,
            messageHash,
          });
          return message.preparedSignature ?? '';
        } catch (error) {
          if (error instanceof Error && /404/.test(error.message)) return '';
          throw gatewayFailure(gateway, error);
        }
      },
      requestAddressBook: () =>
        addressBookEntries(state.current.chain.chainId).map((entry) => ({
          address: entry.address,
          chainId: entry.chainId,
          name: entry.name,
        })),
      getPermissions: () => appPermissions(origin()),
      requestPermissions: async (request) => {
        const methods = requestedMethods(request);
        const held = appPermissions(origin());
        const missing = methods.filter((method) => !held.some((p) => p.parentCapability === method));
        if (missing.length > 0) await ask({ kind: 'permissions', methods: missing });
        return grantAppPermissions(origin(), state.current.app.name, request) satisfies Permission[];
      },
    };
  }, [ask, queryClient, gateway]);

  /** Refuses everything still waiting (the app closes or reloads). */
  const rejectAll = useCallback(() => {
    for (const prompt of [...queue.current]) prompt.reject(new BridgeError(bridgeErrors.transactionRejected));
  }, []);

  const dismissLastTransaction = useCallback(() => setLastTransaction(undefined), []);

  return { handlers, prompts, rejectAll, lastTransaction, dismissLastTransaction };
}
