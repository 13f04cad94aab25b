/** "Reference <request id>" under a failure: what an admin quotes to support, who finds the API's log line by it. */
export function Reference({ id }: { id: string }) {
  return (
    <small className="bo-reference">
      Reference <span className="bo-reference__id">{id}</span>
    </small>
  );
}
