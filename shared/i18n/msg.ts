/**
 * Marks a text for the catalogue where it is defined but said later with `t(value)`; returns it
 * unchanged (docs/i18n.md). A module of its own, without the translation runtime, so a module that
 * only names texts (the tab's toast queue, loaded before the app) does not bring the runtime with it.
 */
export function msg<T extends string>(id: T): T {
  return id;
}
