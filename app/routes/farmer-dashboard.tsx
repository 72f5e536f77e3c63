import { pageMeta } from "#app/components/kit/page-meta";
import { Section } from "#app/components/kit/section";
import { TextList } from "#app/components/kit/text-list";
import { longDate } from "#app/lib/dates";
import { CountTile, DashboardFrame, SECTION } from "../components/dashboards/dashboard-frame";
import { PlotOutline } from "../components/plot-outline";
import { COMPLIANCE_BADGE } from "../content/batches";
import {
  HIGH_RISK_STEP,
  MORE_INFORMATION_STEPS,
  SALE_STATE,
  STEP_FOR_EVIDENCE,
  FARMER_TEXT as T,
  VALIDATION_WORDS,
  VERDICT_WORDS,
} from "../content/farmer-dashboard";
import type { Route } from "./+types/farmer-dashboard";

export { PortalErrorBoundary as ErrorBoundary } from "#app/components/inspection/dashboard-error";

export { loader } from "./farmer-dashboard.server";

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta(loaderData?.title ?? "Farmer Dashboard");
}

type View = NonNullable<Route.ComponentProps["loaderData"]["view"]>;

const TONE = { good: "text-green-800", bad: "text-red-700", wait: "text-amber-800" } as const;
const hectares = (n: number) => `${n.toLocaleString("en", { maximumFractionDigits: 2 })} ha`;

export default function FarmerDashboard({ loaderData }: Route.ComponentProps) {
  const { title, user, roleLabel, csrf, view, message } = loaderData;
  return (
    <DashboardFrame title={title} heading={`Welcome, ${user.name}`} role={roleLabel} csrf={csrf} account={user.loginId}>
      {view ? (
        <>
          <ul className="grid grid-cols-3 gap-2 print:hidden" data-testid="farmer-counts">
            <CountTile label="My plots" value={view.plots.length} />
            <CountTile label="My sales" value={view.sales.length} />
            <CountTile label="Certificates" value={view.certificates.filter((c) => c.number).length} />
          </ul>
          <IdCard view={view} />
          <Notices notices={view.notices} />
          <Plots plots={view.plots} />
          <Sales sales={view.sales} />
          <Certificates
            certificates={view.certificates}
            plotsChecked={view.plots.some((p) => p.verdict !== null && p.verdict !== "not_assessed")}
          />
        </>
      ) : (
        <p className="rounded-md bg-amber-50 p-3 text-amber-900" role="status">
          {message ?? T.noFarmerRecord}
        </p>
      )}
    </DashboardFrame>
  );
}

function IdCard({ view }: { view: View }) {
  const f = view.farmer;
  return (
    <section
      aria-labelledby="card"
      className={`${SECTION} print:border-2 print:border-black`}
      data-testid="farmer-card"
    >
      <h2 id="card" className="text-lg font-bold">
        {T.cardHeading}
      </h2>
      <div className="mt-2 flex flex-wrap items-start gap-4">
        <figure className="w-40 shrink-0">
          {/* Drawn on the server (ADR 018): the code holds only the Farmer ID. */}
          <div
            role="img"
            aria-label={`QR code of Farmer ID ${f.farmerId}`}
            className="w-40 [&>svg]:h-auto [&>svg]:w-full"
            data-testid="farmer-qr"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: SVG generated on the server by uqr from the Farmer ID only
            dangerouslySetInnerHTML={{ __html: view.card.qrSvg }}
          />
          <figcaption className="text-center font-mono text-lg font-bold tracking-wider">{f.farmerId}</figcaption>
        </figure>
        <dl className="grid min-w-48 flex-1 grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm [overflow-wrap:anywhere]">
          <dt className="font-semibold">Name</dt>
          <dd data-testid="farmer-name">
            {f.firstName} {f.lastName}
          </dd>
          <dt className="font-semibold">County</dt>
          <dd>{f.county}</dd>
          {(f.district || f.community) && (
            <>
              <dt className="font-semibold">Place</dt>
              <dd>{[f.community, f.district].filter(Boolean).join(", ")}</dd>
            </>
          )}
          <dt className="font-semibold">Phone</dt>
          <dd>{f.phone ?? "—"}</dd>
          <dt className="font-semibold">Crops</dt>
          <dd>{f.crops.length ? f.crops.join(", ") : "—"}</dd>
          <dt className="font-semibold">Registered</dt>
          <dd>{longDate(f.registrationDate)}</dd>
          <dt className="font-semibold">Status</dt>
          <dd>{f.status === "active" ? "Active" : f.status}</dd>
        </dl>
      </div>
      <p className="mt-2 text-sm text-slate-700 print:hidden">{T.cardHint}</p>
      <p className="mt-1 text-sm text-slate-600 print:hidden">
        To print the card, use your browser's Print: only the card is printed.
      </p>
    </section>
  );
}

