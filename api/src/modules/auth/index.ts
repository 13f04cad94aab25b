// The auth module's public entry: what other modules may use (the admins' and the account's session ends,
// the live stream's session check).
export { findActiveSessions, liveSessionsOf, revokeSessionsOf } from './repository.ts';
