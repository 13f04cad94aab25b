/// <reference types="node" />
// Build and server side only (Node): which version of the API contract a build was made against
// (docs/operations.md#releases's release gate). Not exported from the contract's index: browsers never need
// it.
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { type RouteDef, type RouteName, routes } from './routes.ts';

export interface ContractFingerprint {
  /** One hash of every route below, for display ('contract 3f2a9c1b0d4e'). */
  hash: string;
  /** Route name -> hash of what a caller depends on: method, path, auth, permission and the JSON schemas. */
  routes: Record<string, string>;
}

const sha = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 12);

function schemaOf(schema: z.ZodType | undefined): unknown {
  return schema ? z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) : null;
}

function routeHash(def: RouteDef): string {
  const { method, path, auth, permission, params, query, body, response } = def;
  return sha(
    JSON.stringify({
      method,
      path,
      auth,
      permission,
      params: schemaOf(params),
      query: schemaOf(query),
      body: schemaOf(body),
      response: schemaOf(response),
    }),
  );
}

function fingerprint(entries: [string, string][]): ContractFingerprint {
  const sorted = Object.fromEntries(entries.sort(([a], [b]) => a.localeCompare(b)));
  return { hash: sha(JSON.stringify(sorted)), routes: sorted };
}

/** What this code's catalogue serves (the API's side of the gate). */
export function catalogueFingerprint(): ContractFingerprint {
  return fingerprint(Object.entries(routes).map(([name, def]) => [name, routeHash(def)]));
}

/**
 * The routes a built app calls, by name: the routes' modules (endpoints/<route>.ts) its bundler kept (its
 * module graph, read by shared/src/mf/release-info.ts), each as this catalogue defines it. A name the
 * catalogue does not have throws: the build cannot say what it was built against.
 */
export function calledFingerprint(names: readonly string[]): ContractFingerprint {
  const unknown = names.filter((name) => !Object.hasOwn(routes, name));
  if (unknown.length) throw new Error(`Not routes of the catalogue (routes.ts): ${unknown.join(', ')}`);
  return fingerprint(names.map((name): [string, string] => [name, routeHash(routes[name as RouteName])]));
}

/** What in `called` the `served` catalogue does not serve as it was built against (empty: compatible). */
export function contractMismatches(called: ContractFingerprint, served: ContractFingerprint): string[] {
  return Object.entries(called.routes)
    .filter(([name, hash]) => served.routes[name] !== hash)
    .map(([name]) => (name in served.routes ? `${name} (changed)` : `${name} (not served)`));
}
