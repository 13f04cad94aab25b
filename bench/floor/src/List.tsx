import { Alert, Button, Checkbox, Descriptions, Empty, Form, Input, Modal, Popover, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { useState } from 'react';

dayjs.extend(utc);
dayjs.extend(timezone);

interface Row {
  id: number;
  user: string;
  amount: string;
  address: string;
  status: string;
  createdAt: string;
}

const rows: Row[] = Array.from({ length: 10 }, (_, i) => ({
  id: 100 - i,
  user: `player_${i + 1}`,
  amount: `${(i + 1) * 12}.50`,
  address: `0x${String(i).repeat(40)}`,
  status: i % 3 ? 'pending' : 'waiting',
  createdAt: new Date(Date.UTC(2026, 0, 5, 10, i)).toISOString(),
}));

/**
 * The list-page floor: what a console list page renders (a sidebar, a search form, a table with
 * selection, sorting, paging and a column chooser, a status tag, the update dialog, the error panel),
 * as one plain React + antd + dayjs build, without federation. The console's list pages are measured
 * against it.
 */
export function List() {
  const [open, setOpen] = useState<Row | null>(null);
  const [failed] = useState(false);
  return (
    <div style={{ display: 'flex', minHeight: '100vh', background: '#f4f6fb' }}>
      <nav style={{ width: 220, background: '#001529', padding: 16 }}>
        <a href="/list.html" style={{ color: '#fff' }}>
          Pending Withdrawals
        </a>
      </nav>
      <main style={{ flex: 1, padding: 24, display: 'grid', gap: 16, alignContent: 'start' }}>
        <h1>Pending Withdrawals</h1>
        <section style={{ background: '#fff', padding: 12, borderRadius: 8 }}>
          <Form layout="vertical" onFinish={() => undefined}>
            <Form.Item label="ID" name="id">
              <Input />
            </Form.Item>
            <Button type="primary" htmlType="submit">
              Search
            </Button>
          </Form>
        </section>
        <section style={{ background: '#fff', padding: 12, borderRadius: 8 }}>
          <Popover content={<Checkbox checked>ID</Checkbox>} trigger="click">
            <Button>Columns</Button>
          </Popover>
          {failed ? (
            <Alert type="error" title="Error Loading Withdrawals" />
          ) : (
            <Table<Row>
              rowKey="id"
              dataSource={rows}
              rowSelection={{}}
              locale={{ emptyText: <Empty description="No pending withdrawals found" /> }}
              pagination={{ total: 240, showSizeChanger: true }}
              columns={[
                { key: 'id', title: 'ID', dataIndex: 'id', sorter: true },
                { key: 'user', title: 'User', dataIndex: 'user' },
                { key: 'amount', title: 'Amount', dataIndex: 'amount', sorter: true },
                { key: 'address', title: 'Address', dataIndex: 'address' },
                {
                  key: 'status',
                  title: 'Status',
                  render: (_, r) => <Tag color="gold">{r.status}</Tag>,
                },
                {
                  key: 'created',
                  title: 'Created',
                  render: (_, r) => dayjs(r.createdAt).tz('Asia/Kolkata').format('MMM D, YYYY, h:mm A'),
                },
                {
                  key: 'action',
                  title: 'Action',
                  render: (_, r) => <Button onClick={() => setOpen(r)}>Update</Button>,
                },
              ]}
            />
          )}
        </section>
        <Modal open={open !== null} title="Update Withdrawal" onCancel={() => setOpen(null)}>
          <Descriptions column={1} items={[{ key: 'user', label: 'User', children: open?.user }]} />
        </Modal>
      </main>
    </div>
  );
}
