import { ApiError } from './api-error.ts';
import { endpointRequest, withCall } from './call.ts';
import { trusted } from './trusted.ts';
import type {
  AdminUser,
  HostContext,
  LiveTopic,
  QueryValue,
  RequestOptions,
  ResponseParser,
  RuntimeConfig,
  ToastId,
} from './types.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export interface RecordedRequest {
  method: Method;
  path: string;
  params: Record<string, QueryValue>;
  body: unknown;
}
/** A handler answers one call with a JSON body, or throws (e.g. an ApiError) to fail it. */
export type TestRoute = (request: RecordedRequest) => unknown | Promise<unknown>;

export interface TestHost extends HostContext {
  requests: RecordedRequest[];
  toasts: Array<{ type: 'success' | 'error' | 'info' | 'warning' | 'loading'; message: string }>;
  navigations: string[];
  signOuts: number;
  /** Live events by hand: `live.emit('withdrawals')` calls that topic's listeners. */
  live: { subscribe(topic: LiveTopic, listener: () => void): () => void; emit(topic: LiveTopic): void };
}

/**
 * A read-only admin (docs/architecture.md#console-behaviour): reads every area, changes nothing. The default
 * test admin is a superadmin.
 */
export const auditorAdmin: AdminUser = {
  id: 2,
  email: 'auditor@example.com',
  name: 'Auditor',
  roles: ['auditor'],
};

/**
 * A HostContext for component tests: HTTP answered by `routes` keyed 'METHOD /path', every request,
 * toast and navigation recorded. Responses still go through the contract schema, as in the real host.
 */
export function testHostContext(
  routes: Record<string, TestRoute> = {},
  options: { admin?: AdminUser | null; config?: Partial<RuntimeConfig> } = {},
): TestHost {
  const requests: RecordedRequest[] = [];
  const toasts: TestHost['toasts'] = [];
  const navigations: string[] = [];
  let toastCount = 0;
  const listeners = new Set<{ topic: LiveTopic; listener: () => void }>();

  async function call<T>(
    method: Method,
    path: string,
    body: unknown,
    schema: ResponseParser<T>,
    opts?: RequestOptions,
  ) {
    const request: RecordedRequest = { method, path, params: opts?.params ?? {}, body };
    requests.push(request);
    const route = routes[`${method} ${path}`];
    if (!route) throw new ApiError(`No test route for ${method} ${path}`, { kind: 'network' });
    const parsed = schema.safeParse(await route(request));
    if (!parsed.success)
      throw new ApiError('Invalid response from server', { kind: 'bad-response', fromServer: true });
    return parsed.data;
  }
  const toast = (type: TestHost['toasts'][number]['type']) => (message: string) => {
    toasts.push({ type, message });
    toastCount += 1;
    return toastCount as ToastId;
  };

  const host: TestHost = {
    requests,
    toasts,
    navigations,
    signOuts: 0,
    live: {
      subscribe(topic, listener) {
        const entry = { topic, listener };
        listeners.add(entry);
        return () => listeners.delete(entry);
      },
      emit(topic) {
        for (const entry of [...listeners]) if (entry.topic === topic) entry.listener();
      },
    },
    admin:
      options.admin === undefined
        ? { id: 1, email: 'admin@example.com', name: 'Admin', roles: ['superadmin'] }
        : options.admin,
    config: {
      apiBaseUrl: 'http://localhost:3000/api',
      assetsUrl: 'http://localhost:3001',
      appUrl: 'http://localhost:3001',
      live: false,
      ...options.config,
    },
    http: withCall(
      {
        get: (path, schema, opts) => call('GET', path, undefined, schema, opts),
        post: (path, body, schema, opts) => call('POST', path, body, schema, opts),
        put: (path, body, schema, opts) => call('PUT', path, body, schema, opts),
        patch: (path, body, schema, opts) => call('PATCH', path, body, schema, opts),
        delete: (path, schema, opts) => call('DELETE', path, undefined, schema, opts),
      },
      async (endpoint, input) => {
        const { url, query } = endpointRequest(endpoint, input);
        const text = await call(endpoint.method, url, undefined, trusted<string>(), {
          params: query as Record<string, QueryValue>,
        });
        return { blob: new Blob([text], { type: 'text/csv' }), filename: `${endpoint.name}.csv`, rows: null };
      },
    ),
    notify: {
      success: toast('success'),
      error: toast('error'),
      info: toast('info'),
      warning: toast('warning'),
      loading: toast('loading'),
      dismiss: () => {},
    },
    signOut: () => {
      host.signOuts += 1;
    },
    navigate: (to) => {
      navigations.push(to);
    },
  };
  return host;
}
