CREATE TRIGGER agent_contract_event_no_change BEFORE DELETE OR UPDATE ON agent_contract_event FOR EACH STATEMENT EXECUTE FUNCTION agent_contract_event_append_only();
