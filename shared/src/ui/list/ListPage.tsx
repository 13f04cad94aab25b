import { Alert, Button, Checkbox, Empty, Popover, Table } from 'antd';
import type { ColumnType, SorterResult, TablePaginationConfig } from 'antd/es/table/interface';
import { createContext, type Key, type ReactNode, useContext, useLayoutEffect, useRef } from 'react';
import type { RouteName } from '../../contract/routes.ts';
import { formatCount } from '../../format/index.ts';
import { Icon } from '../Icon.tsx';
import { SettingOutlined } from '../icons.ts';
import { type Crumb, PageHeader } from '../PageHeader.tsx';
import { Reference } from '../Reference.tsx';
import type { ListPageState } from './useListPage.ts';

export interface ListColumn<Row> {
  key: string;
  title: ReactNode;
  render(row: Row, index: number): ReactNode;
  /** The server's sort key when the column sorts. */
  sortKey?: string;
  align?: 'left' | 'right' | 'center';
  width?: number | string;
  /** False for columns the chooser must not hide (e.g. the row's actions). */
  hideable?: boolean;
  /**
   * 'end' keeps the column in view while a wide table scrolls sideways (a row's actions on a phone, as
   * Ant Design Pro does): never scrolled out of sight at the far end.
   */
  fixed?: 'end';
}

export interface ListSelection<Row> {
  selected: readonly Key[];
  onChange(keys: Key[]): void;
  /** Rows that can be ticked (default all). */
  isSelectable?(row: Row): boolean;
}

export interface ListPageProps<N extends RouteName, F, Row> {
  list: ListPageState<N, F, Row>;
  title: ReactNode;
  breadcrumb?: Crumb[];
  /** Buttons beside the title (Refresh, Create...). */
  actions?: ReactNode;
  /** The search form, in a card of its own above the table. */
  search?: { title: ReactNode; form: ReactNode };
  /** Title of the table's card. */
  tableTitle: ReactNode;
  /** Above the table: bulk actions, export. */
  toolbar?: ReactNode;
  columns: ListColumn<Row>[];
  rowKey(row: Row): Key;
  selection?: ListSelection<Row>;
  /** The list's empty text and the title of its error panel. */
  empty: ReactNode;
  errorTitle: ReactNode;
  /** Accessible name of the table. */
  caption: string;
  /** Content between the page header and the table (a details page's cards). */
  intro?: ReactNode;
  /** The error panel's retry button (default 'Retry'). */
  retryLabel?: ReactNode;
  /** The counter beside the table's title (default 'Total'). */
  totalLabel?: ReactNode;
}

/**
 * Whether the list around a toolbar has loaded: its Export waits for it (an export of a list that failed
 * or is not known yet would be a guess). Outside a list, always.
 */
const ListLoadedContext = createContext(true);
export const useListLoaded = () => useContext(ListLoadedContext);
/** The rows the list said it has (null before it loaded): an export's total until the server's own count. */
const ListTotalContext = createContext<number | null>(null);
export const useListTotal = () => useContext(ListTotalContext);

function sortOrder(column: ListColumn<unknown>, sort: { by: string; type: string } | undefined) {
  if (!column.sortKey || sort?.by !== column.sortKey) return null;
  return sort.type === 'asc' ? 'ascend' : 'descend';
}

/** The column chooser: every hideable column with a box, remembered per list. */
function ColumnChooser<Row>({
  columns,
  hidden,
  onChange,
}: {
  columns: ListColumn<Row>[];
  hidden: readonly string[];
  onChange(keys: string[]): void;
}) {
  const hideable = columns.filter((column) => column.hideable !== false);
  const content = (
    <fieldset className="bo-columns">
      <legend className="bo-sr-only">Visible columns</legend>
      {hideable.map((column) => (
        <Checkbox
          key={column.key}
          checked={!hidden.includes(column.key)}
          onChange={(event) =>
            onChange(
              event.target.checked ? hidden.filter((key) => key !== column.key) : [...hidden, column.key],
            )
          }
        >
          {column.title}
        </Checkbox>
      ))}
    </fieldset>
  );
  return (
    <Popover content={content} trigger="click" placement="bottomRight">
      <Button icon={<Icon icon={SettingOutlined} />} aria-label="Columns">
        Columns
      </Button>
    </Popover>
  );
}

/**
 * A small antd card's box and head, in plain markup: antd's Card imports its Tabs (and with them Dropdown
 * and Menu), which no list uses but every list page would download.
 */
function Panel({
  title,
  extra,
  className,
  children,
}: {
  title: ReactNode;
  extra?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section className={className ? `bo-panel ${className}` : 'bo-panel'}>
      <div className="bo-panel__head">
        <div className="bo-panel__title">{title}</div>
        {extra}
      </div>
      <div className="bo-panel__body">{children}</div>
    </section>
  );
}

/**
 * The select-all checkbox, kept out of the keyboard's way in antd's hidden copy of the header: with a
 * horizontal scroll, antd measures column widths in an `aria-hidden` row holding every column title,
 * where a focusable checkbox is reachable by Tab yet silent to screen readers (WCAG 4.1.2).
 */
