import { Link, useLocation } from "react-router";
import { pageMeta } from "#app/components/kit/page-meta";
import { TextList } from "#app/components/kit/text-list";
import { SealTitle } from "#app/components/seal";
import { LoginForm } from "../components/login/login-form";
import { type FormSpec, loginPage } from "../content/logins";
import type { Route } from "./+types/login";

export { action, loader } from "./login.server";

export function meta({ location }: Route.MetaArgs) {
  const page = loginPage(location.pathname);
  return pageMeta(page?.title ?? "Login");
}

export default function LoginPage({ loaderData, actionData }: Route.ComponentProps) {
  const location = useLocation();
  const page = loginPage(location.pathname)!;
  const { demo, redirectTo, signedIn } = loaderData;
  const demoFor = (form: FormSpec) =>
    demo?.filter((d) => !form.demoRoles || (d.entityType && form.demoRoles.includes(d.entityType))) ?? [];
  const wide = page.forms.length > 1 || (page.hub?.length ?? 0) > 1;

  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <header className="bg-green-900 text-white">
        <div className="mx-auto flex max-w-5xl items-center gap-3 px-4 py-3">
          <SealTitle
            title="Agricultural Traceability & Compliance"
            sub="Republic of Liberia"
            titleClass="text-sm font-bold"
          />
        </div>
      </header>
      <main className={`mx-auto w-full flex-1 px-4 py-6 ${wide ? "max-w-5xl" : "max-w-md"}`}>
        <Link to={page.back.href} prefetch="none" className="text-sm font-semibold text-green-800 hover:underline">
          ← {page.back.label}
        </Link>
        <h1 className="mt-3 text-2xl font-extrabold text-slate-900">{page.title}</h1>
        <p className="mt-1 text-slate-700">{page.subtitle}</p>

        {signedIn && (
          <p className="mt-4 rounded-md bg-green-100 p-3 text-sm text-green-900">
            You are signed in as <strong>{signedIn.name}</strong>.{" "}
            <Link to={signedIn.home} className="font-semibold underline">
              Go to your dashboard
            </Link>
          </p>
        )}

        {page.hub && (
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {page.hub.map((card) => (
              <li key={card.href}>
                <Link
                  to={card.href}
                  className="flex h-full flex-col rounded-xl border border-green-200 bg-white p-5 shadow-sm hover:border-green-600"
                >
                  <h2 className="text-lg font-bold text-slate-900">{card.title}</h2>
                  <p className="mt-1 flex-1 text-sm text-slate-600">{card.description}</p>
                  <span className="mt-3 font-semibold text-green-800">{card.cta} →</span>
                </Link>
              </li>
            ))}
          </ul>
        )}

        {page.forms.length > 0 && (
          <div
            className={`mt-6 grid gap-5 ${page.forms.length === 2 ? "md:grid-cols-2" : page.forms.length > 2 ? "md:grid-cols-3" : ""}`}
          >
            {page.forms.map((form) => (
              <section
                key={form.id}
                aria-labelledby={`${form.id}-title`}
                className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
                data-form={form.id}
              >
                <h2 id={`${form.id}-title`} className="text-lg font-bold text-slate-900">
                  {form.title}
                </h2>
                {form.description && <p className="mb-3 text-sm text-slate-600">{form.description}</p>}
                <LoginForm
                  spec={form}
                  lastResult={actionData?.formId === form.id ? actionData.result : null}
                  redirectTo={redirectTo}
                  demoValues={
                    form.demoButton && demo?.[0]
                      ? {
                          username: demo[0].loginId,
                          password: demo[0].password,
                          role: "office_admin",
                          department: "office_admin",
                        }
                      : null
                  }
                />
                <DemoCredentials
                  items={demoFor(form).filter((d) => page.forms.length === 1 || matchesForm(form, d.role))}
                />
              </section>
            ))}
          </div>
        )}

        {page.openCard && (
          <section className="mt-5 rounded-xl border border-blue-200 bg-blue-50 p-5" aria-labelledby="open-card-title">
            <h2 id="open-card-title" className="text-lg font-bold text-blue-950">
              {page.openCard.title}
            </h2>
            <p className="mt-1 text-sm text-blue-900">{page.openCard.description}</p>
            <Link
              to={page.openCard.href}
              className="mt-3 inline-block rounded-md bg-blue-900 px-4 py-2 font-semibold text-white"
            >
              {page.openCard.cta}
            </Link>
          </section>
        )}

        {page.help && (
          <section
            className="mt-5 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950"
            aria-labelledby="help-title"
          >
            <h2 id="help-title" className="font-bold">
              Help
            </h2>
            <TextList className="mt-1 list-disc space-y-1 pl-5" items={page.help} />
          </section>
        )}

        {page.links && (
          <nav aria-label="Other executive portals" className="mt-5 flex flex-wrap gap-3 text-sm">
            {page.links.map((l) => (
              <Link key={l.href} to={l.href} className="font-semibold text-green-800 underline">
                {l.label}
              </Link>
            ))}
          </nav>
        )}
      </main>
    </div>
  );
}

function matchesForm(form: FormSpec, role: string) {
  const byForm: Record<string, string[]> = {
    farmer: ["farmer"],
    buyer: ["buyer"],
    "land-inspector": ["land_inspector"],
    "port-inspector": ["port_inspector"],
    "warehouse-inspector": ["warehouse_inspector"],
  };
  return !byForm[form.id] || byForm[form.id]!.includes(role);
}

type Demo = { role: string; loginId: string; password: string; accessCode?: string; note?: string };

/** Development and demo credentials in plain view (spec §2) — only ever sent in demo mode. */
function DemoCredentials({ items }: { items: Demo[] }) {
  if (!items.length) return null;
  return (
    <aside
      className="mt-4 rounded-md border border-dashed border-amber-500 bg-amber-50 p-3 text-xs text-amber-950"
      data-testid="demo-credentials"
    >
      <p className="font-bold">Demo credentials (demo mode)</p>
      <ul className="mt-1 space-y-1">
        {items.map((d) => (
          <li key={d.loginId}>
            <span className="font-mono">{d.loginId}</span> / <span className="font-mono">{d.password}</span>
            {d.accessCode && (
              <>
                {" "}
                / code <span className="font-mono">{d.accessCode}</span>
              </>
            )}
            {d.note && <span className="text-amber-800"> — {d.note}</span>}
          </li>
        ))}
      </ul>
    </aside>
  );
}
