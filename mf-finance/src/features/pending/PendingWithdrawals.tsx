import type { Withdrawal } from '@backoffice/shared/contract';
import * as endpoints from '@backoffice/shared/endpoints';
import { openWithdrawalStatuses, withdrawalMessages } from '@backoffice/shared/facts';
import { formatDateTime, formatUsdt, isWithdrawalUpdatable, sumMoney } from '@backoffice/shared/format';
import { useCan, useHost } from '@backoffice/shared/host';
import { DEFAULT_SORT, validateBulkSelection, withdrawalSortFields } from '@backoffice/shared/rules';
import {
  ExportButton,
  type ListColumn,
  ListPage,
  SearchForm,
  sortField,
  useListPage,
} from '@backoffice/shared/ui';
import { Alert, Button, Descriptions, Form, Input } from 'antd';
import { type Key, type ReactNode, useEffect, useState } from 'react';
import { withdrawalColumns } from '../../components/cells.tsx';
import { PerPageField } from '../../components/PerPageField.tsx';
import { UpdateStatusModal } from './UpdateStatusModal.tsx';
import { type BulkOutcome, decideMany, decideOne, type StatusChoice } from './updates.ts';

const FILTERS = { id: '' };

// The open withdrawals (pending, waiting, awaiting_approval) are listed here: asking for 'pending' alone
// would leave waiting ones on no screen at all; a large withdrawal one admin approved waits here for the
// second (four-eyes).

type Target = { kind: 'one'; id: number } | { kind: 'bulk'; ids: number[] };

/** Who gave a withdrawal's first approval, by e-mail (their id when the API did not name them). */
export const firstApproverOf = (w: Withdrawal): string =>
  w.firstApprover?.email ?? (w.firstApprovedBy != null ? `admin #${w.firstApprovedBy}` : 'another admin');

/**
 * Four-eyes in words (docs/architecture.md#console-behaviour): a withdrawal waiting for its second approval whose first one was given
 * by the signed-in admin. They wait for someone else and are not offered the decision again.
 */
const approvedByMe = (w: Withdrawal, adminId: number | undefined): boolean =>
  w.status === 'awaiting_approval' && adminId !== undefined && w.firstApprovedBy === adminId;

/** Under the status of a withdrawal awaiting its second approval: who gave the first, and when. */
function FirstApproval({ w, mine }: { w: Withdrawal; mine: boolean }) {
  if (w.status !== 'awaiting_approval') return null;
  const when = w.firstApprovedAt ? `, ${formatDateTime(w.firstApprovedAt)}` : '';
  return (
    <span className="finance-first-approval">
      {`1st approval: ${mine ? 'you' : firstApproverOf(w)}${when}`}
    </span>
  );
}

/** The second approver's notice in the dialog: it is the second approval, who gave the first and when. */
function SecondApprovalNotice({ w }: { w: Withdrawal }) {
  const when = w.firstApprovedAt ? ` on ${formatDateTime(w.firstApprovedAt)}` : '';
  return (
    <Alert
      type="info"
      showIcon
      title="This is the second approval (four-eyes)"
      description={`First approved by ${firstApproverOf(w)}${when}. Approving now makes the withdrawal final.`}
    />
  );
}
type Failure = Extract<BulkOutcome, { done: true }>['failed'][number];

/** The figures an admin confirms: one withdrawal's user, amount and address; a bulk update's count and sum. */
function DecisionFigures({ target, rows }: { target: Target; rows: Withdrawal[] }) {
  if (target.kind === 'one') {
    const w = rows.find((row) => row.id === target.id);
    if (!w) return null;
    return (
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label="User">
          {w.User.name?.trim() || w.User.username} ({w.User.username})
        </Descriptions.Item>
        <Descriptions.Item label="Amount">{formatUsdt(w.amount)}</Descriptions.Item>
        <Descriptions.Item label="Address">
          <span className="finance-mono finance-mono--wrap">{w.wallet_address}</span>
        </Descriptions.Item>
      </Descriptions>
    );
  }
  const chosen = rows.filter((row) => target.ids.includes(row.id));
  return (
    <Descriptions size="small" column={1} bordered>
      <Descriptions.Item label="Withdrawals">{target.ids.length}</Descriptions.Item>
      <Descriptions.Item label="Total">{formatUsdt(sumMoney(chosen.map((w) => w.amount)))}</Descriptions.Item>
    </Descriptions>
  );
}

