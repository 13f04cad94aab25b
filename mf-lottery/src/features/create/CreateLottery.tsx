import { type Dayjs, viewerZone } from '@backoffice/shared/format';
import { useHost } from '@backoffice/shared/host';
import { hasLotteryErrors, LOTTERY, type LotteryFormErrors, messages } from '@backoffice/shared/rules';
import { PageHeader } from '@backoffice/shared/ui';
import { Button, Card, DatePicker, Form, Input, InputNumber, Select } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { PICKER_FORMAT, RESULT_DELAY_OPTIONS } from '../../components/datetime.ts';
import { userMessage } from '../../data/errors.ts';
import { createLottery } from '../../data/lottery.ts';
import { fallback, success } from '../../data/messages.ts';
import {
  applyChange,
  type CreateFormValues,
  currentTotalText,
  distributeEqually,
  initialCreateForm,
  isTotalValid,
  setPercentage,
  toCreateBody,
  validateCreateForm,
} from './form.ts';

type Touched = Partial<Record<keyof CreateFormValues, boolean>>;

/** A labelled field with its message (antd Form.Item driven by the form's own state and rules). */
function Field({
  label,
  id,
  error,
  extra,
  children,
}: {
  label: string;
  id: string;
  error?: string;
  extra?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Form.Item
      label={label}
      htmlFor={id}
      validateStatus={error ? 'error' : undefined}
      help={error ? <span id={`${id}-error`}>{error}</span> : undefined}
      extra={extra}
    >
      {children}
    </Form.Item>
  );
}

/** aria attributes of a field with a message. */
const described = (id: string, error: string | undefined) =>
  error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {};

