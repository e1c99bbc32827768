import { formatDateTime } from '@registrar-panel/contract';

/** A time in Brussels on at most two lines, the day and the time with its zone, each kept whole. */
export function DateTime({ value }: { value: string }) {
  const [day, time] = formatDateTime(value).split(/ (.*)/);
  return (
    <time dateTime={value} className="d-block">
      <span className="text-nowrap">{day}</span> <span className="text-nowrap">{time}</span>
    </time>
  );
}
