// @vitest-environment node
// Node's own fetch, Response and ReadableStream: happy-dom's Response has no body stream axios accepts.
import * as endpoints from '@backoffice/shared/endpoints';
import { type DownloadProgress, errorMessage } from '@backoffice/shared/host';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAxios, createHttpClient } from '../src/http/client.ts';

describe('downloads (CSV exports)', () => {
  afterEach(() => vi.unstubAllGlobals());

  /** The API's answer to a fetch, its body in chunks. */
  function serve(status: number, chunks: string[], headers: Record<string, string>) {
    const requests: Request[] = [];
    vi.stubGlobal('fetch', async (request: Request) => {
      requests.push(request);
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
          controller.close();
        },
      });
      return new Response(body, { status, headers });
    });
    const instance = createAxios({
      baseURL: 'http://api.test/api',
      getToken: () => 'tok',
      onUnauthorized: () => {},
      onMaintenance: () => {},
    });
    return { http: createHttpClient(instance), requests };
  }

  it('streams the file, counting its rows against X-Total-Count as they arrive', async () => {
    const { http, requests } = serve(200, ['id,note\r\n1,"a\r\nb"\r', '\n2,c\r\n'], {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': 'attachment; filename="transactions-2026-01-02.csv"',
      'x-total-count': '2',
    });
    const seen: DownloadProgress[] = [];
    const file = await http.download(
      endpoints.transactionsExport,
      { query: { status: 'failed' } },
      { onProgress: (progress) => seen.push(progress) },
    );
    expect(requests[0]?.url).toBe('http://api.test/api/admin/transactions/export.csv?status=failed');
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer tok');
    // The count as soon as the answer's headers are in, before its first rows
    // (docs/architecture.md#console-behaviour).
    expect(seen.map((p) => [p.rows, p.total])).toEqual([
      [0, 2],
      [0, 2],
      [2, 2],
    ]);
    expect(file).toMatchObject({ filename: 'transactions-2026-01-02.csv', rows: 2 });
    expect(await file.blob.text()).toBe('id,note\r\n1,"a\r\nb"\r\n2,c\r\n');
  });

  it("sends the list's total as X-Total-Hint and counts against it when the API did not count", async () => {
    const { http, requests } = serve(200, ['id\r\n1\r\n', '2\r\n'], { 'content-type': 'text/csv' });
    const seen: DownloadProgress[] = [];
    const file = await http.download(
      endpoints.transactionsExport,
      { query: {} },
      { totalHint: 2, onProgress: (progress) => seen.push(progress) },
    );
    expect(requests[0]?.headers.get('X-Total-Hint')).toBe('2');
    expect(seen.map((p) => [p.rows, p.total])).toEqual([
      [0, 2],
      [1, 2],
      [2, 2],
    ]);
    expect(file.rows).toBe(2);
  });

  it("fails with the server's message read from the streamed error body", async () => {
    const { http } = serve(400, ['{"success":false,"message":"Invalid status"}'], {
      'content-type': 'application/json',
    });
    const error = await http.download(endpoints.transactionsExport, { query: {} }).catch((e: unknown) => e);
    expect(errorMessage(error, 'Failed to export')).toBe('Invalid status');
  });

  it('is canceled, not failed, when the admin cancels while the rows arrive', async () => {
    const controller = new AbortController();
    vi.stubGlobal('fetch', async (request: Request) => {
      const body = new ReadableStream<Uint8Array>({
        start(stream) {
          stream.enqueue(new TextEncoder().encode('id\r\n1\r\n'));
          request.signal.addEventListener('abort', () => stream.error(request.signal.reason));
        },
      });
      return new Response(body, { status: 200, headers: { 'x-total-count': '5' } });
    });
    const http = createHttpClient(
      createAxios({
        baseURL: 'http://api.test/api',
        getToken: () => 'tok',
        onUnauthorized() {},
        onMaintenance() {},
      }),
    );
    const error = await http
      .download(
        endpoints.transactionsExport,
        { query: {} },
        {
          signal: controller.signal,
          onProgress: ({ rows }) => rows === 1 && controller.abort(),
        },
      )
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'canceled' });
  });
});
