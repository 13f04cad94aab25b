import type { ReleaseAreaInfo, ReleasesData, ReleaseVersionInfo } from '@backoffice/shared/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ToastContainer } from 'react-toastify/unstyled';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes, loadFirstPage } from '../src/app/router.tsx';
import { useAuth } from '../src/auth/store.ts';
import ReleasesPage from '../src/features/releases/ReleasesPage.tsx';
import { usePreview } from '../src/registry/preview.ts';
import { useRegistry } from '../src/registry/store.ts';
import { fakeApi, type Handler, ok } from './fake-api.ts';

const ops = { id: 9, email: 'ops@example.com', name: 'Ops', roles: ['ops'], twoFactorEnabled: true };
const HOUR_AGO = '2026-03-02T09:00:00.000Z';
const passes = [
  { check: 'files', ok: true, message: '12 files present' },
  { check: 'shared', ok: true, message: '3 shared modules satisfied by shell 1.2.0' },
  { check: 'contract', ok: true, message: 'the 4 API routes it calls are served (contract abc)' },
  { check: 'smoke', ok: true, message: 'mounted in Chromium' },
] as ReleaseVersionInfo['gate'];
const noFigures = { loads: 0, failures: 0, admins: 0, failingAdmins: 0 };

function version(part: string, v: string, extra: Partial<ReleaseVersionInfo> = {}): ReleaseVersionInfo {
  return {
    version: v,
    commit: `${v.replaceAll('.', '')}0f3c9a1b2d4e5f60718293a4b5c6d7e8f9012`,
    publishedAt: HOUR_AGO,
    publishedBy: 'deploy@build-host',
    entry: part === 'shell' ? null : `/remotes/mf-${part}/${v}/mf-manifest.json`,
    integrity: part === 'shell' ? {} : { 'mf-manifest.json': 'sha256-bWFuaWZlc3Q=' },
    live: false,
    previous: false,
    cohort: false,
    tampered: [],
    gate: passes,
    field: noFigures,
    ...extra,
  };
}

const REFUSAL =
  'mf-lottery 1.5.0 was refused: shared check failed: react ^20.0.0 is required; the shell provides 19.3.1';

const lottery: ReleaseAreaInfo = {
  area: 'lottery',
  live: {
    version: '1.4.0',
    commit: '1400f3c9a1b2d4e5',
    since: '2026-03-02T09:30:00.000Z',
    by: 'ops@example.com',
    action: 'deploy',
  },
  previous: '1.3.2',
  cohort: null,
  versions: [
    version('lottery', '1.5.0', {
      gate: [
        passes[0]!,
        { check: 'shared', ok: false, message: 'react ^20.0.0 is required; the shell provides 19.3.1' },
        passes[2]!,
        { check: 'smoke', ok: true, message: 'skipped: --no-smoke' },
      ],
    }),
    version('lottery', '1.4.0', {
      live: true,
      field: { loads: 40, failures: 2, admins: 12, failingAdmins: 1 },
    }),
    version('lottery', '1.3.2', { previous: true }),
  ],
  history: [
    {
      id: 31,
      at: '2026-03-02T09:40:00.000Z',
      action: 'release.refused',
      from: '1.4.0',
      to: '1.5.0',
      commit: '1500f3c',
      actor: 'ops@example.com',
      reason: null,
      forced: false,
      detail: 'shared check failed: react ^20.0.0 is required; the shell provides 19.3.1',
    },
    {
      id: 30,
      at: '2026-03-02T09:30:00.000Z',
      action: 'release.deploy',
      from: '1.3.2',
      to: '1.4.0',
      commit: '1400f3c',
      actor: 'ops@example.com',
      reason: 'Hotfix for the draw page',
      forced: true,
      detail: 'contract: this API does not serve GET /admin/lottery/x',
    },
    {
      id: 29,
      at: '2026-03-02T09:00:00.000Z',
      action: 'release.publish',
      from: null,
      to: '1.5.0',
      commit: '1500f3c',
      actor: 'deploy@build-host',
      reason: null,
      forced: false,
      detail: null,
    },
  ],
  failures: [
    {
      at: '2026-03-02T09:45:00.000Z',
      version: '1.4.0',
      route: '/lottery/upcoming',
      message: 'TypeError: pools is undefined',
      admin: 'lottery@example.com',
    },
  ],
};

