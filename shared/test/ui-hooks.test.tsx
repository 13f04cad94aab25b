import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCopy, useLoad, useUrlQuery } from '../src/ui/index.ts';

afterEach(cleanup);

const defaults = { q: '', status: 'pending', page: 1, limit: 10, tags: [] as string[] };

/** Where the router is now, read by <Spy /> on every render. */
const location = { search: '' };
function Spy() {
  location.search = useLocation().search;
  return null;
}

function urlQuery(url: string) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[url]}>
      {children}
      <Spy />
    </MemoryRouter>
  );
  const hook = renderHook(() => useUrlQuery({ ...defaults }), { wrapper });
  return { hook, location };
}

describe('useUrlQuery', () => {
  it('fills in defaults and parses numbers and arrays from the URL', () => {
    const { hook } = urlQuery('/x?page=3&q=abc&tags=a&tags=b&other=1');
    expect(hook.result.current[0]).toEqual({
      q: 'abc',
      status: 'pending',
      page: 3,
      limit: 10,
      tags: ['a', 'b'],
    });
  });

  it('falls back to the default for unparseable numbers', () => {
    const { hook } = urlQuery('/x?page=abc&limit=');
    expect(hook.result.current[0].page).toBe(1);
    expect(hook.result.current[0].limit).toBe(10);
  });

  it('keeps the values object stable between renders of the same URL', () => {
    const { hook } = urlQuery('/x?page=2');
    const first = hook.result.current[0];
    hook.rerender();
    expect(hook.result.current[0]).toBe(first);
  });

  it('writes a patch, leaving out values equal to their default and keeping foreign params', () => {
    const { hook, location } = urlQuery('/x?other=1&page=4');
    act(() => hook.result.current[1]({ q: 'bob', page: 1, status: 'approved', tags: ['x', 'y'] }));
    const params = new URLSearchParams(location.search);
    expect(params.get('other')).toBe('1');
    expect(params.has('page')).toBe(false);
    expect(params.get('q')).toBe('bob');
    expect(params.get('status')).toBe('approved');
    expect(params.getAll('tags')).toEqual(['x', 'y']);
    expect(hook.result.current[0]).toMatchObject({ q: 'bob', page: 1, status: 'approved', tags: ['x', 'y'] });
    act(() => hook.result.current[1]({ tags: [], q: '' }));
    expect(location.search).toBe('?other=1&status=approved');
  });

  it('applies two patches made in the same event', () => {
    const { hook, location } = urlQuery('/x');
    act(() => {
      hook.result.current[1]({ q: 'bob' });
      hook.result.current[1]({ page: 2 }, { replace: true });
    });
    expect(location.search).toBe('?q=bob&page=2');
  });

  it('reset() removes every known key', () => {
    const { hook, location } = urlQuery('/x?q=a&page=2&status=rejected&other=1');
    act(() => hook.result.current[2]());
    expect(location.search).toBe('?other=1');
    expect(hook.result.current[0]).toEqual(defaults);
  });
});

/** A promise with its resolve/reject handles. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('useLoad', () => {
  it('loads, then exposes data; reload runs again', async () => {
    let n = 0;
    const load = vi.fn(async () => ++n);
    const { result } = renderHook(() => useLoad(load, []));
    expect(result.current.loading).toBe(true);
    await waitFor(() => expect(result.current.data).toBe(1));
    expect(result.current.loading).toBe(false);
    expect(result.current.error).toBeNull();
    act(() => result.current.reload());
    await waitFor(() => expect(result.current.data).toBe(2));
  });

  it('aborts the previous call when deps change and ignores its late answer', async () => {
    const calls: Array<{ signal: AbortSignal; d: ReturnType<typeof deferred<string>> }> = [];
    const { result, rerender } = renderHook(
      ({ page }) =>
        useLoad(
          (signal) => {
            const d = deferred<string>();
            calls.push({ signal, d });
            return d.promise;
          },
          [page],
        ),
      { initialProps: { page: 1 } },
    );
    rerender({ page: 2 });
    expect(calls).toHaveLength(2);
    expect(calls[0]!.signal.aborted).toBe(true);
    expect(calls[1]!.signal.aborted).toBe(false);
    await act(async () => calls[1]!.d.resolve('page 2'));
    await act(async () => calls[0]!.d.resolve('page 1'));
    expect(result.current.data).toBe('page 2');
  });

  it('ignores canceled errors but reports others', async () => {
    const canceled = Object.assign(new Error('canceled'), { kind: 'canceled' });
    const load = vi.fn().mockRejectedValueOnce(canceled).mockRejectedValueOnce(new Error('boom'));
    const { result } = renderHook(() => useLoad(load, []));
    await act(async () => {});
    expect(result.current.error).toBeNull();
    expect(result.current.loading).toBe(true);
    act(() => result.current.reload());
    await waitFor(() => expect((result.current.error as Error).message).toBe('boom'));
    expect(result.current.loading).toBe(false);
    // A retry clears the error while it runs.
    load.mockReturnValueOnce(new Promise(() => {}));
    act(() => result.current.reload());
    expect(result.current.error).toBeNull();
    expect(result.current.loading).toBe(true);
  });

  it('reports a load that throws before returning a promise', async () => {
    const { result } = renderHook(() =>
      useLoad(() => {
        throw new Error('sync');
      }, []),
    );
    await waitFor(() => expect((result.current.error as Error).message).toBe('sync'));
  });

  it('aborts on unmount', () => {
    let seen: AbortSignal | undefined;
    const { unmount } = renderHook(() =>
      useLoad((signal) => {
        seen = signal;
        return new Promise(() => {});
      }, []),
    );
    unmount();
    expect(seen?.aborted).toBe(true);
  });
});

describe('useCopy', () => {
  it('writes to the clipboard and reports success', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const { result } = renderHook(() => useCopy());
    await expect(result.current('TICKET-1')).resolves.toBe(true);
    expect(writeText).toHaveBeenCalledWith('TICKET-1');
    vi.unstubAllGlobals();
  });

  it('falls back to a hidden textarea when the clipboard API fails', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      clipboard: { writeText: () => Promise.reject(new Error('denied')) },
    });
    const execCommand = vi.fn(() => true);
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    const { result } = renderHook(() => useCopy());
    await expect(result.current('abc')).resolves.toBe(true);
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(document.querySelector('textarea')).toBeNull();
    vi.unstubAllGlobals();
  });
});
