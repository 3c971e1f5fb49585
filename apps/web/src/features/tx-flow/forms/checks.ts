import { isAddressEqual, zeroAddress, type Address } from 'viem';
import { parseAddressInput } from '../../../lib/addressInput';
import type { Result } from '../../../lib/result';
import { groupedExactAmount } from '../../../ui/format';

/**
 * What the forms accept, as pure functions: each answers the value to use, or what is wrong in
 * words the user can act on. A warning does not block: the user may go on knowingly.
 */
export type Checked<T> = Result<T> & { warning?: string };

/** An address as typed (see `parseAddressInput`), in the send form's words. */
export function checkAddress(input: string, shortName?: string): Checked<Address> {
  const parsed = parseAddressInput(input, { shortName });
  return parsed.ok ? parsed : { ok: false, error: parsed.error };
}

/** Where tokens go: any valid address, with a caution for the Safe itself and the zero address. */
export function checkRecipient(input: string, safe: Address, shortName?: string): Checked<Address> {
  const checked = checkAddress(input, shortName);
  if (!checked.ok) return checked;
  if (isAddressEqual(checked.value, safe))
    return { ...checked, warning: 'This is the Safe itself: what you send would come back to it.' };
  if (isAddressEqual(checked.value, zeroAddress))
    return { ...checked, warning: 'This is the zero address: anything sent there is lost for good.' };
  return checked;
}

/** A token's symbol as the forms write it: text only, without control or invisible characters. */
export function tokenText(symbol: string | null | undefined, fallback = 'tokens'): string {
  const clean = (symbol ?? '').replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, '').trim();
  if (clean === '') return fallback;
  return clean.length > 24 ? `${clean.slice(0, 23)}…` : clean;
}

const AMOUNT = /^(\d*)(?:\.(\d*))?$/;

/**
 * An amount in a token's whole units ("1.5") as its base-unit integer, exactly: no floating point,
 * and no more decimals than the token has. `symbol` names the token in the messages.
 */
export function parseTokenAmount(
  input: string,
  { decimals, symbol, allowZero = false }: { decimals: number; symbol: string; allowZero?: boolean },
): Checked<bigint> {
  const value = input.trim();
  if (value === '') return { ok: false, error: 'Enter an amount.' };
  if (value.startsWith('-')) return { ok: false, error: 'The amount cannot be negative.' };
  const match = AMOUNT.exec(value);
  const [, whole = '', fraction = ''] = match ?? [];
  if (match === null || (whole === '' && fraction === ''))
    return {
      ok: false,
      error: 'Write the amount with digits and one decimal point, such as 1.5 (no thousands separators).',
    };
  if (fraction.length > decimals)
    return {
      ok: false,
      error:
        decimals === 0
          ? `${symbol} has no decimals: enter a whole number.`
          : `${symbol} has ${decimals} decimals: write at most ${decimals} digits after the point.`,
    };
  const units = BigInt(`${whole}${fraction.padEnd(decimals, '0')}` || '0');
  if (units === 0n && !allowZero) return { ok: false, error: 'Enter an amount greater than 0.' };
  return { ok: true, value: units };
}

/** An amount to send from a balance: readable in the token's units, above 0, and at most the balance. */
export function checkSendAmount(
  input: string,
  { decimals, symbol, balance }: { decimals: number; symbol: string; balance: bigint },
): Checked<bigint> {
  const parsed = parseTokenAmount(input, { decimals, symbol });
  if (!parsed.ok) return parsed;
  if (parsed.value > balance)
    return {
      ok: false,
      error: `That is more than the Safe holds: ${groupedExactAmount(balance, decimals)} ${symbol}.`,
    };
  return parsed;
}

/** Hex calldata: `0x` and whole bytes; empty means no data. */
export function checkHexData(input: string): Checked<`0x${string}`> {
  const value = input.trim().replace(/\s+/g, '');
  if (value === '' || value === '0x') return { ok: true, value: '0x' };
  if (!/^0x[0-9a-fA-F]*$/.test(value))
    return { ok: false, error: 'The data must be hexadecimal, starting with 0x.' };
  if (value.length % 2 !== 0)
    return { ok: false, error: 'The data has an odd number of hexadecimal digits: bytes take two each.' };
  return { ok: true, value: value.toLowerCase() as `0x${string}` };
}

