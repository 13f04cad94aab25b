import { errorMessage, useHost } from '@backoffice/shared/host';
import { Button, Field, Modal, Select, TextInput } from '@backoffice/shared/ui';
import { useEffect, useState } from 'react';
import { type Lottery, updateLottery } from '../data/lottery.ts';
import { fallback, success } from '../data/messages.ts';
import { fromLocalInput, RESULT_DELAY_OPTIONS, resultDelayOf, toLocalInput } from './datetime.ts';
import { LotteryStatusBadge } from './StatusBadge.tsx';

export interface UpdateLotteryModalProps {
  /** The lottery being edited; null = closed. */
  lottery: Lottery | null;
  onClose: () => void;
  /** Called after a successful save (the list reloads). */
  onSaved: (lottery: Lottery) => void;
}

/**
 * Update Lottery (open and upcoming lotteries): status read-only, start and end times, result
 * announcement 1 to 5 hours after the end time. Saving never changes the status.
 */
export function UpdateLotteryModal({ lottery, onClose, onSaved }: UpdateLotteryModalProps) {
  const { http, notify } = useHost();
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [delay, setDelay] = useState('1');
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!lottery) return;
    setStart(toLocalInput(lottery.start_time));
    setEnd(toLocalInput(lottery.end_time));
    setDelay(String(resultDelayOf(lottery.end_time, lottery.result_time)));
    setSaving(false);
  }, [lottery]);

  const save = async () => {
    if (!lottery) return;
    setSaving(true);
    try {
      const updated = await updateLottery(http, lottery.id, {
        start_time: fromLocalInput(start) ?? lottery.start_time,
        end_time: fromLocalInput(end) ?? lottery.end_time,
        result_time: Number(delay),
      });
      notify.success(success.updated);
      onSaved(updated);
    } catch (error) {
      notify.error(errorMessage(error, fallback.update));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={lottery !== null}
      title="Update Lottery"
      onClose={saving ? () => {} : onClose}
      footer={
        <>
          <Button onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button variant="primary" loading={saving} onClick={save}>
            Save Changes
          </Button>
        </>
      }
    >
      {lottery && (
        <form
          className="lottery-form lottery-update-form"
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <div className="lottery-update-form__name">{lottery.name}</div>
          <Field label="Status" htmlFor="lottery-update-status">
            <div id="lottery-update-status" className="lottery-readonly">
              <LotteryStatusBadge status={lottery.status} />
            </div>
          </Field>
          <Field label="Start Time" htmlFor="lottery-update-start">
            <TextInput
              type="datetime-local"
              value={start}
              onChange={(event) => setStart(event.target.value)}
              disabled={saving}
            />
          </Field>
          <Field label="End Time" htmlFor="lottery-update-end">
            <TextInput
              type="datetime-local"
              value={end}
              onChange={(event) => setEnd(event.target.value)}
              disabled={saving}
            />
          </Field>
          <Field label="Result Announcement" htmlFor="lottery-update-delay">
            <Select
              options={RESULT_DELAY_OPTIONS}
              value={delay}
              onChange={(event) => setDelay(event.target.value)}
              disabled={saving}
            />
          </Field>
        </form>
      )}
    </Modal>
  );
}
