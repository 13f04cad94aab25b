import type { ReleaseEvent } from '@backoffice/shared/contract';
import { formatDateTime } from '@backoffice/shared/format';
import { Button, Table, Tag } from 'antd';
import { useId, useState } from 'react';
import { eventLabel } from './labels.ts';
import { ScrollBox } from './ScrollBox.tsx';

const fromTo = (event: ReleaseEvent) =>
  event.from && event.to ? `${event.from} → ${event.to}` : (event.to ?? event.from ?? '-');

/** The last changes of a part, newest first: collapsed until asked, five parts would be a long page. */
export function HistoryTable({ label, history }: { label: string; history: ReleaseEvent[] }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  if (!history.length) return <p className="shell-releases__muted">No changes yet</p>;
  return (
    <>
      <Button
        type="link"
        className="shell-releases__toggle"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
      >
        {open
          ? 'Hide history'
          : `Show history (${history.length} ${history.length === 1 ? 'change' : 'changes'})`}
      </Button>
      <div id={id} hidden={!open}>
        {open && (
          <ScrollBox label={`${label}: history`}>
            <Table<ReleaseEvent>
              size="small"
              pagination={false}
              dataSource={history}
              rowKey={(event) => event.id}
              columns={[
                { key: 'at', title: 'Time', render: (_, e) => formatDateTime(e.at) },
                {
                  key: 'what',
                  title: 'What',
                  render: (_, e) => (
                    <span className="shell-releases__what">
                      {eventLabel(e.action)}
                      {e.forced && <Tag color="orange">Forced</Tag>}
                    </span>
                  ),
                },
                { key: 'versions', title: 'From → to', render: (_, e) => fromTo(e) },
                { key: 'by', title: 'By', render: (_, e) => e.actor },
                { key: 'reason', title: 'Reason', render: (_, e) => e.reason ?? '-' },
                {
                  key: 'detail',
                  title: 'Detail',
                  render: (_, e) => <span className="shell-releases__message">{e.detail ?? '-'}</span>,
                },
              ]}
            />
          </ScrollBox>
        )}
      </div>
    </>
  );
}
