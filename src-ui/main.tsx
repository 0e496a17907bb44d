/** Entry point: theme first (no unstyled flash), then the data worker bridge, the service worker and the app. */
import 'primeicons/primeicons.css';
import './styles/app.css';
import './styles/light-theme.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { startBridge } from './state/bridge';
import { registerServiceWorker } from './sw/registration';
import { applyTheme, themeState } from './theme/theme';

void applyTheme(themeState.theme);
void startBridge();
void registerServiceWorker();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
