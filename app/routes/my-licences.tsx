import { buttonClass, inputClass, PlainField, PlainSummary } from "#app/components/inspection/plain-form";
import { CardList } from "#app/components/kit/card-list";
import { pageMeta } from "#app/components/kit/page-meta";
import { PostForm } from "#app/components/kit/post-form";
import { WorkShell } from "#app/components/work-shell";
import { replyFor } from "#app/lib/light-form";
import type { Route } from "./+types/my-licences";

export { WorkErrorBoundary as ErrorBoundary } from "#app/components/work-shell";
export { action, loader } from "./my-licences.server";

const TITLE = "My licences";
export const meta = () => pageMeta(TITLE);

const STATUS_TEXT: Record<string, string> = {
  draft: "Draft application",
  submitted: "Submitted",
  reviewed: "Reviewed by the office",
  recommended: "Recommended by DDGOTS",
  approved: "Approved by the Director General",
  issued: "Issued",
  suspended: "Suspended",
  revoked: "Revoked",
};

export default function MyLicences({ loaderData: d, actionData }: Route.ComponentProps) {
  const applyReply = replyFor(actionData, "apply");
  const chosen = applyReply?.initialValue?.commodities;
  const chosenList = Array.isArray(chosen) ? chosen : typeof chosen === "string" ? [chosen] : [];
  return (
    <WorkShell title={TITLE} user={d.user}>
      <p className="text-slate-700">
        {d.type
          ? `Every purchase or export needs a ${d.type.label.toLowerCase()} in force for its commodity.`
          : "Only buyers and exporters apply for their own licence here; the office opens applications for them on the management pages."}
      </p>
      {d.done && (
        <p role="status" className="mt-3 rounded-md bg-green-50 p-3 font-semibold text-green-900">
          {d.done}
        </p>
      )}

      <h2 id="licences" className="mt-6 text-lg font-bold">
        Your licences and applications
      </h2>
      {d.licences.length === 0 && <p className="mt-2 text-slate-700">No licence or application yet.</p>}
      <CardList className="mt-2 space-y-3" items={d.licences} itemKey={(l) => l.id} testId={() => "licence"}>
        {(l) => {
          const reply = replyFor(actionData, "submit", { licenceId: l.id });
          return (
            <>
              <p className="font-semibold break-words">
                {l.type}
                {l.number ? ` ${l.number}` : ""} ·{" "}
                <span data-testid="licence-status">{STATUS_TEXT[l.status] ?? l.status}</span>
              </p>
              <p className="text-sm text-slate-700 break-words">
                {l.company} · {l.commodities}
                {l.validFrom && l.validUntil ? ` · valid ${l.validFrom} to ${l.validUntil}` : ""}
                {l.status === "issued" && !l.inForce ? " (not in force today)" : ""}
              </p>
              <p className="text-sm" data-testid="licence-next">
                {l.next}
              </p>
              {l.reason && <p className="text-sm text-slate-700">Reason: {l.reason}</p>}
              {l.status === "draft" && (
                <PostForm csrf={d.user.csrf} intent="submit" hidden={{ licenceId: l.id }} className="mt-2">
                  <PlainSummary reply={reply} prefix={`${l.id}-`} />
                  <button type="submit" className={buttonClass}>
                    Submit the application
                  </button>
                </PostForm>
              )}
            </>
          );
        }}
      </CardList>

      {d.canApply && d.type && (
        <>
          <h2 id="apply" className="mt-8 text-lg font-bold">
            Apply for your {d.type.label.toLowerCase()}
          </h2>
          <PostForm
            csrf={d.user.csrf}
            intent="apply"
            className="mt-2 max-w-xl space-y-3 rounded-md border border-slate-200 bg-white p-3"
          >
            <PlainSummary reply={applyReply} />
            <PlainField
              reply={applyReply}
              name="companyName"
              label="Business name"
              hint="As it will appear on the licence"
              defaultValue={d.company}
            />
            <fieldset>
              <legend className="text-sm font-semibold">Commodities</legend>
              <p className="text-sm text-slate-700">Leave all unticked for every commodity.</p>
              <div className="mt-1 grid grid-cols-2 gap-1">
                {d.commodities.map((c) => (
                  <label key={c} className="flex min-h-11 items-center gap-2">
                    <input
                      type="checkbox"
                      name="commodities"
                      value={c}
                      defaultChecked={chosenList.includes(c)}
                      className="h-6 w-6"
                    />
                    {c}
                  </label>
                ))}
              </div>
            </fieldset>
            <label className="block text-sm font-semibold" htmlFor="note">
              Note for the office (optional)
              <textarea
                id="note"
                name="note"
                rows={3}
                className={inputClass}
                defaultValue={typeof applyReply?.initialValue?.note === "string" ? applyReply.initialValue.note : ""}
              />
            </label>
            <button type="submit" className={buttonClass}>
              Save the application
            </button>
          </PostForm>
        </>
      )}
    </WorkShell>
  );
}
