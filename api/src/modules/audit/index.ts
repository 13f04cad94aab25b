// The audit module's public entry: what other modules may use (the writer every state change goes through).
export { type AuditWriter, insertAudit } from './writer.ts';
