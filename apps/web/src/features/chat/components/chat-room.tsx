import { CHAT_MESSAGE_MAX, chatSendBodySchema } from '@arcadia/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useLayoutEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import { TextField } from '../../../components/text-field';
import { paths } from '../../../config/paths';
import { useApiErrorText } from '../../../lib/api-error-text';
import { formatMoney, minorToMajorText, toMinorUnits } from '../../../lib/money';
import { useBrand } from '../../../lib/permission';
import { useRealtimeTopic, useSocketEvent } from '../../../lib/realtime';
import { useSessionStore } from '../../../lib/session-store';
import { useToastStore } from '../../../lib/toast-store';
import {
  type ChatMessage,
  type ChatRoomReply,
  chatKeys,
  useChatPermission,
  useChatRoom,
  useHostStatus,
  useModerateChat,
  useSendChat,
  useTipHost,
} from '../api/chat';
import { HostAvatar } from './chat-models';
import '../chat.css';

const TIP_PRESETS = [1, 5, 20, 100];

/** Joins the room's topic while shown: messages, removals and the host's status arrive live. */
function useRoomTopic(modelId: string) {
  const client = useQueryClient();
  useRealtimeTopic(
    `chat:${modelId}`,
    () => void client.invalidateQueries({ queryKey: chatKeys.room(modelId) }),
  );
  const update = (fn: (old: ChatRoomReply) => ChatRoomReply) =>
    client.setQueryData(chatKeys.room(modelId), (old: ChatRoomReply | undefined) => (old ? fn(old) : old));
  useSocketEvent('chat.message', (m) => {
    if (m.modelId !== modelId) return;
    update((old) =>
      old.list.some((x) => x.messageId === m.messageId)
        ? old
        : { ...old, list: [...old.list, m].slice(-200) },
    );
  });
  useSocketEvent('chat.removed', (r) => {
    if (r.modelId === modelId)
      update((old) => ({ ...old, list: old.list.filter((x) => x.messageId !== r.messageId) }));
  });
  useSocketEvent('chat.host', (h) => {
    if (h.modelId === modelId) update((old) => ({ ...old, host: h }));
  });
}

/** The tip form: an amount in the brand's currency, sent once (a retry keeps its request id). */
function TipForm({ modelId, onDone }: { modelId: string; onDone(): void }) {
  const { t, i18n } = useTranslation('chat');
  const brand = useBrand();
  const tip = useTipHost();
  const showToast = useToastStore((s) => s.show);
  const errorText = useApiErrorText();
  const requestId = useRef<string | null>(null);
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors },
  } = useForm<{ amount: string }>({ defaultValues: { amount: '' } });
  const submit = ({ amount }: { amount: string }) => {
    const minor = toMinorUnits(amount, brand.currencyScale)!;
    requestId.current ??= crypto.randomUUID();
    tip.mutate(
      { modelId, amount: minor.toString(), requestId: requestId.current },
      {
        onSuccess: () => {
          requestId.current = null;
          setValue('amount', '');
          showToast(
            t('tipped', {
              amount: formatMoney(amount, {
                scale: brand.currencyScale,
                currencySymbol: brand.currencySymbol,
                locale: i18n.language,
              }),
            }),
            'success',
          );
          onDone();
        },
        onError: (err) => showToast(errorText(err), 'error'),
      },
    );
  };
  return (
    <form className="chat-tip" onSubmit={(e) => void handleSubmit(submit)(e)} aria-label={t('tip_title')}>
      <div className="chat-tip__presets">
        {TIP_PRESETS.map((p) => (
          <button
            key={p}
            type="button"
            className="button"
            onClick={() => setValue('amount', String(p), { shouldValidate: true })}
          >
            {formatMoney(p, { scale: 0, currencySymbol: brand.currencySymbol, locale: i18n.language })}
          </button>
        ))}
      </div>
      <TextField
        label={t('tip_amount', { symbol: brand.currencySymbol })}
        inputMode="decimal"
        error={errors.amount ? t('tip_invalid') : undefined}
        {...register('amount', {
          validate: (v) => {
            const minor = toMinorUnits(v, brand.currencyScale);
            return minor !== null && minor > 0n;
          },
        })}
      />
      <button type="submit" className="button button--primary" disabled={tip.isPending}>
        {t('tip_send')}
      </button>
    </form>
  );
}

/**
 * A host's chat room (`/chatRoom/:modelId`, the original's `chatUrl`): the messages live, the
 * member's composer, tips to the host, and — for the host — going online or offline, removing
 * messages and muting members.
 */
