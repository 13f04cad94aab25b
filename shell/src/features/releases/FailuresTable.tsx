import type { FieldFailure } from '@backoffice/shared/contract';
import { formatDateTime } from '@backoffice/shared/format';
import { Table } from 'antd';
import { ScrollBox } from './ScrollBox.tsx';

type Row = FieldFailure & { key: number };

/** Failures the console reported from the field over the last hour, newest first. */
export function FailuresTable({ label, failures }: { label: string; failures: FieldFailure[] }) {
  return (
    <ScrollBox label={`${label}: failures in the last hour`}>
      <Table<Row>
        size="small"
        pagination={false}
        // Two failures may be alike in every field: their position is their identity.
        dataSource={failures.map((failure, index) => ({ ...failure, key: index }))}
        columns={[
          { key: 'at', title: 'Time', render: (_, f) => formatDateTime(f.at) },
          { key: 'version', title: 'Version', render: (_, f) => f.version },
          { key: 'route', title: 'Route', render: (_, f) => f.route ?? '-' },
          {
            key: 'message',
            title: 'Message',
            render: (_, f) => <span className="shell-releases__message">{f.message}</span>,
          },
          { key: 'admin', title: 'Admin', render: (_, f) => f.admin ?? '-' },
        ]}
      />
    </ScrollBox>
  );
}
