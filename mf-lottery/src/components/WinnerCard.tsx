import { formatUsd, ordinal } from '@backoffice/shared/format';
import { normalizeTicketInput } from '@backoffice/shared/rules';
import { Icon } from '@backoffice/shared/ui';
import { CopyOutlined, EditOutlined } from '@backoffice/shared/ui/icons';
import { Button, Input } from 'antd';
import { type FormEvent, useId, useState } from 'react';
import type { WinnerEntry } from '../data/lottery.ts';
import { RankMedal } from './RankMedal.tsx';

export interface WinnerCardProps {
  winner: WinnerEntry;
  /** The rank's prize (see prizeOf). */
  prize: string;
  onCopy: (ticketNumber: string) => void;
  /**
   * Replaces this rank's ticket: resolves to an error message to show under the input, or null when
   * the ticket was taken. Without it the card has no edit button.
   */
  onReplace?: (ticketNumber: string) => Promise<string | null>;
  /**
   * What is typed in the replacement field and not yet replaced ('' or closed: null), so the page can
   * warn before publishing without it (docs/architecture.md#console-behaviour).
   */
  onDraftChange?: (draft: string | null) => void;
}

/** One winner: rank with its share of the pool, ticket number (copy, edit), user, prize and balances. */
export function WinnerCard({ winner, prize, onCopy, onReplace, onDraftChange }: WinnerCardProps) {
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  const place = `${ordinal(winner.rank)} Place`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!onReplace) return;
    setBusy(true);
    const message = await onReplace(value);
    setBusy(false);
    setError(message);
    if (message === null) {
      setEditing(false);
      setValue('');
      onDraftChange?.(null);
    }
  };

  return (
    <article className={`lottery-winner lottery-winner--rank-${Math.min(winner.rank, 4)}`} aria-label={place}>
      <header className="lottery-winner__head">
        <span className="lottery-winner__place">
          <RankMedal rank={winner.rank} /> {place}
        </span>
        <span className="lottery-winner__pct">{winner.percentage}% of pool</span>
      </header>
      {editing ? (
        <form className="lottery-winner__edit" onSubmit={submit} aria-label={`Replace ${place} ticket`}>
          <label className="lottery-sr-only" htmlFor={inputId}>
            New ticket number
          </label>
          <Input
            id={inputId}
            value={value}
            placeholder="AB12345"
            maxLength={7}
            autoComplete="off"
            spellCheck={false}
            status={error ? 'error' : undefined}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${inputId}-error` : undefined}
            onChange={(event) => {
              const typed = normalizeTicketInput(event.target.value);
              setValue(typed);
              setError(null);
              onDraftChange?.(typed || null);
            }}
            disabled={busy}
            autoFocus
          />
          <div className="lottery-winner__edit-buttons">
            <Button htmlType="submit" size="small" type="primary" loading={busy}>
              Replace
            </Button>
            <Button
              size="small"
              disabled={busy}
              onClick={() => {
                setEditing(false);
                setValue('');
                setError(null);
                onDraftChange?.(null);
              }}
            >
              Cancel
            </Button>
          </div>
          {error && (
            <div className="lottery-field-error" id={`${inputId}-error`} role="alert">
              {error}
            </div>
          )}
        </form>
      ) : (
        <div className="lottery-winner__ticket">
          <code className="lottery-ticket-no">{winner.ticket_number}</code>
          <Button
            size="small"
            type="text"
            icon={<Icon icon={CopyOutlined} aria-hidden="true" />}
            aria-label={`Copy ticket number ${winner.ticket_number}`}
            title="Copy ticket number"
            onClick={() => onCopy(winner.ticket_number)}
          />
          {onReplace && (
            <Button
              size="small"
              type="text"
              icon={<Icon icon={EditOutlined} aria-hidden="true" />}
              aria-label={`Edit ${place} ticket number`}
              title="Replace ticket"
              onClick={() => setEditing(true)}
            />
          )}
        </div>
      )}
      <dl className="lottery-winner__facts">
        <div>
          <dt>Username</dt>
          <dd>{winner.user.username}</dd>
        </div>
        <div>
          <dt>Name</dt>
          <dd>{winner.user.name || '—'}</dd>
        </div>
        <div className="lottery-winner__prize">
          <dt>Prize</dt>
          <dd>{formatUsd(prize)}</dd>
        </div>
        <div>
          <dt>Current Balance</dt>
          <dd>{formatUsd(winner.user.balance)}</dd>
        </div>
        <div>
          <dt>Total Winnings</dt>
          <dd>{formatUsd(winner.user.winnings)}</dd>
        </div>
      </dl>
    </article>
  );
}

/** The placeholder shown 3 times while winners load. */
export function WinnerCardPlaceholder() {
  return (
    <div className="lottery-winner lottery-winner--placeholder" aria-hidden="true">
      <span className="lottery-shimmer lottery-shimmer--wide" />
      <span className="lottery-shimmer" />
      <span className="lottery-shimmer" />
      <span className="lottery-shimmer lottery-shimmer--wide" />
    </div>
  );
}
