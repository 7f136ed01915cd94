import { useTranslation } from '../../../lib/i18n';

export interface VendorOption {
  vassalage: string;
  displayName: string;
}

interface VendorFilterProps {
  vendors: readonly VendorOption[];
  /** '' for every vendor. */
  value: string;
  onChange(vassalage: string): void;
  label: string;
  /** Offer "All providers" (MXWIN always names one vendor). */
  withAll?: boolean;
}

/** A section's vendor filter (spec §2): a toolbar of toggle buttons. */
export function VendorFilter({ vendors, value, onChange, label, withAll = true }: VendorFilterProps) {
  const { t } = useTranslation('lobby');
  if (vendors.length === 0) return null;
  const items = [...(withAll ? [{ vassalage: '', displayName: t('all_vendors') }] : []), ...vendors];
  return (
    <div className="vendor-filter" role="toolbar" aria-label={label}>
      {items.map((v) => (
        <button
          key={v.vassalage || 'all'}
          type="button"
          className="vendor-filter__item"
          aria-pressed={value === v.vassalage}
          onClick={() => value !== v.vassalage && onChange(v.vassalage)}
        >
          {v.displayName}
        </button>
      ))}
    </div>
  );
}
