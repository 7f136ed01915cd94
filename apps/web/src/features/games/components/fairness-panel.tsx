import type { HouseEngineId, HouseFairness, HouseRound } from '@arcadia/contract';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Modal } from '../../../components/modal';
import { useApiErrorText } from '../../../lib/api-error-text';
import { showToast } from '../../../lib/toast-store';
import { postSeed } from '../api/house';
import { isValidClientSeed } from '../lib/engines';
import { verifierLink } from '../lib/verifier-link';

interface Revealed {
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
}

interface FairnessPanelProps {
  open: boolean;
  onClose(): void;
  token: string;
  engine: HouseEngineId;
  fairness: HouseFairness;
  onFairness(f: HouseFairness): void;
  rounds: HouseRound[];
  disabled: boolean;
}

/**
 * Provably fair: the hash of the server seed in use (committed before any bet), the player's
 * client seed (editable), the next nonce, and rotation, which reveals the retired seed so every
 * round it served can be checked on the public verifier.
 */
export function FairnessPanel({
  open,
  onClose,
  token,
  engine,
  fairness,
  onFairness,
  rounds,
  disabled,
}: FairnessPanelProps) {
  const { t } = useTranslation('games');
  const errorText = useApiErrorText();
  const [seed, setSeed] = useState(fairness.clientSeed);
  const [saving, setSaving] = useState(false);
  const [revealed, setRevealed] = useState<Revealed | null>(null);
  const valid = isValidClientSeed(seed);

  const send = async (body: { clientSeed?: string; rotate?: boolean }) => {
    setSaving(true);
    try {
      const reply = await postSeed(token, body);
      onFairness(reply.fairness);
      setSeed(reply.fairness.clientSeed);
      if (reply.previous) setRevealed(reply.previous);
      showToast(body.rotate ? t('seed_rotated') : t('seed_saved'), 'success');
    } catch (err) {
      showToast(errorText(err), 'error');
    } finally {
      setSaving(false);
    }
  };

  const verifiable = rounds.filter((r) => r.serverSeed).slice(0, 8);

  return (
    <Modal open={open} onClose={onClose} title={t('fairness')} size="large">
      <div className="fairness">
        <p className="fairness__about">{t('fairness_about')}</p>
        <dl className="fairness__facts">
          <dt>{t('server_seed_hash')}</dt>
          <dd className="mono" data-testid="server-seed-hash">
            {fairness.serverSeedHash}
          </dd>
          <dt>{t('next_nonce')}</dt>
          <dd className="mono">{fairness.nonce}</dd>
        </dl>
        <form
          className="fairness__seed"
          onSubmit={(e) => {
            e.preventDefault();
            if (valid) void send({ clientSeed: seed.trim() });
          }}
        >
          <label className="field">
            <span className="field__label">{t('client_seed')}</span>
            <input
              className="field__input mono"
              value={seed}
              maxLength={64}
              onChange={(e) => setSeed(e.target.value)}
              aria-invalid={!valid}
            />
          </label>
          {!valid && <p className="field__error">{t('client_seed_invalid')}</p>}
          <div className="fairness__actions">
            <button
              type="submit"
              className="button"
              disabled={!valid || saving || disabled || seed.trim() === fairness.clientSeed}
            >
              {t('save_client_seed')}
            </button>
            <button
              type="button"
              className="button button--ghost"
              disabled={saving || disabled}
              onClick={() => void send({ rotate: true })}
            >
              {t('rotate_seed')}
            </button>
          </div>
        </form>
        {revealed && (
          <section className="fairness__revealed" aria-label={t('previous_seed')}>
            <h3>{t('previous_seed')}</h3>
            <dl className="fairness__facts">
              <dt>{t('server_seed')}</dt>
              <dd className="mono" data-testid="revealed-seed">
                {revealed.serverSeed}
              </dd>
              <dt>{t('server_seed_hash')}</dt>
              <dd className="mono">{revealed.serverSeedHash}</dd>
              <dt>{t('client_seed')}</dt>
              <dd className="mono">{revealed.clientSeed}</dd>
              <dt>{t('bets_served')}</dt>
              <dd>{revealed.nonce}</dd>
            </dl>
            {revealed.nonce > 0 && (
              <a
                className="button button--small"
                href={verifierLink({
                  engine,
                  serverSeed: revealed.serverSeed,
                  clientSeed: revealed.clientSeed,
                  hash: revealed.serverSeedHash,
                  nonce: revealed.nonce - 1,
                })}
                target="_blank"
                rel="noreferrer"
              >
                {t('verify_last_bet')}
              </a>
            )}
          </section>
        )}
        {verifiable.length > 0 && (
          <section aria-label={t('verifiable_rounds')}>
            <h3>{t('verifiable_rounds')}</h3>
            <ul className="fairness__rounds">
              {verifiable.map((r) => (
                <li key={r.roundId}>
                  <span className="mono">#{r.nonce}</span>
                  <a
                    href={verifierLink({
                      engine,
                      serverSeed: r.serverSeed!,
                      clientSeed: r.clientSeed,
                      hash: r.serverSeedHash,
                      nonce: r.nonce,
                      params: r.params,
                    })}
                    target="_blank"
                    rel="noreferrer"
                  >
                    {t('verify')}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </Modal>
  );
}