export function ChatRoom({ modelId }: { modelId: string }) {
  const { t, i18n } = useTranslation('chat');
  const brand = useBrand();
  const client = useQueryClient();
  const isTrial = useSessionStore((s) => s.isTrial);
  const room = useChatRoom(modelId);
  const permission = useChatPermission(modelId);
  const send = useSendChat();
  const moderate = useModerateChat();
  const status = useHostStatus();
  const showToast = useToastStore((s) => s.show);
  const errorText = useApiErrorText();
  const [tipping, setTipping] = useState(false);
  const list = useRef<HTMLOListElement>(null);
  useRoomTopic(modelId);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(chatSendBodySchema),
    defaultValues: { modelId, text: '' },
  });
  const messages = room.data?.list ?? [];
  const count = messages.length;
  // New messages scroll the list to the bottom.
  useLayoutEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [count]);

  if (room.isError) return <p className="panel-state">{errorText(room.error)}</p>;
  if (!room.data) return <p className="panel-state">{t('loading')}</p>;
  const host = room.data.host;
  const can = permission.data;
  const money = (minor: string) =>
    formatMoney(minorToMajorText(minor, brand.currencyScale) ?? '0', {
      scale: brand.currencyScale,
      currencySymbol: brand.currencySymbol,
      locale: i18n.language,
    });

  const submit = (body: { modelId: string; text: string }) =>
    send.mutate(body, {
      onSuccess: (m) => {
        reset({ modelId, text: '' });
        client.setQueryData(chatKeys.room(modelId), (old: ChatRoomReply | undefined) =>
          old && !old.list.some((x) => x.messageId === m.messageId)
            ? { ...old, list: [...old.list, m] }
            : old,
        );
      },
      onError: (err) => showToast(errorText(err), 'error'),
    });
  const act = (body: Parameters<typeof moderate.mutate>[0], done: string) =>
    moderate.mutate(body, {
      onSuccess: () => showToast(done, 'success'),
      onError: (err) => showToast(errorText(err), 'error'),
    });

  const line = (m: ChatMessage) => (
    <li
      key={m.messageId}
      className={`chat-line${m.host ? ' chat-line--host' : ''}${m.kind === 'tip' ? ' chat-line--tip' : ''}`}
    >
      <span className="chat-line__sender">
        {m.sender}
        {m.host && <span className="chat-line__badge">{t('host_badge')}</span>}
      </span>
      {m.kind === 'tip' ? (
        <span className="chat-line__text">{t('tip_line', { amount: money(m.amount ?? '0') })}</span>
      ) : (
        <span className="chat-line__text">{m.text}</span>
      )}
      <time className="chat-line__time" dateTime={m.createdAt}>
        {new Date(m.createdAt).toLocaleTimeString(i18n.language, { hour: '2-digit', minute: '2-digit' })}
      </time>
      {can?.canModerate && !m.host && (
        <span className="chat-line__tools">
          <button
            type="button"
            className="link-button"
            onClick={() => act({ modelId, action: 'remove', messageId: m.messageId }, t('removed'))}
          >
            {t('remove')}
          </button>
          <button
            type="button"
            className="link-button"
            onClick={() =>
              act(
                { modelId, action: 'mute', memberId: m.senderId, minutes: 10 },
                t('muted', { name: m.sender }),
              )
            }
          >
            {t('mute')}
          </button>
        </span>
      )}
    </li>
  );

  return (
    <div className="page chat-room">
      <header className="chat-room__head">
        <Link to={paths.live} className="chat-room__back">
          ← {t('back')}
        </Link>
        <HostAvatar host={host} size={48} />
        <div className="chat-room__who">
          <h1 className="chat-room__name">{host.nickname}</h1>
          <p className="chat-room__meta">
            <span className={`chat-status chat-status--${host.status}`}>{t(`status.${host.status}`)}</span>{' '}
            {t('viewers', { count: host.viewers })}
          </p>
        </div>
        {can?.canModerate && (
          <button
            type="button"
            className="button"
            onClick={() =>
              status.mutate(
                { status: host.status === 'online' ? 'offline' : 'online' },
                {
                  onSuccess: (h) =>
                    client.setQueryData(chatKeys.room(modelId), (old: ChatRoomReply | undefined) =>
                      old ? { ...old, host: h } : old,
                    ),
                },
              )
            }
          >
            {host.status === 'online' ? t('go_offline') : t('go_online')}
          </button>
        )}
      </header>
      {host.bio && <p className="chat-room__bio">{host.bio}</p>}

      <ol className="chat-room__list" ref={list} aria-label={t('messages')} aria-live="polite">
        {messages.length === 0 ? <li className="chat-room__empty">{t('empty')}</li> : messages.map(line)}
      </ol>

      {can?.mutedUntil && (
        <p className="chat-room__muted" role="status">
          {t('muted_until', { time: new Date(can.mutedUntil).toLocaleTimeString(i18n.language) })}
        </p>
      )}
      <form className="chat-room__composer" onSubmit={(e) => void handleSubmit(submit)(e)}>
        <input type="hidden" {...register('modelId')} />
        <TextField
          label={t('message')}
          maxLength={CHAT_MESSAGE_MAX}
          autoComplete="off"
          disabled={can ? !can.canChat : false}
          error={errors.text ? t('message_invalid', { max: CHAT_MESSAGE_MAX }) : undefined}
          {...register('text')}
        />
        <button
          type="submit"
          className="button button--primary"
          disabled={send.isPending || (can ? !can.canChat : false)}
        >
          {t('send')}
        </button>
        {can?.canTip && !isTrial && (
          <button
            type="button"
            className="button"
            onClick={() => setTipping((v) => !v)}
            aria-expanded={tipping}
          >
            {t('tip')}
          </button>
        )}
      </form>
      {tipping && <TipForm modelId={modelId} onDone={() => setTipping(false)} />}
    </div>
  );
}
