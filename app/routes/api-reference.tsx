import { TableHead } from "#app/components/kit/table-head";
import { api } from "#worker/api";
import { openApiDocument } from "#worker/api/docs";
import type { OpenApiDocument, Operation } from "#worker/api/openapi";
import { PageShell } from "../components/page-shell";
import type { Route } from "./+types/api-reference";
import { PUBLIC_PAGE_CACHE } from "./landing";

/**
 * /api-reference: the human reference of /api, server-rendered from the same OpenAPI document
 * that GET /api/docs serves (worker/api/openapi.ts). Plain HTML: no scripts needed to read it.
 */
export function headers() {
  return { "Cache-Control": PUBLIC_PAGE_CACHE };
}

export const meta = () => [{ title: "API reference — Liberia Agricultural Traceability" }];

type Schema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  items?: Schema;
  format?: string;
  description?: string;
  properties?: Record<string, Schema>;
  required?: string[];
};
type Field = { name: string; type: string; required: boolean; description?: string };

/** A short, readable type: `string`, `one of a, b`, `array of string`, `number or string`. */
function typeOf(s: Schema | undefined): string {
  if (!s) return "any";
  if (s.enum) return `one of ${s.enum.map(String).join(", ")}`;
  if (s.const !== undefined) return JSON.stringify(s.const);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) return [...new Set(alternatives.map(typeOf))].join(" or ");
  if (s.type === "array") return `array of ${typeOf(s.items)}`;
  if (Array.isArray(s.type)) return s.type.join(" or ");
  return s.format ? `${s.type ?? "any"} (${s.format})` : (s.type ?? "any");
}

function fieldsOf(schema: Schema | undefined): Field[] {
  const required = new Set(schema?.required ?? []);
  return Object.entries(schema?.properties ?? {}).map(([name, s]) => ({
    name,
    type: typeOf(s),
    required: required.has(name),
    description: s.description,
  }));
}

function view(doc: OpenApiDocument) {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]: [string, Operation]) => ({
      id: op.operationId,
      method: method.toUpperCase(),
      path,
      summary: op.summary,
      permission: op["x-permission"],
      roles: op["x-roles"] ?? [],
      parameters: (op.parameters ?? []).map((p) => ({
        name: p.name,
        type: typeOf(p.schema as Schema),
        required: p.required,
        where: p.in,
      })),
      body: op.requestBody ? fieldsOf(op.requestBody.content["application/json"]?.schema as Schema) : null,
      responses: Object.entries(op.responses).map(([status, r]) => ({ status, description: r.description })),
    })),
  );
}

export async function loader() {
  const { document } = await openApiDocument(api.routes);
  return { title: document.info.title, description: document.info.description, operations: view(document) };
}

function Access({ permission, roles }: { permission: string; roles: readonly string[] }) {
  if (permission === "public") return <>No sign-in</>;
  if (permission === "signed-in") return <>Any signed-in account</>;
  return (
    <>
      Permission <code>{permission}</code> ({roles.join(", ")})
    </>
  );
}

export default function ApiReference({ loaderData }: Route.ComponentProps) {
  const { operations, description } = loaderData;
  return (
    <PageShell title="API reference">
      <p className="mt-3 text-slate-700">{description}</p>
      <p className="mt-2 text-slate-700">
        Machine-readable: <a href="/api/docs">/api/docs</a> (OpenAPI 3.1, JSON). {operations.length} operations.
      </p>
      <nav aria-label="Operations" className="mt-4">
        <ul className="columns-1 text-sm [overflow-wrap:anywhere] sm:columns-2">
          {operations.map((op) => (
            <li key={op.id}>
              <a href={`#${op.id}`} className="text-green-800 hover:underline">
                <code>
                  {op.method} {op.path}
                </code>
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {operations.map((op) => (
        <section
          key={op.id}
          id={op.id}
          aria-labelledby={`${op.id}-h`}
          className="mt-6 border-t border-slate-200 pt-4 [overflow-wrap:anywhere]"
        >
          <h2 id={`${op.id}-h`} className="text-lg font-bold text-slate-900">
            <code>
              {op.method} {op.path}
            </code>
          </h2>
          <p className="text-slate-700">{op.summary}</p>
          <p className="text-sm text-slate-700">
            Access: <Access permission={op.permission} roles={op.roles} />
          </p>
          {op.parameters.length > 0 && (
            <FieldTable
              caption="Parameters"
              fields={op.parameters.map((p) => ({ ...p, name: `${p.name} (${p.where})` }))}
            />
          )}
          {op.body && <FieldTable caption="Request body (JSON)" fields={op.body} />}
          <table className="mt-2 w-full table-fixed text-sm">
            <caption className="text-left font-semibold">Responses</caption>
            <tbody>
              {op.responses.map((r) => (
                <tr key={r.status}>
                  <th scope="row" className="pr-3 text-left font-mono">
                    {r.status}
                  </th>
                  <td>{r.description}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
    </PageShell>
  );
}

function FieldTable({ caption, fields }: { caption: string; fields: Field[] }) {
  if (!fields.length) return null;
  return (
    <table className="mt-2 w-full table-fixed text-sm">
      <caption className="text-left font-semibold">{caption}</caption>
      <TableHead
        cellClassName="pr-3 text-left"
        heads={["Field", "Type", { label: "Required", className: "text-left" }]}
      />
      <tbody>
        {fields.map((f) => (
          <tr key={f.name}>
            <td className="pr-3 font-mono">{f.name}</td>
            <td className="pr-3">{f.type}</td>
            <td>{f.required ? "yes" : "no"}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
