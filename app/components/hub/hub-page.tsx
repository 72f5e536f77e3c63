/**
 * The sellers hub page, shared by /sellers-hub and /exporter/marketplace
 * (docs/sellers-hub.md): plain forms, usable with JavaScript off, laid out for 360 px first.
 */
import { Form } from "react-router";
import { CardList } from "#app/components/kit/card-list";
import { CsrfInput } from "#app/components/kit/csrf-input";
import { ErrorSummary, replyItems } from "#app/components/kit/error-summary";
import { Options } from "#app/components/kit/options";
import { Section } from "#app/components/kit/section";
import { COMMODITY_NAMES } from "#worker/contracts/batches-light";
import { QUALITY_GRADES } from "#worker/domain/commodities";
import type { HubReply } from "../../routes/sellers-hub.server";
import { type ShellUser, WorkShell } from "../work-shell";

type Lot = {
  id: string;
  source: string;
  commodity: string;
  grade: string | null;
  county: string | null;
  eudrLabel: string;
  quantity: string;
  remainingKg: number;
  askingPrice: { currency: string; text: string };
  season: string | null;
  status: string;
  mine: boolean;
  /** /exporter/marketplace: my open orders this lot could help fill. */
  fits?: { orderCode: string; toFill: string }[];
};
type Offer = {
  id: string;
  commodity: string;
  quantity: string;
  price: { text: string };
  grade: string | null;
  status: string;
  statusLabel: string;
  byRole: string;
  batchCode: string | null;
  contact: { name: string; phone: string | null; company: string | null } | null;
};
export type HubData = {
  user: ShellUser;
  lots: Lot[];
  basis: "open_orders" | "all" | null;
  commodities: string[];
  myLots: (Lot & { offers: Offer[] })[];
  myOffers: Offer[];
  plots: { plotCode: string; crop: string | null; areaHectares: number }[];
  canList: boolean;
  canOffer: boolean;
  notice: string | null;
};

const input = "mt-1 block w-full rounded border border-slate-400 p-2";
const button = "rounded bg-green-800 px-4 py-2 font-semibold text-white";
const card = "rounded-lg border bg-white p-3";

function Err({ reply, id, name }: { reply?: HubReply; id: string; name: string }) {
  const m = reply?.errors[name];
  return m?.length ? (
    <p id={`${id}-error`} className="text-sm font-semibold text-red-700">
      {m.join(". ")}
    </p>
  ) : null;
}

function Contact({ c }: { c: Offer["contact"] }) {
  if (!c) return null;
  return (
    <p className="mt-1 text-sm" data-testid="contact">
      Contact: <strong>{c.name}</strong>
      {c.company ? ` (${c.company})` : ""}
      {c.phone ? ` · ${c.phone}` : ""}
    </p>
  );
}

function LotFacts({ lot }: { lot: Lot }) {
  return (
    <>
      <p className="font-semibold">
        {lot.commodity} · {lot.quantity} · {lot.askingPrice.text}
      </p>
      <p className="text-sm text-slate-700">
        {lot.source === "batch" ? "Stock in a batch" : `Expected harvest${lot.season ? `, ${lot.season}` : ""}`}
        {lot.grade ? ` · grade ${lot.grade}` : ""} · {lot.county ?? "County not recorded"}
      </p>
      <p className="text-sm text-slate-700">EUDR: {lot.eudrLabel}</p>
    </>
  );
}

function OfferForm({ lot, reply, csrf }: { lot: Lot; reply?: HubReply; csrf: string }) {
  const mine = reply?.intent === "offer" && reply.target === lot.id ? reply : undefined;
  const id = `offer-${lot.id}`;
  const v = (n: string, d = "") => mine?.values[n] ?? d;
  return (
    <details className="mt-2" open={!!mine}>
      <summary className="cursor-pointer font-semibold text-green-800 underline">Make an offer</summary>
      <Form method="post" className="mt-2 space-y-2">
        <CsrfInput token={csrf} />
        <input type="hidden" name="intent" value="offer" />
        <input type="hidden" name="target" value={lot.id} />
        {mine?.message && <p className="text-sm font-semibold text-red-700">{mine.message}</p>}
        <label className="block">
          Quantity (kg)
          <Err reply={mine} id={`${id}-quantityKg`} name="quantityKg" />
          <input
            name="quantityKg"
            inputMode="decimal"
            defaultValue={v("quantityKg", String(lot.remainingKg))}
            className={input}
          />
        </label>
        <label className="block">
          Price per kg ({lot.askingPrice.currency})
          <Err reply={mine} id={`${id}-pricePerKg`} name="pricePerKg" />
          <input name="pricePerKg" inputMode="decimal" defaultValue={v("pricePerKg")} className={input} />
        </label>
        <input type="hidden" name="currency" value={lot.askingPrice.currency} />
        {lot.source === "harvest" && (
          <label className="block">
            Grade you will record at purchase
            <Err reply={mine} id={`${id}-grade`} name="grade" />
            <select name="grade" defaultValue={v("grade")} className={input}>
              <Options none="Choose a grade" items={QUALITY_GRADES} />
            </select>
          </label>
        )}
        <button type="submit" className={button}>
          Send offer
        </button>
      </Form>
    </details>
  );
}

