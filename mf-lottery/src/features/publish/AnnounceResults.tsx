import { formatCount, formatDateTime, formatUsd, ordinal, parseDate } from '@backoffice/shared/format';
import { useCan, useHost } from '@backoffice/shared/host';
import { normalizeTicketInput, TICKET_NOT_FOUND, validateTicketNumber } from '@backoffice/shared/rules';
import { AlertDialog, ListPage, useCopy, useLoad } from '@backoffice/shared/ui';
import { Alert, Button, Card, Descriptions } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';

import { LotteryOverview } from '../../components/Overview.tsx';
import { PageError } from '../../components/PageError.tsx';
import { LotteryStatus } from '../../components/status.tsx';
import { ONE_LOTTERY_PAGE_SIZES, useTicketList } from '../../components/ticketList.ts';
import { WinnerCard, WinnerCardPlaceholder } from '../../components/WinnerCard.tsx';
import { failureMessage, isNotFound, userMessage } from '../../data/errors.ts';
import {
  distributionsOf,
  drawWinners,
  getLotteryDetails,
  type LotteryDetails,
  lookupTicket,
  prizeOf,
  publishFigures,
  publishResults,
  type WinnerEntry,
} from '../../data/lottery.ts';
import { fallback, success } from '../../data/messages.ts';
import { publishTicketColumns } from './PublishTickets.tsx';

/** The figures the admin confirms: how many winners, what they are paid, what the admin keeps. */
function PublishFiguresList({
  lottery,
  winners,
}: {
  lottery: LotteryDetails;
  winners: readonly WinnerEntry[];
}) {
  const figures = publishFigures(lottery, winners);
  return (
    <Descriptions size="small" column={1} bordered className="lottery-publish-figures">
      <Descriptions.Item label="Winners">{formatCount(figures.winners)}</Descriptions.Item>
      <Descriptions.Item label="Total Paid">{formatUsd(figures.totalPaid)}</Descriptions.Item>
      <Descriptions.Item label="Admin Profit">{formatUsd(figures.adminProfit)}</Descriptions.Item>
    </Descriptions>
  );
}

/**
 * The replacements typed and not replaced, named (docs/architecture.md#console-behaviour): publishing now
 * would pay the drawn ticket, not the one on screen in the field.
 */
function UnsavedReplacements({
  winners,
  drafts,
}: {
  winners: WinnerEntry[];
  drafts: Record<number, string>;
}) {
  const unsaved = winners.filter((w) => drafts[w.rank]);
  if (unsaved.length === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      className="lottery-unsaved"
      title={unsaved.length === 1 ? 'A replacement is not saved' : 'Replacements are not saved'}
      description={
        <ul className="lottery-unsaved__list">
          {unsaved.map((w) => (
            <li key={w.rank}>
              {`${ordinal(w.rank)} Place: ${drafts[w.rank]} was typed but not replaced; the drawn ticket ${w.ticket_number} would be published.`}
            </li>
          ))}
        </ul>
      }
    />
  );
}

