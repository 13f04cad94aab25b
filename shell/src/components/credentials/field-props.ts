/** What a native control inside the kit's Field carries: its id, and the error line it is described by. */
export function fieldProps(id: string, error: unknown) {
  return {
    id,
    'aria-invalid': Boolean(error),
    ...(error ? { 'aria-describedby': `${id}-error` } : {}),
  };
}
