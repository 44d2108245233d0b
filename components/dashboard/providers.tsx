"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { DashboardRequestError } from "@/components/lib/fetch-json";
import { ToastProvider } from "@/components/ui/toast";

function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        refetchOnWindowFocus: true,
        // a 4xx will not change by asking again; network and 5xx errors get two more tries
        retry: (count, error) =>
          !(error instanceof DashboardRequestError && error.status >= 400 && error.status < 500) && count < 2,
      },
    },
  });
}

/** Client-side state of the signed-in area: one react-query cache per tab, and toasts. */
export function DashboardProviders({ children }: { children: ReactNode }) {
  const [client] = useState(makeQueryClient);
  return (
    <QueryClientProvider client={client}>
      <ToastProvider>{children}</ToastProvider>
    </QueryClientProvider>
  );
}
