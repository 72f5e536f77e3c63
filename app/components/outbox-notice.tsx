import { useEffect, useRef } from "react";
import type { OutboxFormState } from "#app/lib/use-outbox-form";

/** What the outbox did with the form just submitted offline, or why the record waits, with the way to the outbox. */
export function OutboxNotice({ state }: { state: OutboxFormState }) {
  const box = useRef<HTMLDivElement>(null);
  // The form was just stored (and emptied) or refused: bring what happened into view, above a long form.
  useEffect(() => {
    if (state.queued || state.error) box.current?.scrollIntoView?.({ block: "center" });
  }, [state.queued, state.error]);
  if (!state.notice && !state.error && !state.fixing) return null;
  return (
    <div
      ref={box}
      role="status"
      data-testid="outbox-notice"
      data-queued={state.queued}
      className={`rounded-md p-3 text-sm ${state.error ? "bg-amber-100 text-amber-950" : "bg-green-50 text-green-900"}`}
    >
      {state.fixing && <p className="font-semibold">Correct this record from your outbox, then save it again.</p>}
      {state.error && <p>{state.error}</p>}
      {state.notice && <p>{state.notice}</p>}
      <p className="mt-1">
        <a href="/outbox" className="font-semibold underline">
          Open the outbox
        </a>
      </p>
    </div>
  );
}
