import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { FilterTabs, PageHeader } from '../../components/section';

type Tab = 'redeem' | 'history' | 'details' | 'rules';

/** Points mall (spec §1): redeem, redeem history, points details, rules. */
export default function PointMallPage() {
  const { t } = useTranslation('lobby');
  const [tab, setTab] = useState<Tab>('redeem');
  return (
    <div className="page">
      <PageHeader title={t('point_mall_title')} />
      <FilterTabs
        label={t('point_mall_title')}
        value={tab}
        onChange={setTab}
        items={[
          { key: 'redeem', label: t('point_redeem') },
          { key: 'history', label: t('point_redeem_history') },
          { key: 'details', label: t('point_details') },
          { key: 'rules', label: t('point_rules') },
        ]}
      />
      {tab === 'rules' ? <p className="prose">{t('point_rules_text')}</p> : <EmptyState />}
    </div>
  );
}
