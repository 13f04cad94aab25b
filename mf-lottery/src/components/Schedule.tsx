import { formatDateTime } from '@backoffice/shared/format';

/** Start, End and Result times stacked in one cell. */
export function Schedule({ start, end, result }: { start: string; end: string; result: string }) {
  return (
    <dl className="lottery-schedule">
      <div>
        <dt>Start:</dt>
        <dd>{formatDateTime(start)}</dd>
      </div>
      <div>
        <dt>End:</dt>
        <dd>{formatDateTime(end)}</dd>
      </div>
      <div>
        <dt>Result:</dt>
        <dd>{formatDateTime(result)}</dd>
      </div>
    </dl>
  );
}
