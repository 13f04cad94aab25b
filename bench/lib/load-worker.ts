/**
 * The load generator's own process (forked by lib/load.ts), so it never shares an event loop with
 * what it measures. Closed loop: `connections` loops, each on its own kept-alive connection, send a
 * GET, read the whole answer, and send the next one, until `durationMs` has passed. With several
 * origins (API replicas) the loops are spread over them evenly by the client, with no proxy between.
 *
 * IPC: receives { id, spec: LoadSpec }, answers { id, result: LoadResult }.
 */
import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';
import type { LoadResult, LoadSpec } from './load.ts';

// One pool per origin and connection count, kept between runs so connections stay warm.
const pools = new Map<string, Pool>();
function poolFor(origin: string, connections: number): Pool {
  const key = `${origin}#${connections}`;
  let pool = pools.get(key);
  if (!pool) {
    pool = new Pool(origin, { connections, pipelining: 1, keepAliveTimeout: 60_000 });
    pools.set(key, pool);
  }
  return pool;
}

async function run(spec: LoadSpec): Promise<LoadResult> {
  const perOrigin = Math.ceil(spec.connections / spec.origins.length);
  const targets = spec.origins.map((origin) => poolFor(origin, perOrigin));
  const latencies: number[] = [];
  // Answers completed before the deadline: the ones still in flight then would stretch the window
  // with connections idle at its end, and understate the rate.
  let inWindow = 0;
  const perOriginCount = spec.origins.map(() => 0);
  let errors = 0;
  let firstError: string | undefined;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const deadline = started + spec.durationMs;

  async function loop(index: number) {
    const pool = targets[index % targets.length]!;
    while (performance.now() < deadline) {
      const sent = performance.now();
      try {
        const { statusCode, body } = await pool.request({
          path: spec.paths ? spec.paths[Math.floor(Math.random() * spec.paths.length)]! : spec.path,
          method: 'GET',
          headers: spec.headers,
        });
        // Read the whole answer, as a browser does (dump() would drop the connection of a big one).
        const bytes = await body.arrayBuffer();
        if (statusCode !== 200) {
          errors++;
          firstError ??= `HTTP ${statusCode} ${Buffer.from(bytes).toString().slice(0, 300)}`;
          continue;
        }
      } catch (error) {
        errors++;
        firstError ??= String(error);
        continue;
      }
      const done = performance.now();
      latencies.push(done - sent);
      if (done <= deadline) {
        inWindow++;
        perOriginCount[index % targets.length]!++;
      }
    }
  }

  await Promise.all(Array.from({ length: spec.connections }, (_, index) => loop(index)));
  const elapsedMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  return {
    requests: latencies.length,
    inWindow,
    perOrigin: perOriginCount,
    errors,
    firstError,
    elapsedMs,
    latencies: Float64Array.from(latencies),
    cpuMs: (cpu.user + cpu.system) / 1000,
  };
}

process.on('message', (message: { id: number; spec?: LoadSpec; close?: boolean }) => {
  if (message.close) {
    void Promise.all([...pools.values()].map((pool) => pool.close())).finally(() => process.exit(0));
    return;
  }
  run(message.spec!).then(
    (result) => process.send?.({ id: message.id, result }),
    (error: unknown) => process.send?.({ id: message.id, error: String(error) }),
  );
});
