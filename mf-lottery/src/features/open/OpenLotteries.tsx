import * as endpoints from '@backoffice/shared/endpoints';
import { useCan } from '@backoffice/shared/host';
import { LOTTERY_LOOKUP_LIMIT } from '@backoffice/shared/rules';
import { ExportButton, ListPage } from '@backoffice/shared/ui';
import { Button } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { EditLotteryDialog } from '../../components/EditLotteryDialog.tsx';
import { scheduleColumns, useLotteryList } from '../../components/lotteryList.tsx';
import type { Lottery } from '../../data/lottery.ts';
import { fallback } from '../../data/messages.ts';

/** Open Lotteries (/lottery/open): the running lotteries, each with Update (lottery:write) and View. */
export default function OpenLotteries() {
  const canWrite = useCan('lottery:write');
  const list = useLotteryList('open', { failure: fallback.openList, defaultPageSize: LOTTERY_LOOKUP_LIMIT });
  const [editing, setEditing] = useState<Lottery | null>(null);

  const columns = scheduleColumns((lottery) => (
    <>
      {canWrite && (
        <Button size="small" onClick={() => setEditing(lottery)}>
          Update
        </Button>
      )}
      <Link className="lottery-link" to={`/lottery/details/${lottery.id}`}>
        View
      </Link>
    </>
  ));

  return (
    <>
      <ListPage
        list={list}
        title="Open Lotteries"
        breadcrumb={[{ label: 'Dashboard', to: '/' }, { label: 'Open Lotteries' }]}
        toolbar={
          <ExportButton
            endpoint={endpoints.lotteryExport}
            input={{ query: list.exportQuery }}
            filename="lotteries.csv"
          />
        }
        tableTitle="Lotteries currently selling tickets"
        caption="Open lotteries"
        columns={columns}
        rowKey={(l) => l.id}
        empty="No open lotteries found"
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
    </>
  );
}
