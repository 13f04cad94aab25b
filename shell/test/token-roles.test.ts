import type { AdminUser } from '@backoffice/shared/host';
import { afterEach, describe, expect, it } from 'vitest';
import { useAuth } from '../src/auth/store.ts';
import { rolesInToken } from '../src/auth/token-roles.ts';

/** A token shaped like the API's (header.payload.signature, base64url); the console never checks the signature. */
function token(payload: object): string {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(payload)}.c2lnbmF0dXJl`;
}

describe("the token payload's role (spec 5)", () => {
  afterEach(() => useAuth.getState().clear());

  it("reads the API's roles claim, a single role, and nothing from a token without one", () => {
    // 'é' and '?' make the base64url alphabet's '-' and '_' appear in the encoding.
    expect(rolesInToken(token({ sub: 1, email: 'é?>@x.io', role: ['finance', 'auditor'] }))).toEqual([
      'finance',
      'auditor',
    ]);
    expect(rolesInToken(token({ role: 'superadmin' }))).toEqual(['superadmin']);
    expect(rolesInToken(token({ sub: 1 }))).toBeUndefined();
    expect(rolesInToken(token({ role: [1] }))).toBeUndefined();
    expect(rolesInToken('not-a-token')).toBeUndefined();
    expect(rolesInToken(null)).toBeUndefined();
  });

  it('a signed-in admin without roles in the answer gets the token’s; roles in the answer win', () => {
    const admin = { id: 1, email: 'a@x.io', username: 'a' } as unknown as AdminUser;
    useAuth.getState().signIn(token({ role: ['lottery'] }), admin);
    expect(useAuth.getState().user?.roles).toEqual(['lottery']);
    useAuth.getState().signIn(token({ role: ['lottery'] }), { ...admin, roles: ['mines'] });
    expect(useAuth.getState().user?.roles).toEqual(['mines']);
  });
});
