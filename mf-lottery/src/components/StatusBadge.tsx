import { Badge } from '@backoffice/shared/ui';

type BadgeColor = 'yellow' | 'blue' | 'red' | 'green' | 'grey' | 'purple' | 'orange';

const COLORS: ReadonlyMap<string, BadgeColor> = new Map([
  ['upcoming', 'blue'],
  ['open', 'green'],
  ['opened', 'green'],
  ['closed', 'orange'],
  ['completed', 'purple'],
]);

const label = (status: string) => (status ? status.charAt(0).toUpperCase() + status.slice(1) : 'Unknown');

/** A lottery's status as a coloured badge. */
export function LotteryStatusBadge({ status }: { status: string }) {
  return <Badge color={COLORS.get(status) ?? 'grey'}>{label(status)}</Badge>;
}

/** A ticket's status: active green, anything else yellow. */
export function TicketStatusBadge({ status }: { status: string }) {
  return <Badge color={status === 'active' ? 'green' : 'yellow'}>{label(status)}</Badge>;
}
