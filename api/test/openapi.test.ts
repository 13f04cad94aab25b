import { fileURLToPath } from 'node:url';
import { API_PREFIX, type RouteName, routes } from '@backoffice/shared/contract';
import { lintFromString, loadConfig } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';

/** api/: where redocly.yaml and .redocly.lint-ignore.yaml live (the ignores name api/openapi.json). */
const API_DIR = fileURLToPath(new URL('../', import.meta.url));

type Operation = { operationId?: string; security?: unknown[] };
type Document = { servers?: { url: string }[]; paths: Record<string, Record<string, Operation>> };

let t: TestApp;
let doc: Document;
let source: string;

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.call('GET', '/api/openapi.json', { xsrf: false });
  expect(res.statusCode).toBe(200);
  source = res.body;
  doc = res.json();
});
afterAll(() => t.close());

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
  );

describe('the OpenAPI document other teams generate clients from', () => {
  it("passes Redocly's recommended rules: no error, no warning but the ones redocly.yaml ignores", async () => {
    const config = await loadConfig({ configPath: `${API_DIR}redocly.yaml` });
    const problems = await lintFromString({ source, absoluteRef: `${API_DIR}openapi.json`, config });
    const open = problems
      .filter((p) => !p.ignored)
      .map((p) => `${p.severity} ${p.ruleId}: ${p.message} (${p.location[0]?.pointer})`);
    expect(open).toEqual([]);
    // The ignores still match something: a renamed path must not leave a stale ignore behind.
    expect(problems.filter((p) => p.ignored).map((p) => p.ruleId)).toEqual(
      Array(3).fill('no-ambiguous-paths'),
    );
  });

  it("names every operation after its route's key in the catalogue, once", () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThan(50);
    const ids = ops.map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { path, method, op } of ops) {
      const route = routes[op.operationId as RouteName];
      expect(route, `${method} ${path}: operationId ${op.operationId}`).toBeDefined();
      expect(`${route.method} ${API_PREFIX}${route.path.replace(/:(\w+)/g, '{$1}')}`).toBe(
        `${method} ${path}`,
      );
    }
  });

  it('marks the public routes as needing no credentials and the others as needing a token', () => {
    for (const { path, method, op } of operations()) {
      const route = routes[op.operationId as RouteName];
      if (route.auth === 'none') expect(op.security, `${method} ${path}`).toEqual([]);
      else expect(op.security, `${method} ${path}`).toContainEqual({ bearerAuth: [] });
    }
    expect(doc.paths[`${API_PREFIX}/health`]?.get?.security).toEqual([]);
    expect(doc.paths[`${API_PREFIX}/admin/auth/login`]?.post?.security).toEqual([]);
  });

  it('names a server: the origin serving it, under which every path keeps its /api prefix', () => {
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
    expect(Object.keys(doc.paths).every((p) => p.startsWith(`${API_PREFIX}/`))).toBe(true);
  });
});
