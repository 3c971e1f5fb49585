import type { Balance, Balances } from '@countersign/gateway-api';
import { compareDecimals, sumDecimals, subtractDecimals, isDecimal } from './decimal';

/** What identifies a token among a Safe's balances: its address, in lower case (0x0…0 for the native one). */
export const tokenId = (item: Balance): string => item.tokenInfo.address.toLowerCase();

/**
 * Highest fiat value first, as the gateway sends them. The sort is stable, so tokens of equal value
 * (every token without a price, say) keep the gateway's order and do not swap between refreshes.
 */
export function sortByFiatValue(items: readonly Balance[]): Balance[] {
  return [...items].sort((a, b) => compareDecimals(b.fiatBalance, a.fiatBalance));
}

export type BalancesView = {
  /** The tokens shown, highest value first. */
  visible: Balance[];
  /** The tokens the user hid, highest value first. */
  hidden: Balance[];
  /** The total of the visible tokens: the gateway's total less what the hidden ones are worth. */
  total: string;
  /** What the hidden tokens are worth together. */
  hiddenTotal: string;
};

/**
 * The balances as the user chose to see them: hidden tokens apart, and left out of the total. With
 * nothing hidden the total is the gateway's own `fiatTotal`.
 */
export function balancesView(balances: Balances, hiddenTokens: ReadonlySet<string>): BalancesView {
  const sorted = sortByFiatValue(balances.items);
  const visible = sorted.filter((item) => !hiddenTokens.has(tokenId(item)));
  const hidden = sorted.filter((item) => hiddenTokens.has(tokenId(item)));
  const hiddenTotal = sumDecimals(hidden.map((item) => item.fiatBalance));
  const gatewayTotal = isDecimal(balances.fiatTotal)
    ? balances.fiatTotal
    : sumDecimals(balances.items.map((item) => item.fiatBalance));
  const total = hidden.length === 0 ? gatewayTotal : subtractDecimals(gatewayTotal, hiddenTotal);
  // A gateway total smaller than its items (it should never be) must not show a negative balance.
  return { visible, hidden, total: compareDecimals(total, '0') < 0 ? '0' : total, hiddenTotal };
}

/** The `count` most valuable visible tokens, for compact previews (the Safe's home). */
export function topAssets(view: BalancesView, count: number): Balance[] {
  return view.visible.slice(0, Math.max(0, count));
}

/** Whether the Safe holds no token at all, hidden ones included (a new Safe before anyone funds it). */
export function holdsNothing(balances: Balances): boolean {
  return balances.items.every((item) => /^0+$/.test(item.balance));
}
