/** Entry point: theme first (no unstyled flash), then the data worker bridge, the service worker and the app. */
import 'primeicons/primeicons.css';
import './styles/app.css';
import './styles/light-theme.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { Router } from 'wouter';
import { App } from './app/App';
import { useDeferredLocation, useDeferredSearch } from './app/deferred-location';
import { startBridge } from './state/bridge';
import { registerServiceWorker } from './sw/registration';
import { applyTheme, themeState } from './theme/theme';

void applyTheme(themeState.theme);
void startBridge();
void registerServiceWorker();

// A transition: the first render is drawn in slices (under the splash) rather than in one long task.
startTransition(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Router hook={useDeferredLocation} searchHook={useDeferredSearch}>
        <App />
      </Router>
    </StrictMode>,
  ),
);
