import type { MessageItem, SafeMessageListEntry, UnreadableItem } from '@countersign/gateway-api';

/**
 * The gateway groups messages by the UTC day they were created on, and its DATE_LABEL carries that
 * day's UTC midnight (history labels carry a transaction's own time instead: gateway-api.md §7.20).
 * A day header must name the day the reader sees on each row, in the reader's time zone, so the
 * list is grouped again by the local day of each message, in the gateway's order. In UTC this gives
 * exactly the gateway's labels; elsewhere a header never names a day its messages were not created
 * on. A day that spans two pages gets one header, not one per page.
 */
export type DayGroup = {
  /** `2026-05-03`: the calendar day in the reader's time zone. */
  day: string;
  items: (MessageItem | UnreadableItem)[];
};

/** `YYYY-MM-DD` of a moment in a time zone (the reader's when none is given). */
export function dayKey(timestamp: number, timeZone?: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date(timestamp));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The UTC calendar day a DATE_LABEL stands for. */
const utcDayKey = (timestamp: number) => dayKey(timestamp, 'UTC');

export function groupByDay(entries: readonly SafeMessageListEntry[], timeZone?: string): DayGroup[] {
  const groups: DayGroup[] = [];
  let labelDay: string | undefined;
  for (const entry of entries) {
    if (entry.type === 'DATE_LABEL') {
      labelDay = utcDayKey(entry.timestamp);
      continue;
    }
    const current = groups.at(-1);
    // An unreadable entry has no date of its own that can be trusted: it stays with its neighbours.
    const day =
      entry.type === 'MESSAGE'
        ? dayKey(entry.creationTimestamp, timeZone)
        : (current?.day ?? labelDay ?? 'unknown');
    if (current?.day === day) current.items.push(entry);
    else groups.push({ day, items: [entry] });
  }
  return groups;
}

const shiftDay = (day: string, days: number) => {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
};

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });

/** Today, Yesterday, or the date, for a `YYYY-MM-DD` day in the reader's time zone. */
export function dayLabel(day: string, now: number = Date.now(), timeZone?: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return 'Unknown day';
  const today = dayKey(now, timeZone);
  if (day === today) return 'Today';
  if (day === shiftDay(today, -1)) return 'Yesterday';
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return dateFormat.format(new Date(Date.UTC(year, month - 1, date)));
}
