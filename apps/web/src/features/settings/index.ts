import type { RouteObject } from 'react-router';
import type { SafeTarget } from '../safe';

// The settings feature: the Safe's setup, modules, the chain's configuration, delegates, notifications.
const loadPages = () => import('./pages');

export const settingsRoutes: RouteObject[] = [
  { path: 'settings', lazy: async () => ({ Component: (await loadPages()).SettingsPage }) },
  { path: 'settings/:section', lazy: async () => ({ Component: (await loadPages()).SettingsPage }) },
];

export function preloadSettings(_target: SafeTarget): void {
  void loadPages();
}
