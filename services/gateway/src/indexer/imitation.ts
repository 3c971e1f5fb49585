import { looksAlike, vanityOf } from '@countersign/safe-core';
import type { Address } from 'viem';
import { insertRows, type Queryable } from '../store';
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
 * removes those of orphaned blocks.
 */
export async function flagImitations(tx: Queryable, chainId: string, prepared: PreparedRange): Promise<void> {
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
  if (candidates.length > 0) {
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
    'ON CONFLICT (chain_id, safe, address) DO NOTHING',
  );
}
