import type { NextRequest } from "next/server";
import NextAuth from "next-auth";
import { authOptions } from "@/lib/auth/auth-options";

type Context = { params: Promise<{ nextauth: string[] }> };

// Options are built per request (not at import) so that `next build` needs no configuration.
async function handler(request: NextRequest, context: Context): Promise<Response> {
  const response: Response = await NextAuth(request, context, authOptions());
  return response;
}

export { handler as GET, handler as POST };
