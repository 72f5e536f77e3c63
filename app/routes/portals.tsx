import { env } from "cloudflare:workers";
import { Link } from "react-router";
import { pageMeta } from "#app/components/kit/page-meta";
import { TextList } from "#app/components/kit/text-list";
import { Seal } from "#app/components/seal";
import { COUNTIES } from "#worker/content/counties";
import { CROPS } from "#worker/domain/commodities";
import { LiveClock } from "../components/live-clock";
import { StatTiles } from "../components/stat-tiles";
import { WeatherChip } from "../components/weather-chip";
import { copyright, PORTALS } from "../content/portals";
import type { Route } from "./+types/portals";
import { PUBLIC_PAGE_CACHE } from "./landing";

export function loader() {
  // Contact values are deployment configuration (wrangler.toml vars), the same for every user.
  return {
    contact: {
      hotline: env.CONTACT_HOTLINE,
      email: env.CONTACT_SUPPORT_EMAIL,
      emergency: env.CONTACT_EMERGENCY,
    },
    year: new Date().getUTCFullYear(),
  };
}

export function headers() {
  return { "Cache-Control": PUBLIC_PAGE_CACHE };
}

export const meta: Route.MetaFunction = () =>
  pageMeta(PORTALS.title, { suffix: "Portals", index: true, extra: [{ name: "description", content: PORTALS.intro }] });

export default function Portals({ loaderData }: Route.ComponentProps) {
  const { contact, year } = loaderData;
  return (
    <div className="flex min-h-screen flex-col">
      <header className="bg-green-900 text-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <div className="flex items-center gap-2">
            <img
              src="/api/assets/flag-liberia.svg"
              alt="Flag of Liberia"
              width={38}
              height={20}
              className="h-5 w-auto rounded-sm"
            />
            <Seal size={40} />
            <img src="/api/assets/logo.svg" alt="Platform emblem" width={40} height={40} className="h-10 w-10" />
            <img
              src="/api/assets/flag-eu.svg"
              alt="Flag of the European Union"
              width={30}
              height={20}
              className="h-5 w-auto rounded-sm"
            />
            <div className="ml-1 leading-tight">
              <p className="text-sm font-bold sm:text-base">{PORTALS.title}</p>
              <p className="text-[11px] text-green-200 sm:text-xs">{PORTALS.regulator}</p>
            </div>
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <WeatherChip />
            <LiveClock />
          </div>
        </div>
      </header>

      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-6">
        <Link to={PORTALS.back.href} prefetch="none" className="text-sm font-semibold text-green-800 hover:underline">
          ← {PORTALS.back.label}
        </Link>

        <section aria-labelledby="intro-heading" className="mt-4">
          <h1 id="intro-heading" className="text-2xl font-extrabold text-slate-900 sm:text-3xl">
            {PORTALS.introHeading}
          </h1>
          <p className="mt-2 max-w-3xl text-slate-700">{PORTALS.intro}</p>
          <details className="mt-3 rounded-lg border border-slate-200 bg-white p-3 text-sm">
            <summary className="cursor-pointer font-semibold text-slate-800">{PORTALS.countiesHeading}</summary>
            <TextList
              className="mt-2 grid grid-cols-2 gap-1 text-slate-700 sm:grid-cols-3 lg:grid-cols-5"
              items={COUNTIES}
            />
          </details>
          <p className="mt-2 text-sm text-slate-700">
            <span className="font-semibold">{PORTALS.cropsHeading}:</span> {CROPS.join(", ")}.
          </p>
        </section>

        <section aria-labelledby="portal-cards-heading" className="mt-6">
          <h2 id="portal-cards-heading" className="sr-only">
            Portals
          </h2>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {PORTALS.cards.map((card) => (
              <li key={card.id}>
                <Link
                  to={card.href}
                  prefetch="none"
                  data-portal={card.id}
                  className="flex h-full flex-col rounded-xl border border-green-200 bg-white p-5 shadow-sm transition hover:border-green-600 hover:shadow-md focus:outline-none focus-visible:ring-4 focus-visible:ring-green-300"
                >
                  <span className="text-3xl" aria-hidden="true">
                    {card.icon}
                  </span>
                  <h3 className="mt-2 text-lg font-bold text-slate-900">{card.title}</h3>
                  <p className="mt-1 text-sm text-slate-600">{card.description}</p>
                  <ul className="mt-3 flex-1 space-y-1 text-sm text-slate-700">
                    {card.features.map((feature) => (
                      <li key={feature} className="flex gap-2">
                        <span aria-hidden="true" className="text-green-700">
                          ✓
                        </span>
                        {feature}
                      </li>
                    ))}
                  </ul>
                  <span className="mt-4 inline-block rounded-md bg-green-800 px-3 py-2 text-center text-sm font-semibold text-white">
                    {PORTALS.enterPortal}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>

        <p className="mt-4 text-center">
          <a
            href="/world-market-pricing"
            className="font-semibold text-green-800 underline"
            data-testid="world-prices-link"
          >
            World market pricing and the official farm-gate price (no sign-in needed)
          </a>
        </p>

        <section aria-labelledby="stats-heading" className="mt-8">
          <h2 id="stats-heading" className="text-xl font-bold text-slate-900">
            {PORTALS.statsHeading}
          </h2>
          <StatTiles tiles={PORTALS.stats} className="mt-3 grid grid-cols-2 gap-3 lg:grid-cols-4" />
        </section>

        <section aria-labelledby="help-heading" className="mt-8 rounded-xl border border-amber-200 bg-amber-50 p-5">
          <h2 id="help-heading" className="text-lg font-bold text-amber-950">
            {PORTALS.help.heading}
          </h2>
          <dl className="mt-2 grid gap-2 text-sm sm:grid-cols-3">
            <HelpLine term={PORTALS.help.hotline} href={`tel:${dialable(contact.hotline)}`} text={contact.hotline} />
            <HelpLine term={PORTALS.help.email} href={`mailto:${contact.email}`} text={contact.email} />
            <HelpLine
              term={PORTALS.help.emergency}
              href={`tel:${dialable(contact.emergency)}`}
              text={contact.emergency}
            />
          </dl>
        </section>
      </main>

      <footer className="border-t border-slate-200 bg-white py-6 text-center text-sm text-slate-600">
        {copyright(year)}
      </footer>
    </div>
  );
}

/** A phone number as a tel: link dials it: "+231 77 000 0000" → "+231770000000". */
function dialable(phone: string) {
  return phone.replace(/[^+\d]/g, "");
}

/** One way to reach the help desk: what it is, then the link. */
function HelpLine({ term, href, text }: { term: string; href: string; text: string }) {
  return (
    <div>
      <dt className="font-semibold text-amber-900">{term}</dt>
      <dd>
        <a href={href} className="text-amber-950 underline">
          {text}
        </a>
      </dd>
    </div>
  );
}
