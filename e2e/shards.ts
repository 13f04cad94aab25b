/**
 * The two shards `pnpm test` runs side by side (scripts/test.mjs), each with its own servers: shard 1 the
 * files below, shard 2 every other file and the `ingress` project. Balanced by their measured times; the
 * specs that start their own replicas on fixed ports and share Redis (ingress, replicas) stay together.
 */
export const firstShardFiles = [
  'tests/accessibility.spec.ts',
  'tests/dashboard-trends.spec.ts',
  'tests/finance-screenshots.spec.ts',
  'tests/governance.spec.ts',
  'tests/lists-phone-deep-link.spec.ts',
  'tests/lottery-screenshots.spec.ts',
  'tests/lottery.spec.ts',
  'tests/phone-big-wins.spec.ts',
  'tests/screenshots.spec.ts',
  'tests/settings-screenshots.spec.ts',
  'tests/su-screenshots.spec.ts',
  'tests/users.spec.ts',
];
