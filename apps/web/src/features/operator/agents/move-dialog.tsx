import { agentMoveBodySchema } from '@arcadia/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import { Modal } from '../../../components/modal';
import { useApiErrorText } from '../../../lib/api-error-text';
import type { OpsBrand } from '../api/operator';
import { useAgentMove } from '../risk/api';
import { ReasonField } from '../components/reason-dialog';

/**
 * Moves a member, or an agent with its whole team, under another agent: the new upline's account
 * and the reason the audit log keeps are required (the contract's schema judges them). A move
 * under the member's own team is refused by the server (`agent.move_cycle`), shown here.
 */
export function MoveDialog({
  brand,
  account,
  onClose,
  onMoved,
}: {
  brand: OpsBrand;
  account: string;
  onClose(): void;
  onMoved(text: string): void;
}) {
  const { t } = useTranslation('operator');
  const errorText = useApiErrorText();
  const move = useAgentMove(brand.code);
  const id = useId();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(agentMoveBodySchema),
    defaultValues: { account, newParentAccount: '', reason: '' },
  });
  return (
    <Modal
      open
      onClose={onClose}
      title={t('agents.move_title', { account })}
      size="medium"
      role="alertdialog"
    >
      <form
        className="form"
        noValidate
        onSubmit={handleSubmit((body) =>
          move.mutate(body, {
            onSuccess: (r) =>
              onMoved(
                t('agents.moved', {
                  account: r.account,
                  from: r.oldParent ?? '—',
                  to: r.newParent,
                  n: r.moved,
                }),
              ),
          }),
        )}
      >
        <p className="muted">{t('agents.move_lead')}</p>
        <input type="hidden" {...register('account')} />
        <div className={`field${errors.newParentAccount ? ' field--invalid' : ''}`}>
          <label htmlFor={`${id}-to`} className="field__label">
            {t('agents.new_parent')}
            <span className="field__required" aria-hidden="true">
              {' '}
              *
            </span>
          </label>
          <input
            id={`${id}-to`}
            className="field__input"
            autoComplete="off"
            maxLength={64}
            aria-required="true"
            aria-invalid={errors.newParentAccount ? true : undefined}
            {...register('newParentAccount')}
          />
          {errors.newParentAccount && (
            <p className="field__error" role="alert">
              {t('agents.new_parent_required')}
            </p>
          )}
        </div>
        <ReasonField invalid={Boolean(errors.reason)} registration={register('reason')} />
        {move.error ? (
          <p className="form__error" role="alert">
            {errorText(move.error)}
          </p>
        ) : null}
        <div className="confirm__actions">
          <button type="button" className="button" onClick={onClose}>
            {t('cancel')}
          </button>
          <button type="submit" className="button button--primary" disabled={move.isPending}>
            {t('agents.move')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
