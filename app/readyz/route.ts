import { jsonFromError, jsonOk, plainMethodNotAllowed } from "@/lib/api/respond";
import { checkReadiness } from "@/lib/maintenance/check-readiness";

/** Readiness: PostgreSQL and Redis answer (503 SERVER_SERVICE_UNAVAILABLE naming the one down). */
export async function GET(): Promise<Response> {
  try {
    return jsonOk(await checkReadiness());
  } catch (error) {
    return jsonFromError(error);
  }
}

// a method it does not serve: 405 in the envelope with Allow (lib/api/respond.ts)
export const { POST, PUT, PATCH, DELETE } = plainMethodNotAllowed(["GET"]);
