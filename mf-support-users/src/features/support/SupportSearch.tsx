import { Button, Card, Field, Select, TextInput } from '@backoffice/shared/ui';
import { type FormEvent, useState } from 'react';
import { PageSizeSelect } from '../../components/PageSizeSelect.tsx';
import type { SupportFilters } from '../../data/support.ts';

type Draft = Pick<SupportFilters, 'id' | 'username' | 'status' | 'created_at'>;

const statusOptions = [
  { value: 'open', label: 'Open' },
  { value: 'closed', label: 'Closed' },
];

/** The search panel: edits a draft, applied on Search (remounted with the URL's values when they change). */
export function SupportSearch({
  values,
  onSearch,
  onPageSize,
  onReset,
}: {
  values: SupportFilters;
  onSearch: (draft: Draft) => void;
  onPageSize: (size: number) => void;
  onReset: () => void;
}) {
  const [draft, setDraft] = useState<Draft>({
    id: values.id,
    username: values.username,
    status: values.status,
    created_at: values.created_at,
  });
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch({ ...draft, id: draft.id.trim(), username: draft.username.trim() });
  };
  return (
    <Card>
      <form className="su-filters" onSubmit={submit} aria-label="Search support tickets">
        <Field label="Ticket ID" htmlFor="su-support-id">
          <TextInput
            inputMode="numeric"
            placeholder="e.g. 42"
            value={draft.id}
            onChange={(e) => set({ id: e.target.value.replace(/\D/g, '') })}
          />
        </Field>
        <Field label="Username" htmlFor="su-support-username">
          <TextInput
            placeholder="Username"
            value={draft.username}
            onChange={(e) => set({ username: e.target.value })}
          />
        </Field>
        <Field label="Status" htmlFor="su-support-status">
          <Select
            options={statusOptions}
            placeholder="All"
            value={draft.status}
            onChange={(e) => set({ status: e.target.value })}
          />
        </Field>
        <Field label="Created date" htmlFor="su-support-created">
          <TextInput
            type="date"
            value={draft.created_at}
            onChange={(e) => set({ created_at: e.target.value })}
          />
        </Field>
        <PageSizeSelect id="su-support-size" value={values.per_page} onChange={onPageSize} />
        <div className="su-filters__buttons">
          <Button type="submit" variant="primary">
            Search
          </Button>
          <Button onClick={onReset}>Reset</Button>
        </div>
      </form>
    </Card>
  );
}
