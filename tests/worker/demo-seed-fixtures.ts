/** What the demo seeding tests share: the call, its reply and the row counts it changes. */
import { bearer, one } from "./helpers";

export type Summary = {
  success: boolean;
  message: string;
  alreadyPresent: boolean;
  demo: {
    farmers: number;
    plots: number;
    verdicts: Record<string, number>;
    batches: { batchCode: string; status: string; complianceStatus: string; ddsReference: string | null }[];
  };
  created: Record<string, number>;
  problems: string[];
};

/** POST /api/demo/seed, as `token` (signed out without one). */
export const seed = (token?: string) => bearer(token ?? null, "/api/demo/seed", "POST");

/** Row counts of every table the seeding writes to. */
export const TABLES = [
  "farmers",
  "farmer_crops",
  "land_plots",
  "plot_assessments",
  "reference_layers",
  "batches",
  "batch_origins",
  "custody_events",
  "import_runs",
  "audit_log",
  "orders",
  "order_allocations",
  "lots",
  "offers",
  "message_threads",
  "messages",
  "office_documents",
];
export const counts = async () =>
  Object.fromEntries(
    await Promise.all(TABLES.map(async (t) => [t, (await one<{ n: number }>(`SELECT COUNT(*) AS n FROM ${t}`)).n])),
  );
