#!/usr/bin/env node
// `pnpm maintenance on|off`: every /api/admin call of every API replica answers 503 (on), or works again
// (off), within a second. Through PUT /api/ops/maintenance with the ops token, as the release CLI calls
// the API (the running API, else its database in-process), so the change is audited with who made it
// (--as, else the OS user at this host).
import { callApi, claimedActor, dataOf } from './release/api.mjs';
import { commandLine, run } from './release/cli.mjs';
import { ReleaseError } from './release/targets.mjs';

run('maintenance', async () => {
  const { values, positionals } = commandLine();
  const [state] = positionals;
  if (state !== 'on' && state !== 'off')
    throw new ReleaseError('usage: pnpm maintenance on|off [--as <email>]');
  const answer = await callApi('PUT', '/ops/maintenance', { on: state === 'on', ...claimedActor(values.as) });
  console.log(
    `Maintenance is ${dataOf(answer).maintenance ? 'on' : 'off'} for every replica of the API's database.`,
  );
});
