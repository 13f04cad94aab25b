import { configure } from '@testing-library/react';

// Screens are lazy chunks: on a busy machine the first import can take longer than the default 1 s.
configure({ asyncUtilTimeout: 5000 });
