import { configure } from '@testing-library/react';

// Screens are lazy chunks: the first render of each one in a file waits for its transform.
configure({ asyncUtilTimeout: 5000 });
