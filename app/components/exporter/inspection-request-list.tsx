import { buttonClass, inputClass } from "#app/components/inspection/plain-form";
import { CardList } from "#app/components/kit/card-list";
import { CsrfInput } from "#app/components/kit/csrf-input";

export type QueuedRequest = {
  id: string;
  subjectCode: string;
  preferredDate: string;
  status: string;
  scheduledFor: string | null;
  note: string | null;
  version: number;
};

/**
 * Exporters' inspection requests in an inspector's dashboard: schedule each (with the
 * date) and mark it done. Plain forms posting to /inspection-requests/:id; read-only viewers get
 * the list without forms.
 */
export function InspectionRequestList({
  requests,
  csrf,
  full,
  flash,
}: {
  requests: QueuedRequest[];
  csrf: string;
  full: boolean;
  flash: { scheduled: string | null; done: string | null; error: string | null };
}) {
  return (
    <section id="inspection-requests" className="mt-6">
      <h2 className="text-lg font-bold">Inspection requests from exporters</h2>
      {flash.scheduled && (
        <p role="status" className="mt-2 rounded-md bg-green-50 p-3 font-semibold text-green-900">
          Inspection of {flash.scheduled} scheduled. The exporter is notified.
        </p>
      )}
      {flash.done && (
        <p role="status" className="mt-2 rounded-md bg-green-50 p-3 font-semibold text-green-900">
          Inspection of {flash.done} marked done. The fee invoice is raised.
        </p>
      )}
      {flash.error && (
        <p role="alert" className="mt-2 rounded-md bg-red-50 p-3 font-semibold text-red-900">
          {flash.error}
        </p>
      )}
      {requests.length === 0 && <p className="mt-2 text-slate-700">No open inspection request.</p>}
      <CardList
        className="mt-2 space-y-3"
        items={requests}
        itemKey={(r) => r.id}
        testId={(r) => `inspection-request-${r.subjectCode}`}
      >
        {(r) => (
          <>
            <p className="font-semibold break-all">{r.subjectCode}</p>
            <p className="text-sm text-slate-700">
              {r.status === "scheduled" ? `Scheduled for ${r.scheduledFor}` : "Requested"} · preferred {r.preferredDate}
            </p>
            {r.note && <p className="text-sm">Exporter's note: {r.note}</p>}
            {full && (
              <div className="mt-2 flex flex-wrap items-end gap-2">
                <form method="post" action={`/inspection-requests/${r.id}`} className="flex flex-wrap items-end gap-2">
                  <CsrfInput token={csrf} />
                  <input type="hidden" name="intent" value="schedule" />
                  <input type="hidden" name="baseVersion" value={r.version} />
                  <label className="text-sm font-semibold" htmlFor={`date-${r.id}`}>
                    Inspection date
                    <input
                      id={`date-${r.id}`}
                      name="scheduledFor"
                      type="date"
                      defaultValue={r.scheduledFor ?? r.preferredDate}
                      className={inputClass}
                    />
                  </label>
                  <button type="submit" className={buttonClass}>
                    {r.status === "scheduled" ? "Reschedule" : "Schedule"}
                  </button>
                </form>
                {r.status === "scheduled" && (
                  <form method="post" action={`/inspection-requests/${r.id}`}>
                    <CsrfInput token={csrf} />
                    <input type="hidden" name="intent" value="complete" />
                    <input type="hidden" name="baseVersion" value={r.version} />
                    <button
                      type="submit"
                      className="rounded-md border border-green-800 px-4 py-2.5 font-semibold text-green-900"
                    >
                      Mark done
                    </button>
                  </form>
                )}
              </div>
            )}
          </>
        )}
      </CardList>
    </section>
  );
}
