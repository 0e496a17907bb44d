/**
 * A button and a badge drawn with PrimeReact's classes but without its components: for rows drawn
 * by the dozen and redrawn while a flush runs (the Offline Activity panel), where each PrimeReact
 * Button's props merging, pass-through lookup and icon made one update of 25 rows a long task on a
 * slow handset. They look the same as PrimeReact's (same classes, same theme CSS).
 */
import type { MouseEventHandler } from 'react';

export type Severity = 'secondary' | 'danger' | 'warning' | 'info' | 'success';

export function PlainButton({
  label,
  icon,
  severity,
  outlined,
  text,
  className: extra,
  ariaLabel,
  onClick,
}: {
  label: string;
  icon?: string;
  severity?: Severity;
  outlined?: boolean;
  /** PrimeReact's text button: no border or fill. */
  text?: boolean;
  className?: string;
  ariaLabel?: string;
  onClick: MouseEventHandler<HTMLButtonElement>;
}) {
  const className = ['p-button p-component p-button-sm', severity ? `p-button-${severity}` : '', outlined ? 'p-button-outlined' : '', text ? 'p-button-text' : '', extra ?? ''].filter(Boolean).join(' ');
  return (
    <button type="button" className={className} aria-label={ariaLabel} onClick={onClick}>
      {icon ? <span className={`p-button-icon p-c p-button-icon-left ${icon}`} aria-hidden="true" /> : null}
      <span className="p-button-label p-c">{label}</span>
    </button>
  );
}

export function PlainBadge({ value, severity }: { value: string; severity: Severity }) {
  return <span className={`p-badge p-component p-badge-${severity}`}>{value}</span>;
}
