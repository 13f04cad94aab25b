// The console's shared UI: the list controller and views on antd, the alert dialog, and the small
// dependency-free kit (classes `bo-*` in ui.css) that keeps antd off the sign-in pages.
// Import the stylesheet once per app: import '@backoffice/shared/ui/ui.css'.

export { AlertDialog, type AlertDialogProps } from './AlertDialog.tsx';
export { Button, ButtonLink, type ButtonLinkProps, type ButtonProps } from './Button.tsx';
export { EmptyState, type EmptyStateProps } from './EmptyState.tsx';
export { Field, type FieldProps } from './Field.tsx';
export { auditHistoryPath, HistoryLink, type HistoryTarget } from './HistoryLink.tsx';
export { Icon } from './Icon.tsx';
export { type LazyScreen, lazyScreen, preloadScreens } from './lazyScreen.ts';
export { DayRangePicker } from './list/DayRangePicker.tsx';
export { ExportButton, exportProgress } from './list/ExportButton.tsx';
export { type ListColumn, ListPage, type ListPageProps, type ListSelection } from './list/ListPage.tsx';
export { type ListPrefs, listPrefsStore, useListPrefs } from './list/prefs.ts';
export { SearchForm } from './list/SearchForm.tsx';
export { StatusTag } from './list/StatusTag.tsx';
export {
  filledIn,
  type ListPageOptions,
  type ListPageState,
  type ListSort,
  type ListState,
  listQuery,
  pagedQuery,
  sortField,
  useListPage,
} from './list/useListPage.ts';
export { NoAccess, type NoAccessProps } from './NoAccess.tsx';
export { type Crumb, PageHeader, type PageHeaderProps } from './PageHeader.tsx';
export { Reference } from './Reference.tsx';
export { Spinner, type SpinnerProps } from './Spinner.tsx';
export { useCopy } from './useCopy.ts';
export { type LoadState, useLoad } from './useLoad.ts';
export { type SetUrlQuery, type UrlQueryOptions, type UrlQueryValues, useUrlQuery } from './useUrlQuery.ts';
