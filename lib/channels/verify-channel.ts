import { randomUUID } from "node:crypto";
import { ApiError } from "@/lib/api/errors";
import type { AddChannelBody } from "@/lib/channels/channel-schemas";
import { type GraphChannel, graphBase, graphRequest } from "@/lib/cloud-api/graph-client";
import { UpstreamError } from "@/lib/cloud-api/graph-error";
import { dashboardGraphUrlProblem } from "@/lib/cloud-api/graph-origins";
import { sealSecret } from "@/lib/crypto/secret-box";

type PhoneNumber = { display_phone_number?: string; verified_name?: string };

function invalid(field: string, hint: string): ApiError {
  return new ApiError("VALIDATION_INVALID_FIELD", `Invalid field ${field}: ${hint}`, { field, hint });
}

function explain(error: unknown, field: string, base: string): ApiError {
  if (!(error instanceof UpstreamError)) throw error;
  const f = error.failure;
  if (f.kind === "rejected") {
    const onToken = f.error.code === 190 || f.error.code === 104;
    return invalid(onToken ? "access_token" : field, `WhatsApp refused it: ${f.error.message}`);
  }
  return invalid("graph_url", `could not reach the Graph API at ${base} (${f.message})`);
}

/**
 * Before a channel is stored, its credentials are tried against the Graph API it names: the
 * phone number must be readable with the token (GET /{phone_number_id}) and the WABA's templates
 * listable (the sync needs them). A custom Graph URL must be one the operator trusts (Meta's,
 * WHATSAPP_GRAPH_URL's or one on WHATSAPP_GRAPH_URL_ALLOWLIST); any other is for the operator
 * CLI alone (a new token for a stored channel keeps the URL it has). The requests themselves go
 * through the guarded client. Answers the display number and verified name the upstream knows.
 */
export async function verifyChannel(
  organizationId: string,
  body: Pick<AddChannelBody, "phone_number_id" | "waba_id" | "access_token" | "graph_url">,
  options: { storedGraphUrl?: boolean } = {},
): Promise<PhoneNumber> {
  // a stored channel's Graph URL was checked when it was set (or set by the operator's CLI)
  if (body.graph_url && !options.storedGraphUrl) {
    const problem = dashboardGraphUrlProblem(body.graph_url);
    if (problem) throw invalid("graph_url", problem);
  }
  const id = randomUUID();
  const probe: GraphChannel = {
    id,
    organizationId,
    graphUrl: body.graph_url ?? null,
    accessTokenEnc: sealSecret(body.access_token, organizationId, id),
  };
  const base = graphBase(probe);
  const number = await graphRequest<PhoneNumber>(
    probe,
    `${body.phone_number_id}?fields=display_phone_number,verified_name`,
    { timeoutMs: 8_000 },
  ).catch((error: unknown) => {
    throw explain(error, "phone_number_id", base);
  });
  await graphRequest(probe, `${body.waba_id}/message_templates?limit=1`, { timeoutMs: 8_000 }).catch(
    (error: unknown) => {
      throw explain(error, "waba_id", base);
    },
  );
  return number;
}
