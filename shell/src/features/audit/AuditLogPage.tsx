import type { AuditRecord } from '@backoffice/shared/contract';
import { endpoints } from '@backoffice/shared/endpoints';
import { dayBounds, formatDateTime } from '@backoffice/shared/format';
import {
  DayRangePicker,
  ExportButton,
  filledIn,
  type ListColumn,
  ListPage,
  SearchForm,
  useListPage,
} from '@backoffice/shared/ui';
import { Button, Descriptions, Form, Input, Modal, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import './audit.css';

const FILTERS = { admin_email: '', action: '', target_type: '', target_id: '', from: '', to: '' };

/** Where a record's target lives in the console, when it has a page. */
function targetLink(type: string | null, id: string | null): string | null {
  if (!type || !id) return null;
  if (type === 'user') return `/users/${id}`;
  if (type === 'lottery') return `/lottery/details/${id}`;
  return null;
}

function Target({ record }: { record: AuditRecord }) {
  if (!record.targetType) return <span className="shell-audit__muted">-</span>;
  const text = `${record.targetType}${record.targetId ? ` #${record.targetId}` : ''}`;
  const to = targetLink(record.targetType, record.targetId);
  return to ? <Link to={to}>{text}</Link> : <span>{text}</span>;
}

const json = (value: unknown) =>
  value === null || value === undefined ? '-' : JSON.stringify(value, null, 2);

/** One record in full: who, when, what, the target before and after, where from. */
function RecordDialog({ record, onClose }: { record: AuditRecord | null; onClose(): void }) {
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
          <Descriptions.Item label="Admin">{record.adminEmail ?? 'System'}</Descriptions.Item>
          <Descriptions.Item label="Action">{record.action}</Descriptions.Item>
          <Descriptions.Item label="Target">
            <Target record={record} />
          </Descriptions.Item>
          <Descriptions.Item label="Before">
            <pre className="shell-audit__json">{json(record.before)}</pre>
          </Descriptions.Item>
          <Descriptions.Item label="After">
            <pre className="shell-audit__json">{json(record.after)}</pre>
          </Descriptions.Item>
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

/** /audit (issue 13): who did what, when, to what; read-only, for superadmins and auditors. */
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
    input: ({ filters, page, perPage, sort }) => {
      const { from, to, ...text } = filters;
      return {
        query: {
          page,
          per_page: perPage,
          sort_type: sort?.type,
          ...filledIn(text),
          ...(from ? { from: dayBounds(from)?.start } : {}),
          ...(to ? { to: dayBounds(to)?.end } : {}),
        },
      };
    },
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
    { key: 'admin', title: 'Admin', render: (r) => r.adminEmail ?? <Tag>System</Tag> },
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
                <Input placeholder="withdrawal.update or withdrawal." />
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
