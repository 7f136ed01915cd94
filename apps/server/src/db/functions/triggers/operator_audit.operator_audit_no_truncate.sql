CREATE TRIGGER operator_audit_no_truncate BEFORE TRUNCATE ON operator_audit FOR EACH STATEMENT EXECUTE FUNCTION operator_audit_append_only();
