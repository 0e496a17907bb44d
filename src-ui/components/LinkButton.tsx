/** A link that looks like a PrimeReact button: navigation stays a link for assistive technology. `label` is said in the active language. */
import { Link } from 'wouter';
import { useT } from '../i18n/language';

export function LinkButton({ href, label, icon, outlined, onClick }: { href: string; label: string; icon?: string; outlined?: boolean; onClick?: () => void }) {
  const t = useT();
  return (
    <Link href={href} className={`p-button p-component link-button${outlined ? ' p-button-outlined' : ''}`} onClick={onClick}>
      {icon ? <span className={`p-button-icon p-button-icon-left ${icon}`} aria-hidden="true" /> : null}
      <span className="p-button-label">{t(label)}</span>
    </Link>
  );
}
