/** Grey pulsing lines standing in for content that is loading. */
export function Skeleton({ rows = 3 }: { rows?: number }) {
  return (
    <div className="bo-skeleton" role="status" aria-busy="true" aria-label="Loading">
      {Array.from({ length: Math.max(1, rows) }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <span key={index} className="bo-skeleton__line" />
      ))}
    </div>
  );
}
