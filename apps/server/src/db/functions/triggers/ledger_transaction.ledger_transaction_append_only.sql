CREATE TRIGGER ledger_transaction_append_only BEFORE DELETE OR UPDATE ON ledger_transaction FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
