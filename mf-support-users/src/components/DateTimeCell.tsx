import { formatDateTime } from '@backoffice/shared/format';

/** 'Nov 21, 2026' over '11:25 AM': narrow enough for wide tables; 'Not set'/'Invalid date' as they are. */
export function DateTimeCell({ value }: { value: string | null | undefined }) {
  const text = formatDateTime(value);
  const cut = text.lastIndexOf(', ');
  if (cut < 0) return <span className="su-nowrap">{text}</span>;
  return (
    <span className="su-datetime" title={text}>
      <span>{text.slice(0, cut)}</span>
      <span className="su-muted">{text.slice(cut + 2)}</span>
    </span>
  );
}
