/**
 * Top bar: logo to /, links from the navigation table (app/navigation.ts), theme toggle and the Offline Activity button (behaviour §2),
 * and for signed-in users the Scan button (labels' QR codes; not in the spec).
 */
import { Button } from 'primereact/button';
import { Link, useLocation } from 'wouter';
import { useSnapshot } from 'valtio';
import { PRODUCT_NAME } from '../../shared/constants';
import { ERROR_MESSAGES, messageForScreen } from '../../shared/data/messages';
import { topBarLinks } from '../app/navigation';
import { badgeCount } from '../format/display';
import { callWorker } from '../state/bridge';
import { store } from '../state/store';
import { showToast } from '../state/toasts';
import { useT } from '../i18n/language';
import { LanguageChooser } from './LanguageChooser';
import { ThemeToggle } from './ThemeToggle';

export function TopBar({ onOpenActivity }: { onOpenActivity: () => void }) {
  const t = useT();
  const snap = useSnapshot(store);
  const [location, setLocation] = useLocation();
  const signedIn = snap.session.status === 'signed-in';
  const links = topBarLinks(signedIn ? snap.session.user : null);

  const logout = async () => {
    try {
      await callWorker((worker) => worker.session.logout());
    } catch (err) {
      showToast({ severity: 'error', detail: t(messageForScreen(err, ERROR_MESSAGES.default)) });
    }
    setLocation('/');
  };

  return (
    <header className="topbar">
      <Link href="/" className="topbar-brand" aria-label={PRODUCT_NAME}>
        <img src="/icons/icon.svg" alt="" width={32} height={32} />
        <span className="topbar-name">{PRODUCT_NAME}</span>
      </Link>
      <nav className="topbar-nav" aria-label={t('Main')}>
        <ul>
          {links.map((link) => (
            <li key={link.href}>
              <Link href={link.href} className={`topbar-link${location === link.href ? ' is-active' : ''}`} aria-current={location === link.href ? 'page' : undefined}>
                {t(link.label)}
              </Link>
            </li>
          ))}
          {signedIn ? (
            <li>
              <button type="button" className="topbar-link" onClick={() => void logout()}>
                {t('Logout')}
              </button>
            </li>
          ) : null}
        </ul>
      </nav>
      <div className="topbar-tools">
        {/* Not in the spec's bar, and not among its links: a tool beside the others (docs/decisions.md: Labels and scanning). */}
        {signedIn ? (
          <Link href="/scan" className={`p-button p-component p-button-outlined link-button scan-button${location === '/scan' ? ' is-active' : ''}`} aria-current={location === '/scan' ? 'page' : undefined}>
            <span className="p-button-icon p-button-icon-left pi pi-qrcode" aria-hidden="true" />
            <span className="scan-button-label">{t('Scan')}</span>
          </Link>
        ) : null}
        <LanguageChooser />
        <ThemeToggle />
        {/* The name comes from the content: "Offline Activity", and "12 queued" when there is a badge. */}
        <Button type="button" className="offline-activity-button" outlined onClick={onOpenActivity}>
          <span className="p-button-icon p-button-icon-left pi pi-cloud-upload" aria-hidden="true" />
          <span className="offline-activity-label">{t('Offline Activity')}</span>
          <QueueBadge />
        </Button>
      </div>
    </header>
  );
}

/**
 * The count changes many times a second while a flush runs: only this re-renders, not the bar and
 * its buttons.
 */
function QueueBadge() {
  const t = useT();
  const badge = badgeCount(useSnapshot(store).queue.stats.totalItems);
  if (!badge) return null;
  return (
    <>
      {' '}
      {/* PrimeReact's badge classes, drawn without its component: the first screen's script is smaller (BENCHMARKS.md: Sizes). */}
      <span className={`p-badge p-component p-badge-danger offline-activity-badge${badge.length === 1 ? ' p-badge-no-gutter' : ''}`}>{badge}</span>
      <span className="visually-hidden"> {t('queued')}</span>
    </>
  );
}
