/**
 * PrimeReact 10 keeps each component's structural CSS in a <style data-primereact-style-id> element
 * in <head>, and every time any of its components mounts it writes that element's text again, the
 * same text (primereact/hooks useStyle: `load()` sets `textContent` whether or not the element
 * already had it). Each such write replaces a stylesheet, so the browser matches every rule against
 * every element of the page again: on a handset at 4× CPU, opening a confirm dialog spent most of a
 * 60–150 ms task restyling a page that had not changed (issue 28's traces: "Style rule change" and
 * "@keyframes rule change" on every button).
 *
 * So a write of the text such an element already holds is skipped; any other write (the first, a
 * theme's or a pass-through's new CSS) goes through. Scoped to PrimeReact's own style elements by
 * their attribute, and set up once, before the first component mounts (main.tsx).
 */
const PRIME_STYLE_ATTRIBUTE = 'data-primereact-style-id';

export function skipRepeatedComponentStyleWrites(): void {
  const text = Object.getOwnPropertyDescriptor(Node.prototype, 'textContent');
  if (!text?.get || !text.set) return;
  const { get, set } = text;
  /** What was last written to each element through this setter (the same string object each time). */
  const written = new WeakMap<HTMLStyleElement, string>();
  Object.defineProperty(HTMLStyleElement.prototype, 'textContent', {
    configurable: true,
    enumerable: text.enumerable ?? true,
    get(this: HTMLStyleElement) {
      return get.call(this) as string | null;
    },
    set(this: HTMLStyleElement, value: string | null) {
      if (typeof value === 'string' && this.hasAttribute(PRIME_STYLE_ATTRIBUTE) && (written.get(this) === value || get.call(this) === value)) return;
      set.call(this, value);
      if (typeof value === 'string') written.set(this, value);
    },
  });
}
