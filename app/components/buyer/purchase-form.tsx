/**
 * "Buy from a farmer" on the buyer dashboard: find the farmer (Farmer ID, phone, or the card's QR
 * code with JavaScript), then record the purchase with a plain POST form that works with
 * JavaScript off and keeps what was typed, with each field's message, when it fails.
 */
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import {
  buttonClass,
  inputClass,
  PlainField,
  type PlainReply,
  PlainSummary,
} from "#app/components/inspection/plain-form";
import { CsrfInput } from "#app/components/kit/csrf-input";
import { FormField } from "#app/components/kit/form-field";
import { PairOptions } from "#app/components/kit/options";
import { OutboxNotice } from "#app/components/outbox-notice";
import { useOutboxForm } from "#app/lib/use-outbox-form";

const CardScanner = lazy(() => import("../card-scanner"));

export type LookupView = {
  entry: string;
  error: string | null;
  found: {
    farmerId: string;
    initials: string;
    cropYear: string;
    plots: {
      plotCode: string;
      crop: string | null;
      eligible: boolean;
      reason: string | null;
      canStillSupply: string | null;
    }[];
    commodities: string[];
  } | null;
};

const GRADES = ["A+", "A", "B", "C", "D", "E", "F"] as const;

/** Step 1: the lookup form (GET), with the lazy card scanner where the phone has a camera and JS. */
export function FindFarmer({ lookup }: { lookup: LookupView }) {
  const [hasJs, setHasJs] = useState(false);
  const [scanning, setScanning] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => setHasJs(typeof navigator !== "undefined" && !!navigator.mediaDevices?.getUserMedia), []);
  const onCard = useCallback((text: string) => {
    setScanning(false);
    if (input.current) input.current.value = text;
    form.current?.requestSubmit();
  }, []);
  const errorId = "farmer-error";
  return (
    <form method="get" ref={form} className="space-y-2" aria-label="Find a farmer">
      <FormField
        field={{ id: "farmer", errors: lookup.error && !lookup.found ? [lookup.error] : undefined }}
        label="Farmer ID, phone number or card"
        hint="Type the Farmer ID printed on the card (like FRM100001) or the farmer's phone number, or scan the card."
        small
      >
        <input
          ref={input}
          id="farmer"
          name="farmer"
          defaultValue={lookup.entry}
          autoComplete="off"
          aria-invalid={lookup.error && !lookup.found ? true : undefined}
          aria-describedby={`farmer-hint${lookup.error && !lookup.found ? ` ${errorId}` : ""}`}
          className={inputClass}
        />
      </FormField>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={buttonClass}>
          Find farmer
        </button>
        {hasJs && !scanning && (
          <button
            type="button"
            onClick={() => setScanning(true)}
            className="rounded-md border border-green-800 px-4 py-2.5 font-semibold text-green-900"
          >
            Scan card
          </button>
        )}
      </div>
      {scanning && (
        <Suspense fallback={<p className="text-sm">Loading the scanner…</p>}>
          <CardScanner onCard={onCard} onClose={() => setScanning(false)} />
        </Suspense>
      )}
    </form>
  );
}

