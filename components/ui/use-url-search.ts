"use client";

import { useEffect, useRef, useState } from "react";
import { useDebouncedValue } from "@/components/ui/use-debounced-value";
import { useUrlParams } from "@/components/ui/use-url-params";

/**
 * A search box kept in the URL parameter `key`: the box answers at once, the URL follows when
 * typing pauses (replacing, one history entry per search, back to page 1), and Back or Forward
 * to another search puts that text back in the box. Returns the box's text and the URL's value.
 */
export function useUrlSearch(key = "q"): [string, (text: string) => void, string] {
  const { params, replace } = useUrlParams();
  const inUrl = params.get(key) ?? "";
  const [text, setText] = useState(inUrl);
  const typed = useDebouncedValue(text.trim(), 300);
  // the last search this box wrote to the URL: when that navigation lands after more typing
  // (a slow server), it is our own echo and must not put the older text back in the box
  const written = useRef(inUrl.trim());
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new debounced text writes the URL
  useEffect(() => {
    if (typed === inUrl.trim()) return;
    written.current = typed;
    replace({ [key]: typed, page: null });
  }, [typed]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a URL change resets the box
  useEffect(() => {
    if (inUrl.trim() === written.current) return;
    written.current = inUrl.trim();
    if (inUrl.trim() !== text.trim()) setText(inUrl);
  }, [inUrl]);
  return [text, setText, inUrl.trim()];
}
