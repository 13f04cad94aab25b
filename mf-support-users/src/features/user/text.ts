import { formatCount } from '@backoffice/shared/format';

/** '1 deposit', '3 deposits'. */
export const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;
