import { useEffect } from "react";
import { Link } from "react-router";
import { CodeLink } from "#app/components/kit/code-link";
import { DataTable } from "#app/components/kit/data-table";
import { pageMeta } from "#app/components/kit/page-meta";
import { Section } from "#app/components/kit/section";
import { TextList } from "#app/components/kit/text-list";
import { plotHistoryWhat } from "#app/content/plot-history";
import { utcMinute } from "#app/lib/dates";
import { ROLE_LABEL, type Role } from "#worker/auth/roles";
import { PLOT_TITLES, RISK_LABEL } from "#worker/content/land-plots";
import { formatKg } from "#worker/domain/weight";
import { PlotOutline } from "../components/plot-outline";
import { WorkShell } from "../components/work-shell";
import { clearDraft } from "../lib/plot-draft";
import type { Route } from "./+types/land-plot-details";

export { WorkErrorBoundary as ErrorBoundary } from "../components/work-shell";
export { loader } from "./land-plot-details.server";

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta(loaderData?.plot.plotCode ?? PLOT_TITLES.details);
}

const STATE_STYLE: Record<string, string> = {
  passed: "text-green-800",
  failed: "text-red-700",
  warning: "text-amber-800",
  "not applicable": "text-slate-500",
  "not confirmed": "text-slate-500",
};
const STATE_MARK: Record<string, string> = {
  passed: "✓",
  failed: "✗",
  warning: "!",
  "not applicable": "–",
  "not confirmed": "?",
};

const date = (iso: string | null) => (iso ? utcMinute(iso) : "—");
const hectares = (n: number) => `${n.toLocaleString("en", { maximumFractionDigits: 4 })} ha`;

type Check = Route.ComponentProps["loaderData"]["eudrChecks"][number];

/** One group of geometry checks: mark, label, state, the rule, and its messages. */
function CheckList({ checks, testId }: { checks: Check[]; testId: string }) {
  return (
    <ul className="mt-1 space-y-0.5 text-sm [overflow-wrap:anywhere]" data-testid={testId}>
      {checks.map((c) => (
        <li key={c.rule} className={STATE_STYLE[c.state]}>
          <span aria-hidden="true">{STATE_MARK[c.state]} </span>
          {c.label} — {c.state} <span className="text-xs text-slate-500">({c.rule})</span>
          {c.messages.map((m) => (
            <span key={m} className="block pl-4 text-xs">
              {m}
            </span>
          ))}
        </li>
      ))}
    </ul>
  );
}