/** A text input of the listing form: its label, its message, then the field (kept as typed on error). */
function ListInput({
  reply,
  name,
  label,
  decimal,
}: {
  reply?: HubReply;
  name: string;
  label: string;
  decimal?: boolean;
}) {
  return (
    <label className="block">
      {label}
      <Err reply={reply} id={`list-${name}`} name={name} />
      <input
        id={`list-${name}`}
        name={name}
        inputMode={decimal ? "decimal" : undefined}
        defaultValue={reply?.values[name] ?? ""}
        className={input}
      />
    </label>
  );
}

function ListForm({ data, reply }: { data: HubData; reply?: HubReply }) {
  const r = reply?.intent === "list" ? reply : undefined;
  const farmer = data.user.role === "farmer";
  const v = (n: string, d = "") => r?.values[n] ?? d;
  const names = ["source", "batchCode", "plotCodes", "commodity", "quantityKg", "pricePerKg", "currency"];
  return (
    <Form method="post" className="mt-6 space-y-3 rounded-lg bg-white p-4 shadow-sm" aria-labelledby="list-title">
      <h2 id="list-title" className="text-lg font-bold">
        {farmer ? "Sell my expected harvest" : "Sell a batch I hold"}
      </h2>
      <CsrfInput token={data.user.csrf} />
      <input type="hidden" name="intent" value="list" />
      <input type="hidden" name="source" value={farmer ? "harvest" : "batch"} />
      <ErrorSummary items={replyItems(r, names, "list")} />
      {farmer ? (
        <>
          <label className="block">
            Commodity
            <Err reply={r} id="list-commodity" name="commodity" />
            <select id="list-commodity" name="commodity" defaultValue={v("commodity")} className={input}>
              <Options none="Choose" items={COMMODITY_NAMES} />
            </select>
          </label>
          <fieldset>
            <legend className="font-semibold">My eligible plots</legend>
            <Err reply={r} id="list-plotCodes" name="plotCodes" />
            {data.plots.length === 0 && <p className="text-sm text-slate-600">No eligible plot yet.</p>}
            {data.plots.map((p, i) => (
              <label key={p.plotCode} className="mt-1 flex items-center gap-2">
                <input
                  id={i === 0 ? "list-plotCodes" : undefined}
                  type="checkbox"
                  name="plotCodes"
                  value={p.plotCode}
                />
                {p.plotCode} · {p.crop ?? "no crop"} · {p.areaHectares} ha
              </label>
            ))}
          </fieldset>
        </>
      ) : (
        <ListInput reply={r} name="batchCode" label="Batch code" />
      )}
      <ListInput reply={r} name="quantityKg" label="Quantity (kg)" decimal />
      <ListInput reply={r} name="pricePerKg" label="Asking price per kg" decimal />
      <label className="block">
        Currency
        <Err reply={r} id="list-currency" name="currency" />
        <select id="list-currency" name="currency" defaultValue={v("currency", "USD")} className={input}>
          <option>USD</option>
          <option>LRD</option>
        </select>
      </label>
      <button type="submit" className={button}>
        List the lot
      </button>
    </Form>
  );
}

