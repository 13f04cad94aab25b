import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'happy-dom',
    include: ['test/**/*.test.{ts,tsx}'],
    setupFiles: ['test/setup.ts'],
    // antd's screens are large lazy chunks: the first import in a file is slow on a busy machine.
    testTimeout: 30_000,
  },
});
