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
import { startBridge } from './state/bridge';
import { registerServiceWorker } from './sw/registration';
import { applyTheme, themeState } from './theme/theme';
import { skipRepeatedComponentStyleWrites } from './theme/component-styles';

skipRepeatedComponentStyleWrites();

void applyTheme(themeState.theme);
void startBridge();
void registerServiceWorker();

void import('react-dom/client');
void import('./app/mount');