/** A lot I listed: its facts and status, then each offer on it with accept / decline while pending. */
function MyLot({ lot, csrf }: { lot: HubData["myLots"][number]; csrf: string }) {
  return (
    <>
      <LotFacts lot={lot} />
      <p className="text-sm">Status: {lot.status}</p>
      {lot.offers.length === 0 && <p className="text-sm text-slate-600">No offers yet.</p>}
      <ul className="mt-1 space-y-2">
        {lot.offers.map((o) => (
          <li key={o.id} className="border-t pt-2 text-sm" data-testid="offer-on-my-lot">
            <p>
              A {o.byRole} offers {o.quantity} at {o.price.text}
              {o.grade ? `, grade ${o.grade}` : ""} — {o.statusLabel}
              {o.batchCode ? ` (batch ${o.batchCode})` : ""}
            </p>
            <Contact c={o.contact} />
            {o.status === "pending" && (
              <div className="mt-1 flex flex-wrap gap-2">
                {(["accept", "decline"] as const).map((intent) => (
                  <Form method="post" key={intent}>
                    <CsrfInput token={csrf} />
                    <input type="hidden" name="intent" value={intent} />
                    <input type="hidden" name="target" value={o.id} />
                    <button
                      type="submit"
                      className={
                        intent === "accept" ? button : "rounded border border-slate-500 px-4 py-2 font-semibold"
                      }
                    >
                      {intent === "accept" ? "Accept" : "Decline"}
                    </button>
                  </Form>
                ))}
              </div>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

/** An offer I made: what, at what price, and where it stands. */
function MyOffer({ o }: { o: Offer }) {
  return (
    <>
      <p className="font-semibold">
        {o.commodity} · {o.quantity} at {o.price.text}
      </p>
      <p>
        {o.statusLabel}
        {o.batchCode ? ` · batch ${o.batchCode}` : ""}
      </p>
      <Contact c={o.contact} />
    </>
  );
}

export function HubPage({ title, data, reply }: { title: string; data: HubData; reply?: HubReply }) {
  const decideError = reply && (reply.intent === "accept" || reply.intent === "decline") ? reply.message : undefined;
  return (
    <WorkShell title={title} user={data.user}>
      {data.notice && (
        <p role="status" className="rounded bg-green-50 p-2 font-semibold text-green-900">
          {data.notice}
        </p>
      )}
      {decideError && (
        <p role="alert" className="rounded bg-red-50 p-2 font-semibold text-red-800">
          {decideError}
        </p>
      )}
      <Section id="lots-title" className="mt-4" title={data.basis ? "Lots that fit my orders" : "Lots for sale"}>
        {data.basis === "open_orders" && (
          <p className="text-sm text-slate-600">
            {`Open batch lots of the commodities my open orders still need (${data.commodities.join(", ")}).`}
          </p>
        )}
        {data.basis === "all" && (
          <p className="text-sm text-slate-600">
            Every open batch lot: I have no open order still to fill.{" "}
            <a href="/exporter/orders" className="text-green-800 underline">
              Record an order
            </a>
          </p>
        )}
        {data.lots.length === 0 ? (
          <p className="mt-2 text-slate-600">No lots for sale right now.</p>
        ) : (
          <ul className="mt-2 space-y-2" data-testid="lots">
            {data.lots.map((lot) => (
              <li key={lot.id} className={card} data-testid="lot">
                <LotFacts lot={lot} />
                {lot.fits && lot.fits.length > 0 && (
                  <p className="text-sm text-slate-700" data-testid="fits">
                    {`Fits ${lot.fits.map((f) => `${f.orderCode} (${f.toFill} still to fill)`).join(", ")}`}
                  </p>
                )}
                {lot.mine ? (
                  <p className="text-sm font-semibold">My lot</p>
                ) : (
                  data.canOffer && <OfferForm lot={lot} reply={reply} csrf={data.user.csrf} />
                )}
              </li>
            ))}
          </ul>
        )}
      </Section>

      {data.canList && (
        <Section id="mine-title" className="mt-6" title="My lots and their offers">
          {data.myLots.length === 0 && <p className="mt-2 text-slate-600">I have listed no lots.</p>}
          <CardList className="mt-2 space-y-2" cardClassName={card} items={data.myLots} itemKey={(lot) => lot.id}>
            {(lot) => <MyLot lot={lot} csrf={data.user.csrf} />}
          </CardList>
        </Section>
      )}

      {data.canOffer && (
        <Section id="offers-title" className="mt-6" title="My offers">
          {data.myOffers.length === 0 && <p className="mt-2 text-slate-600">I have made no offers.</p>}
          <CardList
            className="mt-2 space-y-2"
            cardClassName={`${card} text-sm`}
            items={data.myOffers}
            itemKey={(o) => o.id}
            testId={() => "my-offer"}
          >
            {(o) => <MyOffer o={o} />}
          </CardList>
        </Section>
      )}

      {data.canList && <ListForm data={data} reply={reply} />}
    </WorkShell>
  );
}
