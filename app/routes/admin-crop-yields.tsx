import { Form } from "react-router";
import { CsrfInput } from "#app/components/kit/csrf-input";
import { DataTable } from "#app/components/kit/data-table";
import { ErrorSummary, replyItems } from "#app/components/kit/error-summary";
import { FormField } from "#app/components/kit/form-field";
import { Options } from "#app/components/kit/options";
import { pageMeta } from "#app/components/kit/page-meta";
import { CROPS } from "#worker/domain/commodities";
import { AdminNav } from "../components/admin/admin-nav";
import { adminReply, BUTTON, INPUT } from "../components/admin/create-account-form";
import { WorkShell } from "../components/work-shell";
import type { Route } from "./+types/admin-crop-yields";

export { WorkErrorBoundary as ErrorBoundary } from "../components/work-shell";
export { action, loader } from "./admin-crop-yields.server";

export const meta = () => pageMeta("Crop yields");

const perHa = (g: number | null) =>
  g === null ? "—" : (g / 1000).toLocaleString("en-US", { maximumFractionDigits: 3 });

export default function AdminCropYields({ loaderData, actionData }: Route.ComponentProps) {
  const { user, yields, saved } = loaderData;
  const reply = adminReply(actionData);
  const err = (n: string) => (reply?.intent === "yield" ? reply.errors[n] : undefined);
  return (
    <WorkShell title="Crop yields" user={user}>
      <AdminNav current="/agritrace-admin-portal/crop-yields" />
      <p className="text-sm">
        A purchase above what its plots' area can yield in one season (area × yield) is flagged for inspection. A
        configured figure replaces the default; purchases recorded afterwards are checked against it.
      </p>
      {saved && (
        <p role="status" className="mt-3 rounded border border-green-700 bg-green-50 p-2 font-semibold text-green-900">
          The yield of {saved} is stored.
        </p>
      )}
      <Form method="post" className="mt-4 space-y-3 rounded-lg bg-white p-4 shadow-sm" aria-labelledby="yield-title">
        <h2 id="yield-title" className="text-lg font-bold">
          Set a crop's yield
        </h2>
        <CsrfInput token={user.csrf} />
        <input type="hidden" name="intent" value="yield" />
        <ErrorSummary items={reply?.intent === "yield" ? replyItems(reply, ["crop", "kgPerHectare"], "yield") : []} />
        <FormField field={{ id: "yield-crop", errors: err("crop") }} label="Crop" small>
          <select id="yield-crop" name="crop" defaultValue={reply?.values.crop ?? "Cocoa"} className={INPUT}>
            <Options items={CROPS} />
          </select>
        </FormField>
        <FormField
          field={{ id: "yield-kgPerHectare", errors: err("kgPerHectare") }}
          label="Kilograms per hectare per season"
          hint="Like 450"
          small
        >
          <input
            id="yield-kgPerHectare"
            name="kgPerHectare"
            inputMode="decimal"
            defaultValue={reply?.values.kgPerHectare ?? ""}
            aria-invalid={err("kgPerHectare") ? true : undefined}
            aria-describedby={err("kgPerHectare") ? "yield-kgPerHectare-error" : "yield-kgPerHectare-hint"}
            className={INPUT}
          />
        </FormField>
        <button type="submit" className={BUTTON}>
          Store the yield
        </button>
      </Form>
      <DataTable
        caption="Yields in use"
        captionClassName="mt-4 text-left text-lg font-bold"
        testId="yields"
        className="mt-4"
        rows={yields}
        rowKey={(y) => y.crop}
        dense
        columns={[
          { header: "Crop", cell: (y) => y.crop },
          { header: "Default kg/ha", cell: (y) => perHa(y.defaultG), className: "text-right" },
          { header: "Configured kg/ha", cell: (y) => perHa(y.configuredG), className: "text-right" },
          { header: "In use kg/ha", cell: (y) => perHa(y.inUseG), className: "text-right font-semibold" },
        ]}
      />
    </WorkShell>
  );
}
