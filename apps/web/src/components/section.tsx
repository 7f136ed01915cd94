import type { ReactNode, Ref } from 'react';

export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="page-header">
      <h1>{title}</h1>
      {children}
    </div>
  );
}

export function Section({
  title,
  actions,
  children,
  id,
  ref,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
  id?: string;
  ref?: Ref<HTMLElement>;
}) {
  return (
    <section ref={ref} className="section" aria-labelledby={id ? `${id}-title` : undefined}>
      <div className="section__header">
        <h2 id={id ? `${id}-title` : undefined}>{title}</h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** Tabs as a toolbar of toggle buttons (filters, sub-categories). */
export function FilterTabs<T extends string>({
  items,
  value,
  onChange,
  label,
}: {
  items: { key: NoInfer<T>; label: string }[];
  value: T;
  onChange(key: NoInfer<T>): void;
  label: string;
}) {
  return (
    <div className="filter-tabs" role="toolbar" aria-label={label}>
      {items.map((item) => (
        <button
          key={item.key}
          type="button"
          className="filter-tabs__item"
          aria-pressed={value === item.key}
          onClick={() => onChange(item.key)}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}
