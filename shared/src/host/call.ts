import type { z } from 'zod';
import type { RouteName, routes } from '../contract/routes.ts';
import { trusted } from './trusted.ts';
import type { HostHttpClient, HttpClient, QueryValue, RequestOptions } from './types.ts';

type Route<N extends RouteName> = (typeof routes)[N];
type Part<N extends RouteName, K extends string> =
  Route<N> extends { [P in K]: infer S extends z.ZodType } ? z.input<S> : never;
type Named<N extends RouteName> = {
  [K in 'params' | 'query' | 'body' as [Part<N, K>] extends [never] ? never : K]: Part<N, K>;
};

/** A call's name, method and path: an entry of `endpoints` (@backoffice/shared/endpoints). */
export interface Endpoint<N extends RouteName = RouteName> {
  name: N;
  method: Route<N>['method'];
  path: string;
}

/** What a call takes: its path params, query and body, as the contract declares them. */
export type CallInput<N extends RouteName> = Named<N>;
/** The contract's 200 answer of a call. */
export type CallAnswer<N extends RouteName> = z.output<Route<N>['response']>;

/** Fills `:param` placeholders of an endpoint's path. */
export function endpointPath(endpoint: Endpoint, params: Record<string, unknown> = {}): string {
  return endpoint.path.replace(/:(\w+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined || value === null)
      throw new Error(`Missing path parameter ${key} of ${endpoint.name}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * One typed call of the route catalogue over the host's client: `http.call(endpoints.usersList, { query })`.
 * The answer is typed by the contract and not re-checked in the browser (see ResponseParser).
 */
export function callEndpoint<N extends RouteName>(
  http: Pick<HttpClient, 'get' | 'post' | 'put' | 'patch' | 'delete'>,
  endpoint: Endpoint<N>,
  input: CallInput<N>,
  options: Omit<RequestOptions, 'params'> = {},
): Promise<CallAnswer<N>> {
  const { params, query, body } = input as {
    params?: Record<string, unknown>;
    query?: object;
    body?: unknown;
  };
  const url = endpointPath(endpoint, params);
  const request = { ...options, params: query as Record<string, QueryValue> | undefined };
  const parser = trusted<CallAnswer<N>>();
  switch (endpoint.method) {
    case 'GET':
      return http.get(url, parser, request);
    case 'DELETE':
      return http.delete(url, parser, request);
    case 'POST':
      return http.post(url, body, parser, request);
    case 'PUT':
      return http.put(url, body, parser, request);
    case 'PATCH':
      return http.patch(url, body, parser, request);
  }
}

/** The client with `call` added (the shell's and the test host's). */
export function withCall(http: HttpClient, download: HostHttpClient['download']): HostHttpClient {
  return {
    ...http,
    call: (endpoint, input, options) => callEndpoint(http, endpoint, input, options),
    download,
  };
}

/** The parts of a call's input a URL carries: its path and its query. */
export function endpointRequest(
  endpoint: Endpoint,
  input: object,
): { url: string; query: object | undefined } {
  const { params, query } = input as { params?: Record<string, unknown>; query?: object };
  return { url: endpointPath(endpoint, params), query };
}

/** 'attachment; filename="withdrawals-2026-11-25.csv"' -> 'withdrawals-2026-11-25.csv'. */
export function dispositionFilename(header: string | null | undefined): string | null {
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(header ?? '');
  return match ? decodeURIComponent(match[1]!) : null;
}