/** The farmer's plots: eligible ones with what they can still yield; the others with why they are excluded. */
export function FarmerPlots({ found }: { found: NonNullable<LookupView["found"]> }) {
  return (
    <div className="mt-3" data-testid="farmer-plots">
      <p className="font-semibold">
        Farmer {found.farmerId} ({found.initials || "initials not recorded"}) · crop year {found.cropYear}
      </p>
      <ul className="mt-2 space-y-2">
        {found.plots.map((p) => (
          <li
            key={p.plotCode}
            className="rounded-md border border-slate-200 bg-white p-2 text-sm"
            data-testid={`plot-${p.plotCode}`}
          >
            <span className="font-semibold break-all">{p.plotCode}</span> · {p.crop ?? "crop not recorded"}
            {p.eligible ? (
              <span className="block text-green-900">
                Eligible · can still yield this season: {p.canStillSupply ?? "not known (no yield figure)"}
              </span>
            ) : (
              <span className="block text-red-800">{p.reason}</span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

const typed = (reply: PlainReply | undefined, name: string) => {
  const v = reply?.initialValue?.[name];
  return typeof v === "string" ? v : undefined;
};

/**
 * Step 2: the purchase (plain POST). With JavaScript, a purchase recorded while the phone is
 * offline goes to the outbox (ADR 027) and is sent, exactly once, when the connection returns.
 */
export function PurchaseForm({
  found,
  reply,
  csrf,
  owner,
  submissionId,
  today,
  currencies,
  paymentMethods,
}: {
  found: NonNullable<LookupView["found"]>;
  reply?: PlainReply;
  csrf: string;
  /** The signed-in buyer's login ID: only they send what they queued. */
  owner: string;
  submissionId: string;
  today: string;
  currencies: readonly string[];
  paymentMethods: readonly (readonly [string, string])[];
}) {
  const outbox = useOutboxForm({
    formId: "purchase-form",
    kind: "purchase",
    owner,
    label: (form) =>
      `Purchase from ${found.farmerId}: ${form.get("weightKg") || "?"} kg ${form.get("commodity") ?? ""}`,
    // Corrected where the farmer's plots are shown: the form needs the farmer looked up.
    fixUrl: `/agricultural-buyer-dashboard?farmer=${encodeURIComponent(found.farmerId)}`,
  });
  const eligible = found.plots.filter((p) => p.eligible);
  const chosenPlots = reply?.initialValue?.plotCodes;
  const chosen = Array.isArray(chosenPlots)
    ? (chosenPlots as string[])
    : typeof chosenPlots === "string"
      ? [chosenPlots]
      : reply
        ? []
        : eligible.length === 1
          ? [eligible[0]!.plotCode]
          : [];
  const err = (name: string) => reply?.error?.[name] ?? undefined;
  const select = (name: string, label: string, options: readonly (readonly [string, string])[], fallback = "") => (
    <FormField field={{ id: name, errors: err(name) }} label={label} small>
      <select
        id={name}
        name={name}
        defaultValue={typed(reply, name) ?? fallback}
        aria-invalid={err(name)?.length ? true : undefined}
        aria-describedby={err(name)?.length ? `${name}-error` : undefined}
        className={inputClass}
      >
        <PairOptions none="Choose…" pairs={options} />
      </select>
    </FormField>
  );
  return (
    <form
      method="post"
      id="purchase-form"
      className="mt-4 space-y-3"
      aria-label="Record the purchase"
      data-testid="purchase-form"
    >
      <h3 className="font-bold">Record the purchase</h3>
      <PlainSummary reply={reply} />
      <OutboxNotice state={outbox} />
      <CsrfInput token={csrf} />
      <input type="hidden" name="farmerId" value={found.farmerId} />
      <input type="hidden" name="submissionId" value={typed(reply, "submissionId") ?? submissionId} />
      <fieldset id="plotCodes" aria-describedby={err("plotCodes")?.length ? "plotCodes-error" : undefined}>
        <legend className="text-sm font-semibold">Plots the produce came from</legend>
        {err("plotCodes")?.length ? (
          <p id="plotCodes-error" className="text-sm font-semibold text-red-700">
            {err("plotCodes")![0]}
          </p>
        ) : null}
        {eligible.map((p) => (
          <label key={p.plotCode} className="mt-1 flex items-center gap-2 text-sm">
            <input type="checkbox" name="plotCodes" value={p.plotCode} defaultChecked={chosen.includes(p.plotCode)} />
            <span className="break-all">{p.plotCode}</span>
          </label>
        ))}
      </fieldset>
      {select(
        "commodity",
        "Commodity",
        found.commodities.map((c) => [c, c] as const),
        found.commodities.length === 1 ? found.commodities[0] : "",
      )}
      <PlainField
        reply={reply}
        name="weightKg"
        label="Weight (kg)"
        inputMode="decimal"
        hint="Up to 3 decimals, like 125.5"
      />
      <div className="grid grid-cols-2 gap-2">
        <PlainField reply={reply} name="pricePerKg" label="Price per kg" inputMode="decimal" hint="Like 2.50" />
        {select(
          "currency",
          "Currency",
          currencies.map((c) => [c, c] as const),
          "USD",
        )}
      </div>
      <PlainField
        reply={reply}
        name="moisturePct"
        label="Moisture (%) if measured"
        inputMode="decimal"
        hint="Leave empty if not measured"
      />
      {select("paymentMethod", "Payment method", paymentMethods)}
      <PlainField
        reply={reply}
        name="paymentReference"
        label="Payment reference"
        hint="Transaction or transfer number (needed for mobile money and bank transfer)"
      />
      {select(
        "grade",
        "Quality grade",
        GRADES.map((g) => [g, g] as const),
      )}
      <PlainField reply={reply} name="harvestDate" label="Harvest date" type="date" defaultValue={today} />
      <PlainField reply={reply} name="location" label="Place of purchase (town or facility)" />
      <button type="submit" className={buttonClass}>
        Record purchase
      </button>
    </form>
  );
}
