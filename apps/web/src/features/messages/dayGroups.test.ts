import { describe, expect, it } from 'vitest';
import type { MessageItem, SafeMessageListEntry } from '@countersign/gateway-api';
import { dayLabel, groupByDay } from './dayGroups';

const message = (hash: string, iso: string): MessageItem => ({
  type: 'MESSAGE',
  messageHash: `0x${hash.padStart(64, '0')}`,
  status: 'NEEDS_CONFIRMATION',
  logoUri: null,
  name: null,
  message: hash,
  creationTimestamp: Date.parse(iso),
  modifiedTimestamp: Date.parse(iso),
  confirmationsSubmitted: 1,
  confirmationsRequired: 2,
  proposedBy: { value: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', name: null, logoUri: null },
  confirmations: [],
  preparedSignature: null,
  origin: null,
});
const label = (iso: string): SafeMessageListEntry => ({ type: 'DATE_LABEL', timestamp: Date.parse(iso) });

// As the gateway pages them: UTC days, newest first; the 2nd of May spans two pages.
const entries: SafeMessageListEntry[] = [
  label('2026-05-03T00:00:00Z'),
  message('a', '2026-05-03T02:00:00Z'),
  label('2026-05-02T00:00:00Z'),
  message('b', '2026-05-02T20:00:00Z'),
  // page 2
  label('2026-05-02T00:00:00Z'),
  message('c', '2026-05-02T10:00:00Z'),
  { type: 'UNREADABLE', raw: { type: 'MESSAGE' }, issues: 'status: Invalid option' },
  label('2026-05-01T00:00:00Z'),
  message('d', '2026-05-01T23:30:00Z'),
];

const hashes = (groups: ReturnType<typeof groupByDay>) =>
  groups.map((group) => [
    group.day,
    group.items.map((item) => (item.type === 'MESSAGE' ? item.message : '?')),
  ]);

describe('groupByDay', () => {
  it('in UTC, gives the gateway’s days, one header for a day that spans two pages', () => {
    expect(hashes(groupByDay(entries, 'UTC'))).toEqual([
      ['2026-05-03', ['a']],
      ['2026-05-02', ['b', 'c', '?']],
      ['2026-05-01', ['d']],
    ]);
  });

  it('west of UTC, files each message under the day it was created there', () => {
    expect(hashes(groupByDay(entries, 'America/New_York'))).toEqual([
      ['2026-05-02', ['a', 'b', 'c', '?']],
      ['2026-05-01', ['d']],
    ]);
  });

  it('east of UTC too', () => {
    expect(hashes(groupByDay(entries, 'Asia/Tokyo'))).toEqual([
      ['2026-05-03', ['a', 'b']],
      ['2026-05-02', ['c', '?', 'd']],
    ]);
  });

  it('keeps unreadable entries under the gateway’s label when no message came before', () => {
    const groups = groupByDay(
      [label('2026-05-03T00:00:00Z'), { type: 'UNREADABLE', raw: 1, issues: 'x' }],
      'UTC',
    );
    expect(hashes(groups)).toEqual([['2026-05-03', ['?']]]);
  });
});

describe('dayLabel', () => {
  const now = Date.parse('2026-05-03T12:00:00Z');

  it('says Today and Yesterday in the reader’s time zone', () => {
    expect(dayLabel('2026-05-03', now, 'UTC')).toBe('Today');
    expect(dayLabel('2026-05-02', now, 'UTC')).toBe('Yesterday');
    // At noon UTC it is already the 4th in Kiribati.
    expect(dayLabel('2026-05-03', now, 'Pacific/Kiritimati')).toBe('Yesterday');
  });

  it('gives the date of older days, without shifting it', () => {
    const expected = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' }).format(
      new Date(Date.UTC(2026, 3, 30)),
    );
    expect(dayLabel('2026-04-30', now, 'America/Los_Angeles')).toBe(expected);
  });
});
