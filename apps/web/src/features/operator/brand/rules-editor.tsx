import { type BrandAdminView, brandRegisterRulesBodySchema } from '@arcadia/contract';
import {
  type RegisterField,
  registerFields,
  registerPatternIds,
  registerPatterns,
} from '@arcadia/contract/client';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import { type DataColumn, DataTable } from '../../../components/data-table';
import { ReasonField, useIssueText } from './fields';

type Rules = BrandAdminView['registerRules'];
const rows = registerFields.map((field) => ({ field }));

/**
 * The per-field registration rules (spec §3): shown or not, required or not, the pattern from the
 * §5 catalogue and the length. The player's form and the server check the same rule.
 */
export function RulesEditor({
  rules,
  mayEdit,
  saving,
  error,
  onSave,
}: {
  rules: Rules;
  mayEdit: boolean;
  saving: boolean;
  error?: string | null;
  onSave(body: { rules: Rules; reason: string }): Promise<unknown>;
}) {
  const { t } = useTranslation('operator');
  const issue = useIssueText();
  const reasonId = useId();
  const { register, handleSubmit, reset, formState } = useForm({
    resolver: zodResolver(brandRegisterRulesBodySchema),
    defaultValues: { rules, reason: '' },
  });
  const rowErrors = formState.errors.rules as
    Partial<Record<RegisterField, Record<string, { message?: string }>>> | undefined;

  const columns = useMemo<DataColumn<{ field: RegisterField }>[]>(
    () => [
      {
        id: 'field',
        header: t('brandPage.rule_field'),
        cell: ({ row }) => (
          <span className="brand-rules__field">
            {t(`brandPage.field.${row.original.field}`)}
            <code className="brand-tree__code">{row.original.field}</code>
          </span>
        ),
      },
      {
        id: 'enabled',
        header: t('brandPage.rule_shown'),
        cell: ({ row }) => (
          <input
            type="checkbox"
            aria-label={`${t('brandPage.rule_shown')}: ${t(`brandPage.field.${row.original.field}`)}`}
            disabled={!mayEdit}
            {...register(`rules.${row.original.field}.enabled`)}
          />
        ),
      },
      {
        id: 'required',
        header: t('brandPage.rule_required'),
        cell: ({ row }) => (
          <input
            type="checkbox"
            aria-label={`${t('brandPage.rule_required')}: ${t(`brandPage.field.${row.original.field}`)}`}
            disabled={!mayEdit}
            {...register(`rules.${row.original.field}.required`)}
          />
        ),
      },
      {
        id: 'pattern',
        header: t('brandPage.rule_pattern'),
        cell: ({ row }) => (
          <select
            className="field__input brand-rules__pattern"
            aria-label={`${t('brandPage.rule_pattern')}: ${t(`brandPage.field.${row.original.field}`)}`}
            disabled={!mayEdit}
            {...register(`rules.${row.original.field}.patternId`, { valueAsNumber: true })}
          >
            {registerPatternIds.map((id) => (
              <option key={id} value={id} title={registerPatterns[id]}>
                {id} · {t(`brandPage.pattern.${id}`)}
              </option>
            ))}
          </select>
        ),
      },
      {
        id: 'min',
        header: t('brandPage.rule_min'),
        meta: { numeric: true },
        cell: ({ row }) => (
          <input
            type="number"
            className="field__input brand-rules__num"
            min={0}
            max={255}
            aria-label={`${t('brandPage.rule_min')}: ${t(`brandPage.field.${row.original.field}`)}`}
            disabled={!mayEdit}
            {...register(`rules.${row.original.field}.minLength`, { valueAsNumber: true })}
          />
        ),
      },
      {
        id: 'max',
        header: t('brandPage.rule_max'),
        meta: { numeric: true },
        cell: ({ row }) => {
          const problem =
            rowErrors?.[row.original.field]?.maxLength ?? rowErrors?.[row.original.field]?.minLength;
          return (
            <>
              <input
                type="number"
                className="field__input brand-rules__num"
                min={1}
                max={255}
                aria-invalid={problem ? true : undefined}
                aria-label={`${t('brandPage.rule_max')}: ${t(`brandPage.field.${row.original.field}`)}`}
                disabled={!mayEdit}
                {...register(`rules.${row.original.field}.maxLength`, { valueAsNumber: true })}
              />
              {problem && (
                <span className="field__error" role="alert">
                  {t('brandPage.rule_length_error')}
                </span>
              )}
            </>
          );
        },
      },
    ],
    [t, register, mayEdit, rowErrors],
  );

  const submit = handleSubmit(async (body) => {
    try {
      await onSave(body as { rules: Rules; reason: string });
      reset({ rules: body.rules as Rules, reason: '' });
    } catch {
      // shown from `error`
    }
  });

  return (
    <form className="form brand-rules" onSubmit={(e) => void submit(e)} noValidate>
      <DataTable
        columns={columns}
        data={rows}
        caption={t('brandPage.rules_title')}
        rowKey={(r) => r.field}
        testId="register-rules"
      />
      {mayEdit && (
        <div className="brand-form__footer">
          <ReasonField id={reasonId} error={issue(formState.errors.reason)} inputProps={register('reason')} />
          {error && (
            <p className="form__error" role="alert">
              {error}
            </p>
          )}
          <div className="ops-actions">
            <button type="submit" className="button button--primary" disabled={saving || !formState.isDirty}>
              {saving ? t('brandPage.saving') : t('brandPage.save_rules')}
            </button>
          </div>
        </div>
      )}
    </form>
  );
}
