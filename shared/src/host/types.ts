import type { LiveTopic } from '../contract/live.ts';
import type { RouteName } from '../contract/routes.ts';
import type { CallAnswer, CallInput, Endpoint } from './call.ts';

/** The signed-in administrator as the login response returns it. */
export interface AdminUser {
  id: number;
  email: string;
  name?: string | null;
  /** Governance roles (contract permissions.ts): superadmin, lottery, finance, support-users, mines, auditor. */
  roles: string[];
  twoFactorEnabled?: boolean;
}

/** Addresses of README.md, read at runtime so a deployment can change them without a rebuild. */
export interface RuntimeConfig {
  apiBaseUrl: string;
  assetsUrl: string;
  appUrl: string;
  live: boolean;
}

export type QueryValue = string | number | boolean | null | undefined | Array<string | number>;

export interface RequestOptions {
  params?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** Extra headers, e.g. a one-off Authorization for the two-factor setup step. */
  headers?: Record<string, string>;
}

/**
 * Checks an answer's shape: a contract (zod) schema, or `trusted<T>()` (shared/host), which only
 * types it. Remotes use `trusted` so they do not ship zod: the API already validates every answer
 * against the same contract before sending it (its serializer), so a second check in the browser
 * would cost bytes on every page and catch nothing new.
 */
export interface ResponseParser<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false };
}

/**
 * The host's HTTP client. Paths are relative to the API base (e.g. '/admin/mines'). Every call parses
 * the JSON body with the given parser and rejects with an ApiError otherwise.
 * Auth headers, XSRF, 401 and 503 handling are the host's business, not the caller's.
 */
export interface HttpClient {
  get<T>(path: string, schema: ResponseParser<T>, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body: unknown, schema: ResponseParser<T>, options?: RequestOptions): Promise<T>;
  put<T>(path: string, body: unknown, schema: ResponseParser<T>, options?: RequestOptions): Promise<T>;
  patch<T>(path: string, body: unknown, schema: ResponseParser<T>, options?: RequestOptions): Promise<T>;
  delete<T>(path: string, schema: ResponseParser<T>, options?: RequestOptions): Promise<T>;
}

export type ToastId = string | number;

export interface Notifier {
  success(message: string): ToastId;
  /** `cause`: the failure, when it is one; the toast then also shows its reference (errorReference). */
  error(message: string, cause?: unknown): ToastId;
  info(message: string): ToastId;
  warning(message: string): ToastId;
  loading(message: string): ToastId;
  dismiss(id?: ToastId): void;
}

/** The host's client with typed calls of the route catalogue (see call.ts). */
export interface HostHttpClient extends HttpClient {
  call<N extends RouteName>(
    endpoint: Endpoint<N>,
    input: CallInput<N>,
    options?: Omit<RequestOptions, 'params'>,
  ): Promise<CallAnswer<N>>;
  /** A file answer (a CSV export), with the download's progress in bytes and rows received. */
  download<N extends RouteName>(
    endpoint: Endpoint<N>,
    input: CallInput<N>,
    options?: DownloadOptions,
  ): Promise<DownloadedFile>;
}

export interface DownloadOptions {
  signal?: AbortSignal;
  /**
   * The rows the list showed: sent to the API (which then streams without counting first) and the
   * progress's total unless the API sends its own.
   */
  totalHint?: number | null;
  onProgress?(progress: DownloadProgress): void;
}

/** How much of a CSV download has arrived. */
export interface DownloadProgress {
  bytes: number;
  /** Data rows complete so far (the header record not counted). */
  rows: number;
  /** X-Total-Count: the rows the file will carry, when the server counted them. */
  total: number | null;
}

export interface DownloadedFile {
  blob: Blob;
  /** From Content-Disposition, when the server named the file. */
  filename: string | null;
  /** X-Total-Count, when the server counted the rows. */
  rows: number | null;
}

export type { LiveTopic };

/**
 * The API's live events (server push): `subscribe` calls `listener` each time something of `topic`
 * changed (a withdrawal decided, a ticket opened...), for the topics the admin's roles may read. The
 * event carries no data: the listener reloads what it shows. Returns the unsubscribe function.
 */
export interface LiveEvents {
  subscribe(topic: LiveTopic, listener: () => void): () => void;
}

/** Everything a remote may use from the host. Remotes never import the shell. */
export interface HostContext {
  http: HostHttpClient;
  notify: Notifier;
  admin: AdminUser | null;
  config: RuntimeConfig;
  /** Absent in a shell older than the remote (they are released apart): no live updates then. */
  live?: LiveEvents;
  signOut(): void;
  navigate(to: string, options?: { replace?: boolean }): void;
}

/** What each remote's './app' module exports as default. */
export interface RemoteAppProps {
  host: HostContext;
}
