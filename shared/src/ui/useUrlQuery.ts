import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';

/** A flat record of URL-backed values; the defaults decide each key's type. */
export type UrlQueryValues<T> = { [K in keyof T]: string | number | readonly string[] };

export interface UrlQueryOptions {
  /** Replace the history entry instead of pushing one (e.g. while typing). */
  replace?: boolean;
}

export type SetUrlQuery<T> = (patch: Partial<T>, options?: UrlQueryOptions) => void;

function same(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => v === b[i]);
  return a === b;
}

function read<T extends UrlQueryValues<T>>(params: URLSearchParams, defaults: T): T {
  const values: Record<string, unknown> = { ...defaults };
  for (const [key, fallback] of Object.entries<unknown>(defaults)) {
    if (Array.isArray(fallback)) {
      if (params.has(key)) values[key] = params.getAll(key).filter((v) => v !== '');
      continue;
    }
    const raw = params.get(key);
    if (raw === null) continue;
    if (typeof fallback === 'number') {
      const number = raw.trim() === '' ? Number.NaN : Number(raw);
      if (Number.isFinite(number)) values[key] = number;
    } else {
      values[key] = raw;
    }
  }
  return values as T;
}

function write<T extends UrlQueryValues<T>>(params: URLSearchParams, defaults: T, values: Partial<T>) {
  for (const key of Object.keys(values) as Array<keyof T & string>) {
    if (!(key in defaults)) continue;
    const value = values[key];
    params.delete(key);
    if (value === undefined || same(value, defaults[key])) continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else params.set(key, String(value));
  }
}

/**
 * Filters, sort and page kept in the URL search params. Returns the values (defaults filled in, numbers
 * parsed back to numbers, unparseable numbers -> default), `set(patch)` and `reset()`. Values equal to
 * their default are left out of the URL; params not named in `defaults` are kept as they are.
 */
export function useUrlQuery<T extends UrlQueryValues<T>>(
  defaults: T,
): [values: T, set: SetUrlQuery<T>, reset: (options?: UrlQueryOptions) => void] {
  const [params, setParams] = useSearchParams();
  // Callers usually pass a fresh literal each render: key the memo on its content.
  const defaultsKey = JSON.stringify(defaults);
  // biome-ignore lint/correctness/useExhaustiveDependencies: defaultsKey stands for defaults
  const stableDefaults = useMemo(() => defaults, [defaultsKey]);
  const search = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: search stands for params
  const values = useMemo(() => read(params, stableDefaults), [search, stableDefaults]);

  // The router's own updater sees the params of the last render, so two set() calls in one event would
  // lose the first patch; build on the latest written params instead.
  const latest = useRef(search);
  latest.current = search;
  const set = useCallback<SetUrlQuery<T>>(
    (patch, options) => {
      const next = new URLSearchParams(latest.current);
      write(next, stableDefaults, patch);
      latest.current = next.toString();
      setParams(next, { replace: options?.replace });
    },
    [setParams, stableDefaults],
  );
  const reset = useCallback(
    (options?: UrlQueryOptions) => set(stableDefaults, options),
    [set, stableDefaults],
  );
  return [values, set, reset];
}
