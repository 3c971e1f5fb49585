import type { Balance, Balances } from '@countersign/gateway-api';
import { compareDecimals, sumDecimals, subtractDecimals, isDecimal } from './decimal';

/** What identifies a token among a Safe's balances: its address, in lower case (0x0…0 for the native one). */
export const tokenId = (item: Balance): string => item.tokenInfo.address.toLowerCase();

/**
 * Highest fiat value first, as the gateway sends them, tokens without a known price last. The sort is
 * stable, so tokens of equal value keep the gateway's order and do not swap between refreshes.
 */
export function sortByFiatValue(items: readonly Balance[]): Balance[] {
  return [...items].sort((a, b) =>
    a.fiatBalance === null || b.fiatBalance === null
      ? Number(a.fiatBalance === null) - Number(b.fiatBalance === null)
      : compareDecimals(b.fiatBalance, a.fiatBalance),
  );
}

/** The fiat values that are known, for sums: a token without a price adds nothing (and is counted apart). */
const knownValues = (items: readonly Balance[]): string[] =>
  items.flatMap((item) => (item.fiatBalance === null ? [] : [item.fiatBalance]));

export type BalancesView = {
  /** The tokens shown, highest value first. */
  visible: Balance[];
  /** The tokens the user hid, highest value first. */
  hidden: Balance[];
  /** The total of the visible tokens: the gateway's total less what the hidden ones are worth. */
  total: string;
  /** What the hidden tokens are worth together. */
  hiddenTotal: string;
  /** How many visible tokens held have no known price: the total leaves them out. */
  unpriced: number;
  /** Tokens the Safe received that the gateway did not read, past its bound (Countersign's gateway says). */
  notRead: number;
};

/**
 * The balances as the user chose to see them: hidden tokens apart, and left out of the total. With
 * nothing hidden the total is the gateway's own `fiatTotal`.
 */
export function balancesView(balances: Balances, hiddenTokens: ReadonlySet<string>): BalancesView {
  const sorted = sortByFiatValue(balances.items);
  const visible = sorted.filter((item) => !hiddenTokens.has(tokenId(item)));
  const hidden = sorted.filter((item) => hiddenTokens.has(tokenId(item)));
  const hiddenTotal = sumDecimals(knownValues(hidden));
  const gatewayTotal = isDecimal(balances.fiatTotal)
    ? balances.fiatTotal
    : sumDecimals(knownValues(balances.items));
  const unpriced = visible.filter((item) => item.fiatBalance === null && !/^0+$/.test(item.balance)).length;
  const total = hidden.length === 0 ? gatewayTotal : subtractDecimals(gatewayTotal, hiddenTotal);
  // A gateway total smaller than its items (it should never be) must not show a negative balance.
  return {
    visible,
    hidden,
    total: compareDecimals(total, '0') < 0 ? '0' : total,
    hiddenTotal,
    unpriced,
    notRead: balances.tokensNotRead ?? 0,
  };
}

/** The `count` most valuable visible tokens, for compact previews (the Safe's home). */
export function topAssets(view: BalancesView, count: number): Balance[] {
  return view.visible.slice(0, Math.max(0, count));
}

/** Whether the Safe holds no token at all, hidden ones included (a new Safe before anyone funds it). */
export function holdsNothing(balances: Balances): boolean {
  return balances.items.every((item) => /^0+$/.test(item.balance));
}
