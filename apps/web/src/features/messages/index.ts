import type { RouteObject } from 'react-router';
import type { SafeTarget } from '../safe';
import { messagesQueryOptions } from './queries';

// The messages feature: off-chain messages of a Safe (the read side).
const loadPages = () => import('./pages');

export const messagesRoutes: RouteObject[] = [
  { path: 'messages', lazy: async () => ({ Component: (await loadPages()).MessagesPage }) },
  { path: 'messages/:messageHash', lazy: async () => ({ Component: (await loadPages()).MessagePage }) },
];

/** On intent (pointer or focus on the link): the views' code and the first page of messages. */
export function preloadMessages({ chainId, address, queryClient }: SafeTarget): void {
  void loadPages();
  void queryClient.prefetchInfiniteQuery(messagesQueryOptions(chainId, address));
}

export { messageQueryOptions, messagesQueryOptions, useMessage, useMessages } from './queries';
export { messagePreview, messageStatusLabels } from './messageContent';
export { computeMessageHashes, type MessageHashes } from './messageHashes';
