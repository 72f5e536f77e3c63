/**
 * The pieces of the three executive dashboards: the cards, the GET filter form, figure
 * tiles, the county map (ADR 024: finished SVG from the loader, no client JavaScript), tables
 * holding the same figures as the charts (components/bar-chart.tsx), counted and paged lists and
 * the licensing step forms.
 */

import { Options } from "#app/components/kit/options";
import { Pagination } from "#app/components/kit/pagination";
import { PostForm } from "#app/components/kit/post-form";
import { Section } from "#app/components/kit/section";
import { COUNTIES } from "#worker/content/counties";
import type { CountyMap } from "../../lib/county-map.server";
import type { FilterView } from "../../lib/oversight.server";

export const CARD = "mt-4 rounded-md border border-slate-200 bg-white p-3";

/** One card of a dashboard: a section named by its heading. `anchor` is the section's id for links (#map). */
export function Card(props: { id: string; title: React.ReactNode; anchor?: string; children: React.ReactNode }) {
  return <Section className={CARD} {...props} />;
}

const input = "mt-1 block w-full rounded border border-slate-400 bg-white px-2 py-2";

/** The filter of every figure: a plain GET form, so it works with JavaScript off. */
export function FilterForm({
  filter,
  commodities,
  withCounty = true,
  withCommodity = true,
}: {
  filter: FilterView;
  commodities: string[];
  withCounty?: boolean;
  withCommodity?: boolean;
}) {
  return (
    <form method="get" className={`${CARD} grid grid-cols-2 gap-2 sm:grid-cols-5`} aria-label="Filter the figures">
      <label className="text-sm">
        From
        <input type="date" name="from" defaultValue={filter.from} className={input} />
      </label>
      <label className="text-sm">
        To
        <input type="date" name="to" defaultValue={filter.to} className={input} />
      </label>
      {withCounty && (
        <FilterSelect label="County" name="county" value={filter.county} all="All counties" options={COUNTIES} />
      )}
      {withCommodity && (
        <FilterSelect
          label="Commodity"
          name="commodity"
          value={filter.commodity}
          all="All commodities"
          options={commodities}
        />
      )}
      <div className="col-span-2 flex items-end gap-2 sm:col-span-1">
        <button type="submit" className="rounded bg-green-800 px-3 py-2 font-semibold text-white">
          Apply
        </button>
        <a href="?" className="py-2 text-green-800 underline">
          Reset
        </a>
      </div>
      {filter.error && (
        <p role="alert" className="col-span-2 text-sm text-red-800 sm:col-span-5">
          {filter.error}
        </p>
      )}
    </form>
  );
}

/** One choice of the filter: every option, or "all" (the empty value). */
function FilterSelect({
  label,
  name,
  value,
  all,
  options,
}: {
  label: string;
  name: string;
  value: string;
  all: string;
  options: readonly string[];
}) {
  return (
    <label className="text-sm">
      {label}
      <select name={name} defaultValue={value} className={input}>
        <Options none={all} items={options} />
      </select>
    </label>
  );
}

/** One figure. */
export function Figure({ label, value, testId }: { label: string; value: string | number; testId: string }) {
  return (
    <li className="rounded-md border border-slate-200 bg-white p-3">
      <span className="block text-2xl font-bold tabular-nums text-green-900" data-testid={testId}>
        {typeof value === "number" ? value.toLocaleString("en-US") : value}
      </span>
      <span className="text-sm text-slate-700">{label}</span>
    </li>
  );
}

