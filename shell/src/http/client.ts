import * as endpoints from '@backoffice/shared/endpoints';
import {
  ApiError,
  dispositionFilename,
  endpointRequest,
  type HostHttpClient,
  isApiError,
  type RequestOptions,
  type ResponseParser,
  readCsv,
  withCall,
} from '@backoffice/shared/host';
import { EXPORT_TOTAL_HEADER, EXPORT_TOTAL_HINT_HEADER } from '@backoffice/shared/rules';
import axios, { type AxiosError, type AxiosInstance, type AxiosRequestConfig } from 'axios';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';
const EXPIRED_MESSAGE = 'Invalid or expired token';

declare module 'axios' {
  interface AxiosRequestConfig {
    /**
     * A call that checks the admin's password or 2FA code (replacing the authenticator): its 401 is a
     * wrong password or code, shown to the admin, not a lost session; 'Invalid or expired token' still is.
     */
    credentialCheck?: boolean;
  }
}

export interface HttpClientOptions {
  baseURL: string;
  getToken(): string | null;
  /** A 401, or a 403 'Invalid or expired token', on a call that carried a token. */
  onUnauthorized(): void;
  /** A 503: the server is under maintenance. */
  onMaintenance(): void;
}

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return null;
}

/**
 * The server's message. A validation 400 names its field (`field` and a 'field: ' prefix, for API clients);
 * an admin reads the message without it.
 */
function serverMessage(error: AxiosError): string | undefined {
  const body = error.response?.data as { message?: unknown; field?: unknown } | undefined;
  if (typeof body?.message !== 'string' || !body.message) return undefined;
  const prefix = typeof body.field === 'string' ? `${body.field}: ` : '';
  return prefix && body.message.startsWith(prefix) ? body.message.slice(prefix.length) : body.message;
}

/** Maps an axios failure onto the failure kinds (shared/src/rules/messages.ts). */
export function toApiError(error: unknown): ApiError {
  if (isApiError(error)) return error;
  if (!axios.isAxiosError(error))
    return new ApiError('An unexpected error occurred', { kind: 'bad-response' });
  if (axios.isCancel(error) || error.code === 'ERR_CANCELED')
    return new ApiError('canceled', { kind: 'canceled' });
  if (error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT') {
    return new ApiError('The request timed out', { kind: 'timeout' });
  }
  const status = error.response?.status;
  if (status === undefined) return new ApiError('Network error', { kind: 'network' });
  const message = serverMessage(error);
  const requestId = error.response?.headers['x-request-id'];
  const apiError = new ApiError(message ?? error.message, {
    status,
    kind: status < 500 ? 'bad-request' : 'bad-response',
    fromServer: message !== undefined,
    requestId: typeof requestId === 'string' ? requestId : undefined,
  });
  // A file request's error body is a stream: kept for the download to read.
  if (error.response?.data instanceof ReadableStream) Object.assign(apiError, { cause: error.response.data });
  return apiError;
}

/** The axios instance (docs/screens.md#access), with the session and maintenance rules. */
export function createAxios(options: HttpClientOptions): AxiosInstance {
  const instance = axios.create({
    baseURL: options.baseURL,
    timeout: 0,
    withCredentials: true,
    headers: { Accept: 'application/json' },
    paramsSerializer: { indexes: null },
  });
  let xsrfRequest: Promise<unknown> | null = null;

  instance.interceptors.request.use(async (config) => {
    const token = options.getToken();
    if (token && !config.headers.has('Authorization')) config.headers.set('Authorization', `Bearer ${token}`);
    // Double-submit XSRF: the API hands out the cookie on any answer (fetch one before the first
    // state-changing call) and wants it echoed in a header. Set here, not by axios, whose own XSRF
    // support skips cross-origin calls.
    if (config.method && config.method !== 'get') {
      if (!readCookie(XSRF_COOKIE)) {
        xsrfRequest ??= instance.get(endpoints.health.path).finally(() => {
          xsrfRequest = null;
        });
        await xsrfRequest.catch(() => undefined);
      }
      const xsrf = readCookie(XSRF_COOKIE);
      if (xsrf) config.headers.set(XSRF_HEADER, xsrf);
    }
    return config;
  });

  instance.interceptors.response.use(undefined, (error: unknown) => {
    if (axios.isAxiosError(error) && error.response) {
      const { status } = error.response;
      // Only the current session's refusal ends it: an answer to a call sent with a token replaced since
      // (renewed, or a new sign-in) says nothing about the session in use.
      const current = options.getToken();
      const sentToken = Boolean(current) && error.config?.headers?.Authorization === `Bearer ${current}`;
      const expired = serverMessage(error) === EXPIRED_MESSAGE;
      const lostSession =
        status === 401 ? expired || !error.config?.credentialCheck : status === 403 && expired;
      if (sentToken && lostSession) {
        options.onUnauthorized();
      } else if (status === 503) {
        options.onMaintenance();
      }
    }
    return Promise.reject(toApiError(error));
  });
  return instance;
}

