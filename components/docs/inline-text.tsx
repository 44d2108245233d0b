/** Pieces of `text` with their offsets, which serve as stable React keys. */
function pieces(text: string, separator: RegExp): { at: number; part: string }[] {
  let at = 0;
  return text.split(separator).map((part) => {
    const piece = { at, part };
    at += part.length;
    return piece;
  });
}

/** Text with `inline code` in backticks, the only markup our descriptions use. */
export function InlineText({ text }: { text: string }) {
  return (
    <>
      {pieces(text, /(`[^`]+`)/).map(({ at, part }) =>
        part.length > 2 && part.startsWith("`") && part.endsWith("`") ? (
          <code key={at} className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.85em] text-slate-800">
            {part.slice(1, -1)}
          </code>
        ) : (
          part
        ),
      )}
    </>
  );
}

/** Paragraphs separated by blank lines, each with inline code. */
export function Paragraphs({ text, className = "" }: { text: string; className?: string }) {
  return (
    <>
      {pieces(text, /\n{2,}/).map(({ at, part }) => (
        <p key={at} className={`leading-relaxed text-slate-700 ${className}`}>
          <InlineText text={part} />
        </p>
      ))}
    </>
  );
}
