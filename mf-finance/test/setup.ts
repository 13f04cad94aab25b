import { listPrefsStore } from '@backoffice/shared/ui';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Screens are lazy chunks and antd is large: the first render of each one in a file waits for its transform.
configure({ asyncUtilTimeout: 15000 });

// Each test starts with no remembered page size, sort or hidden columns.
afterEach(() => {
  cleanup();
  listPrefsStore('finance').setState({ lists: {} });
  localStorage.clear();
});
