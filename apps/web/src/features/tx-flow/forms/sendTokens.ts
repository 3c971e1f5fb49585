import type { Address } from 'viem';
import type { Balance } from '@countersign/gateway-api';
import type { BalancesView } from '../../assets';
import type { TokenUnit } from './abiInputs';
import type { SendableToken } from './actions';
import { tokenText } from './checks';

/** A token the send form offers: what sending needs, and what the choice shows. */
export type TokenChoice = {
  /** The token's address in lower case (0x0…0 for the native coin), as the `token` link parameter. */
  id: string;
  token: SendableToken;
  balance: bigint;
  name: string;
  logoUri: string | null;
  /** Hidden by the user on the assets page: offered last, and said so. */
  hidden: boolean;
};

function choiceOf(item: Balance, hidden: boolean): TokenChoice | undefined {
  const { tokenInfo } = item;
  if (tokenInfo.type !== 'NATIVE_TOKEN' && tokenInfo.type !== 'ERC20') return undefined;
  const balance = BigInt(item.balance);
  if (balance === 0n) return undefined;
  return {
    id: tokenInfo.address.toLowerCase(),
    token: {
      type: tokenInfo.type,
      address: tokenInfo.address as Address,
      symbol: tokenText(tokenInfo.symbol || tokenInfo.name),
      // A token whose decimals the gateway does not know is counted in its smallest unit.
      decimals: tokenInfo.decimals ?? 0,
    },
    balance,
    name: tokenText(tokenInfo.name, tokenText(tokenInfo.symbol)),
    logoUri: tokenInfo.logoUri,
    hidden,
  };
}

/** The tokens the Safe can send (native coin and ERC-20 with a balance): visible first, by value. */
export function sendableTokens(view: BalancesView): TokenChoice[] {
  return [
    ...view.visible.map((item) => choiceOf(item, false)),
    ...view.hidden.map((item) => choiceOf(item, true)),
  ].filter((choice): choice is TokenChoice => choice !== undefined);
}

/** A contract the Safe's token list knows: its name, and its unit where it is an ERC-20 with decimals. */
export type HeldToken = { name?: string; unit?: TokenUnit };

/**
 * What the Safe's token list says of `address`, if it lists it (the native coin has no contract). A
 * token the user hid is not named: hiding is how owners put spam away, and a spam token's name is
 * made to mislead.
 */
export function heldToken(view: BalancesView | undefined, address: Address): HeldToken | undefined {
  const same = (entry: Balance) =>
    entry.tokenInfo.type !== 'NATIVE_TOKEN' &&
    entry.tokenInfo.address.toLowerCase() === address.toLowerCase();
  const visible = view?.visible.find(same);
  const item = visible ?? view?.hidden.find(same);
  if (item === undefined) return undefined;
  const { type, name, symbol, decimals } = item.tokenInfo;
  const shownSymbol = tokenText(symbol || name);
  return {
    name: visible === undefined ? undefined : tokenText(name, shownSymbol),
    unit:
      type === 'ERC20' && decimals !== null && decimals > 0 ? { symbol: shownSymbol, decimals } : undefined,
  };
}
