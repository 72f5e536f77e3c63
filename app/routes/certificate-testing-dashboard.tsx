import { CsrfInput } from "#app/components/kit/csrf-input";
import { ErrorSummary } from "#app/components/kit/error-summary";
import { pageMeta } from "#app/components/kit/page-meta";
import { longDate } from "#app/lib/dates";
import { firstMessage } from "#app/lib/light-form";
import { WorkShell } from "../components/work-shell";
import { TESTING_TEXT } from "../content/certificates";
import type { Route } from "./+types/certificate-testing-dashboard";

// The action's headers reach the page's answer (a quota's Retry-After), else the loader's.
export { outboxPageHeaders as headers } from "#app/lib/page-form.server";
export { WorkErrorBoundary as ErrorBoundary } from "../components/work-shell";
export { action, loader } from "./certificate-testing-dashboard.server";

export const meta = () => pageMeta(TESTING_TEXT.title);

const day = longDate;

/**
 * Spec §2: three test farmer profiles (id, name, county/town), each with 'Generate Certificates';
 * after generating, a success banner and six download cards that open the PDFs in a new tab.
 * Before a farmer is chosen, nothing else is shown. Plain forms and links: works without JavaScript.
 */
export default function CertificateTestingDashboard({ loaderData: d, actionData }: Route.ComponentProps) {
  const error = firstMessage(actionData?.reply) ?? null;
  return (
    <WorkShell title={TESTING_TEXT.title} user={d.user}>
      {error && (
        <div className="mb-4">
          <ErrorSummary items={[{ message: error }]} />
        </div>
      )}
      <p className="mb-4 text-sm text-slate-700">{TESTING_TEXT.intro}</p>
      <section aria-labelledby="profiles">
        <h2 id="profiles" className="mb-2 text-lg font-bold">
          {TESTING_TEXT.profilesHeading}
        </h2>
        <ul className="grid gap-3 sm:grid-cols-3" data-testid="test-farmers">
          {d.farmers.map((f) => (
            <li
              key={f.id}
              className={`rounded-md border bg-white p-4 ${d.chosen?.id === f.id ? "border-green-700 ring-2 ring-green-700" : "border-slate-200"}`}
            >
              <p className="text-xs font-semibold text-slate-600">Test farmer {f.id}</p>
              <p className="font-bold">{f.name}</p>
              <p className="text-sm text-slate-700">{f.location}</p>
              <form method="post" className="mt-3">
                <CsrfInput token={d.user.csrf} />
                <input type="hidden" name="farmer" value={f.id} />
                <button type="submit" className="w-full rounded-md bg-green-800 px-4 py-2.5 font-semibold text-white">
                  {TESTING_TEXT.generate}
                  <span className="sr-only"> for {f.name}</span>
                </button>
              </form>
            </li>
          ))}
        </ul>
      </section>

      {d.chosen && d.generated && (
        <>
          <p
            role="status"
            className="mt-6 rounded-md bg-green-50 p-3 font-semibold text-green-900"
            data-testid="generated"
          >
            {TESTING_TEXT.banner(d.chosen.name, d.chosen.id)}
          </p>
          <section aria-labelledby="downloads" className="mt-4">
            <h2 id="downloads" className="mb-2 text-lg font-bold">
              {TESTING_TEXT.cardsHeading(d.chosen.name)}
            </h2>
            <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="download-cards">
              {d.cards.map((c) => (
                <li key={c.type} className="flex flex-col rounded-md border border-slate-200 bg-white p-4">
                  <p className="font-bold">{c.title}</p>
                  {c.certificateNumber ? (
                    <p className="text-sm text-slate-700">
                      No. <span className="font-mono">{c.certificateNumber}</span>
                      {c.expiresAt && <span className="block">Valid until {day(c.expiresAt)}</span>}
                    </p>
                  ) : (
                    <p className="text-sm text-slate-600">{TESTING_TEXT.notYetIssued}</p>
                  )}
                  <a
                    href={c.href}
                    target="_blank"
                    rel="noopener"
                    aria-label={TESTING_TEXT.openLabel(c.title, d.chosen!.name)}
                    className="mt-3 inline-block self-start rounded-md border border-green-800 px-3 py-2 font-semibold text-green-900 hover:bg-green-50"
                  >
                    {TESTING_TEXT.open}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        </>
      )}
    </WorkShell>
  );
}
