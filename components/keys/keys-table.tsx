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
          <Th>Key</Th>
          <Th>Kind</Th>
          <Th>Scopes</Th>
          <Th>Created</Th>
          <Th>Last used</Th>
          <Th>Expires</Th>
          <Th>Status</Th>
          <Th>
            <span className="sr-only">Actions</span>
          </Th>
        </tr>
      </THead>
      <TBody>
        {keys.map((key) => (
          <Tr key={key.id} className={key.status === "active" ? undefined : "text-slate-500"}>
            <Td className="font-medium">{key.name}</Td>
            <Td label="Key">
              <code className="rounded bg-slate-100 px-1.5 py-0.5 text-xs whitespace-nowrap">
                {key.display}
              </code>
            </Td>
            <Td label="Kind">{key.kind === "sk" ? "Secret" : "Publishable"}</Td>
            <Td label="Scopes">
              <ul className="flex max-w-xs flex-wrap gap-1" aria-label="Scopes">
                {key.scopes.map((scope) => (
                  <li key={scope}>
                    <Badge tone="info">{scope}</Badge>
                  </li>
                ))}
              </ul>
            </Td>
            <Td label="Created" className="whitespace-nowrap">
              {formatDate(key.created_at)}
            </Td>
            <Td
              label="Last used"
              className="whitespace-nowrap"
              title={formatDateTime(key.last_used_at, "Never used")}
            >
              {formatRelative(key.last_used_at, "Never")}
            </Td>
            <Td label="Expires" className="whitespace-nowrap">
              {formatDate(key.expires_at, "Never")}
            </Td>
            <Td label="Status">
              <Badge tone={STATUS_TONE[key.status]}>{STATUS_LABEL[key.status]}</Badge>
            </Td>
            <Td className="text-right">
              {key.status === "revoked" ? null : (
                <Button variant="ghostDanger" size="sm" onClick={() => onRevoke(key)}>
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
