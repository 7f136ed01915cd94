import { INBOX_TITLE_MAX, agentMessageBodySchema } from '@arcadia/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { type FieldError, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import { EmptyState } from '../../../components/empty-state';
import { Pagination } from '../../../components/pagination';
import { PanelError, PanelLoading } from '../../../components/panel-state';
import { useApiErrorText } from '../../../lib/api-error-text';
import { useToastStore } from '../../../lib/toast-store';
import { useAgentSend, useAgentSentMessages } from '../api/inbox';
import { useMessageTime } from '../hooks/use-message-text';
import { MessageCenter } from './message-center';
import '../inbox.css';

/** A zod issue as the reader's text: every field here is required, has a maximum, or both. */
function useFieldError() {
  const { t } = useTranslation('inbox');
  return (error: FieldError | undefined) =>
    error ? (error.type === 'too_big' ? t('too_long') : t('required')) : undefined;
}

/** The agent's message to its downlines: whole team, direct downlines, or one member by account. */
function SendForm() {
  const { t } = useTranslation('inbox');
  const errorText = useApiErrorText();
  const fieldError = useFieldError();
  const send = useAgentSend();
  const ids = { target: useId(), account: useId(), title: useId(), content: useId() };
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({
    // The contract's own rules (lengths, the account a one-member message needs).
    resolver: zodResolver(agentMessageBodySchema),
    defaultValues: { target: 'all', title: '', content: '' },
    // The account field exists only for a one-member message; hidden, it is not sent.
    shouldUnregister: true,
  });
  const target = useWatch({ control, name: 'target' });

  const submit = handleSubmit((body) => {
    send.mutate(body, {
      onSuccess: (sent) => {
        useToastStore.getState().show(t('sent_to', { count: sent.recipientCount }));
        reset({ target: body.target, title: '', content: '' });
      },
    });
  });

  const accountError = fieldError(errors.account);
  const titleError = fieldError(errors.title);
  const contentError = fieldError(errors.content);
  return (
    <form className="form inbox-compose" onSubmit={(e) => void submit(e)} noValidate>
      <div className="field">
        <label htmlFor={ids.target} className="field__label">
          {t('recipients')}
        </label>
        <select id={ids.target} className="field__input" {...register('target')}>
          <option value="all">{t('agent_target.all')}</option>
          <option value="direct">{t('agent_target.direct')}</option>
          <option value="member">{t('agent_target.member')}</option>
        </select>
      </div>
      {target === 'member' && (
        <div className={`field${accountError ? ' field--invalid' : ''}`}>
          <label htmlFor={ids.account} className="field__label">
            {t('member_account')}
            <span className="field__required" aria-hidden="true">
              {' '}
              *
            </span>
          </label>
          <input
            id={ids.account}
            className="field__input"
            autoComplete="off"
            aria-invalid={accountError ? true : undefined}
            aria-describedby={accountError ? `${ids.account}-error` : undefined}
            {...register('account')}
          />
          {accountError && (
            <p id={`${ids.account}-error`} className="field__error" role="alert">
              {accountError}
            </p>
          )}
        </div>
      )}
      <div className={`field${titleError ? ' field--invalid' : ''}`}>
        <label htmlFor={ids.title} className="field__label">
          {t('title')}
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        </label>
        <input
          id={ids.title}
          className="field__input"
          maxLength={INBOX_TITLE_MAX}
          autoComplete="off"
          aria-invalid={titleError ? true : undefined}
          aria-describedby={titleError ? `${ids.title}-error` : undefined}
          {...register('title')}
        />
        {titleError && (
          <p id={`${ids.title}-error`} className="field__error" role="alert">
            {titleError}
          </p>
        )}
      </div>
      <div className={`field${contentError ? ' field--invalid' : ''}`}>
        <label htmlFor={ids.content} className="field__label">
          {t('content')}
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        </label>
        <textarea
          id={ids.content}
          className="field__input inbox-compose__text"
          rows={5}
          aria-invalid={contentError ? true : undefined}
          aria-describedby={contentError ? `${ids.content}-error` : undefined}
          {...register('content')}
        />
        {contentError && (
          <p id={`${ids.content}-error`} className="field__error" role="alert">
            {contentError}
          </p>
        )}
      </div>
      {send.error && (
        <p className="form__error" role="alert">
          {errorText(send.error)}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={send.isPending}>
        {t('send')}
      </button>
    </form>
  );
}

function SentList() {
  const { t } = useTranslation('inbox');
  const time = useMessageTime();
  const [pageNo, setPageNo] = useState(1);
  const sent = useAgentSentMessages(pageNo);
  if (sent.isPending) return <PanelLoading />;
  if (sent.isError) return <PanelError error={sent.error} onRetry={() => void sent.refetch()} />;
  if (sent.data.list.length === 0) return <EmptyState message={t('nothing_sent')} />;
  return (
    <div aria-busy={sent.isPlaceholderData || undefined}>
      <ul className="inbox-sent">
        {sent.data.list.map((m) => (
          <li key={m.id} className="inbox-sent__item">
            <span className="inbox-sent__title">{m.title}</span>
            <span className="muted">
              {m.target === 'member' && m.account
                ? t('agent_target.member_named', { account: m.account })
                : t(`agent_target.${m.target}`)}
              {' · '}
              <time dateTime={m.sentAt}>{time(m.sentAt)}</time>
            </span>
            <span className="inbox-sent__reads">
              {t('read_of', { read: m.readCount, total: m.recipientCount })}
            </span>
          </li>
        ))}
      </ul>
      <Pagination
        page={pageNo}
        totalPages={sent.data.totalPages}
        onChange={setPageNo}
        label={t('sent_pages')}
      />
    </div>
  );
}

/**
 * The agent centre's "platform messages" panel: the agent's own inbox, and messages to its
 * downlines (its team only; the server refuses anyone else) with how many were read.
 */
export function PlatformMessages() {
  const { t } = useTranslation('inbox');
  const composeId = useId();
  const sentId = useId();
  return (
    <div className="inbox-agent">
      <MessageCenter title={t('my_messages')} />
      <div className="inbox-agent__side">
        <section className="inbox-card" aria-labelledby={composeId}>
          <h3 id={composeId} className="inbox__title">
            {t('send_to_team')}
          </h3>
          <p className="muted inbox-card__hint">{t('send_to_team_hint')}</p>
          <SendForm />
        </section>
        <section className="inbox-card" aria-labelledby={sentId}>
          <h3 id={sentId} className="inbox__title">
            {t('sent_messages')}
          </h3>
          <SentList />
        </section>
      </div>
    </div>
  );
}