const data: ReleasesData = {
  autoRollback: { windowMinutes: 30, admins: 3, rate: 0.5 },
  areas: [
    {
      area: 'shell',
      live: { version: '1.2.0', commit: null, since: HOUR_AGO, by: 'deploy@build-host', action: 'deploy' },
      previous: null,
      cohort: null,
      versions: [version('shell', '1.2.0', { live: true })],
      history: [],
      failures: [],
    },
    lottery,
    { area: 'finance', live: null, previous: null, cohort: null, versions: [], history: [], failures: [] },
    {
      area: 'support-users',
      live: { version: '2.0.1', commit: 'aa', since: HOUR_AGO, by: 'system', action: 'auto-rollback' },
      previous: '2.1.0',
      cohort: null,
      versions: [
        version('support-users', '2.1.0', { previous: true }),
        version('support-users', '2.0.1', { live: true }),
      ],
      history: [
        {
          id: 40,
          at: HOUR_AGO,
          action: 'release.auto-rollback',
          from: '2.1.0',
          to: '2.0.1',
          commit: 'aa',
          actor: 'system',
          reason: null,
          forced: false,
          detail:
            '3 of 4 admins failed on mf-support-users 2.1.0 within 5 min: a@x (1 failure), b@x (1 failure), c@x (2 failures); 1 loaded it without failing',
        },
      ],
      failures: [],
    },
    {
      area: 'mines',
      live: { version: '1.0.0', commit: 'bb', since: HOUR_AGO, by: 'ops@example.com', action: 'promote' },
      previous: null,
      cohort: null,
      versions: [version('mines', '1.0.0', { live: true })],
      history: [],
      failures: [],
    },
  ],
};

const fail = (status: number, message: string) => () => ({ status, data: { success: false, message } });
const body = (config: { data?: unknown } | undefined) => JSON.parse(String(config?.data));
type Seen = ReturnType<typeof fakeApi>;
const posts = (seen: Seen) => seen.filter((config) => config.method === 'post');
const gets = (seen: Seen) => seen.filter((config) => config.method === 'get');

function api(extra: Record<string, Handler> = {}) {
  return fakeApi({ 'GET /admin/releases': ok(data), ...extra });
}

function renderPage() {
  return render(
    <MemoryRouter initialEntries={['/releases']}>
      <Routes>
        <Route path="/releases" element={<ReleasesPage />} />
        <Route path="/lottery/upcoming" element={<p>upcoming lotteries page</p>} />
        <Route path="/lottery" element={<p>lottery fallback page</p>} />
      </Routes>
      <ToastContainer />
    </MemoryRouter>,
  );
}

const card = async (name: string) =>
  screen.findByRole('region', { name }).then((region) => within(region as HTMLElement));
const dialog = () => within(screen.getByRole('alertdialog'));
const typeReason = (value: string) =>
  fireEvent.change(dialog().getByLabelText('Reason'), { target: { value } });

