"use client";

import { formatDate, formatDateTime, formatRelative } from "@/components/lib/format";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Table, TBody, Td, THead, Th, Tr } from "@/components/ui/table";
import type { ApiKeyJson, KeyStatus } from "@/lib/keys/schemas";

const STATUS_TONE: Record<KeyStatus, BadgeTone> = {
  active: "success",
  revoked: "neutral",
  expired: "warning",
};
const STATUS_LABEL: Record<KeyStatus, string> = { active: "Active", revoked: "Revoked", expired: "Expired" };

/** The organization's keys; revoked and expired ones stay listed, greyed, for the record. */
export function KeysTable({ keys, onRevoke }: { keys: ApiKeyJson[]; onRevoke: (key: ApiKeyJson) => void }) {
  return (
    <Table caption="API keys">
      <THead>
        <tr>
          <Th>Name</Th>
          <Th>Scopes</Th>
          <Th>Used</Th>
          <Th>Status</Th>
          <Th>
            <span className="sr-only">Actions</span>
          </Th>
        </tr>
      </THead>
      <TBody>
        {keys.map((key) => (
          <Tr key={key.id} className={key.status === "active" ? undefined : "text-slate-500"}>
            <Td className="min-w-0">
              <span className="block font-medium break-words">{key.name}</span>
              <code className="rounded bg-slate-100 px-1.5 py-0.5 text-xs break-all">{key.display}</code>
              <span className="block text-xs text-slate-600">
                {key.kind === "sk" ? "Secret" : "Publishable"} key
              </span>
            </Td>
            <Td label="Scopes">
              <ul className="flex max-w-xs flex-wrap gap-1" aria-label="Scopes">
                {key.scopes.map((scope) => (
                  <li key={scope}>
                    <Badge tone="info">{scope}</Badge>
                  </li>
                ))}
              </ul>
            </Td>
            <Td label="Used">
              <span className="block" title={formatDateTime(key.last_used_at, "Never used")}>
                {key.last_used_at ? `Last used ${formatRelative(key.last_used_at)}` : "Never used"}
              </span>
              <span className="block text-xs text-slate-600">Created {formatDate(key.created_at)}</span>
              <span className="block text-xs text-slate-600">
                {key.expires_at ? `Expires ${formatDate(key.expires_at)}` : "Never expires"}
              </span>
            </Td>
            <Td label="Status">
              <Badge tone={STATUS_TONE[key.status]}>{STATUS_LABEL[key.status]}</Badge>
            </Td>
            <Td className="text-right max-sm:text-left">
              {key.status === "revoked" ? null : (
                <Button
                  variant="ghostDanger"
                  size="sm"
                  className="border border-red-200"
                  onClick={() => onRevoke(key)}
                >
                  Revoke<span className="sr-only"> {key.name}</span>
                </Button>
              )}
            </Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}
