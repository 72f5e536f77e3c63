import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import type { ShouldRevalidateFunctionArgs } from "react-router";
import type { z } from "zod";
import { CsrfInput } from "#app/components/kit/csrf-input";
import { ErrorSummary, summaryItems } from "#app/components/kit/error-summary";
import { FieldError, FormField } from "#app/components/kit/form-field";
import { Options } from "#app/components/kit/options";
import { pageMeta } from "#app/components/kit/page-meta";
import { TextList } from "#app/components/kit/text-list";
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "#app/lib/light-form";
import { PLOT_HINTS, PLOT_TITLES } from "#worker/content/land-plots";
import type { PlotFormSchema } from "#worker/contracts/plot";
import { CAPTURE_MODES, type CaptureMode, MAX_COORDINATES_CHARS } from "#worker/contracts/plot-light";
import { CROPS } from "#worker/domain/commodities";
import { OutboxNotice } from "../components/outbox-notice";
import { WorkShell } from "../components/work-shell";
import { clearDraft, latestDraft, type PlotDraft, saveDraft } from "../lib/plot-draft";
import { useOutboxForm } from "../lib/use-outbox-form";
import type { Route } from "./+types/create-land-plot";

export { outboxPageHeaders as headers } from "#app/lib/page-form.server";
export { WorkErrorBoundary as ErrorBoundary } from "../components/work-shell";
export { action, loader } from "./create-land-plot.server";

export const meta = () => pageMeta(PLOT_TITLES.create);

// The map (and leaflet with it) is its own chunk, fetched only on this page and only with JavaScript.
const PlotCaptureMap = lazy(() => import("../components/plot-capture-map"));

