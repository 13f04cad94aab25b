import { Badge } from '@backoffice/shared/ui';

const colors = { active: 'green', blocked: 'red', inactive: 'grey' } as const;

/** A user's status: active green, blocked red, inactive (or anything else) grey. */
export function UserStatusBadge({ status }: { status: string }) {
  return <Badge color={colors[status as keyof typeof colors] ?? 'grey'}>{status}</Badge>;
}
