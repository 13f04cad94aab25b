import type { AuditRecord } from '@backoffice/shared/contract';
import * as endpoints from '@backoffice/shared/endpoints';
import { formatDateTime } from '@backoffice/shared/format';
import {
  DayRangePicker,
  ExportButton,
  type ListColumn,
  ListPage,
  SearchForm,
  useListPage,
} from '@backoffice/shared/ui';
import { Button, Descriptions, Form, Input, Modal, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useCanShell } from '../../auth/access.ts';
import './audit.css';
import { changesOf, type FieldChange } from './changes.ts';

const FILTERS = { admin_email: '', action: '', target_type: '', target_id: '', from: '', to: '' };

/** An admin on the Admins screen (superadmins only: the link is not drawn for others). */
const adminLink = (email: string) => `/admins?${new URLSearchParams({ search: email })}`;

/** Where a record's target lives in the console, when it has a page the viewer may open. */
function targetLink(record: AuditRecord, canManageAdmins: boolean): string | null {
  const { targetType: type, targetId: id } = record;
  if (!type || !id) return null;
  if (type === 'user') return `/users/${id}`;
  if (type === 'lottery') return `/lottery/details/${id}`;
  // A withdrawal has no page of its own: which list holds it depends on its status now.
  if (type === 'admin' && record.targetName && canManageAdmins) return adminLink(record.targetName);
  return null;
}

/** The target by name ('Moon Draw'), its kind and id under it ('lottery #12'); linked when it has a page. */
function Target({ record }: { record: AuditRecord }) {
  const canManageAdmins = useCanShell('admins:manage');
  if (!record.targetType) return <span className="shell-audit__muted">-</span>;
  const ref = `${record.targetType}${record.targetId ? ` #${record.targetId}` : ''}`;
  const to = targetLink(record, canManageAdmins);
  const name = record.targetName ?? ref;
  return (
    <span className="shell-audit__target">
      {to ? <Link to={to}>{name}</Link> : <span>{name}</span>}
      {record.targetName && <span className="shell-audit__muted">{ref}</span>}
    </span>
  );
}

/** Who did it: their e-mail, linked to them on the Admins screen for a superadmin; 'System' otherwise. */
function Actor({ email }: { email: string | null }) {
  const canManageAdmins = useCanShell('admins:manage');
  if (!email) return <Tag>System</Tag>;
  return canManageAdmins ? <Link to={adminLink(email)}>{email}</Link> : <span>{email}</span>;
}

const json = (value: unknown) =>
  value === null || value === undefined ? '-' : JSON.stringify(value, null, 2);

