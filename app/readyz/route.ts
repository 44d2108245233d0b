import { jsonFromError, jsonOk } from "@/lib/api/respond";
import { checkReadiness } from "@/lib/maintenance/check-readiness";

/** Readiness: PostgreSQL and Redis answer (503 SERVER_SERVICE_UNAVAILABLE naming the one down). */
export async function GET(): Promise<Response> {
  try {
    return jsonOk(await checkReadiness());
  } catch (error) {
    return jsonFromError(error);
  }
}
