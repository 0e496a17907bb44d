/**
 * UI preferences kept in the browser (theme, remembered filters): the only storage a tab touches
 * itself. Storage can be refused (private mode, full quota); then nothing is remembered.
 */

function safeGet(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
}

function safeSet(storage: () => Storage, key: string, value: string): void {
  try {
    storage().setItem(key, value);
  } catch {
    // Refused: the preference lasts for this page only, which is harmless.
  }
}

/** Kept across visits (localStorage). */
export const devicePreference = {
  get: (key: string) => safeGet(() => localStorage, key),
  set: (key: string, value: string) => safeSet(() => localStorage, key, value),
};

/** Kept for this tab's session (sessionStorage). */
export const tabPreference = {
  get: (key: string) => safeGet(() => sessionStorage, key),
  set: (key: string, value: string) => safeSet(() => sessionStorage, key, value),
};
