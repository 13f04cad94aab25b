import { isInt4Id, type OpsTokenInfo, rolesGrant, routes } from '@backoffice/shared/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/types.ts';
import { HttpError } from '../../lib/http-error.ts';
import { defineRoute } from '../../plugins/route.ts';
import { newOpsToken } from './operators.ts';

const tags = ['releases'];
const TOKEN_NOT_FOUND = 'Operator token not found';

const INFO = `t.id, t.name, o.email AS owner, c.email AS "createdBy", t.created_at AS "createdAt",
  t.expires_at AS "expiresAt", t.revoked_at AS "revokedAt", t.last_used_at AS "lastUsedAt"`;
const FROM = 'ops_tokens t JOIN admins o ON o.id = t.admin_id LEFT JOIN admins c ON c.id = t.created_by';

async function tokenInfo(db: Db, id: number): Promise<OpsTokenInfo | undefined> {
  const [row] = await db.query<OpsTokenInfo>(`SELECT ${INFO} FROM ${FROM} WHERE t.id = $1`, [id]);
  return row;
}

/** Operators' tokens (docs/operations.md#operator-tokens): a superadmin makes, lists and revokes them. */
export async function operatorTokenRoutes(app: FastifyInstance): Promise<void> {
  defineRoute(
    app,
    routes.opsTokensList,
    { tags, summary: "Operators' tokens for the release CLI" },
    async () => ({
      success: true,
      message: 'Operator tokens retrieved successfully',
      data: await app.db.query<OpsTokenInfo>(
        `SELECT ${INFO} FROM ${FROM} ORDER BY t.created_at DESC, t.id DESC`,
      ),
    }),
  );

  defineRoute(
    app,
    routes.opsTokenCreate,
    { tags, summary: 'A token for an operator (shown once, stored hashed, with an expiry)' },
    async ({ body, admin, audit }) => {
      const [owner] = await app.db.query<{ id: number; email: string; roles: string[] }>(
        `SELECT id, email, roles FROM admins
          WHERE lower(email) = lower($1) AND deleted_at IS NULL AND status = 'active'`,
        [body.owner],
      );
      if (!owner) throw new HttpError(400, `No active admin has the e-mail ${body.owner}`);
      if (!rolesGrant(owner.roles, 'releases:manage'))
        throw new HttpError(400, 'The owner must be an ops admin or a superadmin');
      const { token, hash } = newOpsToken();
      const info = await audit.transaction(app.db, async (tx) => {
        const [row] = await tx.query<{ id: number }>(
          `INSERT INTO ops_tokens (admin_id, name, token_hash, created_by, expires_at)
           VALUES ($1, $2, $3, $4, now() + make_interval(days => $5)) RETURNING id`,
          [owner.id, body.name, hash, admin.id, body.days],
        );
        const created = (await tokenInfo(tx, row!.id))!;
        await audit.record(tx, {
          targetType: 'ops_token',
          targetId: created.id,
          after: { name: created.name, owner: created.owner, expiresAt: created.expiresAt },
        });
        return created;
      });
      return { success: true, message: 'Operator token created', data: { ...info, token } };
    },
  );

  defineRoute(
    app,
    routes.opsTokenRevoke,
    { tags, summary: "Revoke an operator's token (at once, on every replica)" },
    async ({ params, audit }) => {
      if (!isInt4Id(params.id)) throw new HttpError(404, TOKEN_NOT_FOUND);
      const info = await audit.transaction(app.db, async (tx) => {
        const rows = await tx.query(
          'UPDATE ops_tokens SET revoked_at = clock_timestamp() WHERE id = $1 AND revoked_at IS NULL RETURNING id',
          [params.id],
        );
        const row = await tokenInfo(tx, params.id);
        if (!row) throw new HttpError(404, TOKEN_NOT_FOUND);
        if (rows.length === 0) throw new HttpError(409, 'This operator token is revoked already');
        await audit.record(tx, {
          targetType: 'ops_token',
          targetId: row.id,
          before: { name: row.name, owner: row.owner },
          after: { revokedAt: row.revokedAt },
        });
        return row;
      });
      return { success: true, message: 'Operator token revoked', data: info };
    },
  );
}