/** Announce Results (/lottery/publish/:id): draw winners, replace any by ticket number, publish. */
export default function AnnounceResults() {
  const { id = '' } = useParams();
  const lotteryId = Number(id);
  const { http, notify } = useHost();
  // Drawing, replacing and publishing winners is lottery:write: a read-only admin sees the figures only.
  const canWrite = useCan('lottery:write');
  const navigate = useNavigate();
  const copy = useCopy();
  const details = useLoad((signal) => getLotteryDetails(http, id, signal), [http, id]);
  const tickets = useTicketList({
    list: 'announce-tickets',
    filters: {},
    // The tickets sold (not cancelled): what the Tickets Sold card counts, so both say one number
    // (docs/architecture.md#console-behaviour).
    fixed: { lottery_id: id, sold: 'true' },
    failure: fallback.lotteryTickets,
    pageSizes: ONE_LOTTERY_PAGE_SIZES,
    defaultPageSize: ONE_LOTTERY_PAGE_SIZES[0],
  });
  const [winners, setWinners] = useState<WinnerEntry[]>([]);
  /**
   * Replacements typed on a winner card and not yet replaced, by rank
   * (docs/architecture.md#console-behaviour: publishing warns).
   */
  const [drafts, setDrafts] = useState<Record<number, string>>({});
  const draftOf = (rank: number) => (draft: string | null) =>
    setDrafts(({ [rank]: _, ...others }) => (draft ? { ...others, [rank]: draft } : others));
  const [generating, setGenerating] = useState(false);
  const [publishing, setPublishing] = useState(false);
  /** Publish was clicked: the dialog with the figures asks to confirm (early: before the result time). */
  const [confirm, setConfirm] = useState({ open: false, early: false });
  const closeConfirm = () => setConfirm((c) => ({ ...c, open: false }));

  const lottery = details.data;
  // A lottery already published shows its result.
  useEffect(() => {
    if (lottery?.prize_distributed && lottery.result) setWinners(lottery.result);
  }, [lottery]);

  if (details.error) {
    return (
      <PageError
        message={userMessage(details.error, isNotFound(details.error) ? fallback.notFound : fallback.details)}
      />
    );
  }

  const published = lottery?.prize_distributed === true;
  const distributions = lottery ? distributionsOf(lottery) : [];
  const closed = lottery?.status === 'closed';
  const canDraw = canWrite && lottery !== undefined && closed && !published;

  const copyTicket = async (ticketNumber: string) => {
    if (await copy(ticketNumber)) notify.success(success.copied);
  };

  const generate = async () => {
    setGenerating(true);
    try {
      const drawn = await drawWinners(http, lotteryId);
      if (drawn.length === 0) notify.error(fallback.generateFailed);
      else setWinners([...drawn].sort((a, b) => a.rank - b.rank));
    } catch (error) {
      notify.error(failureMessage(error, fallback.generateFailed, fallback.generateError), error);
    } finally {
      setGenerating(false);
    }
  };

  /** Validates and looks up a replacement; returns the message shown under the input, or null. */
  const replace = async (rank: number, input: string): Promise<string | null> => {
    const ticketNumber = normalizeTicketInput(input);
    const invalid = validateTicketNumber(ticketNumber);
    if (invalid) {
      notify.error(invalid);
      return invalid;
    }
    if (winners.some((w) => w.rank !== rank && w.ticket_number === ticketNumber)) {
      notify.error(TICKET_NOT_FOUND);
      return TICKET_NOT_FOUND;
    }
    try {
      const ticket = await lookupTicket(http, ticketNumber, lotteryId);
      if (!ticket || ticket.Lottery.id !== lotteryId || ticket.status !== 'active') {
        notify.error(TICKET_NOT_FOUND);
        return TICKET_NOT_FOUND;
      }
      setWinners((current) =>
        current.map((w) =>
          w.rank === rank
            ? {
                ...w,
                ticket_number: ticket.ticket_number,
                ticket_id: ticket.id,
                user: {
                  username: ticket.user.username,
                  name: ticket.user.name,
                  balance: ticket.user.user_detail.balance,
                  winnings: ticket.user.user_detail.winnings,
                },
              }
            : w,
        ),
      );
      return null;
    } catch (error) {
      const message = userMessage(error, isNotFound(error) ? TICKET_NOT_FOUND : fallback.searchTicket);
      notify.error(message);
      return message;
    }
  };

  /** The dialog stays open, busy, until the API answers: success leaves the page, failure closes it. */
  const publishNow = async () => {
    setPublishing(true);
    try {
      await publishResults(http, lotteryId, winners);
      notify.success(success.published);
      navigate('/lottery/completed');
    } catch (error) {
      notify.error(failureMessage(error, fallback.publishFailed, fallback.publishError), error);
      setPublishing(false);
      closeConfirm();
    }
  };

  /**
   * Publishing pays money: it always asks first, with the figures (docs/architecture.md#console-behaviour),
   * and warns when early.
   */
  const publish = () => {
    const resultTime = parseDate(lottery?.result_time ?? null);
    setConfirm({ open: true, early: resultTime !== null && resultTime.getTime() > Date.now() });
  };

  const winnersCard = (
    <Card
      title="Winners"
      size="small"
      className="lottery-winners-card"
      extra={
        canWrite && (
          <div className="lottery-actions">
            <Button onClick={generate} loading={generating} disabled={!canDraw || publishing}>
              {winners.length > 0 ? 'Regenerate' : 'Generate'}
            </Button>
            <Button
              type="primary"
              onClick={publish}
              loading={publishing}
              disabled={winners.length === 0 || !canDraw || generating}
            >
              Publish
            </Button>
          </div>
        )
      }
    >
      {lottery && published && <p className="lottery-note">The results of this lottery are published.</p>}
      {lottery && !closed && !published && (
        <p className="lottery-note">Winners can be drawn once the lottery has closed.</p>
      )}
      {lottery && closed && !published && !canWrite && (
        <p className="lottery-note">The results of this lottery are not published yet.</p>
      )}
      <div className="lottery-winner-grid">
        {generating || !lottery ? (
          <>
            <WinnerCardPlaceholder />
            <WinnerCardPlaceholder />
            <WinnerCardPlaceholder />
          </>
        ) : winners.length === 0 ? (
          canDraw && <p className="lottery-muted">Press Generate to draw the winners at random.</p>
        ) : (
          winners.map((winner) => (
            <WinnerCard
              key={winner.rank}
              winner={winner}
              prize={prizeOf(winner, lottery.total_pool, distributions)}
              onCopy={copyTicket}
              onReplace={canDraw && !publishing ? (input) => replace(winner.rank, input) : undefined}
              onDraftChange={draftOf(winner.rank)}
            />
          ))
        )}
      </div>
    </Card>
  );

  return (
    <>
      <ListPage
        list={tickets}
        title="Announce Results"
        breadcrumb={[{ label: 'Closed Lotteries', to: '/lottery/closed' }, { label: 'Announce Results' }]}
        actions={
          lottery && (
            <>
              <span className="lottery-title-name">{lottery.name}</span>
              <LotteryStatus status={lottery.status} />
            </>
          )
        }
        intro={
          <>
            <LotteryOverview lottery={lottery} variant="announce" />
            {winnersCard}
          </>
        }
        tableTitle="Tickets"
        caption="Tickets"
        columns={publishTicketColumns(copyTicket)}
        rowKey={(t) => t.id}
        empty="No tickets found"
        errorTitle="Error"
      />
      {lottery && (
        <AlertDialog
          open={confirm.open}
          title={confirm.early ? 'Publish Before Result Time' : 'Publish Results'}
          message={
            <>
              <UnsavedReplacements winners={winners} drafts={drafts} />
              <PublishFiguresList lottery={lottery} winners={winners} />
              <p className="lottery-publish-question">
                {confirm.early
                  ? `The result time (${formatDateTime(lottery.result_time)}) has not come yet. Are you sure you want to publish the results now?`
                  : 'The prizes are credited to the winners at once. Are you sure you want to publish the results?'}
              </p>
            </>
          }
          confirmLabel={confirm.early ? 'Publish Now' : 'Publish Results'}
          busy={publishing}
          onConfirm={() => void publishNow()}
          onCancel={closeConfirm}
        />
      )}
    </>
  );
}