/** The withdrawal a one-row decision would give its second approval, else null. */
function secondApprovalOf(target: Target, rows: Withdrawal[]): ReactNode {
  if (target.kind !== 'one') return null;
  const w = rows.find((row) => row.id === target.id);
  return w?.status === 'awaiting_approval' ? <SecondApprovalNotice w={w} /> : null;
}

/** /withdrawals/pending (docs/screens.md): search card, selectable table, single and bulk status updates. */
export default function PendingWithdrawals() {
  const { http, notify, admin } = useHost();
  const adminId = admin?.id;
  // Deciding withdrawals is finance:write: a read-only admin sees the list without its buttons and ticks.
  const canWrite = useCan('finance:write');
  const list = useListPage({
    area: 'finance',
    list: 'pending-withdrawals',
    endpoint: endpoints.withdrawalsList,
    filters: FILTERS,
    sort: { by: DEFAULT_SORT.sortBy, type: DEFAULT_SORT.sortType },
    failure: withdrawalMessages.loadFailed,
    // Another admin's decision (or a new request) shows here without a reload.
    liveTopic: 'withdrawals',
    input: ({ filters, page, perPage, sort }) => ({
      query: {
        page,
        per_page: perPage,
        ...(filters.id ? { id: filters.id } : {}),
        status_in: [...openWithdrawalStatuses],
        sort_by: sortField(sort, withdrawalSortFields),
        sort_type: sort?.type,
      },
    }),
    rows: (answer) => answer.data.data,
    total: (answer) => answer.data.total,
  });

  const [selected, setSelected] = useState<Key[]>([]);
  const [target, setTarget] = useState<Target | null>(null);
  const [failures, setFailures] = useState<Failure[]>([]);

  // A new page, filter or sort starts with nothing ticked.
  const viewKey = JSON.stringify([list.filters, list.page, list.perPage, list.sort]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: viewKey is the trigger
  useEffect(() => setSelected([]), [viewKey]);
  // Rows decided meanwhile (here or by another admin) leave the selection when the page loads again.
  const answer = list.answer;
  useEffect(() => {
    if (!answer) return;
    const open = new Set(
      answer.data.data
        .filter((w) => isWithdrawalUpdatable(w.status) && !approvedByMe(w, adminId))
        .map((w) => w.id),
    );
    setSelected((keys) => {
      const kept = keys.filter((key) => open.has(Number(key)));
      return kept.length === keys.length ? keys : kept;
    });
  }, [answer, adminId]);

  const openBulk = () => {
    const ids = selected.map(Number);
    const problem = validateBulkSelection(ids);
    if (problem) notify.error(problem);
    else setTarget({ kind: 'bulk', ids });
  };

  const submit = async (choice: StatusChoice) => {
    if (!target) return;
    if (target.kind === 'one') {
      const outcome = await decideOne(http, target.id, choice);
      if (outcome.done) {
        if (outcome.awaiting) notify.info(outcome.message);
        else notify.success('Withdrawal status updated!');
        setSelected((keys) => keys.filter((key) => key !== target.id));
      } else {
        notify.error(outcome.message);
        // A failure that a retry could fix keeps the dialog open.
        if (!outcome.stale) return;
      }
    } else {
      const outcome = await decideMany(http, target.ids, choice);
      if (!outcome.done) {
        notify.error(outcome.message);
        return;
      }
      if (outcome.failed.length === 0) notify.success(withdrawalMessages.bulkUpdated);
      else notify.error(withdrawalMessages.bulkSomeFailed);
      if (outcome.awaiting.length > 0) {
        notify.info(
          `Waiting for a second approval (four-eyes): ${outcome.awaiting.map((id) => `#${id}`).join(', ')}`,
        );
      }
      setFailures(outcome.failed);
      setSelected([]);
    }
    setTarget(null);
    list.reload();
  };

  const columns: ListColumn<Withdrawal>[] = [
    withdrawalColumns.id,
    withdrawalColumns.user,
    withdrawalColumns.amount,
    withdrawalColumns.address,
    {
      ...withdrawalColumns.status,
      render: (w) => (
        <div className="finance-status-cell">
          {withdrawalColumns.status.render(w)}
          <FirstApproval w={w} mine={approvedByMe(w, adminId)} />
        </div>
      ),
    },
    withdrawalColumns.createdAt,
  ];
  if (canWrite)
    columns.push({
      key: 'actions',
      title: 'Actions',
      hideable: false,
      fixed: 'end',
      render: (w) =>
        approvedByMe(w, adminId) ? (
          <span className="finance-muted finance-nowrap">Waiting for another admin</span>
        ) : isWithdrawalUpdatable(w.status) ? (
          <Button
            size="small"
            type="primary"
            aria-label={`Update withdrawal ${w.id}`}
            onClick={() => setTarget({ kind: 'one', id: w.id })}
          >
            Update
          </Button>
        ) : null,
    });

  return (
    <>
      <ListPage
        list={list}
        title="Pending Withdrawals"
        breadcrumb={[{ label: 'Dashboard', to: '/' }, { label: 'Withdrawals' }, { label: 'Pending' }]}
        search={{
          title: 'Search Withdrawals',
          form: (
            <SearchForm
              label="Search withdrawals"
              filters={list.filters}
              onSearch={list.setFilters}
              onReset={list.resetFilters}
            >
              <Form.Item label="ID" name="id">
                <Input inputMode="numeric" placeholder="Withdrawal ID" />
              </Form.Item>
              <PerPageField
                id="finance-pending-per-page"
                value={list.perPage}
                sizes={list.pageSizes}
                onChange={list.setPerPage}
              />
            </SearchForm>
          ),
        }}
        tableTitle="Withdrawals"
        toolbar={
          <>
            {canWrite && list.error === null && (
              <div className="finance-bulk">
                {failures.length > 0 && (
                  <Alert
                    type="warning"
                    showIcon
                    closable={{ 'aria-label': 'Dismiss', onClose: () => setFailures([]) }}
                    title="Not updated:"
                    description={
                      <ul className="finance-failures">
                        {failures.map((f) => (
                          <li key={f.id}>
                            #{f.id}: {f.message}
                          </li>
                        ))}
                      </ul>
                    }
                  />
                )}
                <div className="finance-bulk__bar">
                  <Button type="primary" onClick={openBulk}>
                    {selected.length > 0 ? `Update Selected (${selected.length})` : 'Update Selected'}
                  </Button>
                  {selected.length > 0 && (
                    <span className="finance-bulk__count" aria-live="polite">
                      {selected.length} selected
                    </span>
                  )}
                </div>
              </div>
            )}
            <ExportButton
              endpoint={endpoints.withdrawalsExport}
              input={{ query: list.exportQuery }}
              filename="withdrawals.csv"
            />
          </>
        }
        caption="Pending withdrawals"
        columns={columns}
        rowKey={(w) => w.id}
        selection={
          canWrite
            ? {
                selected,
                onChange: setSelected,
                isSelectable: (w) => isWithdrawalUpdatable(w.status) && !approvedByMe(w, adminId),
              }
            : undefined
        }
        empty="No pending withdrawals found"
        errorTitle="Error Loading Withdrawals"
      />
      {target && (
        <UpdateStatusModal
          count={target.kind === 'bulk' ? target.ids.length : null}
          secondApproval={secondApprovalOf(target, list.rows)}
          figures={<DecisionFigures target={target} rows={list.rows} />}
          onClose={() => setTarget(null)}
          onSubmit={submit}
        />
      )}
    </>
  );
}
