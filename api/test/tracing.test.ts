import type { AddressInfo } from 'node:net';
import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTracing, type Tracing, wantedExporter } from '../src/tracing.ts';
import { createTestApp, driver, type TestApp } from './helpers.ts';

describe('OpenTelemetry tracing', () => {
  it('is off unless the standard OTEL_* environment asks for it', () => {
    expect(wantedExporter({})).toBeUndefined();
    expect(wantedExporter({ OTEL_TRACES_EXPORTER: 'none' })).toBeUndefined();
    expect(wantedExporter({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe('otlp');
    expect(wantedExporter({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://c:4318/v1/traces' })).toBe('otlp');
    expect(wantedExporter({ OTEL_TRACES_EXPORTER: 'console' })).toBe('console');
    expect(
      wantedExporter({ OTEL_SDK_DISABLED: 'true', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }),
    ).toBeUndefined();
    expect(() => wantedExporter({ OTEL_TRACES_EXPORTER: 'zipkin' })).toThrow(/otlp, console or none/);
  });

  describe('with an in-memory exporter', () => {
    const exporter = new InMemorySpanExporter();
    let tracing: Tracing;
    let t: TestApp;
    let base: string;
    let token: string;

    beforeAll(async () => {
      tracing = await startTracing({ processor: new SimpleSpanProcessor(exporter) });
      t = await createTestApp();
      token = await t.login();
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      await t?.close();
      await tracing?.shutdown();
    });

    it('records the HTTP span of a request and, on PostgreSQL, its queries as spans of the same trace', async () => {
      exporter.reset();
      const res = await fetch(`${base}/api/admin/withdrawal?per_page=5`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status).toBe(200);
      await res.text();
      const spans = exporter.getFinishedSpans();
      const server = spans.find(
        (s) => s.kind === SpanKind.SERVER && s.attributes['url.path'] === '/api/admin/withdrawal',
      );
      expect(server, spans.map((s) => s.name).join(', ')).toBeDefined();
      expect(server!.attributes['http.response.status_code']).toBe(200);
      // Named after the route pattern, not the bare method.
      expect(server!.name).toBe('GET /api/admin/withdrawal');
      expect(server!.attributes['http.route']).toBe('/api/admin/withdrawal');
      const queries = spans.filter((s) => s.name.startsWith('pg.'));
      if (driver === 'postgres') {
        expect(queries.length).toBeGreaterThan(0);
        for (const q of queries) expect(q.spanContext().traceId).toBe(server!.spanContext().traceId);
        expect(
          queries.some((q) =>
            /FROM withdrawals/i.test(String(q.attributes['db.query.text'] ?? q.attributes['db.statement'])),
          ),
        ).toBe(true);
      } else {
        // PGlite runs in-process: no driver to trace.
        expect(queries).toEqual([]);
      }
    });

    it('leaves the metrics and health probes out of the traces', async () => {
      exporter.reset();
      expect((await fetch(`${base}/api/health`)).status).toBe(200);
      expect(exporter.getFinishedSpans().filter((s) => s.kind === SpanKind.SERVER)).toEqual([]);
    });
  });
});
