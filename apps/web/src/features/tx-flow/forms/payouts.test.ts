import { describe, expect, it } from 'vitest';
import { decodeFunctionData, erc20Abi } from 'viem';
import { payoutActions, readPayoutCsv, splitPayout } from './payouts';

const safe = '0x1111111111111111111111111111111111111111';
const dusd = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const tokens = [
  {
    type: 'NATIVE_TOKEN',
    address: '0x0000000000000000000000000000000000000000',
    symbol: 'ETH',
    decimals: 18,
    balance: 10n ** 20n,
  },
  { type: 'ERC20', address: dusd, symbol: 'DUSD', decimals: 6, balance: 10n ** 12n },
] as const;
const context = { tokens: [...tokens], safe, shortName: 'local' } as const;
const recipient = (index: number) => `0x${(index + 0x1000).toString(16).padStart(40, '0')}`;

describe('CSV payouts', () => {
  it('reads 200 rows exactly in each token’s decimals, and names the bad ones by line', () => {
    const lines = ['recipient,token,amount'];
    for (let index = 0; index < 200; index++) {
      lines.push(
        index % 2 === 0
          ? `${recipient(index)},DUSD,1250.000001`
          : `${recipient(index)},,0.000000000000000001`,
      );
    }
    lines[11] = `${recipient(10)},DUSD,1.0000001`; // line 12: more decimals than DUSD has
    lines[51] = `not-an-address,DUSD,1`; // line 52
    lines[151] = `${recipient(150)},WBTC,1`; // line 152: a token the Safe does not hold
    lines[181] = `0x0000000000000000000000000000000000000000,ETH,1`; // line 182: the zero address
    const read = readPayoutCsv(lines.join('\r\n'), context);
    expect(read.problems).toEqual([
      'Line 12: DUSD has 6 decimals: write at most 6 digits after the point.',
      expect.stringMatching(/^Line 52: /),
      'Line 152: the Safe holds no token called WBTC: write its address or its symbol.',
      'Line 182: This is the zero address: anything sent there is lost for good.',
    ]);
    expect(read.rows).toHaveLength(196);
    expect(read.rows[0]).toMatchObject({ line: 2, token: { symbol: 'DUSD' }, amount: 1_250_000_001n });
    expect(read.rows[1]).toMatchObject({ line: 3, token: { symbol: 'ETH' }, amount: 1n });
    const [first, second] = payoutActions(read.rows);
    expect(first?.to).toBe(dusd);
    expect(decodeFunctionData({ abi: erc20Abi, data: first!.data }).args).toEqual([
      recipient(0),
      1_250_000_001n,
    ]);
    expect(second).toMatchObject({ to: recipient(1), value: 1n, data: '0x' });
  });

  it('takes a token by its address, and refuses a payout beyond the balance', () => {
    const read = readPayoutCsv(
      `${recipient(1)},${dusd.toLowerCase()},1000000\n${recipient(2)},ETH,101`,
      context,
    );
    expect(read.rows).toHaveLength(2);
    // 1000000 DUSD is all the Safe holds: allowed; 101 ETH is more than its 100.
    expect(read.problems).toEqual(['The payout sends 101 ETH; the Safe holds 100.']);
  });

  it('splits a payout larger than half a block into parts that each fit', () => {
    const rows = readPayoutCsv(
      Array.from({ length: 10 }, (_, index) => `${recipient(index)},DUSD,1`).join('\n'),
      context,
    ).rows;
    expect(splitPayout(rows, 30_000_000n)).toHaveLength(1);
    const parts = splitPayout(rows, 300_000n);
    expect(parts.map((part) => part.length)).toEqual([2, 2, 2, 2, 2]);
    expect(parts.flat()).toEqual(rows);
  });
});
