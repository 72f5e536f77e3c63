import { data } from "react-router";
import {
  certificationQueue,
  gradeDistribution,
  inspectorWorkload,
  licencesInStatus,
  PIPELINE_STAGES,
  type PipelineStage,
  permitsInStatus,
  pipeline,
} from "#db/queries/oversight";
import { ROLE_LABEL, type Role } from "#worker/auth/roles";
import { COMPLIANCE_LABEL, type ComplianceStatus } from "#worker/domain/batch-compliance";
import { PRIVATE_PAGE_HEADERS } from "../lib/auth.server";
import { barChart } from "../lib/bar-chart.server";
import { noticesFor } from "../lib/notices.server";
import {
  ageDays,
  flashOf,
  licenceQueueItem,
  licensingAction,
  OVERSIGHT_COMMODITIES,
  oversightPage,
  pagedItems,
  pageParam,
  permitQueueItem,
} from "../lib/oversight.server";
import { shellUser } from "../lib/work-page.server";

const PATH = "/ddgots-dashboard";
export const STAGE_LABEL: Record<PipelineStage, string> = {
  warehouse: "Warehouse inspection",
  port: "Port inspection",
  land: "Land verification",
};
const STAGE_PARAM: Record<PipelineStage, string> = { warehouse: "wp", port: "pp", land: "lp" };

/**
 * The DDGOTS dashboard: the inspection pipeline by stage (oldest first, with ages), the
 * grade distribution per commodity, open items per inspector, the certification queue, and the
 * licences and export permits to recommend to the DG. The DG reads it without the forms.
 */
export async function loader({ request }: { request: Request }) {
  const { session, access, deps, now, url, filter, view } = await oversightPage(request, PATH);
  const [stages, grades, workload, certs, licences, permits] = await Promise.all([
    Promise.all(PIPELINE_STAGES.map((s) => pipeline(deps.db, s, filter, pageParam(url, STAGE_PARAM[s])))),
    gradeDistribution(deps.db, filter),
    inspectorWorkload(deps.db),
    certificationQueue(deps.db, filter, pageParam(url, "cp")),
    licencesInStatus(deps.db, "reviewed", pageParam(url, "rl")),
    permitsInStatus(deps.db, "requested", pageParam(url, "rp")),
  ]);
  const href = (stage: PipelineStage, ref: string) =>
    stage === "land" ? `/land-plot-details/${ref}` : `/batches/${ref}`;
  const gradeCommodities = [...new Set(grades.map((g) => g.commodity))];
  const gradeNames = [...new Set(grades.map((g) => g.grade))].sort();
  return data(
    {
      user: await shellUser(session),
      notices: await noticesFor(session),
      access,
      filter: view,
      commodities: OVERSIGHT_COMMODITIES,
      flash: await flashOf(url),
      pipeline: PIPELINE_STAGES.map((stage, i) => ({
        stage,
        label: STAGE_LABEL[stage],
        ...pagedItems(url, STAGE_PARAM[stage], stages[i]!, (r) => ({
          key: r.ref,
          href: href(stage, r.ref),
          label: r.label,
          detail: `waiting ${ageDays(r.since, now)} days (since ${r.since.slice(0, 10)})`,
        })),
      })),
      grades: {
        chart: barChart(
          grades.map((g) => ({ label: `${g.commodity} ${g.grade}`, value: g.n, text: String(g.n), tone: 0 })),
        ),
        head: ["Commodity", ...gradeNames, "Total"],
        rows: gradeCommodities.map((c) => {
          const of = grades.filter((g) => g.commodity === c);
          return {
            key: c,
            cells: [
              c,
              ...gradeNames.map((name) => of.find((g) => g.grade === name)?.n ?? 0),
              of.reduce((s, g) => s + g.n, 0),
            ],
          };
        }),
      },
      workload: workload.map((w) => ({
        key: w.id,
        cells: [
          w.name || "(no name)",
          `${ROLE_LABEL[w.role as Role] ?? w.role}${w.role === "land_inspector" && w.county ? `, ${w.county}` : ""}`,
          w.open,
        ],
      })),
      certification: pagedItems(url, "cp", certs, (c) => ({
        key: c.ref,
        href: `/batches/${c.ref}`,
        label: c.ref,
        detail: `${c.commodity}, ${COMPLIANCE_LABEL[c.compliance as ComplianceStatus] ?? c.compliance}, waiting ${ageDays(c.since, now)} days`,
      })),
      recommend: {
        licences: pagedItems(url, "rl", licences, (l) =>
          licenceQueueItem(
            l,
            `${l.county ?? "no county"}, reviewed by the office ${ageDays(l.updatedAt, now)} days ago`,
          ),
        ),
        permits: pagedItems(url, "rp", permits, (p) =>
          permitQueueItem(p, `${p.exporter}, requested ${ageDays(p.updatedAt, now)} days ago`),
        ),
      },
    },
    { headers: PRIVATE_PAGE_HEADERS },
  );
}

/** The recommendation forms (no JavaScript): DDGOTS recommends a reviewed licence or a requested permit. */
export async function action({ request }: { request: Request }) {
  return licensingAction(request, PATH, ["recommend-licence", "recommend-permit"]);
}
