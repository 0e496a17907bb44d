/** A record's fields as label/value rows (the detail pattern's body); rows whose value is null are left out. */
import { Fragment, type ReactNode } from 'react';
import { useT } from '../i18n/language';

export function DetailRows({ rows }: { rows: readonly (readonly [string, ReactNode])[] }) {
  const t = useT();
  return (
    <dl className="detail-grid">
      {rows
        .filter(([, value]) => value !== null && value !== undefined && value !== false)
        .map(([label, value]) => (
          <Fragment key={label}>
            <dt>{t(label)}</dt>
            <dd>{value}</dd>
          </Fragment>
        ))}
    </dl>
  );
}
