import type { GovernanceRole } from '@backoffice/shared/contract';
import type { Db } from '../db/types.ts';
import { hashPassword } from '../lib/password.ts';

/**
 * One demo admin per role besides the superadmin (admin@example.com), so a new user can try what each
 * team sees (README lists them). Same password pattern as the demo superadmin: `<name>123`.
 */
export const DEMO_ROLE_ADMINS: readonly {
  email: string;
  password: string;
  name: string;
  roles: GovernanceRole[];
}[] = [
  { email: 'lottery@example.com', password: 'lottery123', name: 'Lottery Admin', roles: ['lottery'] },
  { email: 'finance@example.com', password: 'finance123', name: 'Finance Admin', roles: ['finance'] },
  {
    email: 'support@example.com',
    password: 'support123',
    name: 'Support Admin',
    roles: ['support-users'],
  },
  { email: 'mines@example.com', password: 'mines123', name: 'Mines Admin', roles: ['mines'] },
  { email: 'auditor@example.com', password: 'auditor123', name: 'Auditor', roles: ['auditor'] },
  { email: 'ops@example.com', password: 'ops123', name: 'Ops', roles: ['ops'] },
];

/** Creates the demo role admins that do not exist yet (an existing one, changed or not, is left alone). */
export async function ensureDemoAdmins(db: Db): Promise<string[]> {
  const created: string[] = [];
  for (const admin of DEMO_ROLE_ADMINS) {
    const exists = await db.query('SELECT 1 FROM admins WHERE lower(email) = $1', [admin.email]);
    if (exists.length) continue;
    const rows = await db.query(
      `INSERT INTO admins (email, name, password_hash, roles) VALUES ($1, $2, $3, $4::text[])
       ON CONFLICT (lower(email)) DO NOTHING RETURNING id`,
      [admin.email, admin.name, await hashPassword(admin.password), admin.roles],
    );
    if (rows.length) created.push(admin.email);
  }
  return created;
}
