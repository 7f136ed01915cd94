CREATE TRIGGER ledger_entry_append_only BEFORE DELETE OR UPDATE ON ledger_entry FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
