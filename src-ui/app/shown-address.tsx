/**
 * The address as the screens see it: the browser's path and search, taken together as one snapshot
 * and handed to React as a deferred value. A click on a link changes the browser's address at once,
 * but the screen it leads to is drawn at low priority, in slices between input events, instead of in
 * the click's own task (wouter reads the address through useSyncExternalStore, whose updates React
 * otherwise draws in one go).
 *
 * Why one snapshot in a context, not a deferred value in every component that reads the address: a
 * deferred value is per component, and a component that re-renders at low priority for its own
 * reasons (a read's result is applied in a transition) gets the newest address at once. The screen
 * still mounted for the old address would then see the next screen's search (`?location=3003` of
 * the part list read by the task list, which remembered it as its own filter). From one snapshot,
 * the route table and every screen under it always read the same address: a screen is only ever
 * drawn for an address its route matches.
 */
import { createContext, useContext, useDeferredValue, useMemo, type ReactNode } from 'react';
import { navigate, usePathname, useSearch as useBrowserSearch, type BrowserLocationHook, type BrowserSearchHook } from 'wouter/use-browser-location';

export interface Address {
  path: string;
  search: string;
}

const ShownAddress = createContext<Address | null>(null);

/** Holds the address the screens are drawn for; wraps wouter's Router (app/mount.tsx). */
export function ShownAddressProvider({ children }: { children: ReactNode }) {
  const path = usePathname();
  const search = useBrowserSearch();
  const address = useMemo<Address>(() => ({ path, search }), [path, search]);
  return <ShownAddress.Provider value={useDeferredValue(address)}>{children}</ShownAddress.Provider>;
}

function useShownAddress(): Address {
  const address = useContext(ShownAddress);
  if (!address) throw new Error('the router must sit inside ShownAddressProvider');
  return address;
}

/** wouter's `hook`: the path of the shown address, and the browser's own navigation. */
export const useShownLocation: BrowserLocationHook = () => [useShownAddress().path, navigate];

/** wouter's `searchHook`: the search of the same snapshot as the path. */
export const useShownSearch: BrowserSearchHook = () => useShownAddress().search;