// Settings: who may be an owner, a module, the guard or the fallback handler. The contract refuses
// these too (GS203, GS101, GS400…); saying so here spares the owners a transaction that reverts.

const SENTINEL = '0x0000000000000000000000000000000000000001';
const isReserved = (address: Address) =>
  isAddressEqual(address, zeroAddress) || isAddressEqual(address, SENTINEL);

type SettingsContext = { safe: Address; shortName?: string };

export function checkNewOwner(
  input: string,
  { safe, owners, shortName }: SettingsContext & { owners: readonly Address[] },
): Checked<Address> {
  const checked = checkAddress(input, shortName);
  if (!checked.ok) return checked;
  if (isReserved(checked.value)) return { ok: false, error: 'This address cannot be an owner.' };
  if (isAddressEqual(checked.value, safe))
    return { ok: false, error: 'The Safe cannot be one of its own owners.' };
  if (owners.some((owner) => isAddressEqual(owner, checked.value)))
    return { ok: false, error: 'This address is already an owner.' };
  return checked;
}

export function checkNewModule(
  input: string,
  { safe, modules, shortName }: SettingsContext & { modules: readonly Address[] },
): Checked<Address> {
  const checked = checkAddress(input, shortName);
  if (!checked.ok) return checked;
  if (isReserved(checked.value) || isAddressEqual(checked.value, safe))
    return { ok: false, error: 'This address cannot be a module.' };
  if (modules.some((module) => isAddressEqual(module, checked.value)))
    return { ok: false, error: 'This module is already enabled.' };
  return checked;
}

/** A new guard, or (`which: 'module guard'`) a new module guard of a Safe 1.5.0. */
export function checkGuard(
  input: string,
  {
    safe,
    current,
    shortName,
    which = 'guard',
  }: SettingsContext & { current: Address | undefined; which?: 'guard' | 'module guard' },
): Checked<Address> {
  const checked = checkAddress(input, shortName);
  if (!checked.ok) return checked;
  const remove = which === 'guard' ? 'Remove guard' : 'Remove module guard';
  if (isAddressEqual(checked.value, zeroAddress))
    return { ok: false, error: `The zero address removes the ${which}: use ${remove} for that.` };
  if (isAddressEqual(checked.value, safe))
    return { ok: false, error: `The Safe cannot be its own ${which}.` };
  if (current !== undefined && isAddressEqual(checked.value, current))
    return { ok: false, error: `This is already the Safe’s ${which}.` };
  return checked;
}

export function checkFallbackHandler(
  input: string,
  { safe, current, shortName }: SettingsContext & { current: Address | undefined },
): Checked<Address> {
  const checked = checkAddress(input, shortName);
  if (!checked.ok) return checked;
  if (isAddressEqual(checked.value, safe))
    return { ok: false, error: 'The Safe cannot be its own fallback handler.' };
  if (current !== undefined && isAddressEqual(checked.value, current))
    return { ok: false, error: 'This is already the Safe’s fallback handler.' };
  if (isAddressEqual(checked.value, zeroAddress))
    return {
      ...checked,
      warning:
        'The zero address removes the fallback handler: the Safe then cannot confirm signed messages (EIP-1271) or accept tokens sent with safeTransferFrom.',
    };
  return checked;
}

/** A new threshold: one that changes something, from 1 to the number of owners. */
export function checkNewThreshold(
  threshold: number,
  { current, owners }: { current: number; owners: number },
): Checked<number> {
  if (!Number.isInteger(threshold) || threshold < 1 || threshold > owners)
    return { ok: false, error: `Choose a threshold from 1 to ${owners}.` };
  if (threshold === current)
    return { ok: false, error: `The threshold is already ${current}: choose another.` };
  return { ok: true, value: threshold };
}
