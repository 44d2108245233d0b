/** Far deeper than any Cloud API notification (about 8 levels); bounds the copy below. */
export const MAX_NOTIFICATION_DEPTH = 64;

// biome-ignore lint/suspicious/noControlCharactersInRegex: U+0000 is exactly what must be found
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** U+0000 and unpaired surrogates, which PostgreSQL's jsonb refuses, become U+FFFD. */
export function replaceUnstorable(text: string): string {
  return text.replace(UNSTORABLE, "\uFFFD");
}

type Slot = { value: unknown; put: (v: unknown) => void; depth: number };

function define(target: object, key: string, value: unknown): void {
  // defineProperty, not assignment: a "__proto__" key stays data instead of changing the prototype
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * A copy of a parsed notification that jsonb can store, with every string and key cleaned by
 * replaceUnstorable; `undefined` when it nests deeper than MAX_NOTIFICATION_DEPTH. Iterative,
 * so that no nesting overflows the call stack.
 */
export function sanitizeNotification(payload: unknown): unknown {
  const root: { value?: unknown } = {};
  const stack: Slot[] = [{ value: payload, put: (v) => (root.value = v), depth: 0 }];
  for (let slot = stack.pop(); slot !== undefined; slot = stack.pop()) {
    const { value, put, depth } = slot;
    if (typeof value === "string") put(replaceUnstorable(value));
    else if (value === null || typeof value !== "object") put(value);
    else if (depth >= MAX_NOTIFICATION_DEPTH) return undefined;
    else if (Array.isArray(value)) {
      const copy: unknown[] = new Array(value.length);
      put(copy);
      value.forEach((child, i) => {
        stack.push({ value: child, put: (v) => (copy[i] = v), depth: depth + 1 });
      });
    } else {
      const copy = {};
      put(copy);
      for (const [key, child] of Object.entries(value)) {
        const clean = replaceUnstorable(key);
        define(copy, clean, null); // keeps the keys in their order; the value is filled in below
        stack.push({ value: child, put: (v) => define(copy, clean, v), depth: depth + 1 });
      }
    }
  }
  return root.value;
}
