import { useCan } from '../host/index.ts';
import { ButtonLink, type ButtonLinkProps } from './Button.tsx';

/** The audit targets that have a History link: the target_type the API writes for each (api/src/modules). */
export type HistoryTarget = 'user' | 'lottery' | 'withdrawal';

/** The Audit Log filtered to one object's records (its URL filters, see AuditLogPage). */
export function auditHistoryPath(type: HistoryTarget, id: number | string): string {
  return `/audit?${new URLSearchParams({ target_type: type, target_id: String(id) })}`;
}

/**
 * 'History': a link to one object's records in the Audit Log, shown only to admins who may read it
 * (superadmin, auditor). The shell owns the router, so the link works from any area.
 */
export function HistoryLink({
  type,
  id,
  variant = 'default',
  size,
}: { type: HistoryTarget; id: number | string } & Pick<ButtonLinkProps, 'variant' | 'size'>) {
  const canRead = useCan('audit:read');
  if (!canRead) return null;
  return (
    <ButtonLink
      to={auditHistoryPath(type, id)}
      variant={variant}
      size={size}
      aria-label={`History of ${type} ${id}`}
    >
      History
    </ButtonLink>
  );
}
