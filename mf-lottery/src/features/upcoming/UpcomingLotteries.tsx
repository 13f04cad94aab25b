import * as endpoints from '@backoffice/shared/endpoints';
import { useCan, useHost } from '@backoffice/shared/host';
import { LOTTERY_LOOKUP_LIMIT } from '@backoffice/shared/rules';
import { AlertDialog, ExportButton, Icon, ListPage } from '@backoffice/shared/ui';
import { PlusOutlined } from '@backoffice/shared/ui/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { EditLotteryDialog } from '../../components/EditLotteryDialog.tsx';
import { LinkButton } from '../../components/LinkButton.tsx';
import { scheduleColumns, useLotteryList } from '../../components/lotteryList.tsx';
import { userMessage } from '../../data/errors.ts';
import { deleteLottery, type Lottery } from '../../data/lottery.ts';
import { fallback, success } from '../../data/messages.ts';

/** Upcoming Lotteries (/lottery/upcoming): not started yet; update or delete them (lottery:write). */
export default function UpcomingLotteries() {
  const { http, notify } = useHost();
  const canWrite = useCan('lottery:write');
  const list = useLotteryList('upcoming', {
    failure: fallback.upcomingList,
    defaultPageSize: LOTTERY_LOOKUP_LIMIT,
  });
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
      notify.error(userMessage(error, fallback.delete), error);
    } finally {
      setBusy(false);
    }
  };

  const columns = scheduleColumns(
    canWrite
      ? (lottery) => (
          <>
            <Button size="small" onClick={() => setEditing(lottery)}>
              Update
            </Button>
            <Button size="small" danger onClick={() => setDeleting(lottery)}>
              Delete
            </Button>
          </>
        )
      : undefined,
  );

  return (
    <>
      <ListPage
        list={list}
        title="Upcoming Lotteries"
        breadcrumb={[{ label: 'Dashboard', to: '/' }, { label: 'Upcoming Lotteries' }]}
        actions={
          canWrite && (
            <LinkButton
              type="primary"
              icon={<Icon icon={PlusOutlined} aria-hidden="true" />}
              to="/lottery/create-lottery"
            >
              Create New Lottery
            </LinkButton>
          )
        }
        toolbar={
          <ExportButton
            endpoint={endpoints.lotteryExport}
            input={{ query: list.exportQuery }}
            filename="lotteries.csv"
          />
        }
        tableTitle="Lotteries scheduled to start later"
        caption="Upcoming lotteries"
        columns={columns}
        rowKey={(l) => l.id}
        empty="No upcoming lotteries found"
        errorTitle="Error Loading Lotteries"
      />
      <EditLotteryDialog
        lottery={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          list.reload();
        }}
      />
      <AlertDialog
        open={deleting !== null}
        title="Delete Lottery"
        message="Are you sure you want to delete this lottery?"
        confirmLabel="Delete"
        danger
        busy={busy}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
