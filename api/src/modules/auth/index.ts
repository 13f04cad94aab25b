// The auth module's public entry: what other modules may use (the admins' and the account's session ends).
export { liveSessionsOf, revokeSessionsOf } from './repository.ts';
