import {
  type PlayerSearchField,
  type PlayerStatus,
  playerSearchFields,
  playerStatuses,
} from '@arcadia/contract';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { PlayerDetail } from '../players/player-detail';
import { PlayerSearch } from '../players/player-search';
import '../players/players.css';
import type { OpsPageProps } from './types';

const oneOf = <T extends string>(list: readonly T[], value: string | null, fallback: T): T =>
  value !== null && (list as readonly string[]).includes(value) ? (value as T) : fallback;

/**
 * Players (360°): the brand's members found by account, id, contact, IP or device, and one member
 * seen whole with the desk's actions. The search and the open member live in the address
 * (`?q=…&by=…&member=…`), so a link or a reload shows the same view.
 */
export default function PlayersPage({ brand, identity }: OpsPageProps) {
  const [params, setParams] = useSearchParams();
  const member = params.get('member');
  const search = {
    q: params.get('q') ?? '',
    by: oneOf<PlayerSearchField>(playerSearchFields, params.get('by'), 'any'),
    status: oneOf<PlayerStatus | ''>(playerStatuses, params.get('status'), ''),
    pageNo: Math.max(1, Number(params.get('page')) || 1),
  };
  const update = useCallback(
    (change: Record<string, string | null>) =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(change)) {
          if (v === null || v === '') next.delete(k);
          else next.set(k, v);
        }
        return next;
      }),
    [setParams],
  );
  const open = useCallback((account: string) => update({ member: account }), [update]);

  if (member)
    return (
      <PlayerDetail
        key={member}
        brand={brand}
        identity={identity}
        account={member}
        onBack={() => update({ member: null })}
        onOpen={open}
      />
    );
  return (
    <PlayerSearch
      key={`${search.q}|${search.by}|${search.status}`}
      brand={brand}
      search={search}
      onSearch={(s) =>
        update({
          q: s.q,
          by: s.by === 'any' ? null : s.by,
          status: s.status,
          page: s.pageNo > 1 ? String(s.pageNo) : null,
        })
      }
      onOpen={open}
    />
  );
}
