CREATE TRIGGER ledger_account_referenced AFTER DELETE ON ledger_account REFERENCING OLD TABLE AS ledger_old_accounts FOR EACH STATEMENT EXECUTE FUNCTION ledger_account_referenced();