/** Before and after, field by field, the changed ones struck out and underlined. */
function ChangesTable({ rows }: { rows: FieldChange[] }) {
  return (
    <table className="shell-audit__changes" aria-label="Changes">
      <thead>
        <tr>
          <th scope="col">Field</th>
          <th scope="col">Before</th>
          <th scope="col">After</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.field} className={r.changed ? 'shell-audit__changed' : undefined}>
            <th scope="row">{r.field}</th>
            <td>{r.changed ? <del>{r.before}</del> : r.before}</td>
            <td>{r.changed ? <ins>{r.after}</ins> : r.after}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** One record in full: who, when, what, the target before and after, where from. */
function RecordDialog({ record, onClose }: { record: AuditRecord | null; onClose(): void }) {
  // Field by field when either side is an object; else (a plain value, nothing) the JSON as it is.
  const changes = record ? changesOf(record.before, record.after) : null;
  return (
    <Modal
      open={record !== null}
      title={record ? `Audit record #${record.id}` : ''}
      onCancel={onClose}
      footer={null}
      width={720}
    >
      {record && (
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label="Time">{formatDateTime(record.at)}</Descriptions.Item>
          <Descriptions.Item label="Admin">
            <Actor email={record.adminEmail} />
          </Descriptions.Item>
          <Descriptions.Item label="Action">{record.action}</Descriptions.Item>
          <Descriptions.Item label="Target">
            <Target record={record} />
          </Descriptions.Item>
          {changes ? (
            <Descriptions.Item label="Changes">
              <ChangesTable rows={changes} />
            </Descriptions.Item>
          ) : null}
          {changes ? null : (
            <Descriptions.Item label="Before">
              <pre className="shell-audit__json">{json(record.before)}</pre>
            </Descriptions.Item>
          )}
          {changes ? null : (
            <Descriptions.Item label="After">
              <pre className="shell-audit__json">{json(record.after)}</pre>
            </Descriptions.Item>
          )}
          <Descriptions.Item label="Details">
            <pre className="shell-audit__json">{json(record.details)}</pre>
          </Descriptions.Item>
          <Descriptions.Item label="IP address">{record.ip ?? '-'}</Descriptions.Item>
          <Descriptions.Item label="Request id">{record.requestId ?? '-'}</Descriptions.Item>
        </Descriptions>
      )}
    </Modal>
  );
}

/**
 * /audit (docs/architecture.md#console-behaviour): who did what, when, to what; read-only, for superadmins
 * and auditors.
 */
export default function AuditLogPage() {
  const [open, setOpen] = useState<AuditRecord | null>(null);
  const list = useListPage({
    area: 'shell',
    list: 'audit',
    endpoint: endpoints.auditList,
    filters: FILTERS,
    sort: { by: 'at', type: 'desc' },
    defaultPageSize: 20,
    pageSizes: [10, 20, 50, 100],
    failure: 'Failed to fetch the audit log',
    dayRange: { from: 'from', to: 'to' },
    rows: (answer) => answer.data.data,
    total: (answer) => answer.data.total,
  });

  const columns: ListColumn<AuditRecord>[] = [
    {
      key: 'at',
      title: 'Time',
      sortKey: 'at',
      render: (r) => <span className="shell-audit__nowrap">{formatDateTime(r.at)}</span>,
    },
    { key: 'admin', title: 'Admin', render: (r) => <Actor email={r.adminEmail} /> },
    { key: 'action', title: 'Action', render: (r) => <code>{r.action}</code> },
    { key: 'target', title: 'Target', render: (r) => <Target record={r} /> },
    { key: 'ip', title: 'IP address', render: (r) => r.ip ?? '-' },
    {
      key: 'details',
      title: 'Details',
      hideable: false,
      render: (r) => (
        <Button size="small" onClick={() => setOpen(r)} aria-label={`View audit record ${r.id}`}>
          View
        </Button>
      ),
    },
  ];

  return (
    <>
      <ListPage
        list={list}
        title="Audit Log"
        breadcrumb={[{ label: 'Dashboard', to: '/' }, { label: 'Audit Log' }]}
        search={{
          title: 'Search Audit Log',
          form: (
            <SearchForm
              label="Search the audit log"
              filters={list.filters}
              onSearch={list.setFilters}
              onReset={list.resetFilters}
              dayRanges={{ dates: ['from', 'to'] }}
            >
              <Form.Item label="Admin email" name="admin_email">
                <Input placeholder="admin@example.com" />
              </Form.Item>
              <Form.Item label="Action" name="action">
                <Input placeholder="settings, withdrawal.update..." />
              </Form.Item>
              <Form.Item label="Target type" name="target_type">
                <Input placeholder="withdrawal, lottery, user..." />
              </Form.Item>
              <Form.Item label="Target id" name="target_id">
                <Input />
              </Form.Item>
              <Form.Item label="Date" name="dates">
                <DayRangePicker />
              </Form.Item>
            </SearchForm>
          ),
        }}
        toolbar={
          <ExportButton
            endpoint={endpoints.auditExport}
            input={{ query: list.exportQuery }}
            filename="audit-log.csv"
          />
        }
        tableTitle="Records"
        caption="Audit log"
        columns={columns}
        rowKey={(r) => r.id}
        empty="No audit records found matching your search criteria"
        errorTitle="Error Loading Audit Log"
      />
      <RecordDialog record={open} onClose={() => setOpen(null)} />
    </>
  );
}
