CREATE TRIGGER vendor_tx_rg_bet_guard AFTER INSERT ON vendor_tx FOR EACH ROW WHEN (new.type = 'bet'::text) EXECUTE FUNCTION rg_bet_guard();
