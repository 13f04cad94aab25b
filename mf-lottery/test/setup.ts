import { configure } from '@testing-library/react';

// Screens are lazy chunks on antd: on a busy machine the first import of a file can take several seconds.
configure({ asyncUtilTimeout: 30_000 });
