#!/usr/bin/env node
// `pnpm rollback <area>`: the area (or the shell) goes back to its previous live version, or, while a
// version is live for a cohort, the cohort goes back to the live version; `pnpm rollback <area> <version>`:
// to that published version. Through the release gate, recorded with who (an operator token's owner, or
// --as with the bootstrap token) and why (--reason); --force (with a reason) skips failed checks; --check
// only runs the gate. Builds nothing, touches no other area; consoles that are open load the version on
// their next navigation into the area.
import { callApi, claimedActor, dataOf } from './release/api.mjs';
import { commandLine, forcedReason, printChange, run } from './release/cli.mjs';
import { checkVersion, findTarget, ReleaseError } from './release/targets.mjs';

run('rollback', async () => {
  const { values, positionals } = commandLine();
  const [input, version] = positionals;
  if (!input)
    throw new ReleaseError(
      'usage: pnpm rollback <area> [version] [--reason <why>] [--as <email>] [--force] [--check]',
    );
  const target = findTarget(input);
  const answer = await callApi('POST', `/admin/releases/${target.id}/live`, {
    action: 'rollback',
    ...(version ? { version: checkVersion(version) } : {}),
    dryRun: values.check,
    force: values.force,
    reason: await forcedReason(values),
    ...claimedActor(values.as),
  });
  printChange(dataOf(answer), { check: values.check });
});
