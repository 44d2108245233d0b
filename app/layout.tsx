import type { Metadata } from "next";
import type { ReactNode } from "react";
import { HydrationMark } from "@/components/hydration-mark";
import "./globals.css";

export const metadata: Metadata = {
  title: "Messaging API",
  description: "Customer messaging on WhatsApp: API, webhooks and dashboard",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased">
        {children}
        <HydrationMark />
      </body>
    </html>
  );
}
