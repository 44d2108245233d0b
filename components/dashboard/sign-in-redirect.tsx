"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useEffect } from "react";
import { Loading } from "@/components/ui/skeleton";

/**
 * What the dashboard layout renders for a signed-out visitor instead of the page: it sends the
 * browser to sign-in with the current path as callbackUrl (a layout cannot know its path on the
 * server, and the /v1 API must not pay for a middleware that would).
 */
export function SignInRedirect() {
  const router = useRouter();
  const pathname = usePathname();
  const search = useSearchParams().toString();
  const target = `/sign-in?callbackUrl=${encodeURIComponent(search ? `${pathname}?${search}` : pathname)}`;
  useEffect(() => {
    router.replace(target);
  }, [router, target]);
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-2">
      <Loading label="Redirecting to sign-in" />
      <a href={target} className="text-sm text-blue-700 underline">
        Sign in
      </a>
    </main>
  );
}
