/**
 * The address as the screens see it: the browser's, handed to React as a deferred value. A click
 * on a link changes the browser's address at once, but the screen it leads to is drawn at low
 * priority, in slices between input events, instead of in the click's own task (wouter reads the
 * address through useSyncExternalStore, whose updates React otherwise draws in one go). Path and
 * search are deferred together, so no screen ever sees one without the other.
 */
import { useDeferredValue } from 'react';
import { useBrowserLocation, useSearch as useBrowserSearch, type BrowserLocationHook, type BrowserSearchHook } from 'wouter/use-browser-location';

export const useDeferredLocation: BrowserLocationHook = (options) => {
  const [path, navigate] = useBrowserLocation(options);
  return [useDeferredValue(path), navigate];
};

export const useDeferredSearch: BrowserSearchHook = (options) => useDeferredValue(useBrowserSearch(options));