function OutOfHiddenCopy({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const span = ref.current;
    if (!span?.closest('[aria-hidden="true"]')) return;
    span.inert = true;
    for (const input of span.querySelectorAll('input')) input.tabIndex = -1;
  });
  return (
    <span ref={ref} className="bo-select-all">
      {children}
    </span>
  );
}

/**
 * The one list view: page header, search card, and a table card with sticky header, server sort and paging,
 * (the header sticks inside the table's own scroll box, see ui.css: antd's `sticky` splits the header into
 * a second <table>, which screen readers announce as two tables),
 * column chooser, select-all-on-page, empty text and an error panel with Retry.
 */
export function ListPage<N extends RouteName, F, Row extends object>(props: ListPageProps<N, F, Row>) {
  const { list, columns, selection } = props;
  const visible = columns.filter((column) => !list.hiddenColumns.includes(column.key));
  const tableColumns: ColumnType<Row>[] = visible.map((column) => ({
    key: column.key,
    title: column.title,
    align: column.align,
    width: column.width,
    fixed: column.fixed,
    render: (_value: unknown, row: Row, index: number) => column.render(row, index),
    sorter: Boolean(column.sortKey),
    sortOrder: sortOrder(column as ListColumn<unknown>, list.sort),
    // Never back to "unsorted": the server always sorts by something.
    sortDirections: ['ascend', 'descend', 'ascend'],
  }));

  const onChange = (
    pagination: TablePaginationConfig,
    _filters: unknown,
    sorter: SorterResult<Row> | SorterResult<Row>[],
  ) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const column = columns.find((c) => c.key === one?.columnKey);
    if (one?.order && column?.sortKey) {
      const type = one.order === 'ascend' ? 'asc' : 'desc';
      if (list.sort?.by !== column.sortKey || list.sort.type !== type)
        return list.setSort({ by: column.sortKey, type });
    }
    if (pagination.pageSize && pagination.pageSize !== list.perPage)
      return list.setPerPage(pagination.pageSize);
    if (pagination.current && pagination.current !== list.page) list.setPage(pagination.current);
  };

  return (
    <div className="bo-list-page">
      <PageHeader title={props.title} breadcrumb={props.breadcrumb} actions={props.actions} />
      {props.intro}
      {props.search && (
        <Panel title={props.search.title} className="bo-list-page__search">
          {props.search.form}
        </Panel>
      )}
      <Panel
        title={props.tableTitle}
        extra={
          <div className="bo-list-page__extra">
            {/* No total before the first answer or after a failure: 'Total: 0' would say the list is empty. */}
            {list.loaded && (
              <span className="bo-list-page__total">
                {props.totalLabel ?? 'Total'}: <strong>{formatCount(list.total)}</strong>
              </span>
            )}
            <ColumnChooser columns={columns} hidden={list.hiddenColumns} onChange={list.setHiddenColumns} />
          </div>
        }
      >
        {props.toolbar && (
          <ListLoadedContext.Provider value={list.loaded}>
            <ListTotalContext.Provider value={list.loaded ? list.total : null}>
              <div className="bo-list-page__toolbar">{props.toolbar}</div>
            </ListTotalContext.Provider>
          </ListLoadedContext.Provider>
        )}
        {list.error !== null ? (
          <Alert
            type="error"
            showIcon
            role="alert"
            title={props.errorTitle}
            description={
              <>
                {list.error}
                {list.errorReference && <Reference id={list.errorReference} />}
              </>
            }
            action={<Button onClick={list.reload}>{props.retryLabel ?? 'Retry'}</Button>}
          />
        ) : (
          <Table<Row>
            aria-label={props.caption}
            size="middle"
            scroll={{ x: 'max-content' }}
            columns={tableColumns}
            dataSource={list.rows}
            rowKey={(row) => props.rowKey(row)}
            loading={list.loading}
            onChange={onChange}
            // No empty text under the first load's spinner: the list is not known to be empty yet.
            locale={{
              emptyText: list.loading ? (
                <span />
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={props.empty} />
              ),
            }}
            rowSelection={
              selection && {
                selectedRowKeys: [...selection.selected],
                onChange: (keys) => selection.onChange(keys),
                getCheckboxProps: (row) => ({
                  disabled: selection.isSelectable ? !selection.isSelectable(row) : false,
                }),
                columnTitle: (checkbox: ReactNode) => <OutOfHiddenCopy>{checkbox}</OutOfHiddenCopy>,
              }
            }
            pagination={{
              current: list.page,
              pageSize: list.perPage,
              total: list.total,
              // One size only (e.g. 5 tickets a page): nothing to choose.
              showSizeChanger: list.pageSizes.length > 1,
              pageSizeOptions: list.pageSizes.map(String),
              hideOnSinglePage: false,
              // Fewer page buttons on a phone, so the pager fits on one line under its total.
              responsive: true,
              showTotal: (total, [from, to]) => `Showing ${from} to ${to} of ${formatCount(total)} results`,
            }}
          />
        )}
      </Panel>
    </div>
  );
}
