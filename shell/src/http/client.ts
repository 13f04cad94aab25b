import {
  ApiError,
  type HostHttpClient,
  isApiError,
  type RequestOptions,
  type ResponseParser,
  withCall,
} from '@backoffice/shared/host';
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

function serverMessage(error: AxiosError): string | undefined {
  const body = error.response?.data as { message?: unknown } | undefined;
  return typeof body?.message === 'string' && body.message ? body.message : undefined;
}

/** Maps an axios failure onto the failure kinds of spec section 8. */
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
  return new ApiError(message ?? error.message, {
    status,
    kind: status < 500 ? 'bad-request' : 'bad-response',
    fromServer: message !== undefined,
  });
}

/** The axios instance of spec sections 4 and 6, with the session and maintenance rules. */
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
        xsrfRequest ??= instance.get('/health').finally(() => {
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
      const sentToken = Boolean(error.config?.headers?.Authorization);
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
  return withCall({
    get: (url, schema, options) => send({ method: 'GET', url }, schema, options),
    post: (url, data, schema, options) => send({ method: 'POST', url, data }, schema, options),
    put: (url, data, schema, options) => send({ method: 'PUT', url, data }, schema, options),
    patch: (url, data, schema, options) => send({ method: 'PATCH', url, data }, schema, options),
    delete: (url, schema, options) => send({ method: 'DELETE', url }, schema, options),
  });
}
