import type { ComponentType, SVGProps } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { GatewayClient } from '@countersign/gateway-api';
import type { SafePaths } from './paths';

/** What a view needs to load ahead: the Safe, the app's query client and its gateway (to prefetch its data). */
export type SafeTarget = {
  chainId: string;
  address: string;
  queryClient: QueryClient;
  gateway: GatewayClient;
};

/**
 * One entry of the Safe's navigation. The app composes the list from the features (their labels,
 * URLs and what to load ahead when the pointer or focus reaches the link).
 */
export type SafeNavItem = {
  id: string;
  label: string;
  icon: ComponentType<SVGProps<SVGSVGElement> & { size?: number }>;
  to: (paths: SafePaths) => string;
  /** The URL prefix of the section this entry stands for (Transactions: …/transactions). */
  section?: (paths: SafePaths) => string;
  children?: Omit<SafeNavItem, 'icon' | 'children'>[];
  /** A count beside the label (what waits for the owner there), rendered only when there is one. */
  badge?: ComponentType;
  /** Loads the view's code (and data) on intent, so the click paints at once. */
  preload?: (target: SafeTarget) => void;
};
