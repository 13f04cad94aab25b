import { type Dayjs, viewerZone } from '@backoffice/shared/format';
import { useHost } from '@backoffice/shared/host';
import { Button, DatePicker, Form, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import { userMessage } from '../data/errors.ts';
import { type Lottery, updateLottery } from '../data/lottery.ts';
import { fallback, success } from '../data/messages.ts';
import { fromPicker, PICKER_FORMAT, RESULT_DELAY_OPTIONS, resultDelayOf, toPicker } from './datetime.ts';
import { LotteryStatus } from './status.tsx';

export interface UpdateLotteryModalProps {
  /** The lottery being edited; null = closed. */
  lottery: Lottery | null;
  onClose: () => void;
  /** Called after a successful save (the list reloads). */
  onSaved: (lottery: Lottery) => void;
}

interface UpdateValues {
  start: Dayjs | null;
  end: Dayjs | null;
  delay: string;
}

/**
 * Update Lottery (open and upcoming lotteries): status read-only, start and end times in the viewer's zone,
 * result announcement 1 to 5 hours after the end time. Saving never changes the status.
 */
export function UpdateLotteryModal({ lottery, onClose, onSaved }: UpdateLotteryModalProps) {
  const { http, notify } = useHost();
  const [form] = Form.useForm<UpdateValues>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!lottery) return;
    form.setFieldsValue({
      start: toPicker(lottery.start_time),
      end: toPicker(lottery.end_time),
      delay: String(resultDelayOf(lottery.end_time, lottery.result_time)),
    });
    setSaving(false);
  }, [lottery, form]);

  const save = async (values: UpdateValues) => {
    if (!lottery) return;
    setSaving(true);
    try {
      const updated = await updateLottery(http, lottery.id, {
        start_time: fromPicker(values.start) ?? lottery.start_time,
        end_time: fromPicker(values.end) ?? lottery.end_time,
        result_time: Number(values.delay),
      });
      notify.success(success.updated);
      onSaved(updated);
    } catch (error) {
      notify.error(userMessage(error, fallback.update), error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={lottery !== null}
      title="Update Lottery"
      onCancel={saving ? undefined : onClose}
      closable={!saving}
      keyboard={!saving}
      mask={{ closable: !saving }}
      forceRender
      footer={
        <>
          <Button onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="primary" loading={saving} onClick={() => form.submit()}>
            Save Changes
          </Button>
        </>
      }
    >
      <Form<UpdateValues>
        form={form}
        name="lottery-update"
        layout="vertical"
        className="lottery-update-form"
        aria-label="Update Lottery"
        disabled={saving}
        onFinish={(values) => void save(values)}
      >
        {lottery && <div className="lottery-update-form__name">{lottery.name}</div>}
        <Form.Item label="Status">{lottery && <LotteryStatus status={lottery.status} />}</Form.Item>
        <Form.Item label="Start Time" name="start" extra={`Times in ${viewerZone()}`}>
          <DatePicker showTime={{ format: 'HH:mm' }} format={PICKER_FORMAT} className="lottery-full" />
        </Form.Item>
        <Form.Item label="End Time" name="end">
          <DatePicker showTime={{ format: 'HH:mm' }} format={PICKER_FORMAT} className="lottery-full" />
        </Form.Item>
        <Form.Item label="Result Announcement" name="delay">
          <Select options={RESULT_DELAY_OPTIONS} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
