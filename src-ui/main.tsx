/**
 * Entry point: theme first (no unstyled flash), then the data worker bridge and the service worker,
 * then the app. React's DOM renderer and the app are loaded as two modules asked for at once but
 * run one after the other, each in a task of its own: run as one, they made the first visit's
 * longest task on a slow handset (all of the app's script at once).
 */
import 'primeicons/primeicons.css';
import './styles/app.css';
import './styles/light-theme.css';
import { startBridge } from './state/bridge';
import { registerServiceWorker } from './sw/registration';
import { applyTheme, themeState } from './theme/theme';

void applyTheme(themeState.theme);
void startBridge();
void registerServiceWorker();

const renderer = import('react-dom/client');
const app = import('./app/mount');
void renderer.then(() => app);
