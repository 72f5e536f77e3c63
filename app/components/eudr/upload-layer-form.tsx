import type { z } from "zod";
import { CsrfInput } from "#app/components/kit/csrf-input";
import { ErrorSummary, summaryItems } from "#app/components/kit/error-summary";
import { FieldError } from "#app/components/kit/form-field";
import { Options } from "#app/components/kit/options";
import { getFormProps, getInputProps, getSelectProps, useForm } from "#app/lib/light-form";
import type { LayerUploadFormSchema } from "#worker/contracts/eudr";
import { LAYER_KIND_LABEL } from "#worker/contracts/eudr-light";
import { LAYER_KINDS } from "#worker/domain/assess-risk";
import { button, type EudrActionData, type EudrData, h2, input, replyFor, section } from "./shared";

/** Administrators upload a reference layer (GeoJSON); same kind and name makes a new version. */
export function UploadLayerForm({ d, actionData }: { d: EudrData; actionData: EudrActionData }) {
  const { user, maxFileMiB } = d;
  const { result, formError } = replyFor(actionData, "upload-layer");
  const [uploadForm, upload] = useForm<z.input<typeof LayerUploadFormSchema>>({
    id: "upload-layer",
    lastResult: result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <section className={section} aria-labelledby="upload-title">
      <h2 id="upload-title" className={h2}>
        Upload a reference layer
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        A GeoJSON FeatureCollection of Polygon or MultiPolygon features in WGS84 ([longitude, latitude]), up to{" "}
        {maxFileMiB} MiB. Uploading a layer with the same kind and name creates a new version; the previous one is
        retired but kept for past verdicts.
      </p>
      <form
        method="post"
        encType="multipart/form-data"
        {...getFormProps(uploadForm)}
        className="mt-3 grid gap-3 sm:grid-cols-2"
      >
        <CsrfInput token={user.csrf} />
        <input type="hidden" name="intent" value="upload-layer" />
        <div className="sm:col-span-2">
          <ErrorSummary
            items={summaryItems(
              [formError, ...(uploadForm.errors ?? [])],
              [upload.kind, upload.name, upload.source, upload.sourceDate, upload.file],
            )}
          />
        </div>
        <div>
          <label htmlFor={upload.kind.id} className="block text-sm font-semibold">
            Kind of layer
          </label>
          <FieldError field={upload.kind} all />
          <select {...getSelectProps(upload.kind)} key={upload.kind.key} className={input}>
            <Options none="Choose…" items={LAYER_KINDS} text={(k) => LAYER_KIND_LABEL[k]} />
          </select>
        </div>
        <div>
          <label htmlFor={upload.name.id} className="block text-sm font-semibold">
            Name
          </label>
          <FieldError field={upload.name} all />
          <input {...getInputProps(upload.name, { type: "text" })} key={upload.name.key} className={input} />
        </div>
        <div>
          <label htmlFor={upload.source.id} className="block text-sm font-semibold">
            Source (publisher, dataset, version)
          </label>
          <FieldError field={upload.source} all />
          <input {...getInputProps(upload.source, { type: "text" })} key={upload.source.key} className={input} />
        </div>
        <div>
          <label htmlFor={upload.sourceDate.id} className="block text-sm font-semibold">
            Date of the data
          </label>
          <FieldError field={upload.sourceDate} all />
          <input
            {...getInputProps(upload.sourceDate, { type: "date" })}
            key={upload.sourceDate.key}
            className={input}
          />
        </div>
        <div className="sm:col-span-2">
          <label htmlFor={upload.file.id} className="block text-sm font-semibold">
            GeoJSON file
          </label>
          <FieldError field={upload.file} all />
          <input
            {...getInputProps(upload.file, { type: "file" })}
            key={upload.file.key}
            accept=".geojson,.json,application/geo+json,application/json"
            className={input}
          />
        </div>
        <div>
          <button type="submit" className={button}>
            Upload layer
          </button>
        </div>
      </form>
    </section>
  );
}
