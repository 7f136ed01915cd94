import type { OpsReportGrouping, OpsReportKind, RouteReply, Routes } from '@arcadia/contract';
import { endpoints } from '@arcadia/contract/client';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { opsCall, useOpsSession } from '../api/ops-client';

export type GgrReport = RouteReply<Routes['opsReportGgr']>;
export type PaymentsReport = RouteReply<Routes['opsReportPayments']>;
export type PlayersReport = RouteReply<Routes['opsReportPlayers']>;
export type TopPlayersReport = RouteReply<Routes['opsReportTopPlayers']>;

export interface ReportRange {
  from: string;
  to: string;
}

const key = (code: string, report: string, range: ReportRange, extra = '') =>
  ['ops', 'brand', code, 'reports', report, range.from, range.to, extra] as const;
const common = { placeholderData: keepPreviousData, staleTime: 30_000 };

export function useGgrReport(code: string, range: ReportRange, groupBy: OpsReportGrouping, enabled = true) {
  return useQuery({
    queryKey: key(code, 'ggr', range, groupBy),
    queryFn: ({ signal }) =>
      opsCall('opsReportGgr', { params: { merchantCode: code }, query: { ...range, groupBy }, signal }),
    enabled,
    ...common,
  });
}

export function usePaymentsReport(code: string, range: ReportRange, enabled = true) {
  return useQuery({
    queryKey: key(code, 'payments', range),
    queryFn: ({ signal }) =>
      opsCall('opsReportPayments', { params: { merchantCode: code }, query: range, signal }),
    enabled,
    ...common,
  });
}

export function usePlayersReport(code: string, range: ReportRange, enabled = true) {
  return useQuery({
    queryKey: key(code, 'players', range),
    queryFn: ({ signal }) =>
      opsCall('opsReportPlayers', { params: { merchantCode: code }, query: range, signal }),
    enabled,
    ...common,
  });
}

export function useTopPlayersReport(code: string, range: ReportRange, enabled = true) {
  return useQuery({
    queryKey: key(code, 'top', range),
    queryFn: ({ signal }) =>
      opsCall('opsReportTopPlayers', {
        params: { merchantCode: code },
        query: { ...range, limit: 20 },
        signal,
      }),
    enabled,
    ...common,
  });
}

/**
 * Downloads one report as CSV from the server (which builds the whole file, so a long range never
 * waits on the page): fetched with the operator's credential, then saved under the server's name.
 */
export async function downloadReportCsv(
  code: string,
  report: OpsReportKind,
  range: ReportRange,
  groupBy: OpsReportGrouping,
): Promise<void> {
  const path = endpoints.opsReportCsv.path
    .replace(':merchantCode', encodeURIComponent(code))
    .replace(':report', report);
  const query = new URLSearchParams({ ...range, groupBy });
  const token = useOpsSession.getState().token;
  const response = await fetch(`${path}?${query}`, {
    headers: token ? { Authorization: `Ops ${token}` } : {},
  });
  if (!response.ok || !(response.headers.get('content-type') ?? '').startsWith('text/csv')) {
    const payload = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
    throw new ApiError(
      (payload.code ?? 'system.error') as ConstructorParameters<typeof ApiError>[0],
      payload.message ?? 'Unknown error.',
      response.status,
    );
  }
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? `${report}.csv`;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
