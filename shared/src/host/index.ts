export { ApiError, type ApiErrorKind, errorMessage, isApiError, isCanceled } from './api-error.ts';
export { HostProvider, useHost } from './context.tsx';
export { trusted } from './trusted.ts';
export type * from './types.ts';
