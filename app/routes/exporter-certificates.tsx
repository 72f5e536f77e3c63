import { ShareLink } from "#app/components/exporter/share-link";
import { CardList } from "#app/components/kit/card-list";
import { pageMeta } from "#app/components/kit/page-meta";
import { WorkShell } from "#app/components/work-shell";
import type { Route } from "./+types/exporter-certificates";

export { WorkErrorBoundary as ErrorBoundary } from "#app/components/work-shell";
export { loader } from "./exporter-certificates.server";

const TITLE = "My certificates";
export const meta = () => pageMeta(TITLE);

const STATE: Record<string, { label: string; className: string }> = {
  valid: { label: "Valid", className: "bg-green-100 text-green-900" },
  expired: { label: "Expired", className: "bg-amber-100 text-amber-900" },
  superseded: { label: "Superseded", className: "bg-slate-200 text-slate-800" },
  revoked: { label: "Revoked", className: "bg-red-100 text-red-900" },
};

type Certificate = Route.ComponentProps["loaderData"]["certificates"][number];

/** One certificate: number and state, what it covers, its dates, then download and share. */
function CertificateCard({ c }: { c: Certificate }) {
  const state = STATE[c.status] ?? { label: c.status, className: "bg-slate-100" };
  return (
    <>
      <p className="flex flex-wrap items-center gap-2 font-semibold">
        <span className="break-all">{c.certificateNumber}</span>
        <span className={`rounded px-2 py-0.5 text-sm ${state.className}`} data-testid="state">
          {state.label}
        </span>
        {c.expiresSoon && (
          <span className="rounded bg-amber-100 px-2 py-0.5 text-sm text-amber-900" data-testid="expires-soon">
            Expires soon
          </span>
        )}
      </p>
      <p className="text-sm text-slate-700">
        {c.title} · {c.subjectType} <span className="break-all">{c.subjectCode}</span>
      </p>
      <p className="text-sm text-slate-700">
        Issued {c.issuedAt.slice(0, 10)} · {c.status === "expired" ? "expired" : "expires"} {c.expiresAt.slice(0, 10)}
      </p>
      {c.revocationReason && <p className="text-sm text-red-800">Revoked: {c.revocationReason}</p>}
      <div className="mt-2 flex flex-wrap items-center gap-3 text-sm">
        <a href={c.downloadPath} className="font-semibold text-green-800 underline" download>
          Download PDF
        </a>
        <ShareLink path={c.verifyPath} title={`${c.title} ${c.certificateNumber}`} />
      </div>
    </>
  );
}

export default function ExporterCertificates({ loaderData: d }: Route.ComponentProps) {
  return (
    <WorkShell title={TITLE} user={d.user}>
      <p className="text-slate-700">
        Every certificate of your batches and shipments. The state is the registry's, the same as the public
        verification page shows.
      </p>
      {d.certificates.length === 0 && (
        <p className="mt-4 text-slate-700">No certificate has been issued for your batches or shipments yet.</p>
      )}
      <CardList
        className="mt-4 space-y-3"
        items={d.certificates}
        itemKey={(c) => c.certificateNumber}
        testId={(c) => `certificate-${c.certificateNumber}`}
      >
        {(c) => <CertificateCard c={c} />}
      </CardList>
      <p className="mt-6 text-sm">
        <a className="text-green-800 underline" href="/exporter/shipments">
          My shipments
        </a>{" "}
        ·{" "}
        <a className="text-green-800 underline" href="/exporter/inspections">
          Inspections
        </a>
      </p>
    </WorkShell>
  );
}
