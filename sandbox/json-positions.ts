/** Where a value sits in a JSON text, 1-based, end inclusive, as Flows API validation errors count. */
export type Span = { line_start: number; line_end: number; column_start: number; column_end: number };

/**
 * The span of every value of a (valid) JSON text by its path, written as the Flows API writes
 * pointers: `screens[0].layout.children[1].type`; the root is "". A small scanner of our own:
 * JSON.parse does not tell where things are.
 */
export function locateJson(text: string): Map<string, Span> {
  const spans = new Map<string, Span>();
  let i = 0;
  let line = 1;
  let col = 1;
  const advance = () => {
    if (text[i] === "\n") {
      line++;
      col = 1;
    } else col++;
    i++;
  };
  const skipSpace = () => {
    while (i < text.length && /\s/.test(text[i] ?? "")) advance();
  };
  const readString = (): string => {
    let raw = "";
    advance(); // opening quote
    while (i < text.length && text[i] !== '"') {
      if (text[i] === "\\") {
        raw += text[i];
        advance();
      }
      raw += text[i];
      advance();
    }
    advance(); // closing quote
    return JSON.parse(`"${raw}"`) as string;
  };
  const value = (path: string): void => {
    skipSpace();
    const start = { line, col };
    const ch = text[i];
    if (ch === "{") {
      advance();
      skipSpace();
      while (i < text.length && text[i] !== "}") {
        const key = readString();
        skipSpace();
        advance(); // colon
        value(path === "" ? key : `${path}.${key}`);
        skipSpace();
        if (text[i] === ",") advance();
        skipSpace();
      }
      advance();
    } else if (ch === "[") {
      advance();
      skipSpace();
      let index = 0;
      while (i < text.length && text[i] !== "]") {
        value(`${path}[${index++}]`);
        skipSpace();
        if (text[i] === ",") advance();
        skipSpace();
      }
      advance();
    } else if (ch === '"') {
      readString();
    } else {
      while (i < text.length && /[^\s,\]}]/.test(text[i] ?? "")) advance();
    }
    spans.set(path, { line_start: start.line, column_start: start.col, line_end: line, column_end: col - 1 });
  };
  try {
    value("");
  } catch {
    // a text JSON.parse refused has no spans; callers fall back to line 1
  }
  return spans;
}
