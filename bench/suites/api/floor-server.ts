/**
 * The floor of the api suite: the least any HTTP server in Node can do for a list case. Plain node:http
 * with no framework, no auth, no validation and no security headers: it runs the case's own SQL through
 * the API's driver setup (the same pool and type parsers) and answers the rows with JSON.stringify.
 * Loaded beside the API (suites/api.ts), it is the baseline of the list targets: what any Node HTTP
 * server answering this SQL on this machine gets, apart from everything the API adds.
 *
 * Run as its own process (like the API): DATABASE_URL, FLOOR_PORT. GET /<area>/<case index>, and
 * GET /ping for a constant answer (the round trip of the HTTP hop alone).
 */
import http from 'node:http';
import { createPgDb } from '../../../api/src/db/pg.ts';
import { areas, runStatements } from './areas.ts';

const db = createPgDb(process.env.DATABASE_URL ?? '');

async function answer(path: string): Promise<unknown> {
  // The HTTP hop alone: a constant answer, no SQL.
  if (path === '/ping') return { success: true };
  const [, area = '', index = ''] = path.split('/');
  const item = areas[area]?.lists[Number(index)];
  if (!item) return undefined;
  const results = await runStatements(item.sql(new Date()), item.parallel ?? false, (s) =>
    db.query(s.text, s.values),
  );
  return { success: true, data: results };
}

http
  .createServer((request, response) => {
    answer(request.url ?? '').then(
      (value) => {
        const body = JSON.stringify(value ?? { success: false });
        response.writeHead(value ? 200 : 404, {
          'content-type': 'application/json; charset=utf-8',
          'content-length': Buffer.byteLength(body),
        });
        response.end(body);
      },
      (error: unknown) => {
        response.writeHead(500).end(String(error));
      },
    );
  })
  .listen(Number(process.env.FLOOR_PORT), '127.0.0.1');
