import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// antd reads matchMedia for responsive props; happy-dom has it, but keep a stable answer.
afterEach(() => {
  cleanup();
  globalThis.localStorage?.clear(); // absent in the node-environment tests
});
