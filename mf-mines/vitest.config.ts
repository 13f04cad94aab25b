import { defineConfig } from 'vitest/config';

export default defineConfig({
  // antd's first render takes seconds on a loaded machine.
  test: { environment: 'happy-dom', include: ['test/**/*.test.{ts,tsx}'], testTimeout: 20000 },
});
