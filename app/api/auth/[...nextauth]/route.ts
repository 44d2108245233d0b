import { NextRequest } from "next/server";
import NextAuth from "next-auth";
import { BODY_LIMITS, readBody } from "@/lib/api/read-body";
import { jsonFromError } from "@/lib/api/respond";
import { authOptions } from "@/lib/auth/auth-options";

type Context = { params: Promise<{ nextauth: string[] }> };

// Options are built per request (not at import) so that `next build` needs no configuration.
async function handler(request: NextRequest, context: Context): Promise<Response> {
  let bounded = request;
  if (request.method === "POST") {
    // next-auth would read any body whole: read it through the bounded reader first
    try {
      const body = new Uint8Array(await readBody(request, BODY_LIMITS.signIn));
      bounded = new NextRequest(request, { body });
    } catch (error) {
      return jsonFromError(error);
    }
  }
  const response: Response = await NextAuth(bounded, context, authOptions());
  return response;
}

export { handler as GET, handler as POST };
