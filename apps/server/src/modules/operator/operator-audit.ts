// The audit writer lives in the operator module's audit repository; import it from `./index.js`.
export { type AuditEntry, writeAudit } from './operator.audit.repository.js';
