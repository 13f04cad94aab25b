// Loaded into the API's node processes (NODE_OPTIONS=--import, lib/own-api.ts) so the bench can read
// a process's V8 heap from outside: every second, process.memoryUsage() to <BENCH_HEAP_DIR>/<pid>.json.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

const file = join(process.env.BENCH_HEAP_DIR, `${process.pid}.json`);
setInterval(() => writeFileSync(file, JSON.stringify(process.memoryUsage())), 1000).unref();
