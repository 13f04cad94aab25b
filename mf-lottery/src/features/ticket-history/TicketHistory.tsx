import * as endpoints from '@backoffice/shared/endpoints';
import { formatDateTime, formatUsd } from '@backoffice/shared/format';
import { useHost } from '@backoffice/shared/host';
import { LOTTERY_LOOKUP_LIMIT } from '@backoffice/shared/rules';
import { ExportButton, Icon, type ListColumn, ListPage, useLoad } from '@backoffice/shared/ui';
import { FilterOutlined } from '@backoffice/shared/ui/icons';
import { Button, Form, Select, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { TicketStatus } from '../../components/status.tsx';
import { useTicketList } from '../../components/ticketList.ts';
import type { LotteryTicket } from '../../data/lottery.ts';
import { fallback } from '../../data/messages.ts';

const STATUS_OPTIONS = [
  { value: '', label: 'All Statuses' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
  { value: 'cancelled', label: 'Cancelled' },
];
const FILTERS = { lottery_id: '', status: '' };
type Filters = typeof FILTERS;

const columns: ListColumn<LotteryTicket>[] = [
  { key: 'id', title: 'ID', render: (t) => t.id },
  {
    key: 'ticket',
    title: 'Ticket Number',
    render: (t) => <code className="lottery-ticket-no">{t.ticket_number}</code>,
  },
  { key: 'lottery', title: 'Lottery', render: (t) => t.Lottery.name },
  {
    key: 'user',
    title: 'User',
    render: (t) => (
      <div className="lottery-user">
        <div className="lottery-name">{t.user.username}</div>
        {t.user.name && <div className="lottery-muted">{t.user.name}</div>}
      </div>
    ),
  },
  { key: 'price', title: 'Price', align: 'right', render: (t) => formatUsd(t.price) },
  {
    key: 'result',
    title: 'Result',
    render: (t) =>
      t.is_winner ? (
        <div className="lottery-inline">
          <Tag color="green">Winner</Tag>
          {t.prize_rank !== null && <Tag color="purple">Rank {t.prize_rank}</Tag>}
          <span className="lottery-won">Won {formatUsd(t.winning_amount)}</span>
        </div>
      ) : (
        <span className="lottery-muted">—</span>
      ),
  },
  { key: 'status', title: 'Status', render: (t) => <TicketStatus status={t.status} /> },
  {
    key: 'date',
    title: 'Purchased',
    render: (t) => <span className="lottery-nowrap">{formatDateTime(t.createdAt)}</span>,
  },
];

/** The lottery and status filters: a draft until Apply Filters; Reset Filters clears the URL. */
function TicketFilters({
  filters,
  lotteryOptions,
  onApply,
  onReset,
}: {
  filters: Filters;
  lotteryOptions: { value: string; label: string }[];
  onApply(filters: Filters): void;
  onReset(): void;
}) {
  const [form] = Form.useForm<Filters>();
  const key = JSON.stringify(filters);
  // biome-ignore lint/correctness/useExhaustiveDependencies: key stands for filters
  useEffect(() => form.setFieldsValue(filters), [key, form]);
  return (
    <Form<Filters>
      form={form}
      name="ticket-filters"
      layout="vertical"
      className="lottery-filters"
      aria-label="Filters"
      initialValues={filters}
      onFinish={(values) => onApply({ lottery_id: values.lottery_id ?? '', status: values.status ?? '' })}
    >
      <Form.Item label="Lottery" name="lottery_id">
        <Select
          options={[{ value: '', label: 'All Lotteries' }, ...lotteryOptions]}
          showSearch={{ optionFilterProp: 'label' }}
        />
      </Form.Item>
      <Form.Item label="Status" name="status">
        <Select options={STATUS_OPTIONS} />
      </Form.Item>
      <div className="lottery-filters__buttons">
        <Button type="primary" htmlType="submit">
          Apply Filters
        </Button>
        <Button
          onClick={() => {
            form.setFieldsValue(FILTERS);
            onReset();
          }}
        >
          Reset Filters
        </Button>
      </div>
    </Form>
  );
}

/** Ticket history (/lottery/ticket-history): every ticket, filtered by lottery and status (in the URL). */
export default function TicketHistory() {
  const { http } = useHost();
  const list = useTicketList({ list: 'ticket-history', filters: FILTERS, failure: fallback.tickets });
  const filtered = list.filters.lottery_id !== '' || list.filters.status !== '';
  const [showFilters, setShowFilters] = useState(filtered);

  const lotteries = useLoad(
    (signal) =>
      http.call(endpoints.lotteryList, { query: { page: 1, limit: LOTTERY_LOOKUP_LIMIT } }, { signal }),
    [http],
  );
  const lotteryOptions = (lotteries.data?.data.data ?? []).map((l) => ({
    value: String(l.id),
    label: l.name,
  }));
  const chosen = list.filters.lottery_id;
  if (chosen && !lotteryOptions.some((o) => o.value === chosen)) {
    lotteryOptions.unshift({ value: chosen, label: `Lottery #${chosen}` });
  }

  return (
    <ListPage
      list={list}
      title="Ticket History"
      breadcrumb={[{ label: 'Dashboard', to: '/' }, { label: 'Ticket History' }]}
      actions={
        <Button
          icon={<Icon icon={FilterOutlined} aria-hidden="true" />}
          aria-expanded={showFilters}
          onClick={() => setShowFilters((shown) => !shown)}
        >
          {showFilters ? 'Hide Filters' : 'Show Filters'}
        </Button>
      }
      search={
        showFilters
          ? {
              title: 'Filters',
              form: (
                <TicketFilters
                  filters={list.filters}
                  lotteryOptions={lotteryOptions}
                  onApply={list.setFilters}
                  onReset={list.resetFilters}
                />
              ),
            }
          : undefined
      }
      toolbar={
        <ExportButton
          endpoint={endpoints.lotteryTicketsExport}
          input={{ query: list.exportQuery }}
          filename="lottery-tickets.csv"
        />
      }
      tableTitle="Lottery Tickets"
      caption="Lottery tickets"
      columns={columns}
      rowKey={(t) => t.id}
      empty="No tickets found"
      errorTitle="Error Loading Tickets"
    />
  );
}
