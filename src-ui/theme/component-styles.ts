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
  const { get, set } = Object.getOwnPropertyDescriptor(Node.prototype, 'textContent')!;
  // What was last written to each style element: PrimeReact writes its elements through
  // textContent only, so this is what they hold, and the same CSS is the same string object.
  const written = new WeakMap<Node, string | null>();
  Object.defineProperty(HTMLStyleElement.prototype, 'textContent', {
    configurable: true,
    get,
    set(this: HTMLStyleElement, value: string | null) {
      if (written.get(this) === value && this.hasAttribute(PRIME_STYLE_ATTRIBUTE)) return;
      written.set(this, value);
      set!.call(this, value);
    },
  });
}
