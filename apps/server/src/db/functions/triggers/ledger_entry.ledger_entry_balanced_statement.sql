CREATE TRIGGER ledger_entry_balanced_statement AFTER INSERT ON ledger_entry REFERENCING NEW TABLE AS ledger_new_entries FOR EACH STATEMENT EXECUTE FUNCTION ledger_entries_balanced();
