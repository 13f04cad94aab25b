import { configure } from '@testing-library/react';

// Screens are lazy chunks: the first import of one in a file can take over a second on a busy machine.
configure({ asyncUtilTimeout: 5000 });
