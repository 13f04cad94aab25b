/** One field of an audit record's target, as it was before and after the change. */
export interface FieldChange {
  field: string;
  before: string;
  after: string;
  changed: boolean;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A value as an admin reads it: text as is, '-' for nothing, anything else as compact JSON. */
export function readable(value: unknown): string {
  if (value === null || value === undefined || value === '') return '-';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/**
 * The before/after of a record as one row per field (docs/architecture.md#console-behaviour: readable diffs,
 * not two JSON blobs side by side): every field of either side, changed ones first in their order, then the
 * unchanged. Null when neither side is an object (nothing to compare field by field).
 */
export function changesOf(before: unknown, after: unknown): FieldChange[] | null {
  if (!isObject(before) && !isObject(after)) return null;
  const b = isObject(before) ? before : {};
  const a = isObject(after) ? after : {};
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  const rows = fields.map((field) => {
    const was = readable(b[field]);
    const now = readable(a[field]);
    return { field, before: was, after: now, changed: was !== now };
  });
  return [...rows.filter((r) => r.changed), ...rows.filter((r) => !r.changed)];
}
