// Operators are somebody (docs/operations.md#operator-tokens): each has a token of their own for the release
// CLI, made by a superadmin, stored hashed, shown once, with an expiry; the record of every change made with
// it names its owner. The shared OPS_TOKEN stays for bootstrap (pnpm start, a first deploy), recorded as such.
import { createHash, randomBytes } from 'node:crypto';
import { rolesGrant } from '@backoffice/shared/contract';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/types.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { ReleaseActor } from './actor.ts';

/** Who called with an ops token (the auth plugin sets it on `request.operator`). */
export type Operator =
  | { kind: 'bootstrap' }
  | { kind: 'token'; tokenId: number; name: string; admin: { id: number; email: string } };

export const BOOTSTRAP_ACTOR = 'bootstrap ops token';
const TOKEN_PREFIX = 'bo_ops_';

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new token: 256 random bits (hashed with SHA-256 for storage: no guessing to slow down). */
export function newOpsToken(): { token: string; hash: string } {
  const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { token, hash: sha256(token) };
}

/**
 * The operator behind a personal token: live (not revoked, not expired), its owner active and still
 * allowed to manage releases. Notes its use.
 */
export async function findOperatorToken(db: Db, token: string): Promise<Operator | null> {
  if (!token.startsWith(TOKEN_PREFIX)) return null;
  const [row] = await db.query<{ id: number; name: string; adminId: number; email: string; roles: string[] }>(
    `UPDATE ops_tokens t SET last_used_at = clock_timestamp()
       FROM admins a
      WHERE t.token_hash = $1 AND t.revoked_at IS NULL AND t.expires_at > now()
        AND a.id = t.admin_id AND a.status = 'active' AND a.deleted_at IS NULL
  RETURNING t.id, t.name, a.id AS "adminId", a.email, a.roles`,
    [sha256(token)],
  );
  if (!row || !rolesGrant(row.roles, 'releases:manage')) return null;
  return { kind: 'token', tokenId: row.id, name: row.name, admin: { id: row.adminId, email: row.email } };
}

/**
 * Who is changing what is live: the signed-in admin; with an operator's token, its owner (a CLI's --as
 * naming someone else is refused); with the bootstrap token, 'bootstrap ops token', what --as said kept
 * beside it, unverified.
 */
export function actorOf(request: FastifyRequest, claimed?: string): ReleaseActor {
  if (request.admin) return { id: request.admin.id, email: request.admin.email, via: 'console' };
  const operator = request.operator;
  if (operator?.kind === 'token') {
    const { admin, name } = operator;
    if (claimed && claimed.toLowerCase() !== admin.email.toLowerCase())
      throw new HttpError(400, `This operator token is ${admin.email}'s: --as cannot name someone else`);
    return { id: admin.id, email: admin.email, via: 'cli', token: name };
  }
  return { id: null, email: BOOTSTRAP_ACTOR, via: 'cli', claimed };
}
