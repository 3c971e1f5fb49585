import Papa from 'papaparse';
import type { Address } from 'viem';
import { exactTokenAmount } from '../../../ui/format';
import type { TxAction } from '../draft';
import { tokenTransferAction, type SendableToken } from './actions';
import { checkRecipient, parseTokenAmount } from './checks';

/**
 * A payout from CSV: one line per transfer, `recipient,token,amount` (a header line is allowed).
 * The token is the chain's coin when left empty or written as its symbol, else a token the Safe
 * holds, by address or by its symbol; the amount is in the token's own units, exact to its
 * decimals. Every line that cannot be paid is named with why, and then nothing is paid.
 */
export type PayoutRow = { line: number; recipient: Address; token: SendableToken; amount: bigint };

export type PayoutReading = { rows: PayoutRow[]; problems: string[] };

/** Lines beyond this are not a payroll but a mistake (or an attack on the page). */
export const MAX_PAYOUT_ROWS = 1000;
export const MAX_PAYOUT_TEXT = 256 * 1024;

const HEADER = /^\s*(recipient|address|to|receiver)\s*$/i;

export function readPayoutCsv(
  text: string,
  context: { tokens: readonly (SendableToken & { balance: bigint })[]; safe: Address; shortName: string },
): PayoutReading {
  if (text.length > MAX_PAYOUT_TEXT) return { rows: [], problems: ['The file is larger than 256 KiB.'] };
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const rows: PayoutRow[] = [];
  const problems: string[] = [];
  const lines = parsed.data;
  if (lines.length > MAX_PAYOUT_ROWS + 1)
    return {
      rows: [],
      problems: [`It has ${lines.length} lines; a payout takes at most ${MAX_PAYOUT_ROWS}.`],
    };
  const native = context.tokens.find((token) => token.type === 'NATIVE_TOKEN');
  lines.forEach((cells, index) => {
    const line = index + 1;
    if (index === 0 && HEADER.test(cells[0] ?? '')) return;
    const [recipientText = '', tokenText = '', amountText = '', ...rest] = cells.map((cell) => cell.trim());
    if (rest.some((cell) => cell !== '')) {
      problems.push(`Line ${line}: it has more than three columns (recipient, token, amount).`);
      return;
    }
    const recipient = checkRecipient(recipientText, context.safe, context.shortName);
    // A payment to the zero address or back to the Safe is a mistake in a payout, not a choice.
    if (!recipient.ok || recipient.warning) {
      problems.push(`Line ${line}: ${recipient.ok ? recipient.warning : recipient.error}`);
      return;
    }
    const token = tokenOf(tokenText, context.tokens, native);
    if (!token.ok) {
      problems.push(`Line ${line}: ${token.error}`);
      return;
    }
    const amount = parseTokenAmount(amountText, token.value);
    if (!amount.ok) {
      problems.push(`Line ${line}: ${amount.error}`);
      return;
    }
    rows.push({ line, recipient: recipient.value, token: token.value, amount: amount.value });
  });
  // What the whole payout takes of each token, against what the Safe holds.
  for (const token of context.tokens) {
    const total = rows
      .filter((row) => row.token.address === token.address)
      .reduce((sum, row) => sum + row.amount, 0n);
    if (total > token.balance)
      problems.push(
        `The payout sends ${exactTokenAmount(total, token.decimals)} ${token.symbol}; the Safe holds ${exactTokenAmount(token.balance, token.decimals)}.`,
      );
  }
  if (rows.length === 0 && problems.length === 0) problems.push('It holds no payments.');
  return { rows, problems };
}

function tokenOf(
  text: string,
  tokens: readonly SendableToken[],
  native: SendableToken | undefined,
): { ok: true; value: SendableToken } | { ok: false; error: string } {
  if (text === '' || (native && text.toLowerCase() === native.symbol.toLowerCase())) {
    return native
      ? { ok: true, value: native }
      : { ok: false, error: 'the Safe holds none of the chain’s coin.' };
  }
  if (/^0x[0-9a-fA-F]{40}$/.test(text)) {
    const held = tokens.find((token) => token.address.toLowerCase() === text.toLowerCase());
    return held ? { ok: true, value: held } : { ok: false, error: `the Safe holds no token at ${text}.` };
  }
  const named = tokens.filter((token) => token.symbol.toLowerCase() === text.toLowerCase());
  if (named.length === 1 && named[0]) return { ok: true, value: named[0] };
  if (named.length > 1)
    return {
      ok: false,
      error: `${named.length} tokens the Safe holds are called ${text}: write the token’s address.`,
    };
  return { ok: false, error: `the Safe holds no token called ${text}: write its address or its symbol.` };
}

/** Gas a transfer takes at most, as a budget: the coin to any account, or an ERC-20 transfer. */
const TRANSFER_GAS = { NATIVE_TOKEN: 40_000n, ERC20: 70_000n } as const;
/** A transaction may use this share of a block: others share it, and the estimate is rough. */
const BLOCK_SHARE = 2n;

/**
 * The transfers in parts that each fit in a block (by the budget above): one part when all fit.
 * `blockGasLimit` is the chain's latest block's.
 */
export function splitPayout(rows: readonly PayoutRow[], blockGasLimit: bigint): PayoutRow[][] {
  const budget = blockGasLimit / BLOCK_SHARE;
  const parts: PayoutRow[][] = [];
  let current: PayoutRow[] = [];
  let used = 0n;
  for (const row of rows) {
    const gas = TRANSFER_GAS[row.token.type];
    if (current.length > 0 && used + gas > budget) {
      parts.push(current);
      current = [];
      used = 0n;
    }
    current.push(row);
    used += gas;
  }
  if (current.length > 0) parts.push(current);
  return parts;
}

export const payoutActions = (rows: readonly PayoutRow[]): TxAction[] =>
  rows.map((row) => tokenTransferAction(row.token, row.recipient, row.amount));
