import { existsSync, renameSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { ports, repoRoot } from './config.ts';
import { Child, httpOk, portAnswers, waitUntil } from './processes.ts';

/** A built app served by scripts/serve.mjs, exactly as in production (gzip, caching headers). */
export class StaticApp {
  private child: Child | null = null;

  constructor(
    readonly name: string,
    private readonly options: {
      dir: string;
      port: number;
      spa?: boolean;
      env: NodeJS.ProcessEnv;
      logFile: string;
      readyPath: string;
      /** More serve.mjs options, e.g. ['--proxy', apiOrigin, '--mount', '/remotes=<dir>']. */
      args?: string[];
    },
  ) {}

  async start(): Promise<void> {
    if (this.child?.running()) return;
    if (await portAnswers(this.options.port))
      throw new Error(`${this.name}: port ${this.options.port} is taken`);
    const args = [
      join(repoRoot, 'scripts/serve.mjs'),
      '--dir',
      this.options.dir,
      '--port',
      String(this.options.port),
    ];
    if (this.options.spa) args.push('--spa');
    args.push(...(this.options.args ?? []));
    const child = new Child(this.name, process.execPath, args, {
      cwd: repoRoot,
      env: this.options.env,
      logFile: this.options.logFile,
    });
    this.child = child;
    child.reportUnexpectedExit();
    await waitUntil(
      `${this.name} on ${this.options.port}`,
      () => httpOk(`http://127.0.0.1:${this.options.port}${this.options.readyPath}`),
      15_000,
      child,
    );
  }

  /** Stops it and waits until the port refuses connections. */
  async stop(): Promise<void> {
    await this.child?.stop(3000);
    this.child = null;
    await waitUntil(`${this.name} stopped`, async () => !(await portAnswers(this.options.port)), 10_000);
  }

  killNow(): void {
    this.child?.killNow();
  }

  running(): boolean {
    return Boolean(this.child?.running());
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }
}

/**
 * An area whose files the console's server cannot reach (the 'remote down' test): its folder in the
 * releases folder is renamed to a dot-name (never served) and back.
 */
export class HiddenArea {
  constructor(
    private readonly releasesDir: string,
    private readonly dir: string,
  ) {}

  private get shown() {
    return join(this.releasesDir, this.dir);
  }
  private get hidden() {
    return join(this.releasesDir, `.${this.dir}.down`);
  }

  async stop(): Promise<void> {
    if (existsSync(this.shown)) renameSync(this.shown, this.hidden);
  }

  async start(): Promise<void> {
    if (existsSync(this.hidden)) renameSync(this.hidden, this.shown);
  }

  running(): boolean {
    return existsSync(this.shown);
  }
}

type Switchable = Pick<StaticApp, 'stop' | 'start' | 'running'>;

/**
 * Lets a test take an area down and back (the 'remote down' test), while what it switches stays owned
 * by the runner process, which restores it at teardown whatever happened.
 *   POST /<name>/stop, POST /<name>/start, GET /<name>
 */
export function startControlServer(apps: Record<string, Switchable>): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const [, name, action] = (req.url ?? '').split('/');
    const app = name ? apps[name] : undefined;
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (!app) return reply(404, { error: `no app ${name}` });
    if (req.method === 'GET' && !action) return reply(200, { running: app.running() });
    if (req.method !== 'POST' || (action !== 'stop' && action !== 'start'))
      return reply(405, { error: 'POST stop|start' });
    (action === 'stop' ? app.stop() : app.start()).then(
      () => reply(200, { running: app.running() }),
      (error: unknown) => reply(500, { error: String(error) }),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(ports.control, '127.0.0.1', () => resolve(server));
  });
}
