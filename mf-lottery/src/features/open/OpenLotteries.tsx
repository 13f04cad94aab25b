import { useHost } from '@backoffice/shared/host';
import { LOTTERY_LOOKUP_LIMIT } from '@backoffice/shared/rules';
import { Button, ButtonLink, Card, EmptyState, PageHeader, useLoad } from '@backoffice/shared/ui';
import { useState } from 'react';
import { LotteryTable } from '../../components/LotteryTable.tsx';
import { UpdateLotteryModal } from '../../components/UpdateLotteryModal.tsx';
import { useErrorToast } from '../../components/useErrorToast.ts';
import { type Lottery, listLotteries } from '../../data/lottery.ts';
import { fallback } from '../../data/messages.ts';

/** Open Lotteries (/lottery/open): the running lotteries, each with Update and View. */
export default function OpenLotteries() {
  const { http } = useHost();
  const list = useLoad(
    (signal) => listLotteries(http, { status: 'open', page: 1, limit: LOTTERY_LOOKUP_LIMIT }, signal),
    [http],
  );
  useErrorToast(list.error, fallback.openList);
  const [editing, setEditing] = useState<Lottery | null>(null);

  return (
    <div className="lottery-page">
      <PageHeader title="Open Lotteries" subtitle="Lotteries currently selling tickets" />
      <Card>
        <LotteryTable
          caption="Open lotteries"
          rows={list.data?.data ?? []}
          loading={list.loading && !list.data}
          empty={<EmptyState>No open lotteries found</EmptyState>}
          actions={(lottery) => (
            <>
              <Button size="small" onClick={() => setEditing(lottery)}>
                Update
              </Button>
              <ButtonLink size="small" variant="link" to={`/lottery/details/${lottery.id}`}>
                View
              </ButtonLink>
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
    </div>
  );
}
