import { errorMessage, useHost } from '@backoffice/shared/host';
import { hasLotteryErrors, LOTTERY, type LotteryFormErrors, messages } from '@backoffice/shared/rules';
import { Button, Card, Field, NumberInput, PageHeader, Select, TextInput } from '@backoffice/shared/ui';
import { type FormEvent, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { RESULT_DELAY_OPTIONS, toLocalInput } from '../../components/datetime.ts';
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

/** Create Lottery (/lottery/create-lottery). */
export default function CreateLottery() {
  const { http, notify } = useHost();
  const navigate = useNavigate();
  const [values, setValues] = useState<CreateFormValues>(initialCreateForm);
  const [touched, setTouched] = useState<Touched>({});
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [now] = useState(() => Date.now());

  const errors: LotteryFormErrors = useMemo(
    () => validateCreateForm(values, Date.now(), submitted),
    [values, submitted],
  );
  const totalOk = isTotalValid(values);
  const shown = (field: keyof CreateFormValues & keyof LotteryFormErrors) =>
    submitted || touched[field] ? (errors[field] as string | undefined) : undefined;

  const change =
    <K extends keyof CreateFormValues>(field: K) =>
    (event: { target: { value: string } }) =>
      setValues((current) => applyChange(current, field, event.target.value as CreateFormValues[K]));
  const touch = (field: keyof CreateFormValues) => () => setTouched((t) => ({ ...t, [field]: true }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving || !totalOk) return;
    setSubmitted(true);
    if (hasLotteryErrors(validateCreateForm(values, Date.now(), true))) return;
    setSaving(true);
    try {
      await createLottery(http, toCreateBody(values));
      notify.success(success.created);
      navigate('/lottery/upcoming');
    } catch (error) {
      notify.error(errorMessage(error, fallback.create));
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

  return (
    <div className="lottery-page">
      <PageHeader title="Create Lottery" subtitle="Set up a new lottery pool and how its prizes are split" />
      <form className="lottery-form lottery-create" onSubmit={submit} noValidate aria-label="Create Lottery">
        <Card title="Lottery Details">
          <div className="lottery-form__grid">
            <Field label="Lottery Name" htmlFor="lottery-name" error={shown('name')}>
              <TextInput
                value={values.name}
                onChange={change('name')}
                onBlur={touch('name')}
                placeholder="e.g. Weekend Jackpot"
                maxLength={60}
                disabled={saving}
              />
            </Field>
            <Field label="Ticket Price ($)" htmlFor="lottery-price" error={shown('ticketPrice')}>
              <NumberInput
                value={values.ticketPrice}
                onChange={change('ticketPrice')}
                onBlur={touch('ticketPrice')}
                min={LOTTERY.ticketPriceInputMin}
                step={LOTTERY.ticketPriceStep}
                placeholder="10.00"
                disabled={saving}
              />
            </Field>
            <Field label="Start Time" htmlFor="lottery-start" error={shown('startTime')}>
              <TextInput
                type="datetime-local"
                value={values.startTime}
                min={toLocalInput(now)}
                onChange={change('startTime')}
                onBlur={touch('startTime')}
                disabled={saving}
              />
            </Field>
            <Field label="End Time" htmlFor="lottery-end" error={shown('endTime')}>
              <TextInput
                type="datetime-local"
                value={values.endTime}
                min={values.startTime || toLocalInput(now)}
                onChange={change('endTime')}
                onBlur={touch('endTime')}
                disabled={saving}
              />
            </Field>
            <Field
              label="Result Announcement"
              htmlFor="lottery-delay"
              hint="When the winners are announced after the draw"
            >
              <Select
                options={RESULT_DELAY_OPTIONS}
                value={values.resultDelay}
                onChange={change('resultDelay')}
                disabled={saving}
              />
            </Field>
            <Field label="Admin Share (%)" htmlFor="lottery-share" error={shareError}>
              <NumberInput
                value={values.adminShare}
                onChange={change('adminShare')}
                onBlur={touch('adminShare')}
                min={LOTTERY.adminShareMin}
                max={LOTTERY.adminShareMax}
                step={1}
                inputMode="numeric"
                disabled={saving}
              />
            </Field>
            <Field label="Number of Winners" htmlFor="lottery-winners" error={shown('winners')}>
              <TextInput
                value={values.winners}
                onChange={change('winners')}
                onBlur={touch('winners')}
                inputMode="numeric"
                pattern="[0-9]*"
                disabled={saving}
              />
            </Field>
          </div>
        </Card>

        <Card
          title="Winner Distribution"
          extra={
            <Button size="small" onClick={() => setValues(distributeEqually)} disabled={saving}>
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
                const error = errors.percentages?.[index] ?? undefined;
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: one row per rank
                  <li key={index}>
                    <Field label={`Rank ${rank} (%)`} htmlFor={`lottery-pct-${rank}`} error={error}>
                      <NumberInput
                        value={percentage}
                        min={0}
                        max={100}
                        step={0.01}
                        onChange={(event) => setValues((v) => setPercentage(v, index, event.target.value))}
                        disabled={saving}
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
          <Button type="submit" variant="primary" disabled={saving || !totalOk}>
            {saving ? 'Creating...' : 'Create Lottery'}
          </Button>
        </div>
      </form>
    </div>
  );
}
