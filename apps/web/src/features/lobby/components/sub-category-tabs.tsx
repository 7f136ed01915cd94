import { useTranslation } from '../../../lib/i18n';
import { FilterTabs } from '../../../components/section';
import { rngSubCategories } from '../lib/categories';

/** Lobby label keys of the RNG sub-categories (reference §5). */
export const classifyLabelKey = {
  SC: 'in_scratch_music',
  VP: 'video_poker',
  JP: 'jackpot',
  TG: 'table_games',
  AC: 'arcade_games',
  BG: 'bingo',
} as const;

/** Spec §2 sub-categories: all, scratch, video poker, jackpot, table, arcade (+ bingo with TY). */
export function SubCategoryTabs({
  supportLanguages,
  value,
  onChange,
  label,
}: {
  supportLanguages: readonly string[];
  value: string;
  onChange(key: string): void;
  label: string;
}) {
  const { t } = useTranslation('lobby');
  const items = [
    { key: '', label: t('sub_all') },
    ...rngSubCategories(supportLanguages).map((key) => ({
      key,
      label: t(classifyLabelKey[key as keyof typeof classifyLabelKey]),
    })),
  ];
  return <FilterTabs label={label} items={items} value={value} onChange={onChange} />;
}
