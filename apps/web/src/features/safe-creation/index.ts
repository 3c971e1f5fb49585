import { redirect, type RouteObject } from 'react-router';

// Safe creation: the New Safe form, the predicted address, and the deployment through the wallet.
const loadPage = () => import('./NewSafePage');

/** Where the New Safe form lives. */
export const newSafePath = '/new-safe';

/**
 * `/new-safe`: the New Safe form (its code loads on demand). Safe{Wallet}'s `/new-safe/create` goes
 * to it, and its `/new-safe/load` ("add an existing Safe") to the start page, where My Safes is.
 */
export const safeCreationRoutes: RouteObject[] = [
  { path: 'new-safe', lazy: async () => ({ Component: (await loadPage()).NewSafePage }) },
  { path: 'new-safe/create', loader: () => redirect(newSafePath) },
  { path: 'new-safe/load', loader: () => redirect('/') },
];

/** Loads the New Safe page's code ahead of a likely visit (pointing at its link). */
export function preloadNewSafe(): void {
  void loadPage();
}

// What a Safe needs to create another Safe it owns (the nested-Safe form of the transaction flows).
export { planSafeDeployment, type SafeDeploymentPlan } from './deployment';
export {
  checkName,
  checkOwnerAddress,
  NAME_MAX,
  newSafeVersions,
  randomSaltNonce,
  type NewSafeVersion,
} from './newSafeForm';
export { deploymentTargetQueryOptions, deploymentTargetTexts } from './deploymentTarget';
