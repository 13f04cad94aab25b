// The in-house UI kit: small, dependency-free React components styled by ui.css (classes `bo-*`).
// Import the stylesheet once per app: import '@backoffice/shared/ui/ui.css'.

export { AlertDialog, type AlertDialogProps } from './AlertDialog.tsx';
export { Badge, type BadgeColor, type BadgeProps } from './Badge.tsx';
export { Button, ButtonLink, type ButtonLinkProps, type ButtonProps } from './Button.tsx';
export { Card, type CardProps } from './Card.tsx';
export { Checkbox, type CheckboxProps } from './Checkbox.tsx';
export { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog.tsx';
export {
  type Column,
  DataTable,
  type DataTableProps,
  type TableSelection,
  type TableSort,
} from './DataTable.tsx';
export { EmptyState } from './EmptyState.tsx';
export { ErrorPanel, type ErrorPanelProps } from './ErrorPanel.tsx';
export { Field, type FieldProps } from './Field.tsx';
export { ExportButton, exportProgress } from './list/ExportButton.tsx';
export { type ListColumn, ListPage, type ListPageProps, type ListSelection } from './list/ListPage.tsx';
export { type ListPrefs, listPrefsStore, useListPrefs } from './list/prefs.ts';
export { DayRangePicker, SearchForm } from './list/SearchForm.tsx';
export { StatusTag } from './list/StatusTag.tsx';
export {
  filledIn,
  type ListPageOptions,
  type ListPageState,
  type ListSort,
  type ListState,
  pagedQuery,
  useListPage,
} from './list/useListPage.ts';
export { Modal, type ModalProps } from './Modal.tsx';
export { NumberInput, type NumberInputProps } from './NumberInput.tsx';
export { type Crumb, PageHeader, type PageHeaderProps } from './PageHeader.tsx';
export { Pagination, type PaginationProps } from './Pagination.tsx';
export { Select, type SelectOption, type SelectProps } from './Select.tsx';
export { SimplePager, type SimplePagerProps } from './SimplePager.tsx';
export { Skeleton } from './Skeleton.tsx';
export { Spinner, type SpinnerProps } from './Spinner.tsx';
export { StatCard, type StatCardProps } from './StatCard.tsx';
export { TextArea, type TextAreaProps } from './TextArea.tsx';
export { TextInput, type TextInputProps } from './TextInput.tsx';
export { useCopy } from './useCopy.ts';
export { type LoadState, useLoad } from './useLoad.ts';
export { type SetUrlQuery, type UrlQueryOptions, type UrlQueryValues, useUrlQuery } from './useUrlQuery.ts';