/**
 * The HostContext http client: every answer is parsed with the contract schema. `defaults` are added
 * to every call's axios config (e.g. `credentialCheck`).
 */
export function createHttpClient(instance: AxiosInstance, defaults: AxiosRequestConfig = {}): HostHttpClient {
  async function send<T>(
    config: AxiosRequestConfig,
    schema: ResponseParser<T>,
    options?: RequestOptions,
  ): Promise<T> {
    const response = await instance.request({
      ...defaults,
      ...config,
      params: options?.params,
      signal: options?.signal,
      headers: options?.headers,
    });
    const parsed = schema.safeParse(response.data);
    if (!parsed.success)
      throw new ApiError('Invalid response from server', { kind: 'bad-response', fromServer: true });
    return parsed.data;
  }
  /**
   * A file answer, streamed (axios's fetch adapter) so that its rows are counted as they arrive; a
   * failure's JSON body arrives as a stream too, so its message is read from it.
   */
  const download: HostHttpClient['download'] = async (endpoint, input, options = {}) => {
    const { url, query } = endpointRequest(endpoint, input);
    const hint =
      Number.isSafeInteger(options.totalHint) && options.totalHint! >= 0 ? options.totalHint! : null;
    try {
      const response = await instance.request<ReadableStream<Uint8Array>>({
        ...defaults,
        adapter: 'fetch',
        method: endpoint.method,
        url,
        params: query,
        signal: options.signal,
        responseType: 'stream',
        headers: {
          Accept: 'text/csv, application/json',
          ...(hint === null ? {} : { [EXPORT_TOTAL_HINT_HEADER]: String(hint) }),
        },
      });
      const header = response.headers[EXPORT_TOTAL_HEADER] as string | undefined;
      const rows = header === undefined ? null : Number(header);
      const total = rows !== null && Number.isFinite(rows) ? rows : hint;
      const chunks = await readCsv(response.data, total, options.onProgress);
      return {
        blob: new Blob(chunks as BlobPart[], { type: 'text/csv' }),
        filename: dispositionFilename(response.headers['content-disposition'] as string | undefined),
        rows: total,
      };
    } catch (error) {
      if (options.signal?.aborted) throw new ApiError('canceled', { kind: 'canceled' });
      // The interceptor turned every failed call into an ApiError: anything else broke off the body.
      if (!isApiError(error)) throw new ApiError('Network error', { kind: 'network' });
      throw await withBodyMessage(error);
    }
  };

  return withCall(
    {
      get: (url, schema, options) => send({ method: 'GET', url }, schema, options),
      post: (url, data, schema, options) => send({ method: 'POST', url, data }, schema, options),
      put: (url, data, schema, options) => send({ method: 'PUT', url, data }, schema, options),
      patch: (url, data, schema, options) => send({ method: 'PATCH', url, data }, schema, options),
      delete: (url, schema, options) => send({ method: 'DELETE', url }, schema, options),
    },
    download,
  );
}

/** An ApiError whose message is the server's, read from a file request's body (a stream). */
async function withBodyMessage(error: ApiError): Promise<ApiError> {
  if (!(error.cause instanceof ReadableStream)) return error;
  try {
    const body = JSON.parse(await new Response(error.cause).text()) as { message?: unknown };
    if (typeof body.message !== 'string' || !body.message) return error;
    return new ApiError(body.message, { status: error.status, kind: error.kind, fromServer: true });
  } catch {
    return error;
  }
}
