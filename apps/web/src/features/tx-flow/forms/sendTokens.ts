import type { Address } from 'viem';
import type { Balance } from '@countersign/gateway-api';
import type { BalancesView } from '../../assets';
import type { TokenUnit } from '../abiInputs';
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

/**
 * The unit of `address` where the Safe's token list has it as an ERC-20 with decimals (hidden ones
 * too: a unit misleads no one); none for other addresses and the native coin. The token's name is
 * the app's token names' to give (features/assets TokenNames), not this.
 */
export function heldTokenUnit(view: BalancesView | undefined, address: Address): TokenUnit | undefined {
  const item = [...(view?.visible ?? []), ...(view?.hidden ?? [])].find(
    (entry: Balance) =>
      entry.tokenInfo.type !== 'NATIVE_TOKEN' &&
      entry.tokenInfo.address.toLowerCase() === address.toLowerCase(),
  );
  if (item === undefined) return undefined;
  const { type, name, symbol, decimals } = item.tokenInfo;
  return type === 'ERC20' && decimals !== null && decimals > 0
    ? { symbol: tokenText(symbol || name), decimals }
    : undefined;
}
