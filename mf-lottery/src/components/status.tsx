import { StatusTag } from '@backoffice/shared/ui';

const label = (status: string) => (status ? status.charAt(0).toUpperCase() + status.slice(1) : 'Unknown');

/** A lottery's status, coloured by the console's one status map. */
export function LotteryStatus({ status }: { status: string }) {
  return (
    <StatusTag kind="lottery" status={status}>
      {label(status)}
    </StatusTag>
  );
}

/** A ticket's status: active green, anything else yellow (the one status map). */
export function TicketStatus({ status }: { status: string }) {
  return (
    <StatusTag kind="ticket" status={status}>
      {label(status)}
    </StatusTag>
  );
}
