/** Draws the app into #root (see main.tsx for why this is a step of its own). */
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { Router } from 'wouter';
import { App } from './App';
import { ShownAddressProvider, useShownLocation, useShownSearch } from './shown-address';
import { subscribe } from 'valtio/vanilla';
import { startLanguage } from '../i18n/language';
import { store } from '../state/store';

// Drawn once the device's language is loaded: a Spanish reader never sees the first screen in
// English first. Started here, not in main.tsx, so the entry's script stays free of React and the
// catalogues' runtime (BENCHMARKS.md: Sizes).
void startLanguage(
  () => store.session.user?.language,
  (listener) => subscribe(store, listener),
).then(() =>
  // A transition: the first render is drawn in slices (under the splash) rather than in one long task.
  startTransition(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <ShownAddressProvider>
          <Router hook={useShownLocation} searchHook={useShownSearch}>
            <App />
          </Router>
        </ShownAddressProvider>
      </StrictMode>,
    ),
  ),
);
