import type { Balance, Balances } from '@countersign/gateway-api';
import { balancesView, topAssets } from './balancesView';

export type AssetsPreview = {
  /** The `count` most valuable tokens the user has not hidden. */
  top: Balance[];
  /** What the visible tokens are worth together (a decimal string in the balances' currency). */
  total: string;
  /** Visible tokens not in `top`: "and 3 more". */
  more: number;
  hiddenCount: number;
};

/**
 * A Safe's assets in a few lines, for summaries such as the home page: the top tokens, the total as
 * the Assets page shows it (hidden tokens left out), and how many are not listed.
 */
export function assetsPreview(
  balances: Balances,
  hiddenTokens: ReadonlySet<string>,
  count: number,
): AssetsPreview {
  const view = balancesView(balances, hiddenTokens);
  const top = topAssets(view, count);
  return { top, total: view.total, more: view.visible.length - top.length, hiddenCount: view.hidden.length };
}
