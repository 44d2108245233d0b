"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";

export type UrlPatch = Record<string, string | null>;

/**
 * A list page's state in its URL (page, search, filters): reload, Back and a shared link show
 * the same list. `push` for a choice the user may want to go Back from; `replace` for typing.
 * An empty or null value removes the parameter, so defaults keep URLs short.
 */
export function useUrlParams() {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const hrefWith = (patch: UrlPatch) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(patch)) {
      if (value === null || value === "") next.delete(key);
      else next.set(key, value);
    }
    const query = next.toString();
    return query ? `${pathname}?${query}` : pathname;
  };
  return {
    params,
    push: (patch: UrlPatch) => router.push(hrefWith(patch), { scroll: false }),
    replace: (patch: UrlPatch) => router.replace(hrefWith(patch), { scroll: false }),
  };
}
