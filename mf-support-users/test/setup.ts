import { listPrefsStore } from '@backoffice/shared/ui';
import { configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Screens are lazy chunks on antd: the first import of one in a file can take seconds on a busy machine.
configure({ asyncUtilTimeout: 20_000 });

// Remembered page size, sort and columns must not leak from one test into the next.
afterEach(() => {
  listPrefsStore('support-users').setState({ lists: {} });
  localStorage.clear();
});
