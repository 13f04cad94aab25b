import { defineConfig } from 'vitest/config';

// Two projects: the pure logic tests (*.test.ts) in node, the UI kit's component tests (*.test.tsx) in happy-dom.
export default defineConfig({
  test: {
    projects: [
      { extends: true, test: { name: 'node', include: ['test/**/*.test.ts'], environment: 'node' } },
      { extends: true, test: { name: 'dom', include: ['test/**/*.test.tsx'], environment: 'happy-dom' } },
    ],
  },
});
