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
  // the last search this box asked for, and those of its navigations not yet seen in the URL:
  // when one lands after more typing (a slow server), it is our own echo and must not put the
  // older text back in the box; and a text is compared with what was asked, not with the URL
  // on screen, which may still be the one before a navigation on its way
  const written = useRef(inUrl.trim());
  const onTheirWay = useRef<string[]>([]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new debounced text writes the URL
  useEffect(() => {
    if (typed === written.current) return;
    written.current = typed;
    onTheirWay.current.push(typed);
    replace({ [key]: typed, page: null });
  }, [typed]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a URL change resets the box
  useEffect(() => {
    const now = inUrl.trim();
    const echo = onTheirWay.current.lastIndexOf(now);
    if (echo >= 0) {
      // our own navigation landed; any asked before it were overtaken
      onTheirWay.current.splice(0, echo + 1);
      return;
    }
    // Back, Forward or a link: the URL speaks, the box follows
    onTheirWay.current = [];
    written.current = now;
    if (now !== text.trim()) setText(inUrl);
  }, [inUrl]);
  return [text, setText, inUrl.trim()];
}
