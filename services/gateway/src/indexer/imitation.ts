import { looksAlike, vanityOf } from '@countersign/safe-core';
import type { Address } from 'viem';
import { insertRows, type Queryable } from '../store';
import { countHistoryWrite } from './historyRevision';
import { chainOrder, type HistoryEntry, type PreparedRange, type Recipient } from './prepareRange';

/**
 * Address poisoning: after a Safe pays someone, an attacker sends it dust from (or makes a token
 * report a transfer to) an address with the same leading and trailing digits, hoping the next payment
 * copies that one from the history. An ERC20 transfer the Safe did not make is flagged when its
 * counterparty looks like (safe-core's one look-alike detector), without being, an address the Safe's own executions sent value or
 * tokens to earlier. Only the Safe's own executions count as references: anybody can send it tokens,
 * only its owners choose whom it pays.
 *
 * Sets `imitation` on the range's history entries and remembers the range's recipients, in the
 * caller's transaction. Recipients from earlier ranges are read from the store, where a rollback
 * removes those of orphaned blocks. An `older` range (a backfill, read newest first) lies before
 * everything stored for its Safes: none of that is earlier, and its recipients may show transfers
 * stored already to be imitations.
 */
export async function flagImitations(
  tx: Queryable,
  chainId: string,
  prepared: PreparedRange,
  older = false,
): Promise<void> {
  const candidates = prepared.history.filter(
    (entry): entry is HistoryEntry & { counterparty: Address } => entry.counterparty !== undefined,
  );
  const known = new Map<string, Set<Address>>();
  const remember = (safe: Address, address: Address) => {
    const key = `${safe}:${vanityOf(address)}`;
    const addresses = known.get(key) ?? new Set();
    addresses.add(address);
    known.set(key, addresses);
  };
  if (candidates.length > 0 && !older) {
    const earlier = await tx.query<{ safe: Address; address: Address }>(
      `SELECT safe, address FROM safe_recipients WHERE chain_id = $1 AND safe = ANY($2) AND vanity = ANY($3)`,
      [
        chainId,
        [...new Set(candidates.map((entry) => entry.safe))],
        [...new Set(candidates.map((entry) => vanityOf(entry.counterparty)))],
      ],
    );
    for (const row of earlier) remember(row.safe, row.address);
  }

  const events: ({ recipient: Recipient } | { candidate: (typeof candidates)[number] })[] = [
    ...prepared.recipients.map((recipient) => ({ recipient })),
    ...candidates.map((candidate) => ({ candidate })),
  ];
  const at = (event: (typeof events)[number]) => ('recipient' in event ? event.recipient : event.candidate);
  for (const event of events.sort((a, b) => chainOrder(at(a), at(b)))) {
    if ('recipient' in event) {
      remember(event.recipient.safe, event.recipient.address);
      continue;
    }
    const { safe, counterparty } = event.candidate;
    const lookalikes = known.get(`${safe}:${vanityOf(counterparty)}`);
    event.candidate.imitation =
      lookalikes !== undefined && [...lookalikes].some((a) => looksAlike(counterparty, a));
  }

  const firstSeen = new Map<string, Recipient>();
  for (const recipient of prepared.recipients) {
    const key = `${recipient.safe}:${recipient.address}`;
    if (!firstSeen.has(key)) firstSeen.set(key, recipient);
  }
  await insertRows(
    tx,
    'INSERT INTO safe_recipients (chain_id, safe, address, vanity, block_number, log_index)',
    [...firstSeen.values()].map((r) => [
      chainId,
      r.safe,
      r.address,
      vanityOf(r.address),
      r.blockNumber,
      r.logIndex,
    ]),
    // Each is remembered where it was first paid: a backfill may find an earlier payment.
    `ON CONFLICT (chain_id, safe, address) DO UPDATE SET block_number = EXCLUDED.block_number,
       log_index = EXCLUDED.log_index
     WHERE (EXCLUDED.block_number, EXCLUDED.log_index) < (safe_recipients.block_number, safe_recipients.log_index)`,
  );
  if (older) await flagLaterImitations(tx, chainId, prepared.recipients);
}

/**
 * Flags transfers stored above a backfilled range whose counterparty looks like one of the range's
 * recipients: they came after that payment, which the store did not know of when they were written.
 */
async function flagLaterImitations(
  tx: Queryable,
  chainId: string,
  recipients: readonly Recipient[],
): Promise<void> {
  if (recipients.length === 0) return;
  const last = recipients.reduce((max, r) => (r.blockNumber > max ? r.blockNumber : max), 0n);
  const later = await tx.query<{ safe: Address; position: string; sender: Address; recipient: Address }>(
    `SELECT h.safe, h.position, t.sender, t.recipient FROM history_items h
     JOIN transfers t ON t.chain_id = h.chain_id AND t.safe = h.safe AND t.id = h.ref_id
     WHERE h.chain_id = $1 AND h.safe = ANY($2) AND h.kind = 'transfer' AND NOT h.imitation
       AND t.token_type = 'ERC20' AND h.block_number > $3`,
    [chainId, [...new Set(recipients.map((r) => r.safe))], last.toString()],
  );
  const flagged = new Map<Address, string[]>();
  for (const row of later) {
    const counterparty = row.recipient === row.safe ? row.sender : row.recipient;
    if (!recipients.some((r) => r.safe === row.safe && looksAlike(counterparty, r.address))) continue;
    flagged.set(row.safe, [...(flagged.get(row.safe) ?? []), row.position]);
  }
  for (const [safe, positions] of flagged)
    await tx.query(
      'UPDATE history_items SET imitation = true WHERE chain_id = $1 AND safe = $2 AND position = ANY($3)',
      [chainId, safe, positions],
    );
  await countHistoryWrite(tx, chainId, [...flagged.keys()]);
}
