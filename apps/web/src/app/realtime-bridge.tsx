import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from '../lib/i18n';
import { authKeys } from '../features/auth/api/session';
import { useInboxRealtime } from '../features/inbox/hooks/use-inbox-realtime';
import { type WalletBalance, walletKeys } from '../features/wallet/api/wallet';
import { connectRealtime, disconnectRealtime, onRealtimeReconnect, useSocketEvent } from '../lib/realtime';
import { storedMerchant } from '../lib/api-client';
import { formatMoney } from '../lib/money';
import { permissionQueryKey, useBrand } from '../lib/permission';
import { useSessionStore } from '../lib/session-store';
import { useToastStore } from '../lib/toast-store';

/**
 * Keeps the page on the real-time channel while a session exists (docs/realtime.md): the header
 * balance follows `balance.changed` without polling, `session.ended` logs the user out with its
 * reason, and a reconnection refetches the member's data that events may have missed.
 */
export function RealtimeBridge() {
  const token = useSessionStore((s) => s.token);
  const queryClient = useQueryClient();
  const { t } = useTranslation('common');
  const brand = useBrand();

  useEffect(() => {
    if (!token) {
      disconnectRealtime();
      return;
    }
    connectRealtime({ token, merchant: storedMerchant() ?? undefined });
  }, [token]);

  useEffect(
    () => onRealtimeReconnect(() => void queryClient.invalidateQueries({ queryKey: ['member'] })),
    [queryClient],
  );

  useSocketEvent('balance.changed', (event) => {
    const key = walletKeys.balance(token);
    const current = queryClient.getQueryData<WalletBalance>(key);
    const wallet = current?.balance.find((w) => w.wallet === event.wallet);
    if (!current || !wallet || current.currency !== event.currency) {
      void queryClient.invalidateQueries({ queryKey: key });
      return;
    }
    const value = Number(event.balance) / 10 ** current.currencyScale;
    const balance = current.balance.map((w) =>
      w.wallet === event.wallet ? { ...w, availBalance: value } : w,
    );
    queryClient.setQueryData<WalletBalance>(key, {
      ...current,
      balance,
      sumBalance: balance.reduce((sum, w) => sum + w.availBalance, 0),
    });
    // Lists that show money (account record, transfers) are stale now; they refetch when seen.
    void queryClient.invalidateQueries({ queryKey: walletKeys.transactions(token), refetchType: 'none' });
  });

  // A new banner, notice or popup: the lobby's announcement reads (lobbyKeys) fetch again.
  useSocketEvent('announcement.new', () => {
    void queryClient.invalidateQueries({ queryKey: ['lobby', 'announcements'] });
    void queryClient.invalidateQueries({ queryKey: ['lobby', 'notices'] });
  });

  // A new VIP tier: the header label (member info) follows, and the member hears of it.
  useSocketEvent('vip.changed', (event) => {
    void queryClient.invalidateQueries({ queryKey: authKeys.memberInfo(token) });
    if (event.bonus > 0) {
      const { currencySymbol, currencyScale } = brand;
      const bonus = formatMoney(event.bonus.toFixed(currencyScale), { currencySymbol, scale: currencyScale });
      useToastStore.getState().show(t('vip_reached_bonus', { name: event.name, bonus }), 'success');
    }
  });

  // A red envelope to open: the reward centre and its badge (the rewards' queries) read again.
  useSocketEvent('envelope.new', () => {
    void queryClient.invalidateQueries({ queryKey: ['member', 'promotions', token] });
  });

  // The brand changed in the back office (a module switched off, new rules, new theme): the
  // permission bootstrap is read again, so a page switched off leaves the menu without a reload.
  useSocketEvent('brand.changed', () => {
    void queryClient.invalidateQueries({ queryKey: permissionQueryKey });
  });

  // The unread count and the inbox follow `inbox.unread` / `inbox.message` (docs/inbox.md).
  useInboxRealtime();

  useSocketEvent('session.ended', (event) => {
    if (!useSessionStore.getState().token) return;
    useSessionStore.getState().clear();
    queryClient.removeQueries({ queryKey: ['member'] });
    disconnectRealtime();
    if (event.reason !== 'logout') useToastStore.getState().show(t(`session_ended_${event.reason}`), 'error');
  });

  return null;
}
