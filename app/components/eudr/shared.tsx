import { RISK_LABEL } from "#worker/content/land-plots";
import { LAYER_KIND_LABEL } from "#worker/contracts/eudr-light";
import type { Route } from "../../routes/+types/eudr-assessment";

export type EudrData = Route.ComponentProps["loaderData"];
export type EudrActionData = Route.ComponentProps["actionData"];

export const input = "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2";
export const button = "rounded-md bg-green-800 px-4 py-2.5 font-semibold text-white";
export const section = "mt-6 rounded-md border border-slate-200 bg-white p-4";
export const h2 = "text-lg font-bold text-slate-900";

/** The last reply of the page's action for one form (`intent`), and its form-level message. */
export function replyFor(actionData: EudrActionData, intent: string) {
  const mine = actionData?.intent === intent ? actionData : undefined;
  return { result: mine?.result ?? undefined, formError: mine?.formError ?? null };
}

const VERDICT_STYLE: Record<string, string> = {
  low: "bg-green-100 text-green-900",
  high: "bg-red-100 text-red-900",
  more_information_needed: "bg-amber-100 text-amber-950",
};

export function SampleBadge() {
  return <span className="ml-1 rounded bg-amber-200 px-1.5 py-0.5 text-xs font-bold text-amber-950">SAMPLE</span>;
}

export function Verdict({ verdict }: { verdict: string }) {
  return (
    <span className={`inline-block rounded px-2 py-0.5 text-xs font-bold ${VERDICT_STYLE[verdict] ?? ""}`}>
      {RISK_LABEL[verdict] ?? verdict}
    </span>
  );
}

type EvidenceRow = {
  kind: string;
  layerName: string;
  version: string;
  sourceDate: string;
  sample: boolean;
  present: boolean;
  overlapHectares: number;
  overlapPercent: number;
};

/** The layers behind a verdict: name, version, date and overlap — the counting ones first. */
export function EvidenceList({ evidence }: { evidence: EvidenceRow[] }) {
  if (!evidence.length) return <span className="text-slate-500">No layer has data for this plot</span>;
  const sorted = [...evidence].sort((a, b) => Number(b.present) - Number(a.present));
  return (
    <ul className="space-y-0.5">
      {sorted.map((e) => (
        <li key={`${e.kind}-${e.layerName}-${e.version}`} className={e.present ? "" : "text-slate-500"}>
          {LAYER_KIND_LABEL[e.kind as keyof typeof LAYER_KIND_LABEL] ?? e.kind}: {e.layerName} {e.version} (
          {e.sourceDate}) — {e.overlapHectares} ha, {e.overlapPercent}%{e.sample && <SampleBadge />}
        </li>
      ))}
    </ul>
  );
}
