/**
 * Entry point: theme first (no unstyled flash), then the data worker bridge and the service worker,
 * then the app. React's DOM renderer and the app are two dynamic imports asked for at once: the
 * renderer, the smaller graph, arrives and runs first in a task of its own, and the app's module
 * then finds it run. Imported statically, all of it ran as one task, the first visit's longest on
 * a slow handset.
 */
import 'primeicons/primeicons.css';
import './styles/app.css';
import './styles/light-theme.css';
import { subscribe } from 'valtio/vanilla';
import { startLanguage } from './i18n/language';
import { startBridge } from './state/bridge';
import { store } from './state/store';
import { registerServiceWorker } from './sw/registration';
import { applyTheme, themeState } from './theme/theme';
import { skipRepeatedComponentStyleWrites } from './theme/component-styles';

skipRepeatedComponentStyleWrites();

void applyTheme(themeState.theme);
// The app draws once its language's catalogue is loaded (app/mount.tsx waits for it): a Spanish
// reader never sees the first screen in English first.
void startLanguage(
  () => store.session.user?.language,
  (listener) => subscribe(store, listener),
);
void startBridge();
void registerServiceWorker();

void import('react-dom/client');
void import('./app/mount');
