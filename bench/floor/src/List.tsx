import { Alert, Button, Checkbox, Descriptions, Empty, Form, Input, Modal, Popover, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { useEffect, useState } from 'react';

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
 * The data floor (`list.html?api=<path>&api=<path>`, served with /api forwarded to the bench API): the
 * same page, but its rows are the answer of the API calls the console's page made, all sent at once when
 * the page starts, with the signed-in admin's token; the first answer holding a list is shown as it
 * comes (its first columns, as text), all of its rows on one page, as the console shows them. What a list page that fetches its data costs without federation.
 */
const apiCalls = new URLSearchParams(location.search).getAll('api');

type Answer = { data?: { data?: Record<string, unknown>[]; total?: number } };

function useApiRows(): { rows: Row[]; total: number; loading: boolean } {
  const [state, setState] = useState({ rows: [] as Row[], total: 0, loading: apiCalls.length > 0 });
  useEffect(() => {
    if (!apiCalls.length) return;
    const headers = { authorization: `Bearer ${localStorage.getItem('auth_token')}` };
    void Promise.all(
      apiCalls.map((path) => fetch(path, { headers }).then((r) => r.json() as Promise<Answer>)),
    ).then((answers) => {
      const list = answers.find((answer) => Array.isArray(answer.data?.data))?.data;
      const rows = (list?.data ?? []).map((item) => {
        const text = Object.values(item).map((value) => (typeof value === 'object' ? '' : String(value)));
        return {
          id: Number(item.id),
          user: text[1] ?? '',
          amount: text[2] ?? '',
          address: text[3] ?? '',
          status: String(item.status ?? ''),
          createdAt: String(item.createdAt ?? item.created_at ?? new Date().toISOString()),
        };
      });
      setState({ rows, total: list?.total ?? 0, loading: false });
    });
  }, []);
  return apiCalls.length ? state : { rows, total: 240, loading: false };
}

/**
 * The list-page floor: what a console list page renders (a sidebar, a search form, a table with
 * selection, sorting, paging and a column chooser, a status tag, the update dialog, the error panel),
 * as one plain React + antd + dayjs build, without federation. The console's list pages are measured
 * against it.
 */
export function List() {
  const [open, setOpen] = useState<Row | null>(null);
  const [failed] = useState(false);
  const data = useApiRows();
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
              dataSource={data.rows}
              loading={data.loading}
              rowSelection={{}}
              locale={{ emptyText: <Empty description="No pending withdrawals found" /> }}
              // As many rows as the console's page shows (Open Lotteries asks for 100).
              pagination={{
                total: data.total,
                showSizeChanger: true,
                pageSize: Math.max(10, data.rows.length),
              }}
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
