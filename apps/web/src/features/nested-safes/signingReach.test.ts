import { describe, expect, it } from 'vitest';
import type { Address } from 'viem';
import { judgeReach, type OwnerGraph, type OwnerKind } from './signingReach';

const a = (n: number) => `0x${n.toString(16).padStart(40, '0')}` as Address;
const graphOf = (...nodes: OwnerKind[]): OwnerGraph =>
  new Map(nodes.map((n) => [n.address.toLowerCase(), n]));
const account = (n: number): OwnerKind => ({ kind: 'account', address: a(n) });
const safe = (n: number, owners: number[], threshold: number): OwnerKind => ({
  kind: 'safe',
  address: a(n),
  owners: owners.map(a),
  threshold,
});

describe('judgeReach', () => {
  it('accounts with keys reach the threshold; a contract that is no Safe does not count', () => {
    const graph = graphOf(account(1), account(2), { kind: 'contract', address: a(3) });
    expect(judgeReach(graph, [a(1), a(2), a(3)], 2)).toMatchObject({ signers: 2, reachable: true });
    const reach = judgeReach(graph, [a(1), a(3)], 2);
    expect(reach).toMatchObject({ signers: 1, reachable: false });
    expect(reach.owners[1]).toEqual({ address: a(3), canSign: false, why: 'contract' });
  });

  it('a Safe counts when enough of its own owners can sign, and not when they cannot', () => {
    const graph = graphOf(account(1), account(2), safe(10, [1, 2], 2), safe(11, [1, 3], 2), {
      kind: 'contract',
      address: a(3),
    });
    expect(judgeReach(graph, [a(10)], 1).reachable).toBe(true);
    expect(judgeReach(graph, [a(11)], 1).owners[0]).toMatchObject({ canSign: false, why: 'locked-safe' });
  });

  it('a cycle with no way out counts for nothing; one with a key beside it still signs', () => {
    // P owns C and C owns P, nobody else: neither can ever sign.
    const closed = graphOf(safe(20, [21], 1), safe(21, [20], 1));
    expect(judgeReach(closed, [a(20)], 1)).toMatchObject({ reachable: false, owners: [{ why: 'cycle' }] });
    // Owned by its own child alone, after the change: the child signs only through it.
    expect(judgeReach(graphOf(safe(21, [20], 1)), [a(21)], 1, a(20)).owners[0]).toMatchObject({
      why: 'cycle',
    });
    const open = graphOf(safe(20, [21, 1], 1), safe(21, [20], 1), account(1));
    expect(judgeReach(open, [a(21)], 1).reachable).toBe(true);
  });

  it('Safes nested deeper than it reads are not counted as signers', () => {
    const graph = graphOf(
      safe(30, [31], 1),
      safe(31, [32], 1),
      safe(32, [33], 1),
      safe(33, [34], 1),
      safe(34, [1], 1),
      account(1),
    );
    expect(judgeReach(graph, [a(30)], 1).owners[0]).toMatchObject({ canSign: false, why: 'too-deep' });
  });
});
