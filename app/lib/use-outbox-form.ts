/**
 * Puts a field form on the outbox: with JavaScript, a form submitted while the phone
 * is offline is stored whole on the phone (app/lib/outbox.ts) instead of being lost, and a record
 * opened from the outbox to be fixed (`?outbox=<submissionId>`) is filled back into the form and
 * queued again under the same submissionId. Online, the form posts as it always did (and without
 * JavaScript nothing changes).
 */
import { useEffect, useState } from "react";
import { noteOnlineSession, offlineSignIn } from "./offline-session";
import type { OutboxKind, StoredField } from "./outbox";
import { OUTBOX_TEXT } from "./outbox-light";
import { outboxHasPending } from "./outbox-probe";

// The outbox itself (idb and the sending code) loads after the page, not with it (first-load
// budget); the service worker keeps its chunk with the page for offline use.
const outboxModule = () => import("./outbox");
const runtimeModule = () => import("./outbox-runtime");

/** `queued`: how many records this page has put in the outbox (the notice carries it). */
export type OutboxFormState = { notice: string | null; error: string | null; fixing: string | null; queued: number };

/** Writes a value into a (possibly React-controlled) field so React sees it. */
function setValue(el: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, value: string) {
  const proto = Object.getPrototypeOf(el) as object;
  Object.getOwnPropertyDescriptor(proto, "value")?.set?.call(el, value);
  el.dispatchEvent(new Event("input", { bubbles: true }));
  el.dispatchEvent(new Event("change", { bubbles: true }));
}

export function fillForm(form: HTMLFormElement, fields: StoredField[]) {
  const names = new Set(fields.map(([n]) => n));
  for (const name of names) {
    if (name === "csrf") continue;
    const values = fields.filter(([n]) => n === name).map(([, v]) => v);
    const item = form.elements.namedItem(name);
    if (!item) continue;
    const list = item instanceof RadioNodeList ? Array.from(item) : [item];
    for (const el of list) {
      if (el instanceof HTMLInputElement && (el.type === "checkbox" || el.type === "radio")) {
        if (el.checked !== values.includes(el.value)) el.click();
      } else if (el instanceof HTMLInputElement && el.type === "file") {
        // Every photo kept (a visit takes several), not only the first.
        const files = values.filter((v): v is Exclude<StoredField[1], string> => typeof v !== "string");
        if (files.length) {
          const dt = new DataTransfer();
          for (const file of el.multiple ? files : files.slice(0, 1))
            dt.items.add(new File([file.blob], file.name, { type: file.blob.type }));
          el.files = dt.files;
        }
      } else if (
        el instanceof HTMLInputElement ||
        el instanceof HTMLTextAreaElement ||
        el instanceof HTMLSelectElement
      ) {
        const text = values.find((v) => typeof v === "string");
        if (typeof text === "string") setValue(el, text);
      }
    }
  }
}

export function useOutboxForm(options: {
  formId: string;
  kind: OutboxKind;
  owner: string;
  label: (form: FormData) => string;
  /** After a record is queued: e.g. drop the page's own draft of it. */
  onQueued?: () => void;
  /** Where the record is corrected, if not this page's path (the path is where it is sent). */
  fixUrl?: string;
}): OutboxFormState {
  const { formId, kind, owner, label, onQueued, fixUrl } = options;
  const [state, setState] = useState<OutboxFormState>({ notice: null, error: null, fixing: null, queued: 0 });

  useEffect(() => {
    // The sender starts at open only when something waits; a record queued here starts it too.
    void outboxHasPending()
      .then((pending) => (pending ? runtimeModule().then((runtime) => runtime.startOutbox()) : undefined))
      .catch(() => undefined);
    if (navigator.onLine) noteOnlineSession(owner);
    const fixing = new URLSearchParams(window.location.search).get("outbox");
    if (fixing) {
      void outboxModule().then(async ({ getRecord }) => {
        const record = await getRecord(fixing);
        const form = document.getElementById(formId);
        if (!record || !(form instanceof HTMLFormElement)) return;
        fillForm(form, record.fields);
        setState((s) => ({ ...s, notice: null, error: record.reason ?? null, fixing }));
      });
    }
  }, [formId, owner]);

  useEffect(() => {
    // On window, bubbling: it runs after the form's own validation, which cancels an invalid submit.
    const onSubmit = (event: SubmitEvent) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || form.id !== formId || event.defaultPrevented) return;
      if (navigator.onLine && !state.fixing) return;
      event.preventDefault();
      const data = new FormData(form, event.submitter);
      setState((s) => ({ ...s, notice: null, error: null }));
      void (async () => {
        const { enqueue, fieldsOf } = await outboxModule();
        if (!navigator.onLine) {
          const allowed = offlineSignIn(owner);
          if (!allowed.ok) {
            setState((s) => ({ ...s, notice: null, error: allowed.reason }));
            return;
          }
        }
        // A page served from the phone's cache carries the submissionId it was first shown with:
        // every new record gets a UUID of this phone's own, a corrected one keeps its id.
        const submissionId = state.fixing ?? crypto.randomUUID();
        const fields = fieldsOf(data).filter(([name]) => name !== "submissionId");
        fields.push(["submissionId", submissionId]);
        await enqueue({
          submissionId,
          kind,
          label: label(data),
          url: window.location.pathname,
          fields,
          owner,
          ...(fixUrl ? { fixUrl } : {}),
        });
        form.reset();
        onQueued?.();
        setState((s) => ({ notice: OUTBOX_TEXT.queued, error: null, fixing: null, queued: s.queued + 1 }));
        if (state.fixing) {
          const rest = new URLSearchParams(window.location.search);
          rest.delete("outbox");
          window.history.replaceState(null, "", `${window.location.pathname}${rest.size ? `?${rest}` : ""}`);
        }
        void runtimeModule().then((runtime) => {
          runtime.startOutbox();
          if (navigator.onLine) void runtime.sendNow();
        });
      })().catch(() =>
        setState((s) => ({ ...s, error: "This phone could not store the record. Free some space and try again." })),
      );
    };
    window.addEventListener("submit", onSubmit);
    return () => window.removeEventListener("submit", onSubmit);
  }, [formId, kind, owner, label, onQueued, fixUrl, state.fixing]);

  return state;
}
