import { Button, Card, Field, Select, TextInput } from '@backoffice/shared/ui';
import { type FormEvent, useState } from 'react';
import { PageSizeSelect } from '../../components/PageSizeSelect.tsx';
import type { UserFilters } from '../../data/users.ts';

type Draft = Pick<UserFilters, 'email' | 'username' | 'status'>;

const statusOptions = [
  { value: 'active', label: 'Active' },
  { value: 'blocked', label: 'Blocked' },
  { value: 'inactive', label: 'Inactive' },
];

/** Email, username and status (prefilled from the URL), applied on Search; the page size applies at once. */
export function UsersFilters({
  values,
  onSearch,
  onPageSize,
  onReset,
}: {
  values: UserFilters;
  onSearch: (draft: Draft) => void;
  onPageSize: (size: number) => void;
  onReset: () => void;
}) {
  const [draft, setDraft] = useState<Draft>({
    email: values.email,
    username: values.username,
    status: values.status,
  });
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch({ ...draft, email: draft.email.trim(), username: draft.username.trim() });
  };
  return (
    <Card>
      <form className="su-filters" onSubmit={submit} aria-label="Search users">
        <Field label="Email" htmlFor="su-users-email">
          <TextInput
            type="search"
            placeholder="Email"
            value={draft.email}
            onChange={(e) => set({ email: e.target.value })}
          />
        </Field>
        <Field label="Username" htmlFor="su-users-username">
          <TextInput
            type="search"
            placeholder="Username"
            value={draft.username}
            onChange={(e) => set({ username: e.target.value })}
          />
        </Field>
        <Field label="Status" htmlFor="su-users-status">
          <Select
            options={statusOptions}
            placeholder="All"
            value={draft.status}
            onChange={(e) => set({ status: e.target.value })}
          />
        </Field>
        <PageSizeSelect id="su-users-size" value={values.per_page} onChange={onPageSize} />
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
