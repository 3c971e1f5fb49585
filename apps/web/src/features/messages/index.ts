import type { RouteObject } from 'react-router';
import { safeViewLoader, type SafeTarget } from '../safe';
import { messagesQueryOptions } from './queries';

// The messages feature: off-chain messages of a Safe: the list and a message (the read side), and
// signing: a new message, and owners' confirmations (the write side).
const loadPages = () => import('./pages');

export const messagesRoutes: RouteObject[] = [
  {
    path: 'messages',
    loader: safeViewLoader(prefetchMessages),
    lazy: async () => ({ Component: (await loadPages()).MessagesPage }),
  },
  {
    path: 'messages/shared',
    lazy: async () => ({ Component: (await import('./share/SharedMessagePage')).SharedMessagePage }),
  },
  { path: 'messages/:messageHash', lazy: async () => ({ Component: (await loadPages()).MessagePage }) },
  { path: 'new-message', lazy: async () => ({ Component: (await loadPages()).NewMessagePage }) },
];

/** On intent (pointer or focus on the link): the views' code and the first page of messages. */
export function preloadMessages(target: SafeTarget): void {
  void loadPages();
  prefetchMessages(target);
}

export function prefetchMessages({ chainId, address, queryClient, gateway }: SafeTarget): void {
  void queryClient.prefetchInfiniteQuery(messagesQueryOptions(gateway, chainId, address));
}

export { computeMessageHashes } from './messageHashes';
// Signing for a Safe App's signMessage/signTypedMessage (the apps feature's host reuses the flow's parts).
export { MessageContentView } from './MessageContentView';
export { HashList } from './MessageHashes';
export { SignerHint, useOwnerAccount } from './SignerHint';
export type { MessageContent } from './messageContent';
