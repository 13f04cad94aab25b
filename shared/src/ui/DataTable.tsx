import type { Key, ReactNode } from 'react';
import { Checkbox } from './Checkbox.tsx';

export interface Column<Row> {
  key: string;
  title: ReactNode;
  render: (row: Row, index: number) => ReactNode;
  /** Makes the header a sort button; onSort receives this key. */
  sortKey?: string;
  align?: 'left' | 'right' | 'center';
  width?: number | string;
}

export interface TableSort {
  by: string;
  type: 'asc' | 'desc';
}

export interface TableSelection<Row> {
  selected: ReadonlySet<Key>;
  /** Rows that can be ticked (default: all). */
  isSelectable?: (row: Row) => boolean;
  onChange: (next: Set<Key>) => void;
  /** Shown next to the select-all box, e.g. '3 selected'. */
  label?: ReactNode;
}

export interface DataTableProps<Row> {
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => Key;
  loading?: boolean;
  /** Shown in one full-width row when there are no rows and nothing is loading. */
  empty: ReactNode;
  sort?: TableSort;
  onSort?: (by: string) => void;
  selection?: TableSelection<Row>;
  /** Accessible name of the table (visually hidden). */
  caption?: string;
}

const SKELETON_ROWS = 5;

type AriaSort = 'ascending' | 'descending' | 'none';

function ariaSort(column: { sortKey?: string }, sort: TableSort | undefined): AriaSort | undefined {
  if (!column.sortKey) return undefined;
  if (sort?.by !== column.sortKey) return 'none';
  return sort.type === 'asc' ? 'ascending' : 'descending';
}

/** A table in a horizontally scrolling wrapper, with sortable headers, selection, skeleton and empty rows. */
export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  loading = false,
  empty,
  sort,
  onSort,
  selection,
  caption,
}: DataTableProps<Row>) {
  const span = columns.length + (selection ? 1 : 0);
  const selectable = selection ? rows.filter((row) => selection.isSelectable?.(row) ?? true) : [];
  const pageKeys = selectable.map(rowKey);
  const tickedOnPage = selection ? pageKeys.filter((key) => selection.selected.has(key)).length : 0;
  const allTicked = pageKeys.length > 0 && tickedOnPage === pageKeys.length;

  const toggleAll = () => {
    if (!selection) return;
    const next = new Set(selection.selected);
    for (const key of pageKeys) {
      if (allTicked) next.delete(key);
      else next.add(key);
    }
    selection.onChange(next);
  };
  const toggle = (key: Key) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    selection.onChange(next);
  };

  return (
    <div className="bo-table-wrap">
      <table className="bo-table" aria-busy={loading || undefined}>
        {caption && <caption className="bo-sr-only">{caption}</caption>}
        <thead>
          <tr>
            {selection && (
              <th scope="col" className="bo-table__select">
                <Checkbox
                  aria-label="Select all on this page"
                  checked={allTicked}
                  indeterminate={tickedOnPage > 0 && !allTicked}
                  disabled={loading || pageKeys.length === 0}
                  onChange={toggleAll}
                  label={selection.label}
                />
              </th>
            )}
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                aria-sort={ariaSort(column, sort)}
                style={{ width: column.width, textAlign: column.align }}
              >
                {column.sortKey && onSort ? (
                  <SortButton
                    title={column.title}
                    direction={ariaSort(column, sort)}
                    onClick={() => onSort(column.sortKey!)}
                  />
                ) : (
                  column.title
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {loading ? (
            Array.from({ length: rows.length || SKELETON_ROWS }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <tr key={index} className="bo-table__skeleton">
                {Array.from({ length: span }, (_, cell) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                  <td key={cell}>
                    <span className="bo-skeleton__line" aria-hidden="true" />
                  </td>
                ))}
              </tr>
            ))
          ) : rows.length === 0 ? (
            <tr>
              <td colSpan={span} className="bo-table__empty">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row, index) => {
              const key = rowKey(row);
              const canTick = selection ? (selection.isSelectable?.(row) ?? true) : false;
              const ticked = selection?.selected.has(key) ?? false;
              return (
                <tr key={key} className={ticked ? 'is-selected' : undefined}>
                  {selection && (
                    <td className="bo-table__select">
                      <Checkbox
                        aria-label={`Select row ${String(key)}`}
                        checked={canTick && ticked}
                        disabled={!canTick}
                        onChange={() => toggle(key)}
                      />
                    </td>
                  )}
                  {columns.map((column) => (
                    <td key={column.key} style={column.align ? { textAlign: column.align } : undefined}>
                      {column.render(row, index)}
                    </td>
                  ))}
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </div>
  );
}

function SortButton({
  title,
  direction,
  onClick,
}: {
  title: ReactNode;
  direction: AriaSort | undefined;
  onClick: () => void;
}) {
  return (
    <button type="button" className="bo-table__sort" onClick={onClick}>
      {title}
      <span className={`bo-sort-icon is-${direction ?? 'none'}`} aria-hidden="true" />
    </button>
  );
}
