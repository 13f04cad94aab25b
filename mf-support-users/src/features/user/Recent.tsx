import { formatCount } from '@backoffice/shared/format';
import { Card, Empty, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';

export /** A card with the latest rows of one kind, how many there are in all, and links to the full list. */
function Recent<T extends { id: number }>({
  title,
  rows,
  total,
  columns,
  empty,
  summary,
  more,
}: {
  title: string;
  rows: T[];
  total?: number;
  columns: ColumnsType<T>;
  empty: string;
  summary?: ReactNode;
  more?: ReactNode;
}) {
  const count =
    total === undefined
      ? null
      : rows.length < total
        ? `latest ${formatCount(rows.length)} of ${formatCount(total)}`
        : `${formatCount(total)} in all`;
  return (
    <Card
      size="small"
      className="su-table-card"
      title={title}
      extra={
        (count || more) && (
          <span className="su-section-extra">
            {count && <span className="su-muted">{count}</span>}
            {more}
          </span>
        )
      }
    >
      {summary && <p className="su-section-summary">{summary}</p>}
      <Table<T>
        aria-label={title}
        size="small"
        columns={columns}
        dataSource={rows}
        rowKey={(row) => row.id}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} /> }}
      />
    </Card>
  );
}
