import type { z } from "zod";
import { GpsFields, gpsField } from "#app/components/gps-fields";
import { CsrfInput } from "#app/components/kit/csrf-input";
import { ErrorSummary, summaryItems } from "#app/components/kit/error-summary";
import { FormField } from "#app/components/kit/form-field";
import { Options } from "#app/components/kit/options";
import { Section } from "#app/components/kit/section";
import { BATCH_TITLES, PLACE_HINT } from "#app/content/batches";
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "#app/lib/light-form";
import type { PurchaseSchema } from "#worker/contracts/batches";
import { COMMODITY_NAMES } from "#worker/contracts/batches-light";
import { QUALITY_GRADES } from "#worker/domain/commodities";
import type { Route } from "../../routes/+types/batches";

type Purchase = NonNullable<Route.ComponentProps["loaderData"]["purchase"]>;
type Result = NonNullable<Route.ComponentProps["actionData"]>["result"];

const input = "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2";

/** The buyer's purchase form: first choose the farmer (GET), then tick their plots and post. */
export function PurchaseSection({
  purchase,
  today,
  csrf,
  result,
}: {
  purchase: Purchase;
  today: string;
  csrf: string;
  result: Result | undefined;
}) {
  const [form, fields] = useForm<z.input<typeof PurchaseSchema>>({
    id: "purchase",
    lastResult: result ?? undefined,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    defaultValue: { farmerIds: purchase.farmer ? [purchase.farmer.farmerId] : [], harvestDate: today },
  });
  const names = [
    "plotCodes",
    "commodity",
    "weightKg",
    "grade",
    "harvestDate",
    "latitude",
    "longitude",
    "location",
    "note",
  ] as const;
  const items = summaryItems(form.errors ?? [], [
    { ...fields.farmerIds, fieldId: "purchase-farmer" },
    ...names.map((name) => (name === "plotCodes" ? { ...fields[name], fieldId: "purchase-plots" } : fields[name])),
  ]);
  const ticked = new Set(
    [fields.plotCodes.initialValue ?? []].flat().filter((v): v is string => typeof v === "string"),
  );
  const crops = [
    ...new Set(
      purchase.plots
        .map((p) => p.crop)
        .filter((c): c is string => !!c && (COMMODITY_NAMES as readonly string[]).includes(c)),
    ),
  ];
  const commodityDefault =
    (fields.commodity.initialValue as string | undefined) ?? (crops.length === 1 ? crops[0] : "");
  return (
    <Section
      id="purchase-title"
      className="rounded-md border border-green-200 bg-white p-4"
      title={BATCH_TITLES.purchase}
    >
      <form method="get" className="mt-2 flex flex-wrap items-end gap-2" aria-label="Choose the farmer">
        <label className="text-sm font-semibold" htmlFor="purchase-farmer">
          Farmer ID
          <input
            id="purchase-farmer"
            name="farmer"
            defaultValue={purchase.farmerId}
            placeholder="FRM100001"
            className={input}
            autoCapitalize="characters"
          />
        </label>
        <button type="submit" className="rounded-md border border-green-800 px-4 py-2 font-semibold text-green-800">
          Show the farmer's plots
        </button>
      </form>
      {purchase.lookupError && (
        <p className="mt-2 text-sm font-semibold text-red-700" role="alert">
          {purchase.lookupError}
        </p>
      )}

      {purchase.farmer && purchase.plots.length > 0 && (
        <form method="post" {...getFormProps(form)} className="mt-4 space-y-3">
          <CsrfInput token={csrf} />
          <input type="hidden" name="farmerIds" value={purchase.farmer.farmerId} />
          <ErrorSummary items={items} />
          <p className="text-sm">
            Buying from <strong>{purchase.farmer.name}</strong> (
            <span className="font-mono">{purchase.farmer.farmerId}</span>)
          </p>
          <fieldset id="purchase-plots" tabIndex={-1} className="rounded-md border border-slate-200 p-3">
            <legend className="px-1 text-sm font-semibold">Origin plots (tick every plot the produce came from)</legend>
            {fields.plotCodes.errors?.map((m) => (
              <p key={m} className="text-sm font-semibold text-red-700">
                {m}
              </p>
            ))}
            <ul className="space-y-1">
              {purchase.plots.map((p) => (
                <li key={p.plotCode}>
                  <label className="flex items-start gap-2 text-sm">
                    <input
                      type="checkbox"
                      name="plotCodes"
                      value={p.plotCode}
                      defaultChecked={ticked.has(p.plotCode)}
                      className="mt-0.5 h-5 w-5"
                    />
                    <span>
                      <span className="font-mono">{p.plotCode}</span> · {p.crop ?? "no crop"} ·{" "}
                      {!p.eligible
                        ? "Not eligible for EUDR export"
                        : p.canStillSupplyKg === null
                          ? "Eligible"
                          : `Eligible · up to ${p.canStillSupplyKg.toLocaleString("en-US")} kg more this crop year`}
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
          <div className="grid grid-cols-2 gap-3">
            <FormField field={fields.commodity} label="Commodity" small>
              <select
                {...getSelectProps(fields.commodity)}
                key={fields.commodity.key}
                defaultValue={commodityDefault}
                className={input}
              >
                <Options none="Choose…" items={COMMODITY_NAMES} />
              </select>
            </FormField>
            <FormField field={fields.grade} label="Quality grade" small>
              <select {...getSelectProps(fields.grade)} key={fields.grade.key} className={input}>
                <Options none="Choose…" items={QUALITY_GRADES} />
              </select>
            </FormField>
            <FormField field={fields.weightKg} label="Weight (kg)" small>
              <input
                {...getInputProps(fields.weightKg, { type: "text" })}
                key={fields.weightKg.key}
                inputMode="decimal"
                className={input}
              />
            </FormField>
            <FormField field={fields.harvestDate} label="Harvest date" small>
              <input
                {...getInputProps(fields.harvestDate, { type: "date" })}
                key={fields.harvestDate.key}
                max={today}
                className={input}
              />
            </FormField>
          </div>
          <FormField field={fields.location} label="Place of purchase" hint={PLACE_HINT} small>
            <input {...getInputProps(fields.location, { type: "text" })} key={fields.location.key} className={input} />
          </FormField>
          <GpsFields latitude={gpsField(fields.latitude)} longitude={gpsField(fields.longitude)} />
          <FormField field={fields.note} label="Note (optional)" small>
            <textarea {...getTextareaProps(fields.note)} key={fields.note.key} rows={2} className={input} />
          </FormField>
          <button type="submit" className="w-full rounded-md bg-green-800 px-4 py-3 font-semibold text-white sm:w-auto">
            Record the purchase
          </button>
        </form>
      )}
    </Section>
  );
}
