import { formatAge, formatDate, formatDateTime, formatFullDateTime, formatTime } from './format';

const formats = { datetime: formatDateTime, date: formatDate, time: formatTime, age: formatAge };

/** A moment in the reader's time zone, with the full date and time on hover. */
export function DateTime({
  value,
  format = 'datetime',
  testId,
}: {
  /** Milliseconds since the epoch, or a Date. */
  value: number | Date;
  format?: keyof typeof formats;
  testId?: string;
}) {
  const date = typeof value === 'number' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return <span>—</span>;
  return (
    <time dateTime={date.toISOString()} title={formatFullDateTime(date)} data-testid={testId}>
      {formats[format](date)}
    </time>
  );
}