/** A plain table of figures: the accessible (and JS-off) form of each chart. `data-key` marks a row for tests. */
export function Table({
  head,
  rows,
  testId,
  caption,
  textColumns = 1,
  titled = false,
  wordyFigures = false,
}: {
  head: string[];
  rows: { key: string; cells: (string | number)[] }[];
  testId: string;
  caption: string;
  /** How many leading columns hold text (left-aligned); the rest are figures (right-aligned, unbroken). */
  textColumns?: number;
  /** Show the caption as a heading above the table as well. */
  titled?: boolean;
  /** Figure cells carry words ("46 days (overdue)") and may break at spaces to fit a 360 px screen. */
  wordyFigures?: boolean;
}) {
  const unbroken = wordyFigures ? "" : " whitespace-nowrap";
  const figure = (i: number) => (i >= textColumns ? `text-right tabular-nums${unbroken}` : "");
  return (
    <>
      {titled && <h3 className="mt-3 font-semibold">{caption}</h3>}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (axe scrollable-region-focusable) */}
      <section className="mt-2 overflow-x-auto" aria-label={caption} tabIndex={0}>
        <table className="w-full text-left text-sm" data-testid={testId}>
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr className="border-b border-slate-300">
              {head.map((h, i) => (
                <th key={h} scope="col" className={`py-1 pr-2 ${i >= textColumns ? "text-right" : ""}`}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 && (
              <tr>
                <td colSpan={head.length} className="py-1 text-slate-600">
                  Nothing in this range.
                </td>
              </tr>
            )}
            {rows.map((r) => (
              <tr key={r.key} className="border-b border-slate-100" data-key={r.key}>
                {r.cells.map((c, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are fixed columns
                  <td key={i} className={`py-1 pr-2 ${figure(i)}`}>
                    {typeof c === "number" ? c.toLocaleString("en-US") : c}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </>
  );
}

/** The county choropleth (finished paths from lib/county-map.server.ts) with its legend and credit. */
export function CountyMapSvg({ map, credit }: { map: CountyMap; credit: string }) {
  return (
    <figure className="mt-2">
      <svg viewBox="0 0 320 330" className="h-auto w-full max-w-sm" role="img" aria-labelledby="county-map-title">
        <title id="county-map-title">{`Map of Liberia's counties: ${map.measure}`}</title>
        {map.counties.map((c) => (
          <path key={c.county} d={c.path} fill={c.fill} stroke="#334155" strokeWidth="0.6">
            <title>{`${c.county}: ${c.value}`}</title>
          </path>
        ))}
      </svg>
      <ul className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-xs" aria-label="Legend">
        {map.legend.map((l) => (
          <li key={l.label} className="flex items-center gap-1">
            <span className="inline-block h-3 w-4 border border-slate-400" style={{ background: l.fill }} />
            {l.label}
          </li>
        ))}
      </ul>
      <figcaption className="mt-1 text-xs text-slate-600" data-testid="map-credit">
        {credit}
      </figcaption>
    </figure>
  );
}

export type Item = { key: string; href: string; label: string; detail: string };
/** A short list of records, each linking to its page. */
export function ItemList({ items, empty, testId }: { items: Item[]; empty: string; testId: string }) {
  if (!items.length) return <p className="mt-1 text-sm text-slate-600">{empty}</p>;
  return (
    <ul className="mt-1 space-y-1 text-sm" data-testid={testId}>
      {items.map((i) => (
        <li key={i.key} className="break-words">
          <a href={i.href} className="font-semibold text-green-800 underline">
            {i.label}
          </a>{" "}
          <span className="text-slate-700">{i.detail}</span>
        </li>
      ))}
    </ul>
  );
}

/** A title with its count, e.g. "Double claims (3)"; the count carries the test id. */
export function Counted({ title, total, testId }: { title: string; total: number; testId: string }) {
  return (
    <>
      {title} (<span data-testid={testId}>{total}</span>)
    </>
  );
}

/** A list's heading with its count (see Counted). */
export function CountHeading({
  title,
  total,
  testId,
  className = "mt-2 font-semibold",
}: {
  title: string;
  total: number;
  testId: string;
  className?: string;
}) {
  return (
    <h3 className={className}>
      <Counted title={title} total={total} testId={testId} />
    </h3>
  );
}

/** A counted heading and its ItemList (test ids `<testId>` for the count, `<testId>-list` for the list). */
export function CountedList({
  title,
  list,
  testId,
  empty,
  headingClass,
}: {
  title: string;
  list: { total: number; items: Item[] };
  testId: string;
  empty: string;
  headingClass?: string;
}) {
  return (
    <>
      <CountHeading title={title} total={list.total} testId={testId} className={headingClass} />
      <ItemList items={list.items} empty={empty} testId={`${testId}-list`} />
    </>
  );
}

/** The pager of one list (plain links keeping the filter). */
export function Pager({
  list,
  label,
}: {
  list: { page: number; pages: number; base: string; param: string };
  label: string;
}) {
  const join = list.base.includes("?") ? "&" : "?";
  return (
    <Pagination
      page={list.page}
      pageCount={list.pages}
      href={(p) => `${list.base}${join}${list.param}=${p}`}
      label={label}
      numbered
    />
  );
}

/** The outcome of the last licensing form. */
export function Flash({ flash }: { flash: { done: string | null; error: string | null } }) {
  if (flash.error)
    return (
      <p role="alert" className="mt-2 rounded bg-red-50 p-2 text-sm text-red-900" data-testid="flash-error">
        {flash.error}
      </p>
    );
  if (flash.done)
    return (
      <p role="status" className="mt-2 rounded bg-green-50 p-2 text-sm text-green-900" data-testid="flash-done">
        {flash.done}
      </p>
    );
  return null;
}

/** One licensing step form (a plain POST to the dashboard's action). */
export function StepForm({ csrf, intent, id, label }: { csrf: string; intent: string; id: string; label: string }) {
  return (
    <PostForm csrf={csrf} intent={intent} hidden={{ id }} className="inline">
      <button type="submit" className="min-h-11 rounded bg-green-800 px-3 py-1 text-sm font-semibold text-white">
        {label}
      </button>
    </PostForm>
  );
}

type PagedList = { page: number; pages: number; base: string; param: string };

/**
 * One licensing queue of a dashboard: its heading with the count, the items (each with its step
 * form when `step` is given — read-only viewers get none), the empty line and the pager.
 */
export function StepQueue({
  title,
  queue,
  countTestId,
  itemTestId,
  empty,
  step,
  pagerLabel,
  headingClass,
}: {
  title: string;
  queue: { total: number; items: { id: string; what: string; detail: string }[]; list: PagedList };
  countTestId: string;
  itemTestId: string;
  empty: string;
  step?: { csrf: string; intent: string; label: string };
  pagerLabel: string;
  headingClass?: string;
}) {
  return (
    <>
      <CountHeading title={title} total={queue.total} testId={countTestId} className={headingClass} />
      {queue.items.length === 0 && <p className="text-sm text-slate-600">{empty}</p>}
      <ul className="mt-1 space-y-2">
        {queue.items.map((item) => (
          <li key={item.id} className="rounded border border-slate-200 p-2 text-sm" data-testid={itemTestId}>
            <p className="font-semibold break-words">{item.what}</p>
            <p className="text-slate-700">{item.detail}</p>
            {step && <StepForm csrf={step.csrf} intent={step.intent} id={item.id} label={step.label} />}
          </li>
        ))}
      </ul>
      <Pager list={queue.list} label={pagerLabel} />
    </>
  );
}
