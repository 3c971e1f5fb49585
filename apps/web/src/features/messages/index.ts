import type { RouteObject } from 'react-router';
import type { SafeTarget } from '../safe';

// The messages feature: off-chain messages of a Safe (the read side).
const loadPages = () => import('./pages');

export const messagesRoutes: RouteObject[] = [
  { path: 'messages', lazy: async () => ({ Component: (await loadPages()).MessagesPage }) },
  { path: 'messages/:messageHash', lazy: async () => ({ Component: (await loadPages()).MessagePage }) },
];

export function preloadMessages(_target: SafeTarget): void {
  void loadPages();
}
