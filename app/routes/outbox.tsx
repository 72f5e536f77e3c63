import { useCallback, useEffect, useState } from "react";
import { pageMeta } from "#app/components/kit/page-meta";
import { TableHead } from "#app/components/kit/table-head";
import { TextList } from "#app/components/kit/text-list";
import { WorkShell } from "../components/work-shell";
import { noteOnlineSession } from "../lib/offline-session";
import {
  enqueue,
  fixLinkOf,
  listRecords,
  OUTBOX_EVENT,
  type OutboxRecord,
  type OutboxStatus,
  removeRecord,
} from "../lib/outbox";
import { sendNow, startOutbox } from "../lib/outbox-runtime";
import type { Route } from "./+types/outbox";

export { WorkErrorBoundary as ErrorBoundary } from "../components/work-shell";
export { loader } from "./outbox.server";

const TITLE = "Outbox";
export const meta = () => pageMeta(TITLE);

const STATUS_LABEL: Record<OutboxStatus, string> = {
  waiting: "Waiting",
  sending: "Sending",
  failed: "Failed",
  conflict: "Changed on the server",
  sent: "Sent",
};
const STATUS_CLASS: Record<OutboxStatus, string> = {
  waiting: "bg-slate-100 text-slate-900",
  sending: "bg-blue-100 text-blue-900",
  failed: "bg-red-100 text-red-900",
  conflict: "bg-amber-100 text-amber-950",
  sent: "bg-green-100 text-green-900",
};
const ORDER: OutboxStatus[] = ["failed", "conflict", "waiting", "sending", "sent"];

