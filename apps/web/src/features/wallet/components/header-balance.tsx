import { BalanceSlot } from '../../../components/balance-slot';
import { useBalanceQuery } from '../api/wallet';
import { useMoney } from '../hooks/use-money';

/**
 * The header's balance (spec §2, §3): the total of every wallet with the currency symbol, the
 * remembered hide toggle and a refresh button that spins while the figure is being fetched.
 */
export function HeaderBalance() {
  const { data, refetch, isFetching } = useBalanceQuery();
  const { format } = useMoney();
  return (
    <BalanceSlot
      value={data ? format(data.sumBalance) : undefined}
      onRefresh={() => void refetch()}
      refreshing={isFetching}
    />
  );
}
