CREATE TRIGGER member_money_daily_rg_transfer_guard AFTER INSERT OR UPDATE ON member_money_daily FOR EACH ROW WHEN (new.kind = 'TRANSFER_OUT'::text) EXECUTE FUNCTION rg_transfer_guard();
