import type { HttpMethod, RouteDef } from './routes.ts';

/** A route of the catalogue as the browser names it (an export of endpoints.ts): no zod schemas. */
export interface EndpointEntry {
  name: string;
  method: HttpMethod;
  path: string;
  permission: string;
  audit?: string;
}

/** What endpoints.ts holds for the route `name` of the catalogue (gen-endpoints writes it, the build checks it). */
export function endpointOf(name: string, route: RouteDef): EndpointEntry {
  const { method, path, permission, audit } = route;
  return { name, method, path, permission, ...(audit === undefined ? {} : { audit }) };
}
