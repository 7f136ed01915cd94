import { supportLimits } from '@arcadia/contract/client';
import {
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from '../lib/i18n';
import type { ChatDraft } from '../lib/chat-history';

interface ChatComposerProps {
  onSend(draft: ChatDraft): void;
  /** Called while the user types (the caller throttles what it sends on). */
  onTyping?(): void;
  disabled?: boolean;
  /** Text put into the box from outside (a canned reply); a new `nonce` replaces the text. */
  prefill?: { text: string; nonce: number } | null;
  /** Extra controls before the send button (the console's canned replies). */
  tools?: ReactNode;
  placeholder: string;
}

const ACCEPT = 'image/png,image/jpeg';

/**
 * The box a chat message is written in: text (Enter sends, Shift+Enter starts a new line) and one
 * PNG or JPG image. The type and size checks here only spare a pointless upload; the server
 * decides by the file's bytes.
 */
export function ChatComposer({ onSend, onTyping, disabled, prefill, tools, placeholder }: ChatComposerProps) {
  const { t } = useTranslation('support');
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  const hintId = useId();

  // A new canned reply replaces the text (adjusted while rendering, not in an effect).
  const [seenPrefill, setSeenPrefill] = useState<number | null>(null);
  if (prefill && prefill.nonce !== seenPrefill) {
    setSeenPrefill(prefill.nonce);
    setText(prefill.text);
  }
  useEffect(() => {
    if (prefill) box.current?.focus();
  }, [prefill]);

  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const pick = (chosen: File | undefined) => {
    if (!chosen) return;
    if (!ACCEPT.split(',').includes(chosen.type) || chosen.size > supportLimits.attachmentMaxBytes) {
      setFileError(t('attachment_rules_error'));
      setFile(null);
    } else {
      setFileError(null);
      setFile(chosen);
    }
    if (input.current) input.current.value = '';
  };

  const trimmed = text.trim();
  const canSend =
    !disabled && (trimmed.length > 0 || file !== null) && trimmed.length <= supportLimits.textMaxChars;

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (!canSend) return;
    onSend({ text: trimmed.length > 0 ? trimmed : undefined, file });
    setText('');
    setFile(null);
    setFileError(null);
    box.current?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };

  const over = text.length > supportLimits.textMaxChars * 0.9;
  return (
    <form className="chat-composer" onSubmit={submit}>
      {(preview || fileError) && (
        <div className="chat-composer__attachment">
          {preview && (
            <>
              <img src={preview} alt="" />
              <span className="chat-composer__file">{file?.name}</span>
              <button
                type="button"
                className="icon-button icon-button--small"
                onClick={() => setFile(null)}
                aria-label={t('remove_attachment')}
              >
                <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
                  <path
                    d="m6 6 12 12M18 6 6 18"
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeLinecap="round"
                  />
                </svg>
              </button>
            </>
          )}
          {fileError && (
            <p className="field__error" role="alert">
              {fileError}
            </p>
          )}
        </div>
      )}
      <div className="chat-composer__row">
        <label className="icon-button chat-composer__attach" title={t('attach')}>
          <span className="visually-hidden">{t('attach')}</span>
          <input
            ref={input}
            type="file"
            accept={ACCEPT}
            className="visually-hidden"
            disabled={disabled}
            onChange={(e) => pick(e.target.files?.[0])}
            aria-describedby={hintId}
          />
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path
              d="M20.5 11.5 12 20a5.5 5.5 0 0 1-7.8-7.8l8.5-8.5a3.7 3.7 0 0 1 5.2 5.2l-8.5 8.5a1.8 1.8 0 0 1-2.6-2.6L14.6 7"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </label>
        <span id={hintId} className="visually-hidden">
          {t('attachment_rules')}
        </span>
        <textarea
          ref={box}
          className="chat-composer__input"
          value={text}
          rows={2}
          maxLength={supportLimits.textMaxChars}
          placeholder={placeholder}
          aria-label={placeholder}
          disabled={disabled}
          onChange={(e) => {
            setText(e.target.value);
            if (e.target.value.trim()) onTyping?.();
          }}
          onKeyDown={onKeyDown}
        />
        {tools}
        <button type="submit" className="button button--primary chat-composer__send" disabled={!canSend}>
          {t('send')}
        </button>
      </div>
      {over && (
        <p className="chat-composer__count" aria-live="polite">
          {t('counter', { count: text.length, max: supportLimits.textMaxChars })}
        </p>
      )}
    </form>
  );
}