describe('the Releases screen (/releases)', () => {
  beforeEach(() => {
    useAuth.getState().signIn('ops-session', ops);
    usePreview.setState({ previews: {} });
    useRegistry.setState({ registry: null });
  });
  afterEach(() => {
    useAuth.getState().clear();
    vi.unstubAllGlobals();
  });

  it('shows each part in order: live, previous, versions with their gate, failures and history', async () => {
    api();
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Releases' })).toBeTruthy();
    expect(await screen.findByText(/Automatic rollback: a version live/)).toBeTruthy();
    expect(
      screen.getByText(
        'Automatic rollback: a version live (for everyone or for its cohort) for less than 30 min goes back when ' +
          '3 admins, and 50% of the admins reporting on it, fail on it (each admin counts once, however many sessions)',
      ),
    ).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Console shell',
      'Lottery',
      'Finance',
      'Support & Users',
      'Mines',
    ]);

    const shell = await card('Console shell');
    expect(shell.getByText('1.2.0', { selector: '.shell-releases__live-version' })).toBeTruthy();
    expect(
      (shell.getByRole('button', { name: 'Roll back Console shell' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(shell.getByText('No previous version to roll back to')).toBeTruthy();
    expect(shell.queryByRole('button', { name: /Preview/ })).toBeNull();

    const l = await card('Lottery');
    expect(l.getByText('1.4.0', { selector: '.shell-releases__live-version' })).toBeTruthy();
    expect(l.getByText('Deployed')).toBeTruthy();
    expect(l.getByText('1400f3c', { selector: 'dd code' })).toBeTruthy();
    expect(l.getByText(/by ops@example.com/)).toBeTruthy();
    expect(l.getByText('1.3.2', { selector: 'dd' })).toBeTruthy();
    expect(l.getByRole('button', { name: 'Roll back Lottery to 1.3.2' })).toBeTruthy();

    // Failures of the last hour: the count from the versions' figures, the latest ones listed.
    expect(l.getByRole('heading', { name: /Failures in the last hour: 2/ })).toBeTruthy();
    const failures = within(l.getByRole('region', { name: 'Lottery: failures in the last hour' }));
    expect(failures.getByText('TypeError: pools is undefined')).toBeTruthy();
    expect(failures.getByText('/lottery/upcoming')).toBeTruthy();
    expect(failures.getByText('lottery@example.com')).toBeTruthy();

    const versions = within(l.getByRole('region', { name: 'Lottery: versions' }));
    const rows = versions.getAllByRole('row').slice(1);
    expect(rows.map((row) => row.querySelector('strong')?.textContent)).toEqual(['1.5.0', '1.4.0', '1.3.2']);
    const [next, live, previous] = rows.map((row) => within(row));
    expect(next!.getByText('Fails')).toBeTruthy();
    expect(next!.getByText(/react \^20\.0\.0 is required; the shell provides 19\.3\.1/)).toBeTruthy();
    expect(next!.getByText('Shared modules:')).toBeTruthy();
    expect(next!.getByText('smoke skipped')).toBeTruthy();
    expect(next!.getByRole('button', { name: 'Promote Lottery 1.5.0' })).toBeTruthy();
    expect(next!.getByRole('button', { name: 'Preview Lottery 1.5.0' })).toBeTruthy();
    expect(next!.getByRole('button', { name: 'Release Lottery 1.5.0 to a cohort' })).toBeTruthy();
    expect(live!.getByText('Live')).toBeTruthy();
    expect(live!.getByText('Passes')).toBeTruthy();
    expect(live!.getByText('40 loads / 2 failures (12 admins, 1 failing)')).toBeTruthy();
    expect(live!.queryByRole('button')).toBeNull();
    expect(previous!.getByText('Previous')).toBeTruthy();
    expect(previous!.getByRole('button', { name: 'Promote Lottery 1.3.2' })).toBeTruthy();

    // History: collapsed until asked, newest first.
    const toggle = l.getByRole('button', { name: 'Show history (3 changes)' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const history = within(l.getByRole('region', { name: 'Lottery: history' }));
    const events = history.getAllByRole('row').slice(1);
    expect(events.map((row) => row.querySelector('.shell-releases__what')?.textContent)).toEqual([
      'Refused',
      'DeployedForced',
      'Published',
    ]);
    expect(within(events[0]!).getByText('1.4.0 → 1.5.0')).toBeTruthy();
    expect(within(events[0]!).getByText(/shared check failed: react/)).toBeTruthy();
    expect(within(events[1]!).getByText('Hotfix for the draw page')).toBeTruthy();
    expect(within(events[2]!).getByText('deploy@build-host')).toBeTruthy();

    const finance = await card('Finance');
    expect(finance.getByText('Nothing is published yet')).toBeTruthy();

    const support = await card('Support & Users');
    expect(support.getByText('Rolled back automatically')).toBeTruthy();
    fireEvent.click(support.getByRole('button', { name: 'Show history (1 change)' }));
    expect(
      support.getByText(/3 of 4 admins failed on mf-support-users 2\.1\.0 within 5 min: a@x/),
    ).toBeTruthy();

    const mines = await card('Mines');
    expect(mines.getByText('Promoted')).toBeTruthy();
  });

  it('says when the automatic rollback is off', async () => {
    fakeApi({ 'GET /admin/releases': ok({ ...data, autoRollback: null }) });
    renderPage();
    expect(await screen.findByText(/Automatic rollback: off/)).toBeTruthy();
  });

  it('shows a failed load with Retry, which loads again', async () => {
    let up = false;
    fakeApi({
      'GET /admin/releases': () => (up ? ok(data)() : fail(500, 'Internal server error')()),
    });
    renderPage();
    expect(await screen.findByText('Error Loading Releases')).toBeTruthy();
    up = true;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Lottery' })).toBeTruthy();
  });

  it('rolls back with a reason: the body names the version, the toast says what is live, the list reloads', async () => {
    const seen = api({
      'POST /admin/releases/lottery/live': ok({
        area: 'lottery',
        version: '1.3.2',
        published: false,
        from: '1.4.0',
        to: '1.3.2',
        forced: false,
        gate: passes,
      }),
    });
    renderPage();
    fireEvent.click((await card('Lottery')).getByRole('button', { name: 'Roll back Lottery to 1.3.2' }));
    expect(dialog().getByText('Roll back Lottery?')).toBeTruthy();
    expect(dialog().getByText(/Lottery: 1\.4\.0 →/).textContent).toBe('Lottery: 1.4.0 → 1.3.2');
    typeReason('  Draw page broken since 1.4.0  ');
    fireEvent.click(dialog().getByRole('button', { name: 'Roll back' }));

    expect(await screen.findByText('Lottery is now 1.3.2')).toBeTruthy();
    expect(posts(seen)).toHaveLength(1);
    expect(body(posts(seen)[0])).toEqual({
      action: 'rollback',
      version: '1.3.2',
      reason: 'Draw page broken since 1.4.0',
      force: false,
    });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(gets(seen)).toHaveLength(2));
  });

  it('requires a reason and sends nothing without one', async () => {
    const seen = api();
    renderPage();
    fireEvent.click((await card('Lottery')).getByRole('button', { name: 'Promote Lottery 1.5.0' }));
    expect(dialog().getByText('Promote Lottery 1.5.0?')).toBeTruthy();
    typeReason('   ');
    fireEvent.click(dialog().getByRole('button', { name: 'Promote' }));
    expect(await dialog().findByText('A reason is required')).toBeTruthy();
    expect(posts(seen)).toHaveLength(0);
    fireEvent.click(dialog().getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('keeps the dialog open on a refusal, shows why, and forces it with the reason when asked', async () => {
    const seen = api({
      'POST /admin/releases/lottery/live': (config) =>
        body(config).force
          ? ok({
              area: 'lottery',
              version: '1.5.0',
              published: false,
              from: '1.4.0',
              to: '1.5.0',
              forced: true,
              gate: passes,
            })()
          : fail(409, REFUSAL)(),
    });
    renderPage();
    fireEvent.click((await card('Lottery')).getByRole('button', { name: 'Promote Lottery 1.5.0' }));
    expect(dialog().getByText(/Lottery: 1\.4\.0 →/).textContent).toBe('Lottery: 1.4.0 → 1.5.0');
    typeReason('Needed before the draw');
    fireEvent.click(dialog().getByRole('button', { name: 'Promote' }));

    expect(await dialog().findByText(REFUSAL)).toBeTruthy();
    expect(body(posts(seen)[0])).toEqual({
      action: 'promote',
      version: '1.5.0',
      reason: 'Needed before the draw',
      force: false,
    });
    const force = dialog().getByRole('checkbox', { name: 'Force it (skip the failed checks)' });
    fireEvent.click(force);
    fireEvent.click(dialog().getByRole('button', { name: 'Promote' }));

    expect(await screen.findByText('Lottery is now 1.5.0')).toBeTruthy();
    expect(body(posts(seen)[1])).toEqual({
      action: 'promote',
      version: '1.5.0',
      reason: 'Needed before the draw',
      force: true,
    });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('releases a version to a cohort, shows the cohort beside everyone else, and promotes it or rolls it back', async () => {
    const withCohort: ReleasesData = {
      ...data,
      areas: data.areas.map((area) =>
        area.area !== 'lottery'
          ? area
          : {
              ...area,
              cohort: {
                version: '1.5.0',
                rule: { kind: 'percent', percent: 10 },
                since: HOUR_AGO,
                by: 'ops@example.com',
              },
              versions: area.versions.map((v) =>
                v.version === '1.5.0'
                  ? { ...v, cohort: true, field: { loads: 6, failures: 1, admins: 3, failingAdmins: 1 } }
                  : v,
              ),
            },
      ),
    };
    const change = {
      area: 'lottery',
      version: '1.5.0',
      published: false,
      from: '1.4.0',
      to: '1.4.0',
      forced: false,
      gate: passes,
    };
    const seen = fakeApi({
      'GET /admin/releases': ok(withCohort),
      'POST /admin/releases/lottery/live': ok(change),
    });
    renderPage();
    const l = await card('Lottery');
    const cohort = within(l.getByRole('region', { name: /Cohort: 1\.5\.0/ }));
    expect(cohort.getByText('10% of admins')).toBeTruthy();
    expect(cohort.getByText(/everyone else keeps 1\.4\.0/)).toBeTruthy();
    expect(cohort.getByText('6 loads / 1 failure (3 admins, 1 failing)')).toBeTruthy();
    expect(cohort.getByText('40 loads / 2 failures (12 admins, 1 failing)')).toBeTruthy();
    const versions = within(l.getByRole('region', { name: 'Lottery: versions' }));
    expect(versions.getByText('Cohort')).toBeTruthy();

    // Roll the cohort back: a rollback naming no version (the API ends the cohort).
    fireEvent.click(cohort.getByRole('button', { name: "Roll back Lottery's cohort" }));
    expect(dialog().getByText("Roll back Lottery's cohort?")).toBeTruthy();
    typeReason('Errors in the cohort');
    fireEvent.click(dialog().getByRole('button', { name: 'Roll back cohort' }));
    await waitFor(() => expect(posts(seen)).toHaveLength(1));
    expect(body(posts(seen)[0])).toEqual({
      action: 'rollback',
      reason: 'Errors in the cohort',
      force: false,
    });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    // Promote to all.
    fireEvent.click(cohort.getByRole('button', { name: 'Promote Lottery 1.5.0 to all' }));
    typeReason('Cohort is fine');
    fireEvent.click(dialog().getByRole('button', { name: 'Promote' }));
    await waitFor(() => expect(posts(seen)).toHaveLength(2));
    expect(body(posts(seen)[1])).toEqual({
      action: 'promote',
      version: '1.5.0',
      reason: 'Cohort is fine',
      force: false,
    });
  });

  it('releases a version to a cohort of a role from the versions list', async () => {
    const change = {
      area: 'lottery',
      version: '1.3.2',
      published: false,
      from: '1.4.0',
      to: '1.4.0',
      forced: false,
      gate: passes,
    };
    const seen = api({ 'POST /admin/releases/lottery/live': ok(change) });
    renderPage();
    fireEvent.click(
      (await card('Lottery')).getByRole('button', { name: 'Release Lottery 1.3.2 to a cohort' }),
    );
    expect(dialog().getByText('Release Lottery 1.3.2 to a cohort?')).toBeTruthy();
    fireEvent.click(dialog().getByRole('radio', { name: 'Admins with a role' }));
    const role = await dialog().findByRole('combobox', { name: 'Role' });
    fireEvent.mouseDown(role);
    fireEvent.click(await screen.findByTitle('finance'));
    typeReason('Finance tries it first');
    fireEvent.click(dialog().getByRole('button', { name: 'Release to cohort' }));
    expect(await screen.findByText('Lottery 1.3.2 is live for admins with the finance role')).toBeTruthy();
    expect(body(posts(seen)[0])).toEqual({
      action: 'deploy',
      version: '1.3.2',
      cohort: { kind: 'role', role: 'finance' },
      reason: 'Finance tries it first',
      force: false,
    });
  });

  it('marks a version whose files changed since publish as tampered', async () => {
    const tampered: ReleasesData = {
      ...data,
      areas: data.areas.map((area) =>
        area.area !== 'lottery'
          ? area
          : {
              ...area,
              versions: area.versions.map((v) =>
                v.version === '1.3.2' ? { ...v, tampered: ['static/js/app.js'] } : v,
              ),
            },
      ),
    };
    fakeApi({ 'GET /admin/releases': ok(tampered) });
    renderPage();
    const versions = within((await card('Lottery')).getByRole('region', { name: 'Lottery: versions' }));
    expect(versions.getByText('Tampered').getAttribute('title')).toBe(
      'Changed since it was published: static/js/app.js',
    );
  });

  it('offers no force for a 409 that is not a refusal by the gate', async () => {
    api({
      'POST /admin/releases/lottery/live': fail(409, 'mf-lottery changed meanwhile (now 1.5.0): try again'),
    });
    renderPage();
    fireEvent.click((await card('Lottery')).getByRole('button', { name: 'Roll back Lottery to 1.3.2' }));
    typeReason('Broken');
    fireEvent.click(dialog().getByRole('button', { name: 'Roll back' }));
    expect(await dialog().findByText('mf-lottery changed meanwhile (now 1.5.0): try again')).toBeTruthy();
    expect(dialog().queryByRole('checkbox')).toBeNull();
  });

  it("previews a version in this tab and opens the area's first page", async () => {
    api();
    useRegistry.setState({
      registry: {
        revision: 'r',
        shell: null,
        remotes: [
          {
            name: 'mf_lottery',
            area: 'lottery',
            version: '1.4.0',
            commit: null,
            entry: '/remotes/mf-lottery/1.4.0/mf-manifest.json',
            integrity: {},
            previous: null,
            cohort: null,
            routes: [{ path: '/lottery/upcoming', title: 'Upcoming Lotteries' }],
            menu: [],
          },
        ],
      },
    });
    const start = vi.spyOn(usePreview.getState(), 'start');
    renderPage();
    fireEvent.click((await card('Lottery')).getByRole('button', { name: 'Preview Lottery 1.5.0' }));
    expect(start).toHaveBeenCalledWith('lottery', {
      version: '1.5.0',
      entry: '/remotes/mf-lottery/1.5.0/mf-manifest.json',
      // The browser checks the preview's first files as it does a live version's.
      integrity: { 'mf-manifest.json': 'sha256-bWFuaWZlc3Q=' },
    });
    expect(usePreview.getState().previews.lottery?.version).toBe('1.5.0');
    expect(await screen.findByText('upcoming lotteries page')).toBeTruthy();
  });

  it('opens /<area> for a preview when the registry does not know the area', async () => {
    api();
    renderPage();
    fireEvent.click((await card('Lottery')).getByRole('button', { name: 'Preview Lottery 1.3.2' }));
    expect(await screen.findByText('lottery fallback page')).toBeTruthy();
  });
});

describe('who may open the Releases screen', () => {
  beforeEach(() => {
    // The layout loads the registry: an empty one, so that no area is listed.
    useRegistry.setState({ registry: { revision: 'r', shell: null, remotes: [] } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ revision: 'r', shell: null, remotes: [] }))),
    );
  });
  afterEach(() => {
    useAuth.getState().clear();
    vi.unstubAllGlobals();
  });

  const renderAt = (roles: string[]) => {
    useAuth.getState().signIn('session', { ...ops, roles });
    fakeApi({ 'GET /admin/auth/me': ok({ ...ops, roles }), 'GET /admin/releases': ok(data) });
    return render(
      <MemoryRouter initialEntries={['/releases']}>
        <AppRoutes />
      </MemoryRouter>,
    );
  };

  // The whole console renders (lazy layout, lazy page, antd loaded on demand): slow on a busy machine.
  const LAZY = { timeout: 10_000 };

  it('refuses an admin without the ops role, and does not list the page for them', async () => {
    renderAt(['lottery', 'auditor']);
    expect(
      await screen.findByRole('heading', { name: 'You do not have access to this area' }, LAZY),
    ).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Releases/ })).toBeNull();
  });

  it('renders at once, layout and page, once its chunks are in (loadFirstPage): no loading fallback first', async () => {
    useAuth.getState().signIn('session', { ...ops, roles: ['ops'] });
    await loadFirstPage('/releases');
    renderAt(['ops']);
    // Without the preload the lazy layout and page suspend here, and only the fallback is on screen.
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Releases' })).toBeTruthy();
  });

  it("shows superadmins the operators' tokens: a new one is shown once, one is revoked after a confirmation", async () => {
    useAuth.getState().signIn('root-session', { ...ops, email: 'root@example.com', roles: ['superadmin'] });
    const laptop = {
      id: 3,
      name: 'laptop',
      owner: 'ops@example.com',
      createdBy: 'root@example.com',
      createdAt: HOUR_AGO,
      expiresAt: '2099-01-01T00:00:00.000Z',
      revokedAt: null,
      lastUsedAt: null,
    };
    const token = 'bo_ops_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG';
    const seen = api({
      'GET /admin/ops-tokens': ok([laptop]),
      'POST /admin/ops-tokens': ok({ ...laptop, id: 4, name: 'CI deploys', token }),
      'DELETE /admin/ops-tokens/3': ok({ ...laptop, revokedAt: HOUR_AGO }),
    });
    renderPage();
    const tokens = await card('Operator tokens');
    expect(await tokens.findByText('laptop')).toBeTruthy();
    expect(tokens.getByText('Never')).toBeTruthy();
    expect(tokens.getByText('Active')).toBeTruthy();

    fireEvent.click(tokens.getByRole('button', { name: 'New token' }));
    const form = within(await screen.findByRole('dialog', { name: 'New operator token' }));
    fireEvent.change(form.getByLabelText('Name'), { target: { value: 'CI deploys' } });
    fireEvent.change(form.getByLabelText("Owner's email"), { target: { value: 'ops@example.com' } });
    fireEvent.click(form.getByRole('button', { name: 'Create token' }));
    const created = within(await screen.findByRole('dialog', { name: 'Operator token created' }));
    expect(created.getByText(token)).toBeTruthy();
    expect(body(posts(seen)[0])).toEqual({ name: 'CI deploys', owner: 'ops@example.com', days: 90 });
    fireEvent.click(created.getByRole('button', { name: 'Done' }));

    fireEvent.click(tokens.getByRole('button', { name: 'Revoke laptop of ops@example.com' }));
    fireEvent.click(dialog().getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('The token "laptop" of ops@example.com is revoked')).toBeTruthy();
  });

  it('shows no operator tokens to an ops admin', async () => {
    api();
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Lottery' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Operator tokens' })).toBeNull();
  });

  it('opens for an ops admin, with its sidebar link', async () => {
    renderAt(['ops']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Releases' }, LAZY)).toBeTruthy();
    expect(screen.getByRole('link', { name: /Releases/ })).toBeTruthy();
  });
});
