/** The app shell (behaviour §2 Global elements) around the routed screens. */
import { PrimeReactProvider } from 'primereact/api';
import { Suspense, lazy, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { useSnapshot } from 'valtio';
import { Footer } from '../components/Footer';
import { GlobalSpinner } from '../components/GlobalSpinner';
import { OfflineBanner } from '../components/OfflineBanner';
import { Splash, useSplash } from '../components/Splash';
import { TopBar } from '../components/TopBar';
import { UpdatePrompt } from '../components/UpdatePrompt';
import { activeLocale } from '../../shared/i18n/translate';
import { useT } from '../i18n/language';
import { useIsOffline } from '../state/hooks';
import { connection, store } from '../state/store';
import { PendingScan } from './PendingScan';
import { AppRoutes } from './routes';

/**
 * The panel's code (PrimeReact's Sidebar and its rows) loads when it is first opened, not before the
 * first screen; the service worker precaches it, so it opens offline too.
 */
const OfflineActivityPanel = lazy(() => import('../components/OfflineActivityPanel').then((m) => ({ default: m.OfflineActivityPanel })));

/**
 * Toasts are raised from the start but shown by a component loaded once the splash is gone
 * (state/toasts keeps any raised before it is there): PrimeReact's Toast is not needed to paint.
 */
const AppToasts = lazy(() => import('../components/AppToasts').then((m) => ({ default: m.AppToasts })));

export function App() {
  const splash = useSplash();
  const [activityOpen, setActivityOpen] = useState(false);
  const openActivity = useCallback(() => setActivityOpen(true), []);
  const closeActivity = useCallback(() => setActivityOpen(false), []);
  const [path] = useLocation();
  const main = useRef<HTMLElement>(null);
  const shownPath = useRef(path);

  // A new screen moves keyboard and screen-reader focus to its content, as a page load would.
  useEffect(() => {
    if (path === shownPath.current) return;
    shownPath.current = path;
    main.current?.focus();
  }, [path]);

  return (
    // PrimeReact's provider sets PrimeReact's locale once, as it mounts: to the language the app is
    // drawn in (src-ui/i18n/primereact-locale.ts registers it, and sets each later change itself).
    <PrimeReactProvider value={{ ripple: false, locale: activeLocale() }}>
      {splash ? <Splash /> : null}
      <ShellFrame inert={splash}>
        <SkipLink />
        <TopBar onOpenActivity={openActivity} />
        <main id="main" className="app-main" tabIndex={-1} ref={main}>
          <AppRoutes />
        </main>
        <PendingScan />
        <Footer />
      </ShellFrame>
      <OfflineBanner />
      {/* Mounted only while open: a closed panel must not re-render on every queue change. */}
      {activityOpen ? (
        <Suspense fallback={null}>
          <OfflineActivityPanel visible onHide={closeActivity} />
        </Suspense>
      ) : null}
      <GlobalSpinner />
      <UpdatePrompt />
      {/* After the splash: nothing is toasted under it, and the first screen does not wait for the toasts' code. */}
      {splash ? null : (
        <Suspense fallback={null}>
          <AppToasts />
        </Suspense>
      )}
    </PrimeReactProvider>
  );
}

/** Its own component: a change of language redraws the link, not the whole shell. */
function SkipLink() {
  const t = useT();
  return (
    <a className="skip-link" href="#main">
      {t('Skip to content')}
    </a>
  );
}

/**
 * The shell's frame: its class follows the connection and its data attributes the worker's host
 * mode. Kept apart from App so that going offline or online redraws this element only, not the
 * top bar and the screen it holds (their elements are App's, unchanged).
 */
function ShellFrame({ inert, children }: { inert: boolean; children: ReactNode }) {
  const offline = useIsOffline();
  const host = useSnapshot(store).host;
  const connected = useSnapshot(connection).status === 'connected';
  return (
    <div className={`app${offline ? ' is-offline' : ''}`} data-host-mode={connected ? host.mode : undefined} data-host-instance={connected ? host.instanceId : undefined} inert={inert}>
      {children}
    </div>
  );
}

