/**
 * The roles the JWT's payload carries (shared/src/rules: "a JWT whose payload carries a role"; the API puts
 * the admin's roles array in its `role` claim). Informational, like the claim: the API authorises every call
 * from its database. Undefined for a token without a readable claim.
 */
export function rolesInToken(token: string | null): string[] | undefined {
  const payload = token?.split('.')[1];
  if (!payload) return undefined;
  try {
    const { role } = JSON.parse(atob(payload.replaceAll('-', '+').replaceAll('_', '/'))) as {
      role?: unknown;
    };
    if (typeof role === 'string') return [role];
    return Array.isArray(role) && role.every((r) => typeof r === 'string') ? role : undefined;
  } catch {
    return undefined;
  }
}
