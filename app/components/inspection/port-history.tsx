import type { ReactNode } from "react";
import { CsrfInput } from "#app/components/kit/csrf-input";
import { Section } from "#app/components/kit/section";
import { CorrectionEnd, type PlainReply, PlainSummary } from "./plain-form";

export type PortHistoryData = {
  user: { csrf: string };
  corrected: boolean;
  canCorrect: boolean;
  currentVersion: number;
  latest: { summary: string; inspectedAt: string } | null;
  versions: { key: string; head: string; what: string; by: string; reason: string | null }[];
};

/**
 * The port inspection as recorded, its versions (ADR 031), and — for the inspector who recorded
 * it within 48 hours — a plain form to correct it with a reason (texts made on the server).
 */
export function PortHistory({
  d,
  correction,
  fields,
}: {
  d: PortHistoryData;
  correction?: PlainReply;
  fields: ReactNode;
}) {
  return (
    <Section id="port-versions" className="mt-6 space-y-3" title="Port inspection record">
      {d.corrected && (
        <p role="status" className="rounded-md bg-green-50 p-3 text-sm text-green-900">
          Correction recorded. The inspection as it was is kept in the history below.
        </p>
      )}
      <p className="text-sm break-words">
        Inspected {d.latest?.inspectedAt} UTC: {d.latest?.summary}
      </p>
      <h3 className="font-semibold">Corrections and versions</h3>
      {d.versions.length === 0 ? (
        <p className="text-sm text-slate-700">This inspection has not been corrected.</p>
      ) : (
        <ol className="space-y-2 text-sm break-words" data-testid="port-versions">
          {d.versions.map((v) => (
            <li key={v.key}>
              <span className="font-semibold">{v.head}</span> · {v.what}
              <br />
              {v.by}
              {v.reason && ` — Reason: ${v.reason}`}
            </li>
          ))}
        </ol>
      )}
      {d.canCorrect && (
        <details className="rounded-md border border-slate-200 bg-white p-4" open={Boolean(correction)}>
          <summary className="cursor-pointer font-semibold">Correct this port inspection</summary>
          <form method="post" className="mt-3 space-y-3" noValidate>
            <CsrfInput token={d.user.csrf} />
            <input type="hidden" name="intent" value="correct_port" />
            <input type="hidden" name="baseVersion" value={String(d.currentVersion)} />
            <PlainSummary reply={correction} prefix="fix-" />
            {fields}
            <CorrectionEnd reply={correction} />
          </form>
        </details>
      )}
    </Section>
  );
}
