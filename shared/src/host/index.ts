export {
  ApiError,
  type ApiErrorKind,
  errorMessage,
  errorReference,
  isApiError,
  isCanceled,
} from './api-error.ts';
export {
  type CallAnswer,
  type CallInput,
  callEndpoint,
  dispositionFilename,
  type Endpoint,
  endpointPath,
  endpointRequest,
  withCall,
} from './call.ts';
export { useCan } from './can.ts';
export { HostProvider, useHost } from './context.tsx';
export { csvRowCounter, readCsv } from './csv-progress.ts';
export { trusted } from './trusted.ts';
export type * from './types.ts';