/** Create Lottery (/lottery/create-lottery). */
export default function CreateLottery() {
  const { http, notify } = useHost();
  const navigate = useNavigate();
  const [values, setValues] = useState<CreateFormValues>(initialCreateForm);
  const [touched, setTouched] = useState<Touched>({});
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [startOfToday] = useState(() => new Date().setHours(0, 0, 0, 0));

  const errors: LotteryFormErrors = useMemo(
    () => validateCreateForm(values, Date.now(), submitted),
    [values, submitted],
  );
  const totalOk = isTotalValid(values);
  const shown = (field: keyof CreateFormValues & keyof LotteryFormErrors) =>
    submitted || touched[field] ? (errors[field] as string | undefined) : undefined;

  const set = <K extends keyof CreateFormValues>(field: K, value: CreateFormValues[K]) =>
    setValues((current) => applyChange(current, field, value));
  const touch = (field: keyof CreateFormValues) => () => setTouched((t) => ({ ...t, [field]: true }));
  const text = (value: string | number | null) => (value === null ? '' : String(value));

  const submit = async () => {
    if (saving || !totalOk) return;
    setSubmitted(true);
    if (hasLotteryErrors(validateCreateForm(values, Date.now(), true))) return;
    setSaving(true);
    try {
      await createLottery(http, toCreateBody(values));
      notify.success(success.created);
      navigate('/lottery/upcoming');
    } catch (error) {
      notify.error(userMessage(error, fallback.create), error);
      setSaving(false);
    }
  };

  // The share drives the total, so its message shows while typing, not only after leaving the field.
  const shareError = errors.adminShare;
  const expected = 100 - Number(values.adminShare);
  const totalMessage = totalOk
    ? null
    : (errors.totalPercentage ??
      (shareError ? null : messages.lottery.totalPercentage(expected, currentTotalText(values))));
  const pastDay = (day: Dayjs) => day.valueOf() < startOfToday;
  const startError = shown('startTime');
  const endError = shown('endTime');

  return (
    <div className="lottery-page">
      <PageHeader title="Create Lottery" subtitle="Set up a new lottery pool and how its prizes are split" />
      <Form
        layout="vertical"
        className="lottery-form lottery-create"
        onFinish={() => void submit()}
        aria-label="Create Lottery"
        disabled={saving}
        noValidate
      >
        <Card title="Lottery Details" size="small">
          <div className="lottery-form__grid">
            <Field label="Lottery Name" id="lottery-name" error={shown('name')}>
              <Input
                id="lottery-name"
                value={values.name}
                onChange={(event) => set('name', event.target.value)}
                onBlur={touch('name')}
                placeholder="e.g. Weekend Jackpot"
                maxLength={60}
                {...described('lottery-name', shown('name'))}
              />
            </Field>
            <Field label="Ticket Price ($)" id="lottery-price" error={shown('ticketPrice')}>
              <InputNumber<string>
                id="lottery-price"
                className="lottery-full"
                stringMode
                value={values.ticketPrice || null}
                onChange={(value) => set('ticketPrice', text(value))}
                onBlur={touch('ticketPrice')}
                min={String(LOTTERY.ticketPriceInputMin)}
                step={String(LOTTERY.ticketPriceStep)}
                placeholder="10.00"
                {...described('lottery-price', shown('ticketPrice'))}
              />
            </Field>
            <Field
              label="Start Time"
              id="lottery-start"
              error={startError}
              extra={`Times in ${viewerZone()}`}
            >
              <DatePicker
                id="lottery-start"
                className="lottery-full"
                showTime={{ format: 'HH:mm' }}
                format={PICKER_FORMAT}
                disabledDate={pastDay}
                value={values.startTime}
                onChange={(value) => set('startTime', value)}
                onOpenChange={(open) => !open && touch('startTime')()}
                {...described('lottery-start', startError)}
              />
            </Field>
            <Field label="End Time" id="lottery-end" error={endError}>
              <DatePicker
                id="lottery-end"
                className="lottery-full"
                showTime={{ format: 'HH:mm' }}
                format={PICKER_FORMAT}
                disabledDate={pastDay}
                value={values.endTime}
                onChange={(value) => set('endTime', value)}
                onOpenChange={(open) => !open && touch('endTime')()}
                {...described('lottery-end', endError)}
              />
            </Field>
            <Field
              label="Result Announcement"
              id="lottery-delay"
              extra="When the winners are announced after the draw"
            >
              <Select
                id="lottery-delay"
                options={RESULT_DELAY_OPTIONS}
                value={values.resultDelay}
                onChange={(value) => set('resultDelay', value)}
              />
            </Field>
            <Field label="Admin Share (%)" id="lottery-share" error={shareError}>
              <InputNumber<string>
                id="lottery-share"
                className="lottery-full"
                stringMode
                value={values.adminShare || null}
                onChange={(value) => set('adminShare', text(value))}
                onBlur={touch('adminShare')}
                // No min/max: antd would clamp silently; the rules' messages say what is wrong.
                step="1"
                inputMode="numeric"
                {...described('lottery-share', shareError)}
              />
            </Field>
            <Field label="Number of Winners" id="lottery-winners" error={shown('winners')}>
              <InputNumber<string>
                id="lottery-winners"
                className="lottery-full"
                stringMode
                value={values.winners || null}
                // Digits only: the count is a whole number.
                parser={(input) => (input ?? '').replace(/\D/g, '')}
                onChange={(value) => set('winners', text(value))}
                onBlur={touch('winners')}
                step="1"
                inputMode="numeric"
                {...described('lottery-winners', shown('winners'))}
              />
            </Field>
          </div>
        </Card>

        <Card
          title="Winner Distribution"
          size="small"
          extra={
            <Button size="small" onClick={() => setValues(distributeEqually)}>
              Distribute Equally
            </Button>
          }
        >
          {values.percentages.length === 0 ? (
            <p className="lottery-muted">Enter the number of winners to set their percentages.</p>
          ) : (
            <ol className="lottery-percentages">
              {values.percentages.map((percentage, index) => {
                const rank = index + 1;
                const id = `lottery-pct-${rank}`;
                const error = errors.percentages?.[index] ?? undefined;
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: one row per rank
                  <li key={index}>
                    <Field label={`Rank ${rank} (%)`} id={id} error={error}>
                      <InputNumber<string>
                        id={id}
                        className="lottery-full"
                        stringMode
                        value={percentage === '' ? null : percentage}
                        step="0.01"
                        // As typed or split ('80', '26.67'): not padded to the step's 2 decimals.
                        formatter={(value) => String(value ?? '')}
                        onChange={(value) => setValues((v) => setPercentage(v, index, text(value)))}
                        {...described(id, error)}
                      />
                    </Field>
                  </li>
                );
              })}
            </ol>
          )}
          <p
            className={totalMessage ? 'lottery-total is-wrong' : 'lottery-total'}
            role={totalMessage ? 'alert' : 'status'}
          >
            {totalMessage ??
              (shareError
                ? ''
                : `Total: ${currentTotalText(values)}% (100% minus the ${values.adminShare}% admin share)`)}
          </p>
        </Card>

        <div className="lottery-form__submit">
          <Button type="primary" htmlType="submit" disabled={saving || !totalOk}>
            {saving ? 'Creating...' : 'Create Lottery'}
          </Button>
        </div>
      </Form>
    </div>
  );
}
