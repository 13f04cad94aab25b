import { ApiError } from '@backoffice/shared/host';
import { type RecordedRequest, testHostContext } from '@backoffice/shared/host/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A fresh reporter (its limits are per tab, kept in the module). */
async function freshReports() {
  vi.resetModules();
  return import('../src/federation/reports.ts');
}

function reportingHost(answer: (request: RecordedRequest) => unknown = () => ({ rolledBack: false })) {
  return testHostContext({
    'POST /admin/console/reports': (request) => ({
      success: true,
      message: 'Report received',
      data: answer(request),
    }),
  });
}

const mines = { area: 'mines' as const, version: '1.4.0' };

describe('reports from the field', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => vi.useRealTimers());

  it('sends a failure once per area, version and message, with its texts bounded', async () => {
    const { reportFailure } = await freshReports();
    const host = reportingHost();
    const error = new Error('x'.repeat(1500));
    error.stack = 's'.repeat(5000);
    await reportFailure(host.http, mines, error);
    await reportFailure(host.http, mines, error);
    await reportFailure(host.http, { ...mines, version: '1.3.2' }, error);
    expect(host.requests).toHaveLength(2);
    const body = host.requests[0]?.body as Record<string, string>;
    expect(body.kind).toBe('failure');
    expect(body.message).toHaveLength(1000);
    expect(body.stack).toHaveLength(4000);
    expect(body.route).toBe('/');
  });

  it('sends at most 10 failures a minute', async () => {
    vi.useFakeTimers();
    const { reportFailure } = await freshReports();
    const host = reportingHost();
    for (let i = 0; i < 12; i++) await reportFailure(host.http, mines, new Error(`failure ${i}`));
    expect(host.requests).toHaveLength(10);
    vi.advanceTimersByTime(60_000);
    await reportFailure(host.http, mines, new Error('a minute later'));
    expect(host.requests).toHaveLength(11);
  });

  it('answers whether the API rolled the version back, and never throws', async () => {
    const { reportFailure } = await freshReports();
    expect(await reportFailure(reportingHost(() => ({ rolledBack: true })).http, mines, new Error('a'))).toBe(
      true,
    );
    const broken = testHostContext({
      'POST /admin/console/reports': () => {
        throw new ApiError('Network error', { kind: 'network' });
      },
    });
    expect(await reportFailure(broken.http, mines, 'not even an Error')).toBe(false);
  });

  it('keeps quiet after a 429', async () => {
    const { reportFailure } = await freshReports();
    let calls = 0;
    const limited = testHostContext({
      'POST /admin/console/reports': () => {
        calls += 1;
        throw new ApiError('Too many reports from this session', { status: 429, kind: 'bad-request' });
      },
    });
    await reportFailure(limited.http, mines, new Error('first'));
    await reportFailure(limited.http, mines, new Error('second'));
    expect(calls).toBe(1);
  });

  it('loads refused with a 429 never keep a failure from being sent', async () => {
    vi.useFakeTimers();
    const { reportLoad, reportFailure } = await freshReports();
    const kinds: string[] = [];
    const host = testHostContext({
      'POST /admin/console/reports': (request) => {
        const { kind } = request.body as { kind: string };
        kinds.push(kind);
        if (kind === 'load')
          throw new ApiError('Too many reports from this admin', { status: 429, kind: 'bad-request' });
        return { success: true, message: 'Report received', data: { rolledBack: false } };
      },
    });
    reportLoad(host.http, mines);
    await vi.advanceTimersByTimeAsync(5_000);
    reportLoad(host.http, { area: 'mines', version: '1.5.0' });
    await vi.advanceTimersByTimeAsync(5_000);
    await reportFailure(host.http, mines, new Error('boom'));
    expect(kinds).toEqual(['load', 'failure']);
  });

  it('sends a load once per tab, when the browser is idle', async () => {
    vi.useFakeTimers();
    const { reportLoad } = await freshReports();
    const host = reportingHost();
    reportLoad(host.http, mines);
    reportLoad(host.http, mines);
    expect(host.requests).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(host.requests.map((request) => request.body)).toEqual([
      { kind: 'load', area: 'mines', version: '1.4.0', route: '/' },
    ]);
    // The same tab after a reload (sessionStorage stays): not again.
    const again = await freshReports();
    again.reportLoad(host.http, mines);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(host.requests).toHaveLength(1);
  });
});
