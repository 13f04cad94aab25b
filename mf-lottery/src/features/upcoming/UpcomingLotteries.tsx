import { errorMessage, useHost } from '@backoffice/shared/host';
import { LOTTERY_LOOKUP_LIMIT } from '@backoffice/shared/rules';
import {
  Button,
  ButtonLink,
  Card,
  ConfirmDialog,
  EmptyState,
  PageHeader,
  useLoad,
} from '@backoffice/shared/ui';
import { useState } from 'react';
import { LotteryTable } from '../../components/LotteryTable.tsx';
import { UpdateLotteryModal } from '../../components/UpdateLotteryModal.tsx';
import { useErrorToast } from '../../components/useErrorToast.ts';
import { deleteLottery, type Lottery, listLotteries } from '../../data/lottery.ts';
import { fallback, success } from '../../data/messages.ts';

/** Upcoming Lotteries (/lottery/upcoming): not started yet; update or delete them. */
export default function UpcomingLotteries() {
  const { http, notify } = useHost();
  const list = useLoad(
    (signal) => listLotteries(http, { status: 'upcoming', page: 1, limit: LOTTERY_LOOKUP_LIMIT }, signal),
    [http],
  );
  useErrorToast(list.error, fallback.upcomingList);
  const [editing, setEditing] = useState<Lottery | null>(null);
  const [deleting, setDeleting] = useState<Lottery | null>(null);
  const [busy, setBusy] = useState(false);

  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await deleteLottery(http, deleting.id);
      notify.success(success.deleted);
      setDeleting(null);
      list.reload();
    } catch (error) {
      notify.error(errorMessage(error, fallback.delete));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="lottery-page">
      <PageHeader
        title="Upcoming Lotteries"
        subtitle="Lotteries scheduled to start later"
        actions={
          <ButtonLink variant="primary" to="/lottery/create-lottery" icon="+">
            Create New Lottery
          </ButtonLink>
        }
      />
      <Card>
        <LotteryTable
          caption="Upcoming lotteries"
          rows={list.data?.data ?? []}
          loading={list.loading && !list.data}
          empty={<EmptyState>No upcoming lotteries found</EmptyState>}
          actions={(lottery) => (
            <>
              <Button size="small" onClick={() => setEditing(lottery)}>
                Update
              </Button>
              <Button size="small" variant="danger" onClick={() => setDeleting(lottery)}>
                Delete
              </Button>
            </>
          )}
        />
      </Card>
      <UpdateLotteryModal
        lottery={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          list.reload();
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete Lottery"
        message="Are you sure you want to delete this lottery?"
        confirmLabel="Delete"
        danger
        busy={busy}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
