import type { Db } from '../db/types.ts';

/**
 * Four-eyes against one person (docs/operations.md): a superadmin could create a second admin (or reset its
 * 2FA and set it up again), sign in as it and give the second approval of their own action. So for 24 hours
 * the two admins of such a creation or reset are linked, and a linked admin never completes the other's
 * action, whichever of them approved first.
 */
export const LINKED_APPROVER_MESSAGE =
  'An admin account created, or whose 2FA was reset, by the first approver within the last 24 hours ' +
  'cannot give the second approval (nor can its creator complete its approvals): another admin must';

/** How long a creation or 2FA reset links the two admins. */
const LINK_WINDOW = '24 hours';

/**
 * The admins linked to `adminId`: those who created it or reset its 2FA within LINK_WINDOW, those it
 * created or reset, and so on transitively (X creates Y, Y creates Z: Z is X's too, or one person would
 * chain accounts). Read from the audit log: append-only, written in the same transaction as the change,
 * so the link exists exactly when the account or the reset does.
 */
export async function linkedAdmins(db: Db, adminId: number | null): Promise<Set<number>> {
  if (adminId === null) return new Set();
  const rows = await db.query<{ id: number }>(
    `WITH RECURSIVE link AS (
       SELECT admin_id AS a, target_id::int AS b
         FROM audit_log
        WHERE action IN ('admin.create', 'admin.2fa-reset') AND target_type = 'admin'
          AND admin_id IS NOT NULL AND target_id ~ '^[0-9]{1,9}$'
          AND at > now() - interval '${LINK_WINDOW}'),
     reach (id) AS (
       SELECT $1::int
       UNION -- not ALL: each admin once, so the walk ends
       SELECT CASE WHEN link.a = reach.id THEN link.b ELSE link.a END
         FROM link JOIN reach ON link.a = reach.id OR link.b = reach.id)
     SELECT id FROM reach WHERE id <> $1::int`,
    [adminId],
  );
  return new Set(rows.map((r) => r.id));
}
