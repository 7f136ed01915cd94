import { brandModulesBodySchema } from '@arcadia/contract';
import { whitelabelModuleTree } from '@arcadia/contract/client';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import { ReasonField, useIssueText } from './fields';

type Node = (typeof whitelabelModuleTree)['children'] extends readonly (infer N)[] | undefined ? N : never;

export interface ModuleTreeProps {
  /** The brand's flags as saved. */
  modules: Record<string, boolean>;
  mayEdit: boolean;
  saving: boolean;
  /** Sends the flags that changed with the reason; resolves once saved (the form then clears). */
  onSave(body: { modules: Record<string, boolean>; reason: string }): Promise<unknown>;
  /** The server's refusal, already put in words. */
  error?: string | null;
}

/**
 * The whitelabel modules as a tree of switches (spec §3). A module under a switched-off parent is
 * shown as off for players whatever its own switch says. Changes wait until saved with a reason;
 * saved, they reach the brand's open sites at once.
 */
export function ModuleTree({ modules, mayEdit, saving, onSave, error }: ModuleTreeProps) {
  const { t } = useTranslation('operator');
  const issue = useIssueText();
  const reasonId = useId();
  const [filter, setFilter] = useState('');
  const { register, handleSubmit, setValue, control, reset, formState } = useForm({
    resolver: zodResolver(brandModulesBodySchema),
    defaultValues: { modules: {} as Record<string, boolean>, reason: '' },
  });
  const changed = useWatch({ control, name: 'modules' });
  const flag = (modId: string) => changed[modId] ?? modules[modId] ?? false;
  const count = Object.keys(changed).length;

  const toggle = (modId: string) => {
    const next = { ...changed };
    const value = !flag(modId);
    if (value === (modules[modId] ?? false)) delete next[modId];
    else next[modId] = value;
    setValue('modules', next, { shouldDirty: true });
  };

  const needle = filter.trim().toUpperCase();
  const label = (modId: string) => t(`brandPage.mod.${modId}`, { defaultValue: '' });
  const matches = useMemo(() => {
    const hit = new Set<string>();
    if (!needle) return null;
    const walk = (node: Node): boolean => {
      const name = t(`brandPage.mod.${node.modId}`, { defaultValue: '' }).toUpperCase();
      let any = node.modId.includes(needle) || name.includes(needle);
      for (const child of node.children ?? []) any = walk(child) || any;
      if (any) hit.add(node.modId);
      return any;
    };
    walk(whitelabelModuleTree as Node);
    return hit;
  }, [needle, t]);

  const renderNode = (node: Node, parentOn: boolean, depth: number) => {
    if (matches && !matches.has(node.modId)) return null;
    const on = flag(node.modId);
    const effective = on && parentOn;
    const dirty = node.modId in changed;
    const name = label(node.modId);
    return (
      <li key={node.modId} className="brand-tree__item" data-depth={depth}>
        <div
          className={`brand-tree__row${effective ? '' : ' brand-tree__row--off'}${dirty ? ' brand-tree__row--dirty' : ''}`}
        >
          <button
            type="button"
            role="switch"
            aria-checked={on}
            aria-label={name ? `${name} (${node.modId})` : node.modId}
            className="brand-switch"
            disabled={!mayEdit || saving}
            onClick={() => toggle(node.modId)}
            data-testid={`module-${node.modId}`}
          >
            <span className="brand-switch__knob" aria-hidden="true" />
          </button>
          <span className="brand-tree__name">
            {name && <span>{name}</span>}
            <code className="brand-tree__code">{node.modId}</code>
            {on && !parentOn && <span className="brand-tree__note">{t('brandPage.parent_off')}</span>}
            {dirty && (
              <span className="brand-tree__note brand-tree__note--dirty">{t('brandPage.unsaved')}</span>
            )}
          </span>
        </div>
        {node.children && node.children.length > 0 && (
          <ul className="brand-tree__list">
            {node.children.map((c) => renderNode(c, effective, depth + 1))}
          </ul>
        )}
      </li>
    );
  };

  const submit = handleSubmit(async (body) => {
    try {
      await onSave(body as { modules: Record<string, boolean>; reason: string });
      reset({ modules: {}, reason: '' });
    } catch {
      // The refusal is shown from `error`; the changes stay for another try.
    }
  });

  return (
    <form
      className="form brand-tree"
      onSubmit={(e) => void submit(e)}
      noValidate
      onReset={() => reset({ modules: {}, reason: '' })}
    >
      <div className="brand-tree__tools">
        <input
          type="search"
          className="field__input"
          placeholder={t('brandPage.filter_modules')}
          aria-label={t('brandPage.filter_modules')}
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
        />
      </div>
      <ul className="brand-tree__list brand-tree__list--root" aria-label={t('brandPage.modules_title')}>
        {renderNode(whitelabelModuleTree as Node, true, 0)}
      </ul>
      {mayEdit && (
        <div className="brand-form__footer">
          <ReasonField id={reasonId} error={issue(formState.errors.reason)} inputProps={register('reason')} />
          <p className="muted" aria-live="polite" data-testid="module-changes">
            {t('brandPage.changes', { count })}
          </p>
          {error && (
            <p className="form__error" role="alert">
              {error}
            </p>
          )}
          <div className="ops-actions">
            <button type="reset" className="button" disabled={count === 0 || saving}>
              {t('brandPage.discard')}
            </button>
            <button type="submit" className="button button--primary" disabled={count === 0 || saving}>
              {saving ? t('brandPage.saving') : t('brandPage.save_modules')}
            </button>
          </div>
        </div>
      )}
    </form>
  );
}
