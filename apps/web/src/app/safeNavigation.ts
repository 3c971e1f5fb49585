import type { SafeNavItem } from '../features/safe';
import {
  AddressBookIcon,
  AppsIcon,
  AssetsIcon,
  HomeIcon,
  MessagesIcon,
  SettingsIcon,
  TransactionsIcon,
} from '../ui';
import { loadSafeOverview } from '../features/safe';

/** The Safe's sidebar: every view, each a link with its own URL, in the order owners use them. */
export const safeNavigation: SafeNavItem[] = [
  { id: 'home', label: 'Home', icon: HomeIcon, to: (p) => p.home, preload: () => void loadSafeOverview() },
  { id: 'assets', label: 'Assets', icon: AssetsIcon, to: (p) => p.assets },
  {
    id: 'transactions',
    label: 'Transactions',
    icon: TransactionsIcon,
    to: (p) => p.transactions,
    section: (p) => p.transactions,
    children: [
      { id: 'queue', label: 'Queue', to: (p) => p.queue },
      { id: 'history', label: 'History', to: (p) => p.history },
    ],
  },
  { id: 'messages', label: 'Messages', icon: MessagesIcon, to: (p) => p.messages },
  { id: 'apps', label: 'Apps', icon: AppsIcon, to: (p) => p.apps },
  { id: 'address-book', label: 'Address book', icon: AddressBookIcon, to: (p) => p.addressBook },
  { id: 'settings', label: 'Settings', icon: SettingsIcon, to: (p) => p.settings() },
];
