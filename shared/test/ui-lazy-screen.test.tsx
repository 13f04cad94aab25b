import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyScreen, preloadScreens } from '../src/ui/index.ts';

afterEach(cleanup);

/** The screen's page: a counter, to tell a remount (back to 0) from a render. */
function Page({ label }: { label: string }) {
  const [clicks, setClicks] = useState(0);
  return (
    <button type="button" onClick={() => setClicks(clicks + 1)}>
      {label} {clicks}
    </button>
  );
}

/** A screen whose chunk arrives when the test says; counts its loads. */
function deferredScreen() {
  const chunk = { loads: 0, arrive: () => {}, fail: (_: Error) => {} };
  const Screen = lazyScreen<{ label: string }>(() => {
    chunk.loads += 1;
    return new Promise((resolve, reject) => {
      chunk.arrive = () => resolve({ default: Page });
      chunk.fail = reject;
    });
  });
  return { Screen, chunk };
}

const shown = (Screen: ReturnType<typeof deferredScreen>['Screen'], label = 'Page') => (
  <Suspense fallback={<p>Loading</p>}>
    <Screen label={label} />
  </Suspense>
);

describe('lazyScreen', () => {
  it('suspends at its first render, like React.lazy, and renders once its chunk is in', async () => {
    const { Screen, chunk } = deferredScreen();
    render(shown(Screen));
    expect(screen.getByText('Loading')).toBeTruthy();
    await act(async () => chunk.arrive());
    expect(screen.getByRole('button', { name: 'Page 0' })).toBeTruthy();
  });

  it('preloaded, renders at once: no fallback', async () => {
    const { Screen, chunk } = deferredScreen();
    const preload = preloadScreens({ '/page': Screen })();
    chunk.arrive();
    await preload;
    render(shown(Screen));
    expect(screen.queryByText('Loading')).toBeNull();
    expect(screen.getByRole('button', { name: 'Page 0' })).toBeTruthy();
    expect(chunk.loads).toBe(1);
  });

  it("an area's preload with a path loads only the screens of that route, params included", async () => {
    const list = deferredScreen();
    const details = deferredScreen();
    const preload = preloadScreens({ '/things': list.Screen, '/things/:id': details.Screen });
    const loading = preload('/things/42');
    expect([list.chunk.loads, details.chunk.loads]).toEqual([0, 1]);
    details.chunk.arrive();
    await loading;
    await preload('/elsewhere');
    expect([list.chunk.loads, details.chunk.loads]).toEqual([0, 1]);
    void preload();
    expect([list.chunk.loads, details.chunk.loads]).toEqual([1, 1]);
  });

  it('a page mounted before its chunk came keeps its state when its parent renders again', async () => {
    const { Screen, chunk } = deferredScreen();
    const { rerender } = render(shown(Screen, 'A'));
    await act(async () => chunk.arrive());
    await act(async () => screen.getByRole('button', { name: 'A 0' }).click());
    rerender(shown(Screen, 'B'));
    expect(screen.getByRole('button', { name: 'B 1' })).toBeTruthy();
  });

  it('a failed load is not kept: the next preload asks again', async () => {
    const { Screen, chunk } = deferredScreen();
    const first = Screen.preload();
    chunk.fail(new Error('chunk failed'));
    await expect(first).rejects.toThrow('chunk failed');
    const second = Screen.preload();
    chunk.arrive();
    await second;
    expect(chunk.loads).toBe(2);
  });
});
