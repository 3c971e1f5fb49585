import { preloadAddressBook } from '../../features/address-book';
import { preloadApps } from '../../features/apps';
import { preloadAssets } from '../../features/assets';
import { preloadMessages } from '../../features/messages';
import { preloadHome } from '../../features/home';
import type { SafeNavItem } from '../../features/safe';
import { preloadSettings } from '../../features/settings';
import { preloadTransactions } from '../../features/transactions';
import { DappRequestsBadge, preloadDapps } from '../../features/walletconnect';
import {
  AddressBookIcon,
  AppsIcon,
  AssetsIcon,
  DappsIcon,
  HomeIcon,
  MessagesIcon,
  SettingsIcon,
  TransactionsIcon,
} from '../../ui';

/** The Safe's sidebar: every view, each a link with its own URL, in the order owners use them. */
export const safeNavigation: SafeNavItem[] = [
  { id: 'home', label: 'Home', icon: HomeIcon, to: (p) => p.home, preload: preloadHome },
  { id: 'assets', label: 'Assets', icon: AssetsIcon, to: (p) => p.assets, preload: preloadAssets },
  {
    id: 'transactions',
    label: 'Transactions',
    icon: TransactionsIcon,
    to: (p) => p.transactions,
    section: (p) => p.transactions,
    preload: preloadTransactions,
    children: [
      { id: 'queue', label: 'Queue', to: (p) => p.queue, preload: preloadTransactions },
      { id: 'history', label: 'History', to: (p) => p.history, preload: preloadTransactions },
    ],
  },
  { id: 'messages', label: 'Messages', icon: MessagesIcon, to: (p) => p.messages, preload: preloadMessages },
  { id: 'apps', label: 'Apps', icon: AppsIcon, to: (p) => p.apps, preload: preloadApps },
  {
    id: 'dapps',
    label: 'Dapps',
    icon: DappsIcon,
    to: (p) => `${p.base}/dapps`,
    preload: preloadDapps,
    badge: DappRequestsBadge,
  },
  {
    id: 'address-book',
    label: 'Address book',
    icon: AddressBookIcon,
    to: (p) => p.addressBook,
    preload: preloadAddressBook,
  },
  {
    id: 'settings',
    label: 'Settings',
    icon: SettingsIcon,
    to: (p) => p.settings(),
    preload: preloadSettings,
  },
];