export default function LandPlotDetails({ loaderData }: Route.ComponentProps) {
  const {
    plot,
    geometry,
    vertices,
    eudrChecks,
    qualityChecks,
    assessments,
    batches,
    audit,
    created,
    visits,
    versions,
  } = loaderData;
  useEffect(() => {
    // The plot is stored: its draft on this phone is no longer needed.
    if (created) clearDraft(created);
  }, [created]);
  const section = "mt-6 rounded-md border border-slate-200 bg-white p-3";
  return (
    <WorkShell title={`${PLOT_TITLES.details} ${plot.plotCode}`} user={loaderData.user}>
      {created && (
        <p
          role="status"
          className="mb-4 rounded-md bg-green-50 p-3 text-sm font-semibold text-green-900"
          data-testid="plot-saved"
        >
          The plot is registered: it passed every EUDR geolocation check.
        </p>
      )}
      {plot.status === "retired" && (
        <p className="mb-4 rounded-md bg-slate-100 p-3 text-sm font-semibold text-slate-900" data-testid="plot-retired">
          Retired on {date(plot.retiredAt)} UTC: {plot.retiredReason}. It can no longer supply a new purchase.
        </p>
      )}
      <div className="flex flex-wrap gap-6">
        <PlotOutline geometry={geometry} label={`Outline of plot ${plot.plotCode}`} />
        <dl className="grid min-w-0 flex-[1_1_14rem] grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm [overflow-wrap:anywhere]">
          <dt className="font-semibold">Farmer</dt>
          <dd>
            <Link to={`/farmers/${plot.farmerId}`} className="text-green-800 underline">
              {plot.farmerName ?? "Unknown farmer"} ({plot.farmerId})
            </Link>
          </dd>
          <dt className="font-semibold">County</dt>
          <dd>{plot.county ?? "—"}</dd>
          <dt className="font-semibold">Crop</dt>
          <dd>{plot.crop ?? "—"}</dd>
          <dt className="font-semibold">Planting year</dt>
          <dd>{plot.plantingYear ?? "—"}</dd>
          <dt className="font-semibold">Tenure reference</dt>
          <dd>{plot.tenureReference ?? "—"}</dd>
          <dt className="font-semibold">Geometry</dt>
          <dd>{plot.geometryType}</dd>
          <dt className="font-semibold">Area</dt>
          <dd data-testid="plot-area">
            {hectares(plot.areaHectares)}
            {plot.geometryType === "Point" ? " (declared for a point)" : " (computed on the server)"}
          </dd>
          <dt className="font-semibold">Validation</dt>
          <dd
            className={plot.validationState === "valid" ? "font-semibold text-green-800" : "font-semibold text-red-700"}
          >
            {plot.validationState === "valid" ? "Valid" : "Invalid"}
          </dd>
          <dt className="font-semibold">Deforestation risk</dt>
          <dd>{plot.riskLevel ? (RISK_LABEL[plot.riskLevel] ?? plot.riskLevel) : "Not assessed"}</dd>
          <dt className="font-semibold">Boundary version</dt>
          <dd data-testid="plot-version">{plot.version}</dd>
          <dt className="font-semibold">Registered</dt>
          <dd>{date(plot.createdAt)} UTC</dd>
        </dl>
      </div>
      <p className="mt-3 flex flex-wrap gap-4 text-sm">
        <Link to="/land-plots-list" className="font-semibold text-green-800 underline">
          All land plots
        </Link>
        {loaderData.canEdit && (
          <Link to={`/create-land-plot?farmerId=${plot.farmerId}`} className="font-semibold text-green-800 underline">
            Register another plot for this farmer
          </Link>
        )}
        {loaderData.canVisit && (
          <Link to={`/land-plot-details/${plot.id}/visit`} className="font-semibold text-green-800 underline">
            Record a field visit
          </Link>
        )}
        {loaderData.canEditBoundary && (
          <Link to={`/land-plot-details/${plot.id}/edit`} className="font-semibold text-green-800 underline">
            Edit boundary or retire
          </Link>
        )}
      </p>

      <Section id="checks" className={section} title="Checks">
        <h3 className="mt-2 font-semibold">EU information system rules</h3>
        <CheckList checks={eudrChecks} testId="eudr-checks" />
        <h3 className="mt-3 font-semibold">Quality checks</h3>
        <CheckList checks={qualityChecks} testId="quality-checks" />
      </Section>

      <Section id="vertices" className={section} title="Vertices">
        <p className="text-sm text-slate-600">GeoJSON order: longitude, latitude (WGS84), 6 decimals.</p>
        {vertices.map((v) => (
          <DataTable
            key={v.ring}
            className="mt-2 max-w-md"
            tableClassName="w-full text-sm"
            captionClassName="text-left font-semibold"
            caption={v.ring}
            testId="vertex-table"
            dense
            bodyClassName="font-mono tabular-nums"
            // The vertex number is the position's identity: rings are stored in order.
            rows={v.positions.map(([lon, lat], i) => ({ n: i + 1, lon, lat }))}
            rowKey={(p) => p.n}
            columns={[
              { header: "#", cell: (p) => p.n },
              { header: "Longitude", cell: (p) => p.lon.toFixed(6) },
              { header: "Latitude", cell: (p) => p.lat.toFixed(6) },
            ]}
          />
        ))}
      </Section>

      <Section id="assessments" className={section} title="Risk assessment history">
        {assessments.length === 0 ? (
          <p className="text-sm text-slate-600">No deforestation risk assessment yet.</p>
        ) : (
          <ol className="mt-1 space-y-2 text-sm">
            {assessments.map((a) => (
              <li key={a.id} className="border-t pt-2">
                <p>
                  <span className="font-semibold">{RISK_LABEL[a.verdict] ?? a.verdict}</span> · {date(a.assessedAt)} UTC
                  · boundary version {a.plotVersion}
                </p>
                {a.judgedGeometry && (
                  <div data-testid="assessment-outline" data-version={a.plotVersion}>
                    <p className="text-xs text-slate-600">The outline this verdict judged (version {a.plotVersion}):</p>
                    <PlotOutline
                      geometry={a.judgedGeometry}
                      size={120}
                      label={`Outline of plot ${plot.plotCode}, version ${a.plotVersion}`}
                    />
                  </div>
                )}
                {a.evidence.length > 0 && <p className="text-slate-700">Evidence: {a.evidence.join("; ")}</p>}
                {a.reasons.length > 0 && <TextList className="list-disc pl-5 text-slate-700" items={a.reasons} />}
              </li>
            ))}
          </ol>
        )}
      </Section>

      <Section id="visits" className={section} title="Field visits">
        {visits.length === 0 ? (
          <p className="text-sm text-slate-600">No field visit recorded yet.</p>
        ) : (
          <ol className="mt-1 space-y-2 text-sm [overflow-wrap:anywhere]" data-testid="plot-visits">
            {visits.map((v) => (
              <li key={v.id} className="border-t pt-2">
                <p>
                  <span className="font-semibold">{v.visitedOn}</span> · {v.decision} · version {v.plotVersion} ·{" "}
                  {v.inspectorName ?? "—"}
                </p>
                <p className="text-slate-700">{v.findings}</p>
                {v.latitude != null && v.longitude != null && (
                  <p className="text-xs text-slate-600">
                    GPS {v.latitude.toFixed(6)}, {v.longitude.toFixed(6)}
                  </p>
                )}
                {v.photos > 0 && (
                  <p className="flex flex-wrap gap-3">
                    {Array.from({ length: v.photos }, (_, i) => i + 1).map((n) => (
                      <a
                        key={n}
                        href={`/api/plots/${plot.id}/visits/${v.id}/photos/${n}`}
                        className="text-green-800 underline"
                      >
                        Photo {n}
                      </a>
                    ))}
                  </p>
                )}
              </li>
            ))}
          </ol>
        )}
      </Section>

      {versions.length > 0 && (
        <Section id="versions" className={section} title="Earlier boundaries">
          <ol className="mt-1 flex flex-wrap gap-4 text-sm" data-testid="plot-versions">
            {versions.map((v) => (
              <li key={v.version}>
                <PlotOutline
                  geometry={v.geometry}
                  size={120}
                  label={`Outline of plot ${plot.plotCode}, version ${v.version}`}
                />
                <p>
                  Version {v.version} · {hectares(v.areaHectares)} · replaced {date(v.replacedAt)} UTC
                  {v.reason ? ` — ${v.reason}` : ""}
                </p>
              </li>
            ))}
          </ol>
        </Section>
      )}

      <Section id="batches" className={section} title="Batches from this plot">
        {batches.length === 0 ? (
          <p className="text-sm text-slate-600">No batch has drawn on this plot yet.</p>
        ) : (
          <ul className="mt-1 space-y-1 text-sm">
            {batches.map((b) => (
              <li key={b.batchCode}>
                {loaderData.canReadBatches ? (
                  <CodeLink to={`/batches/${b.batchCode}`} code={b.batchCode} />
                ) : (
                  <span className="font-mono">{b.batchCode}</span>
                )}{" "}
                · {b.commodity} · {formatKg(b.weightG)}
                {b.originWeightG != null ? ` (${formatKg(b.originWeightG)} from this plot)` : ""} · {b.status}
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section id="audit" className={section} title="Audit history">
        {audit.length === 0 ? (
          <p className="text-sm text-slate-600">No recorded changes.</p>
        ) : (
          <DataTable
            labelledBy="audit"
            className="mt-1"
            tableClassName="w-full text-sm"
            testId="plot-audit"
            dense
            stack
            rows={audit}
            rowKey={(e) => e.id}
            columns={[
              { header: "When (UTC)", cellClassName: "whitespace-nowrap", cell: (e) => date(e.createdAt) },
              {
                header: "What",
                cell: (e) => plotHistoryWhat(e.action, e.changed),
              },
              {
                header: "Who",
                cell: (e) =>
                  `${e.actorName ?? "—"}${e.actorRole ? ` (${ROLE_LABEL[e.actorRole as Role] ?? e.actorRole})` : ""}`,
              },
            ]}
          />
        )}
      </Section>
    </WorkShell>
  );
}
