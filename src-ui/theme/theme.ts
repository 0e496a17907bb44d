/**
 * Light and dark themes (PrimeReact 10 lara), swapped at run time by linking the built stylesheet
 * of the chosen theme. Default dark; the choice is kept in localStorage 'theme'.
 */
import { proxy } from 'valtio';
import { devicePreference } from '../state/preferences';
import darkThemeUrl from 'primereact/resources/themes/lara-dark-blue/theme.css?url';
import lightThemeUrl from 'primereact/resources/themes/lara-light-blue/theme.css?url';

export type ThemeName = 'dark' | 'light';

const STORAGE_KEY = 'theme';
const LINK_ATTRIBUTE = 'data-theme-stylesheet';
const THEME_URLS: Record<ThemeName, string> = { dark: darkThemeUrl, light: lightThemeUrl };
/** Matches the top bar of each theme, for the browser's UI. */
const THEME_COLORS: Record<ThemeName, string> = { dark: '#1f2937', light: '#ffffff' };

function storedTheme(): ThemeName {
  return devicePreference.get(STORAGE_KEY) === 'light' ? 'light' : 'dark';
}

export const themeState = proxy({ theme: storedTheme() });

/** Applies a theme; resolves once its stylesheet has loaded (or failed to). */
export function applyTheme(theme: ThemeName): Promise<void> {
  themeState.theme = theme;
  devicePreference.set(STORAGE_KEY, theme);
  document.documentElement.dataset.theme = theme;
  document.documentElement.style.colorScheme = theme;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLORS[theme]);

  const href = THEME_URLS[theme];
  const previous = [...document.querySelectorAll<HTMLLinkElement>(`link[${LINK_ATTRIBUTE}]`)];
  if (previous.length === 1 && previous[0]!.getAttribute('href') === href) return Promise.resolve();
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.setAttribute(LINK_ATTRIBUTE, theme);
  // The old theme stays until the new one has loaded, so the page never shows unstyled.
  const done = new Promise<void>((resolve) => {
    const finish = () => {
      for (const old of previous) old.remove();
      resolve();
    };
    link.addEventListener('load', finish, { once: true });
    link.addEventListener('error', finish, { once: true });
  });
  link.href = href;
  // Before the app's own stylesheet, so the app can refine the theme.
  document.head.prepend(link);
  return done;
}

export function toggleTheme(): Promise<void> {
  return applyTheme(themeState.theme === 'dark' ? 'light' : 'dark');
}
