import { apiBase } from './config.ts';
import { runState } from './state.ts';

/**
 * Maintenance on or off as an operator turns it (`pnpm maintenance on|off`: PUT /api/ops/maintenance with
 * the ops token), then waits out the second for which each API replica trusts its last read of the flag.
 */
export async function setMaintenance(on: boolean): Promise<void> {
  const answer = await fetch(`${apiBase}/ops/maintenance`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', 'x-ops-token': runState().opsToken },
    body: JSON.stringify({ on, actor: 'e2e@localhost' }),
  });
  if (!answer.ok) throw new Error(`PUT /ops/maintenance: HTTP ${answer.status} ${await answer.text()}`);
  await new Promise((resolve) => setTimeout(resolve, 1100));
}
