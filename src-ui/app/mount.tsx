/** Draws the app into #root (see main.tsx for why this is a step of its own). */
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { Router } from 'wouter';
import { App } from './App';
import { ShownAddressProvider, useShownLocation, useShownSearch } from './shown-address';
import { languageReady } from '../i18n/language';

await languageReady();

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
);
