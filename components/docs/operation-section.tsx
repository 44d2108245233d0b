import type { ReactNode } from "react";
import type { OperationView } from "@/lib/openapi/reference";
import { CodeBlock } from "./code-block";
import { ErrorCodesTable } from "./error-codes-table";
import { FieldsTable } from "./fields-table";
import { Paragraphs } from "./inline-text";
import { MethodBadge } from "./method-badge";

function Part({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <div className="space-y-3">
      <h4 className="text-sm font-semibold text-slate-900">{title}</h4>
      {children}
    </div>
  );
}

const json = (value: unknown) => JSON.stringify(value, null, 2);

/** One operation: how to call it, what it answers, how it fails. */
export function OperationSection({ op }: { op: OperationView }) {
  const { success } = op;
  return (
    <article id={op.id} className="scroll-mt-6 space-y-6 border-b border-slate-200 py-10">
      <header className="space-y-3">
        <h3 className="text-xl font-semibold text-slate-900">{op.summary}</h3>
        <div className="flex flex-wrap items-center gap-3">
          <MethodBadge method={op.method} />
          <code className="min-w-0 font-mono text-sm wrap-anywhere text-slate-900">{op.path}</code>
          <span className="rounded-full bg-violet-50 px-2 py-0.5 font-mono text-xs text-violet-700">
            scope {op.scope}
          </span>
        </div>
        <Paragraphs text={op.description} />
      </header>
      {op.params.length > 0 ? (
        <Part title="Parameters">
          <FieldsTable rows={op.params} withLocation />
        </Part>
      ) : null}
      {op.body ? (
        <Part title="Request body (application/json)">
          <FieldsTable rows={op.body.fields} />
          <CodeBlock label="Example request body" code={json(op.body.example)} />
        </Part>
      ) : null}
      <Part
        title={
          <>
            Response {success.status}: <code className="font-mono font-normal">data</code> is{" "}
            <code className="font-mono font-normal text-violet-700">{success.data}</code>
            {success.list ? (
              <>
                , with pagination <code className="font-mono font-normal">meta</code>
              </>
            ) : null}
          </>
        }
      >
        {success.fields.length > 0 ? <FieldsTable rows={success.fields} /> : null}
        <CodeBlock label={`Example response ${success.status}`} code={json(success.example)} />
      </Part>
      <Part title="Errors">
        <ErrorCodesTable errors={op.errors} />
      </Part>
    </article>
  );
}
