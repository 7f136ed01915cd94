CREATE OR REPLACE FUNCTION public.ledger_post_many(p_postings jsonb)
 RETURNS TABLE(idx integer, error_code text, error_message text, transaction_id bigint, created_at timestamp with time zone, replayed boolean, account_id bigint, amount bigint, balance_after bigint)
 LANGUAGE plpgsql
AS $function$
    declare
      v_p jsonb;
      v_i integer := 0;
    begin
      for v_p in select value from jsonb_array_elements(p_postings) loop
        begin
          return query select v_i, null::text, null::text, r.*
            from ledger_post(
              (v_p->>'merchantId')::integer, v_p->>'kind', v_p->>'key', v_p->>'hash',
              (v_p->>'memberId')::bigint, v_p->>'reference', coalesce(v_p->'metadata', '{}'::jsonb),
              array(select x::bigint from jsonb_array_elements_text(v_p->'accounts') with ordinality as a(x, n) order by n),
              array(select x::bigint from jsonb_array_elements_text(v_p->'amounts') with ordinality as a(x, n) order by n)) r;
        exception when others then
          return query select v_i, sqlstate::text, sqlerrm::text, null::bigint, null::timestamptz,
            null::boolean, null::bigint, null::bigint, null::bigint;
        end;
        v_i := v_i + 1;
      end loop;
    end $function$
