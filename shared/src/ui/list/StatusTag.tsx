import { Tag } from 'antd';
import { type StatusKind, statusColor, statusLabel } from '../../format/status.ts';

/** A status as a coloured tag, its colour from the one status map, in words (never a raw key). */
export function StatusTag({
  kind,
  status,
  children,
}: {
  kind: StatusKind;
  status: string;
  children?: React.ReactNode;
}) {
  return <Tag color={statusColor(kind, status)}>{children ?? statusLabel(status)}</Tag>;
}