type Storage = { persisted: boolean | null; usage: number; quota: number };
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export default function Outbox({ loaderData }: Route.ComponentProps) {
  const [records, setRecords] = useState<OutboxRecord[] | null>(null);
  const [storage, setStorage] = useState<Storage | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  const refresh = useCallback(async () => {
    setRecords(await listRecords());
    if (navigator.storage?.estimate) {
      const { usage = 0, quota = 0 } = await navigator.storage.estimate();
      const persisted = navigator.storage.persisted ? await navigator.storage.persisted() : null;
      setStorage({ persisted, usage, quota });
    }
  }, []);

  useEffect(() => {
    startOutbox();
    if (navigator.onLine && loaderData.user) noteOnlineSession(loaderData.user.loginId);
    void refresh();
    const onChange = () => void refresh();
    window.addEventListener(OUTBOX_EVENT, onChange);
    window.addEventListener("online", onChange);
    window.addEventListener("offline", onChange);
    return () => {
      window.removeEventListener(OUTBOX_EVENT, onChange);
      window.removeEventListener("online", onChange);
      window.removeEventListener("offline", onChange);
    };
  }, [refresh, loaderData.user]);

  const send = async () => {
    setBusy(true);
    setMessage(null);
    try {
      if (!navigator.onLine) {
        setMessage("This phone is offline: the records will be sent when the connection returns.");
        return;
      }
      const report = await sendNow();
      setMessage(
        report.signedOut ??
          `Sent ${report.sent}; ${report.failed} need your attention; ${report.waiting} still waiting.`,
      );
    } finally {
      setBusy(false);
      await refresh();
    }
  };

  const keepMine = async (record: OutboxRecord) => {
    const server = record.conflict?.server ?? {};
    const fields = record.fields.map(([name, value]) =>
      name === "baseVersion" && server.version
        ? ([name, server.version] as (typeof record.fields)[number])
        : [name, value],
    ) as OutboxRecord["fields"];
    await enqueue({ ...record, fields });
    await send();
  };

  const counts = Object.fromEntries(ORDER.map((s) => [s, records?.filter((r) => r.status === s).length ?? 0]));
  const sorted = records ? [...records].sort((a, b) => ORDER.indexOf(a.status) - ORDER.indexOf(b.status)) : [];

  const body = (
    <>
      {!loaderData.user && (
        <p className="mb-4 rounded-md bg-amber-100 p-3 text-amber-950" data-testid="outbox-signed-out">
          You are not signed in on this phone. The records below stay here.{" "}
          <a href="/portals" className="font-semibold underline">
            Sign in
          </a>{" "}
          to send them.
        </p>
      )}
      <p className="max-w-prose text-slate-700">
        What this phone keeps for the server: forms saved without a connection. Each stays here until the server has
        confirmed it with its own ID; a refused one stays with the reason until you correct it.
      </p>
      <noscript>
        <p className="mt-4 rounded-md bg-amber-100 p-3 text-amber-950">
          The outbox needs JavaScript. With JavaScript off, every form is sent straight to the server and nothing waits
          on this phone.
        </p>
      </noscript>
      {records === null ? (
        <p className="mt-4 text-slate-600" role="status">
          Reading the outbox…
        </p>
      ) : (
        <>
          <dl className="mt-4 grid grid-cols-2 gap-2 text-sm sm:grid-cols-5" data-testid="outbox-counts">
            {ORDER.map((s) => (
              <div key={s} className="rounded-md bg-white p-2 shadow-sm" data-count={s}>
                <dt className="text-slate-600">{STATUS_LABEL[s]}</dt>
                <dd className="text-xl font-semibold">{counts[s]}</dd>
              </div>
            ))}
          </dl>
          {storage && (
            <p className="mt-3 text-sm text-slate-700" data-testid="outbox-storage">
              Storage used: {mb(storage.usage)} of {mb(storage.quota)}.{" "}
              {storage.persisted === true
                ? "Kept by the browser even when the phone runs low on space."
                : "The browser may clear it when the phone runs low on space: install the app to keep it."}
            </p>
          )}
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <button
              type="button"
              onClick={() => void send()}
              disabled={busy}
              className="rounded-md bg-green-800 px-4 py-2.5 font-semibold text-white disabled:opacity-60"
            >
              {busy ? "Sending…" : "Send now"}
            </button>
            {message && (
              <p role="status" className="text-sm" data-testid="outbox-message">
                {message}
              </p>
            )}
          </div>
          {sorted.length === 0 ? (
            <p className="mt-6 text-slate-700" data-testid="outbox-empty">
              Nothing is waiting on this phone.
            </p>
          ) : (
            <ul className="mt-6 space-y-3" data-testid="outbox-list">
              {sorted.map((r) => (
                <li key={r.submissionId} className="rounded-md bg-white p-3 shadow-sm" data-status={r.status}>
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <span className="font-semibold break-words">{r.label}</span>
                    <span className={`rounded px-2 py-0.5 text-xs font-semibold ${STATUS_CLASS[r.status]}`}>
                      {STATUS_LABEL[r.status]}
                    </span>
                  </div>
                  <p className="text-xs text-slate-600">
                    Saved {new Date(r.createdAt).toLocaleString()} · tries {r.attempts}
                  </p>
                  {r.receipt && <p className="text-sm">Server ID: {r.receipt}</p>}
                  {r.status === "sent" && r.kind === "farmer" && r.receipt && (
                    <a
                      href={`/farmers/${encodeURIComponent(r.receipt)}`}
                      className="mt-1 inline-block text-sm font-semibold text-green-900 underline"
                    >
                      Open the farmer to issue their login
                    </a>
                  )}
                  {r.reason && r.status !== "sent" && (
                    <p className="mt-1 text-sm" data-testid="outbox-reason">
                      {r.reason}
                    </p>
                  )}
                  {r.status !== "sent" && <FieldMessages record={r} />}
                  {r.status === "failed" && (
                    <a href={fixLinkOf(r)} className="mt-2 inline-block font-semibold text-green-900 underline">
                      Correct and send again
                    </a>
                  )}
                  {r.status === "conflict" && r.conflict && (
                    <Conflict
                      record={r}
                      onKeepMine={() => void keepMine(r)}
                      onKeepServer={() => void removeRecord(r.submissionId)}
                    />
                  )}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </>
  );
  if (loaderData.user)
    return (
      <WorkShell title={TITLE} user={loaderData.user}>
        {body}
      </WorkShell>
    );
  return (
    <main className="mx-auto min-h-screen max-w-6xl bg-slate-50 px-4 py-6">
      <h1 className="mb-4 text-2xl font-bold">{TITLE}</h1>
      {body}
    </main>
  );
}

/** The per-field messages of a refusal, without repeating the reason shown above them. */
function FieldMessages({ record }: { record: OutboxRecord }) {
  const messages = [...new Set(Object.values(record.fieldErrors ?? {}).flat())].filter((m) => m !== record.reason);
  if (messages.length === 0) return null;
  return <TextList className="mt-1 list-disc pl-5 text-sm text-red-900" items={messages} />;
}

function Conflict({
  record,
  onKeepMine,
  onKeepServer,
}: {
  record: OutboxRecord;
  onKeepMine: () => void;
  onKeepServer: () => void;
}) {
  const { server, mine, labels } = record.conflict ?? { server: {}, mine: {} };
  const names = [...new Set([...Object.keys(server), ...Object.keys(mine)])];
  return (
    <div className="mt-2" data-testid="outbox-conflict">
      <table className="w-full table-fixed text-left text-sm">
        <caption className="sr-only">Both versions</caption>
        <TableHead cellClassName="p-1" heads={["Field", "On the server", "On this phone"]} />
        <tbody>
          {names.map((n) => (
            <tr key={n} className={server[n] !== mine[n] ? "bg-amber-50" : ""}>
              <th scope="row" className="p-1 font-medium break-words">
                {labels?.[n] ?? n}
              </th>
              <td className="p-1 break-words">{server[n] ?? "—"}</td>
              <td className="p-1 break-words">{mine[n] ?? "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="mt-2 flex flex-wrap gap-2">
        <button
          type="button"
          onClick={onKeepMine}
          className="rounded-md bg-green-800 px-3 py-2 font-semibold text-white"
        >
          Keep mine
        </button>
        <button
          type="button"
          onClick={onKeepServer}
          className="rounded-md border border-slate-500 px-3 py-2 font-semibold"
        >
          Keep the server's
        </button>
      </div>
    </div>
  );
}
