import { BatchLink } from "#app/components/batch/batch-link";
import { SavedNotice } from "#app/components/exporter/saved-notice";
import { buttonClass, PlainField, PlainSummary } from "#app/components/inspection/plain-form";
import { CardList } from "#app/components/kit/card-list";
import { CsrfInput } from "#app/components/kit/csrf-input";
import { pageMeta } from "#app/components/kit/page-meta";
import { PostForm } from "#app/components/kit/post-form";
import { Section } from "#app/components/kit/section";
import { TextList } from "#app/components/kit/text-list";
import { WorkShell } from "#app/components/work-shell";
import { replyFor } from "#app/lib/light-form";
import type { Route } from "./+types/exporter-shipments";

export { action, loader } from "./exporter-shipments.server";

const TITLE = "Shipments";
export const meta = () => pageMeta(TITLE);

const card = "rounded-md border border-slate-200 bg-white p-3";
const linkButton = "inline-block rounded-md border border-green-800 px-3 py-2 font-semibold text-green-800";

export default function ExporterShipments({ loaderData: d, actionData: a }: Route.ComponentProps) {
  const shipmentReply = (intent: string, key: string) => replyFor(a, intent, { shipmentCode: key });
  // The reply names its form's row by what was typed: the order composed, or the shipment.
  const typed = a?.reply?.initialValue;
  const key = String((typed?.intent === "compose" ? typed?.orderCode : typed?.shipmentCode) ?? "");
  return (
    <WorkShell title={TITLE} user={d.user}>
      <p className="mb-3">
        <a href="/exporter-dashboard" className="text-green-800 underline">
          Back to the exporter dashboard
        </a>{" "}
        ·{" "}
        <a href="/exporter/orders" className="text-green-800 underline">
          Orders
        </a>
      </p>
      <SavedNotice done={d.done} />
      {a && <PlainSummary reply={a.reply} prefix={`${key}-`} />}
      {d.canWrite && d.composable.length > 0 && (
        <Section id="compose" className="mb-6" title="Compose a shipment">
          {d.composable.map((o) => (
            <form key={o.code} method="post" className={`mt-2 ${card}`}>
              <CsrfInput token={d.user.csrf} />
              <input type="hidden" name="intent" value="compose" />
              <input type="hidden" name="orderCode" value={o.code} />
              <fieldset>
                <legend className="font-semibold">
                  {o.code} — {o.buyer}
                </legend>
                {o.batches.map((b) => (
                  <label key={b.batchCode} className="mt-1 flex items-center gap-2 text-sm">
                    <input type="checkbox" name="batchCodes" value={b.batchCode} defaultChecked />
                    <span className="break-all">{b.batchCode}</span> — {b.weight}
                  </label>
                ))}
              </fieldset>
              <button type="submit" className={`mt-2 ${buttonClass}`}>
                Compose shipment
              </button>
            </form>
          ))}
        </Section>
      )}
      <h2 className="text-lg font-bold">My shipments</h2>
      {d.shipments.length === 0 && <p className="text-slate-700">No shipment yet.</p>}
      <CardList
        className="mt-2 space-y-4"
        items={d.shipments}
        itemKey={(s) => s.code}
        testId={(s) => `shipment-${s.code}`}
      >
        {(s) => (
          <>
            <p className="font-semibold">
              {s.code} — <span data-testid="stage">{s.stageLabel}</span>
            </p>
            <p className="text-sm">
              {s.order ?? "No order"} · {s.weight}
            </p>
            <p className="text-sm">Export permit: {s.permit ?? "not requested"}</p>
            <p className="text-sm">DDS reference / verification: {s.dds ?? "not recorded"}</p>
            {s.ddsVersions.length > 1 && (
              <details className="text-sm">
                <summary>{`DDS numbers: ${s.ddsVersions.length} versions`}</summary>
                <ol className="mt-1 space-y-1" data-testid="dds-versions">
                  {s.ddsVersions.map((v) => (
                    <li key={v.key}>{v.text}</li>
                  ))}
                </ol>
              </details>
            )}
            {s.exportedAt && (
              <p className="text-sm font-semibold text-green-800">Exported {s.exportedAt.slice(0, 10)}</p>
            )}
            <ul className="mt-1 space-y-1 text-sm">
              {s.batches.map((b) => (
                <li key={b.batchCode}>
                  <BatchLink code={b.batchCode} /> — {b.weight}
                  {b.blockers.length > 0 && (
                    <TextList className="list-disc pl-5 text-red-800" itemClassName="break-words" items={b.blockers} />
                  )}
                </li>
              ))}
            </ul>
            <p className="mt-2 flex flex-wrap gap-2">
              <a href={`/api/shipments/${s.code}/package?format=zip`} className={linkButton} download>
                Package (ZIP)
              </a>
              <a href={`/api/shipments/${s.code}/package?format=pdf`} className={linkButton} download>
                Summary (PDF)
              </a>
            </p>
            {d.canWrite && (
              <div className="mt-3 space-y-3">
                {(s.stage === "draft" || s.stage === "permit_revoked") && (
                  <PostForm csrf={d.user.csrf} intent="permit" hidden={{ shipmentCode: s.code }}>
                    <button type="submit" className={buttonClass}>
                      Request export permit
                    </button>
                  </PostForm>
                )}
                <PostForm csrf={d.user.csrf} intent="dds" hidden={{ shipmentCode: s.code }} className="space-y-2">
                  <PlainField
                    name="ddsReference"
                    prefix={`${s.code}-`}
                    label="DDS reference number"
                    reply={shipmentReply("dds", s.code)}
                  />
                  <PlainField
                    name="ddsVerification"
                    prefix={`${s.code}-`}
                    label="DDS verification number"
                    reply={shipmentReply("dds", s.code)}
                  />
                  {s.dds && (
                    <PlainField
                      name="reason"
                      prefix={`${s.code}-`}
                      label="Reason for changing them (at least 10 characters)"
                      reply={shipmentReply("dds", s.code)}
                    />
                  )}
                  <button type="submit" className={buttonClass}>
                    Record DDS numbers
                  </button>
                </PostForm>
                {s.stage === "permit_issued" && (
                  <PostForm csrf={d.user.csrf} intent="export" hidden={{ shipmentCode: s.code }} className="space-y-2">
                    <PlainField
                      name="location"
                      prefix={`${s.code}-`}
                      label="Port of export"
                      defaultValue="Freeport of Monrovia"
                      reply={shipmentReply("export", s.code)}
                    />
                    <button type="submit" className={buttonClass}>
                      Export shipment
                    </button>
                  </PostForm>
                )}
              </div>
            )}
          </>
        )}
      </CardList>
    </WorkShell>
  );
}