/** After a failed save the loader must not run again: it would hand out a new submissionId. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod && formMethod !== "GET" ? false : defaultShouldRevalidate;
}

const MODE_LABEL: Record<CaptureMode, string> = {
  polygon: "Polygon — the plot's boundary (required over 4 ha)",
  point: "Single point — plots up to 4 ha",
};
const DRAFT_FIELDS = ["farmerId", "crop", "plantingYear", "tenureReference", "declaredAreaHectares"] as const;
const plotLabel = (form: FormData) =>
  `Plot of ${form.get("farmerId") || "an unnamed farmer"} (${form.get("crop") || "crop not set"})`;
const input = "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2.5";

export default function CreateLandPlot({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useForm<z.input<typeof PlotFormSchema>>({
    id: "create-land-plot",
    lastResult: actionData?.reply ?? undefined,
    defaultValue: { farmerId: loaderData.farmerId, captureMode: "polygon", submissionId: loaderData.submissionId },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const formRef = useRef<HTMLFormElement>(null);
  const [submissionId, setSubmissionId] = useState(String(fields.submissionId.initialValue ?? loaderData.submissionId));
  const [mode, setMode] = useState<CaptureMode>(fields.captureMode.initialValue === "point" ? "point" : "polygon");
  const [text, setText] = useState(String(fields.coordinates.initialValue ?? ""));
  const [mounted, setMounted] = useState(false);
  // Leaflet (≈ 70 KiB gzip) loads when the officer asks for the map, not with the page.
  const [mapOpen, setMapOpen] = useState(false);
  const [draft, setDraft] = useState<PlotDraft | null>(null);
  // Only once, with the first submissionId: later drafts are this page's own.
  const firstSubmissionId = useRef(submissionId);
  useEffect(() => {
    setMounted(true);
    setDraft(latestDraft(firstSubmissionId.current));
  }, []);
  // Offline, the saved plot goes to the outbox: its draft is no longer needed, the next plot gets a new id.
  const onQueued = useCallback(() => {
    clearDraft(submissionId);
    setSubmissionId(crypto.randomUUID());
    setText("");
  }, [submissionId]);
  const outbox = useOutboxForm({
    formId: form.id,
    kind: "plot",
    owner: loaderData.user.loginId,
    label: plotLabel,
    onQueued,
  });

  const readValues = useCallback((): Record<string, string> => {
    const values: Record<string, string> = { captureMode: mode, coordinates: text };
    const el = formRef.current;
    if (el)
      for (const name of DRAFT_FIELDS)
        values[name] = String((el.elements.namedItem(name) as HTMLInputElement | null)?.value ?? "");
    return values;
  }, [mode, text]);

  const keepDraft = useCallback(() => {
    const values = readValues();
    const meaningful = values.coordinates!.trim() || values.crop || values.plantingYear || values.tenureReference;
    if (meaningful) saveDraft({ submissionId, savedAt: new Date().toISOString(), values });
  }, [readValues, submissionId]);
  // Map taps and GPS fixes change the text without an input event: keep the draft in step
  // (keepDraft changes with the text and the mode).
  useEffect(() => {
    if (mounted) keepDraft();
  }, [keepDraft, mounted]);

  function restore(d: PlotDraft) {
    const el = formRef.current;
    if (el) {
      for (const name of DRAFT_FIELDS) {
        const field = el.elements.namedItem(name) as HTMLInputElement | null;
        if (field && d.values[name] !== undefined) field.value = d.values[name]!;
      }
    }
    clearDraft(submissionId);
    setSubmissionId(d.submissionId);
    setMode(d.values.captureMode === "point" ? "point" : "polygon");
    setText(d.values.coordinates ?? "");
    setDraft(null);
  }

  const readContext = useCallback(() => {
    const v = readValues();
    return { farmerId: v.farmerId ?? "", crop: v.crop ?? "", declaredAreaHectares: v.declaredAreaHectares ?? "" };
  }, [readValues]);

  const errorItems = summaryItems(
    form.errors ?? [],
    (
      [
        "farmerId",
        "crop",
        "plantingYear",
        "tenureReference",
        "captureMode",
        "declaredAreaHectares",
        "coordinates",
      ] as const
    ).map((name) => fields[name]),
  );
  const thisYear = new Date().getUTCFullYear();
  const { defaultValue: _t, ...textareaProps } = getTextareaProps(fields.coordinates);

  return (
    <WorkShell title={PLOT_TITLES.create} user={loaderData.user}>
      {draft && (
        <div
          className="mb-4 rounded-md border border-amber-400 bg-amber-50 p-3 text-sm text-amber-950"
          data-testid="draft-banner"
        >
          <p>
            An unsaved plot from {new Date(draft.savedAt).toLocaleString("en-GB")} is kept on this phone
            {draft.values.farmerId ? ` (farmer ${draft.values.farmerId})` : ""}.
          </p>
          <p className="mt-2 flex gap-3">
            <button
              type="button"
              className="rounded bg-amber-700 px-3 py-1.5 font-semibold text-white"
              onClick={() => restore(draft)}
            >
              Restore it
            </button>
            <button
              type="button"
              className="rounded border border-amber-700 px-3 py-1.5 font-semibold"
              onClick={() => {
                clearDraft(draft.submissionId);
                setDraft(latestDraft(submissionId));
              }}
            >
              Discard it
            </button>
          </p>
        </div>
      )}
      <form method="post" {...getFormProps(form)} ref={formRef} onChange={keepDraft} className="max-w-2xl space-y-4">
        <CsrfInput token={loaderData.user.csrf} />
        <input type="hidden" name="submissionId" value={submissionId} />
        <ErrorSummary items={errorItems} />
        <OutboxNotice state={outbox} />
        {actionData && "warnings" in actionData && (actionData.warnings as string[]).length ? (
          <div className="rounded-md border border-amber-400 bg-amber-50 p-3 text-sm text-amber-950">
            <p className="font-semibold">Also worth checking</p>
            <TextList className="list-disc pl-5" items={actionData.warnings as string[]} />
          </div>
        ) : null}

        <FormField field={fields.farmerId} label="Farmer ID" hint={PLOT_HINTS.farmerId} small allErrors>
          <input
            {...getInputProps(fields.farmerId, { type: "text" })}
            key={fields.farmerId.key}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="FRM100001"
            className={`${input} font-mono uppercase`}
          />
        </FormField>

        <div className="grid gap-4 sm:grid-cols-2">
          <FormField field={fields.crop} label="Crop" small allErrors>
            <select {...getSelectProps(fields.crop)} key={fields.crop.key} className={input}>
              <Options none="Choose a crop" items={CROPS} />
            </select>
          </FormField>
          <FormField field={fields.plantingYear} label="Planting year" small allErrors>
            <input
              {...getInputProps(fields.plantingYear, { type: "text" })}
              key={fields.plantingYear.key}
              inputMode="numeric"
              autoComplete="off"
              placeholder={String(thisYear - 5)}
              className={input}
            />
          </FormField>
        </div>

        <FormField
          field={fields.tenureReference}
          label="Tenure or land document reference"
          hint={PLOT_HINTS.tenure}
          small
          allErrors
        >
          <input
            {...getInputProps(fields.tenureReference, { type: "text" })}
            key={fields.tenureReference.key}
            maxLength={100}
            className={input}
          />
        </FormField>

        <fieldset>
          <legend id={fields.captureMode.id} className="text-sm font-semibold">
            How is the plot described?
          </legend>
          <FieldError field={fields.captureMode} all />
          <div className="mt-1 space-y-1">
            {CAPTURE_MODES.map((m) => (
              <label key={m} className="flex items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-2">
                <input
                  type="radio"
                  name={fields.captureMode.name}
                  value={m}
                  checked={mode === m}
                  onChange={() => setMode(m)}
                />
                {MODE_LABEL[m]}
              </label>
            ))}
          </div>
        </fieldset>

        <FormField
          field={fields.declaredAreaHectares}
          label="Area in hectares (single point only)"
          hint={PLOT_HINTS.declaredArea}
          small
          allErrors
          className={mounted && mode === "polygon" ? "hidden" : ""}
        >
          <input
            {...getInputProps(fields.declaredAreaHectares, { type: "text" })}
            key={fields.declaredAreaHectares.key}
            inputMode="decimal"
            autoComplete="off"
            className={input}
          />
        </FormField>

        {mounted && !mapOpen && (
          <button
            type="button"
            onClick={() => setMapOpen(true)}
            className="w-full rounded-md border border-green-700 bg-white px-4 py-2.5 font-semibold text-green-900 hover:bg-green-50"
          >
            Open the map and GPS
          </button>
        )}
        {mounted && mapOpen && (
          <Suspense fallback={<p className="rounded-md bg-slate-100 p-3 text-sm">Loading the map…</p>}>
            <PlotCaptureMap mode={mode} text={text} onTextChange={setText} readContext={readContext} />
          </Suspense>
        )}

        <FormField field={fields.coordinates} label="Coordinates" hint={PLOT_HINTS.coordinates} small allErrors>
          <textarea
            {...textareaProps}
            value={text}
            onChange={(e) => setText(e.target.value)}
            rows={8}
            maxLength={MAX_COORDINATES_CHARS}
            spellCheck={false}
            autoComplete="off"
            placeholder={"7.201234, -8.601234\n7.201234, -8.600012\n7.200051, -8.600012"}
            className={`${input} font-mono text-sm`}
          />
        </FormField>

        <button type="submit" className="w-full rounded-md bg-green-800 px-4 py-3 font-semibold text-white sm:w-auto">
          Save plot
        </button>
      </form>
    </WorkShell>
  );
}
