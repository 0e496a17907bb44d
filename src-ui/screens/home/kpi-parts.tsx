/** The pieces every group of key figures is drawn with: a tile, a number that opens its list, a table, a bar. */
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { barPercent, formatCount } from './kpi-format';

/** A headline figure: the number large, what it counts under it; the whole tile opens the list. */
export function KpiTile({ value, label, detail, href }: { value: string; label: string; detail?: string; href: string }) {
  return (
    <Link href={href} className="kpi-tile">
      <span className="kpi-tile-value">{value}</span>
      <span className="kpi-tile-label">{label}</span>
      {detail ? <span className="kpi-tile-detail">{detail}</span> : null}
    </Link>
  );
}

/** A count in a table or a bar row, opening the list it counts. */
export function CountLink({ count, href }: { count: number; href: string }) {
  return (
    <Link href={href} className="kpi-count">
      {formatCount(count)}
    </Link>
  );
}

/**
 * A table of figures with its caption. On a narrow screen it scrolls sideways inside its own box
 * rather than widening the page; the box is focusable so the keyboard can scroll it too.
 */
export function KpiTable({ caption, columns, children }: { caption: string; columns: readonly string[]; children: ReactNode }) {
  return (
    <div className="kpi-table-wrap" tabIndex={0} role="region" aria-label={caption}>
      <table className="data-table kpi-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column, i) => (
              <th key={column} scope="col" className={i === 0 ? undefined : 'kpi-num'}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** One row of bars: its label, the bar (drawing only; the number beside it says the same), the count. */
export function BarRow({ label, value, largest, href }: { label: string; value: number; largest: number; href: string }) {
  return (
    <li className="kpi-bar-row">
      <span className="kpi-bar-label">{label}</span>
      <span className="kpi-bar" aria-hidden="true">
        <span className="kpi-bar-fill" style={{ width: `${barPercent(value, largest)}%` }} />
      </span>
      <CountLink count={value} href={href} />
    </li>
  );
}

/** A long list of locations folds away (open when short), so the home screen stays short on a phone. */
export function Foldable({ summary, open, children }: { summary: string; open: boolean; children: ReactNode }) {
  return (
    <details className="kpi-fold" open={open}>
      <summary>{summary}</summary>
      {children}
    </details>
  );
}
