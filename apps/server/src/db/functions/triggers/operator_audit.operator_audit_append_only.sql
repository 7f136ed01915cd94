CREATE TRIGGER operator_audit_append_only BEFORE DELETE OR UPDATE ON operator_audit FOR EACH STATEMENT EXECUTE FUNCTION operator_audit_append_only();
