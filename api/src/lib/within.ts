/**
 * `work`, or a rejection with `late()` once `ms` have passed. The work is not cancelled (its own timeouts
 * end it), the answer just does not wait for it; a failure after the deadline is ignored.
 */
export function within<T>(
  work: Promise<T>,
  ms: number,
  late: () => Error = () => new Error(`no answer within ${ms} ms`),
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(late()), ms);
  });
  work.catch(() => {});
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}