function Notices({ notices }: { notices: View["notices"] }) {
  return (
    <Section id="notices" className={`${SECTION} print:hidden`} title={T.noticesHeading} testId="farmer-notices">
      {notices.length === 0 ? (
        <p className="text-sm text-slate-600">{T.noNotices}</p>
      ) : (
        <ul className="mt-1 space-y-2 text-sm [overflow-wrap:anywhere]">
          {notices.map((n) => (
            <li key={n.id} className="border-t pt-2">
              <p className={n.read ? "font-semibold" : "font-bold"}>
                {!n.read && <span className="sr-only">New: </span>}
                {n.link ? (
                  <a href={n.link} className="text-green-800 underline">
                    {n.title}
                  </a>
                ) : (
                  n.title
                )}
              </p>
              <p className="text-slate-700">{n.body}</p>
              <p className="text-xs text-slate-500">{longDate(n.createdAt)}</p>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function Plots({ plots }: { plots: View["plots"] }) {
  return (
    <Section id="plots" className={`${SECTION} print:hidden`} title={T.plotsHeading} testId="farmer-plots">
      {plots.length === 0 && <p className="text-sm text-slate-600">{T.noPlots}</p>}
      <ul className="mt-1 space-y-4">
        {plots.map((p) => {
          const words = VERDICT_WORDS[p.verdict ?? "not_assessed"] ?? VERDICT_WORDS.not_assessed!;
          return (
            <li key={p.id} className="border-t pt-3" data-testid="farmer-plot">
              <h3 className="font-mono font-bold">{p.plotCode}</h3>
              <div className="mt-1 flex flex-wrap gap-4">
                {p.geometry && <PlotOutline geometry={p.geometry} size={150} label={`Outline of plot ${p.plotCode}`} />}
                <dl className="grid min-w-48 flex-1 grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm [overflow-wrap:anywhere]">
                  <dt className="font-semibold">Crop</dt>
                  <dd>{p.crop ?? "—"}</dd>
                  <dt className="font-semibold">Area</dt>
                  <dd>{hectares(p.areaHectares)}</dd>
                  <dt className="font-semibold">County</dt>
                  <dd>{p.county ?? "—"}</dd>
                  <dt className="font-semibold">Boundary</dt>
                  <dd>
                    {VALIDATION_WORDS[p.validationState] ?? p.validationState}
                    {p.validationIssues.map((m) => (
                      <span key={m} className="block text-xs text-red-700">
                        {m}
                      </span>
                    ))}
                  </dd>
                </dl>
              </div>
              <div className="mt-2 text-sm">
                <p className={`font-bold ${TONE[words.tone]}`} data-testid="plot-verdict">
                  {words.label}
                  {p.assessedAt && (
                    <span className="font-normal text-slate-600"> · checked {longDate(p.assessedAt)}</span>
                  )}
                </p>
                <p>{words.meaning}</p>
                {p.reasons.length > 0 && (
                  <>
                    <p className="mt-1 font-semibold">Why</p>
                    <TextList className="list-disc pl-5 text-slate-700" items={p.reasons} />
                  </>
                )}
                {p.evidence.length > 0 && (
                  <p className="mt-1 text-xs text-slate-600">Maps checked: {p.evidence.join("; ")}</p>
                )}
                <NextSteps verdict={p.verdict} kinds={p.evidenceKinds} />
              </div>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}

function NextSteps({ verdict, kinds }: { verdict: string | null; kinds: string[] }) {
  if (verdict === "high") return <p className="mt-1 rounded bg-red-50 p-2 text-red-900">{HIGH_RISK_STEP}</p>;
  if (verdict !== "more_information_needed") return null;
  const extra = [
    ...(kinds.includes("forest_concession") ? [STEP_FOR_EVIDENCE.forest_concession!] : []),
    ...(!kinds.includes("forest_2020") ? [STEP_FOR_EVIDENCE.none!] : []),
  ];
  return (
    <div className="mt-2 rounded bg-amber-50 p-2 text-amber-950" data-testid="next-steps">
      <p className="font-semibold">What you can do</p>
      <TextList ordered className="list-decimal pl-5" items={[...extra, ...MORE_INFORMATION_STEPS]} />
    </div>
  );
}

function Sales({ sales }: { sales: View["sales"] }) {
  return (
    <Section id="sales" className={`${SECTION} print:hidden`} title={T.salesHeading} testId="farmer-sales">
      {sales.length === 0 && <p className="text-sm text-slate-600">{T.noSales}</p>}
      <p className="mt-1 text-sm">
        <a href="/sellers-hub" className="font-semibold text-green-800 underline">
          Sell your expected harvest in the sellers hub
        </a>
      </p>
      <ul className="mt-1 space-y-3 text-sm [overflow-wrap:anywhere]">
        {sales.map((s) => (
          <li key={s.batchCode} className="border-t pt-2" data-testid="farmer-sale">
            <p className="flex flex-wrap items-center gap-2">
              <span className="font-mono font-bold">{s.batchCode}</span>
              <span
                className={`rounded px-1.5 py-0.5 text-xs font-semibold ${COMPLIANCE_BADGE[s.complianceStatus] ?? ""}`}
              >
                {SALE_STATE[s.complianceStatus] ?? s.complianceStatus}
              </span>
            </p>
            <dl className="mt-1 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3">
              <dt className="font-semibold">Date</dt>
              <dd>{longDate(s.date)}</dd>
              <dt className="font-semibold">Crop</dt>
              <dd>{s.commodity}</dd>
              <dt className="font-semibold">Weight</dt>
              <dd>
                {s.weight}
                {s.fromMyPlots && ` (${s.fromMyPlots} from my plots)`}
              </dd>
              <dt className="font-semibold">Buyer</dt>
              <dd>{s.buyer}</dd>
              <dt className="font-semibold">Price paid</dt>
              <dd>{s.price ?? T.priceNotRecorded}</dd>
            </dl>
            {s.complianceReason && <p className="text-slate-700">{s.complianceReason}</p>}
            <p>
              <a href={`/api/batches/${s.batchCode}/receipt`} className="text-green-800 underline">
                Purchase receipt (PDF)
              </a>
            </p>
            {s.certificates.length > 0 && (
              <p>
                Certificates:{" "}
                {s.certificates.map((c, i) => (
                  <span key={c.number}>
                    {i > 0 && ", "}
                    <a href={`/verify/${c.number}`} className="font-mono text-green-800 underline">
                      {c.number}
                    </a>
                  </span>
                ))}
              </p>
            )}
          </li>
        ))}
      </ul>
    </Section>
  );
}

function Certificates({ certificates, plotsChecked }: { certificates: View["certificates"]; plotsChecked: boolean }) {
  return (
    <Section
      id="certificates"
      className={`${SECTION} print:hidden`}
      title={T.certificatesHeading}
      testId="farmer-certificates"
    >
      <ul className="mt-1 space-y-2 text-sm [overflow-wrap:anywhere]">
        {certificates.map((c) => (
          <li key={`${c.farmerId}-${c.type}`} className="border-t pt-2">
            <p className="font-semibold">{c.title}</p>
            {c.number ? (
              <p>
                No. <span className="font-mono">{c.number}</span> · valid until {longDate(c.expiresAt)} ·{" "}
                <a href={c.href} className="font-semibold text-green-800 underline" download>
                  Download PDF
                </a>
              </p>
            ) : (
              <p className="text-slate-700" data-testid="certificate-missing">
                {plotsChecked ? T.notIssuedChecked : T.notIssuedUnchecked}
              </p>
            )}
          </li>
        ))}
      </ul>
    </Section>
  );
}
