import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  define: { __SHARED_VERSIONS__: JSON.stringify({ react: '19.3.1', antd: '6.6.8' }) },
  // Made by the build (build/antd-styles.ts); the tests render with antd's own run-time styles.
  resolve: { alias: { 'antd-styles.css': fileURLToPath(new URL('test/empty.css', import.meta.url)) } },
  test: {
    environment: 'happy-dom',
    include: ['test/**/*.test.{ts,tsx}'],
    setupFiles: ['test/setup.ts'],
    // antd's first render takes seconds on a loaded machine.
    testTimeout: 20000,
  },
});
