import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { Key } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Column, DataTable } from '../src/ui/index.ts';

afterEach(cleanup);

interface Row {
  id: number;
  name: string;
  status: 'pending' | 'done';
}

const rows: Row[] = [
  { id: 1, name: 'Alice', status: 'pending' },
  { id: 2, name: 'Bob', status: 'done' },
  { id: 3, name: 'Carol', status: 'pending' },
];

const columns: Column<Row>[] = [
  { key: 'id', title: 'ID', render: (r) => r.id, sortKey: 'id' },
  { key: 'name', title: 'Name', render: (r, i) => `${i}:${r.name}`, sortKey: 'name' },
  { key: 'status', title: 'Status', render: (r) => r.status, align: 'right' },
];

function table(props: Partial<Parameters<typeof DataTable<Row>>[0]> = {}) {
  return render(
    <DataTable<Row>
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      empty="No rows found"
      caption="People"
      {...props}
    />,
  );
}

describe('DataTable', () => {
  it('renders a row per item with the render(row, index) output, inside a scroll wrapper', () => {
    const { container } = table();
    const grid = screen.getByRole('table', { name: 'People' });
    expect(grid.parentElement?.className).toBe('bo-table-wrap');
    expect(within(grid).getAllByRole('row')).toHaveLength(4);
    expect(screen.getByText('1:Bob')).toBeTruthy();
    expect(container.querySelector('td[style*="right"]')?.textContent).toBe('pending');
  });

  it('marks the sorted column with aria-sort and reports the sort key of a clicked header', () => {
    const onSort = vi.fn();
    table({ sort: { by: 'name', type: 'desc' }, onSort });
    const headers = screen.getAllByRole('columnheader');
    expect(headers.map((h) => h.getAttribute('aria-sort'))).toEqual(['none', 'descending', null]);
    fireEvent.click(screen.getByRole('button', { name: 'ID' }));
    fireEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(onSort.mock.calls).toEqual([['id'], ['name']]);
    // Not sortable: plain text, no button.
    expect(screen.queryByRole('button', { name: 'Status' })).toBeNull();
  });

  it('ascending sort', () => {
    table({ sort: { by: 'id', type: 'asc' }, onSort: () => {} });
    expect(screen.getByRole('columnheader', { name: 'ID' }).getAttribute('aria-sort')).toBe('ascending');
  });

  it('shows the empty content when there are no rows', () => {
    table({ rows: [] });
    const cell = screen.getByText('No rows found');
    expect(cell.getAttribute('colspan')).toBe('3');
  });

  it('shows skeleton rows instead of data or the empty text while loading', () => {
    const { container, rerender } = table({ loading: true, rows: [] });
    expect(screen.queryByText('No rows found')).toBeNull();
    expect(container.querySelectorAll('tr.bo-table__skeleton')).toHaveLength(5);
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');
    rerender(<DataTable<Row> columns={columns} rows={rows} rowKey={(r) => r.id} empty="none" loading />);
    expect(screen.queryByText('0:Alice')).toBeNull();
    expect(container.querySelectorAll('tr.bo-table__skeleton')).toHaveLength(3);
  });

  describe('selection', () => {
    const isSelectable = (r: Row) => r.status === 'pending';

    function selectable(selected: Key[], onChange = vi.fn()) {
      table({
        selection: {
          selected: new Set(selected),
          isSelectable,
          onChange,
          label: `${selected.length} selected`,
        },
      });
      return onChange;
    }

    it('select-all ticks only the selectable rows of the page, keeping other selected keys', () => {
      const onChange = selectable([99]);
      const all = screen.getByRole('checkbox', { name: /Select all/ });
      expect(screen.getByText('1 selected')).toBeTruthy();
      fireEvent.click(all);
      expect([...onChange.mock.calls[0]![0]].sort()).toEqual([1, 3, 99]);
    });

    it('select-all clears the page when every selectable row is ticked', () => {
      const onChange = selectable([1, 3, 99]);
      const all = screen.getByRole('checkbox', { name: /Select all/ }) as HTMLInputElement;
      expect(all.checked).toBe(true);
      fireEvent.click(all);
      expect([...onChange.mock.calls[0]![0]]).toEqual([99]);
    });

    it('is indeterminate when some selectable rows are ticked', () => {
      selectable([1]);
      const all = screen.getByRole('checkbox', { name: /Select all/ }) as HTMLInputElement;
      expect(all.checked).toBe(false);
      expect(all.indeterminate).toBe(true);
    });

    it('row checkboxes toggle their key; unselectable rows are disabled', () => {
      const onChange = selectable([1]);
      const bob = screen.getByRole('checkbox', { name: 'Select row 2' }) as HTMLInputElement;
      expect(bob.disabled).toBe(true);
      fireEvent.click(screen.getByRole('checkbox', { name: 'Select row 3' }));
      fireEvent.click(screen.getByRole('checkbox', { name: 'Select row 1' }));
      expect([...onChange.mock.calls[0]![0]]).toEqual([1, 3]);
      expect([...onChange.mock.calls[1]![0]]).toEqual([]);
    });

    it('disables select-all when nothing on the page can be ticked', () => {
      table({ selection: { selected: new Set(), isSelectable: () => false, onChange: () => {} } });
      expect((screen.getByRole('checkbox', { name: /Select all/ }) as HTMLInputElement).disabled).toBe(true);
    });
  });
});
