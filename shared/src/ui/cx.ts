/** Joins truthy class names: cx('bo-btn', busy && 'is-busy') -> 'bo-btn is-busy'. */
export function cx(...names: Array<string | false | null | undefined>): string {
  return names.filter(Boolean).join(' ');
}
