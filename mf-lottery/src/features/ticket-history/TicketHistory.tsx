import { formatDateTime, formatUsd } from '@backoffice/shared/format';
import { useHost } from '@backoffice/shared/host';
import { LOTTERY_LOOKUP_LIMIT, PAGINATION } from '@backoffice/shared/rules';
import {
  Badge,
  Button,
  Card,
  type Column,
  DataTable,
  EmptyState,
  Field,
  PageHeader,
  Pagination,
  Select,
  useLoad,
  useUrlQuery,
} from '@backoffice/shared/ui';
import { useEffect, useState } from 'react';
import { TicketStatusBadge } from '../../components/StatusBadge.tsx';
import { useErrorToast } from '../../components/useErrorToast.ts';
import { type LotteryTicket, listLotteries, listTickets } from '../../data/lottery.ts';
import { fallback } from '../../data/messages.ts';

const STATUS_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
  { value: 'cancelled', label: 'Cancelled' },
];
const DEFAULTS = { lottery_id: '', status: '', page: 1 };
const PAGE_SIZE = PAGINATION.defaultPageSize;

const columns: Column<LotteryTicket>[] = [
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
          <Badge color="green">Winner</Badge>
          {t.prize_rank !== null && <Badge color="purple">Rank {t.prize_rank}</Badge>}
          <span className="lottery-won">Won {formatUsd(t.winning_amount)}</span>
        </div>
      ) : (
        <span className="lottery-muted">—</span>
      ),
  },
  { key: 'status', title: 'Status', render: (t) => <TicketStatusBadge status={t.status} /> },
  { key: 'date', title: 'Purchased', render: (t) => formatDateTime(t.createdAt) },
];

/** Ticket history (/lottery/ticket-history): every ticket, filtered by lottery and status (in the URL). */
export default function TicketHistory() {
  const { http } = useHost();
  const [query, setQuery, resetQuery] = useUrlQuery(DEFAULTS);
  const filtered = query.lottery_id !== '' || query.status !== '';
  const [showFilters, setShowFilters] = useState(filtered);
  const [draft, setDraft] = useState({ lottery_id: query.lottery_id, status: query.status });
  useEffect(() => {
    setDraft({ lottery_id: query.lottery_id, status: query.status });
  }, [query.lottery_id, query.status]);

  const lotteries = useLoad(
    (signal) => listLotteries(http, { page: 1, limit: LOTTERY_LOOKUP_LIMIT }, signal),
    [http],
  );
  const tickets = useLoad(
    (signal) =>
      listTickets(
        http,
        {
          lottery_id: query.lottery_id,
          status: query.status as LotteryTicket['status'] | '',
          page: query.page,
          limit: PAGE_SIZE,
        },
        signal,
      ),
    [http, query.lottery_id, query.status, query.page],
  );
  useErrorToast(tickets.error, fallback.tickets);

  const lotteryOptions = (lotteries.data?.data ?? []).map((l) => ({ value: String(l.id), label: l.name }));
  if (query.lottery_id && !lotteryOptions.some((o) => o.value === query.lottery_id)) {
    lotteryOptions.unshift({ value: query.lottery_id, label: `Lottery #${query.lottery_id}` });
  }

  return (
    <div className="lottery-page">
      <PageHeader title="Ticket History" subtitle="Lottery tickets bought by users" />
      <Card
        title="Lottery Tickets"
        extra={
          <Button size="small" aria-expanded={showFilters} onClick={() => setShowFilters((v) => !v)}>
            {showFilters ? 'Hide Filters' : 'Show Filters'}
          </Button>
        }
      >
        {showFilters && (
          <form
            className="lottery-filters"
            aria-label="Filters"
            onSubmit={(event) => {
              event.preventDefault();
              setQuery({ ...draft, page: 1 });
            }}
          >
            <Field label="Lottery" htmlFor="ticket-filter-lottery">
              <Select
                options={lotteryOptions}
                placeholder="All Lotteries"
                value={draft.lottery_id}
                onChange={(event) => setDraft({ ...draft, lottery_id: event.target.value })}
              />
            </Field>
            <Field label="Status" htmlFor="ticket-filter-status">
              <Select
                options={STATUS_OPTIONS}
                placeholder="All Statuses"
                value={draft.status}
                onChange={(event) => setDraft({ ...draft, status: event.target.value })}
              />
            </Field>
            <div className="lottery-filters__buttons">
              <Button type="submit" variant="primary">
                Apply Filters
              </Button>
              <Button
                onClick={() => {
                  setDraft({ lottery_id: '', status: '' });
                  resetQuery();
                }}
              >
                Reset Filters
              </Button>
            </div>
          </form>
        )}
        <DataTable
          caption="Lottery tickets"
          columns={columns}
          rows={tickets.data?.data ?? []}
          rowKey={(t) => t.id}
          loading={tickets.loading && !tickets.data}
          empty={<EmptyState>No tickets found</EmptyState>}
        />
        {(tickets.data?.totalPages ?? 0) > 1 && (
          <div className="lottery-pager">
            <Pagination
              page={query.page}
              totalPages={tickets.data?.totalPages ?? 0}
              onChange={(page) => setQuery({ page })}
            />
          </div>
        )}
      </Card>
    </div>
  );
}
