import { errorMessage, useHost } from '@backoffice/shared/host';
import { PAGINATION } from '@backoffice/shared/rules';
import { Field, Select } from '@backoffice/shared/ui';
import { useEffect, useState } from 'react';

export const PAGE_SIZES: readonly number[] = PAGINATION.pageSizeOptions;
const PAGE_SIZE_OPTIONS = PAGE_SIZES.map((size) => ({ value: size, label: String(size) }));

/**
 * The form's own copy of the applied (URL) filters: edited freely, applied on Search, and replaced
 * whenever the applied filters change from outside (Reset, back/forward, a shared link).
 */
export function useDraft<T extends Record<string, unknown>>(applied: T) {
  const [draft, setDraft] = useState(applied);
  const key = JSON.stringify(applied);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `applied`
  useEffect(() => setDraft(applied), [key]);
  const update = (patch: Partial<T>) => setDraft((current) => ({ ...current, ...patch }));
  return [draft, update] as const;
}

/** Items per page: 10, 25, 50, 100. */
export function PerPageField({
  id,
  value,
  onChange,
}: {
  id: string;
  value: number;
  onChange: (size: number) => void;
}) {
  return (
    <Field label="Items per page" htmlFor={id}>
      <Select
        options={PAGE_SIZE_OPTIONS}
        value={value}
        onChange={(event) => onChange(Number(event.currentTarget.value))}
      />
    </Field>
  );
}

/** A failed load: toast the server's message or the fallback, once per failure; returns the text. */
export function useLoadError(error: unknown, fallback: string): string | null {
  const { notify } = useHost();
  const message = error ? errorMessage(error, fallback) : null;
  useEffect(() => {
    if (error) notify.error(errorMessage(error, fallback));
  }, [error, fallback, notify]);
  return message;
}

/** A page past the end (the last rows were just processed, or an old link): go to the last page. */
export function useClampPage(
  page: number,
  totalPages: number | undefined,
  setPage: (page: number) => void,
): void {
  useEffect(() => {
    if (totalPages !== undefined && totalPages > 0 && page > totalPages) setPage(totalPages);
  }, [page, totalPages, setPage]);
}
