import { DataTable } from "#app/components/kit/data-table";
import { PostForm } from "#app/components/kit/post-form";
import { type EudrData, h2, SampleBadge, section } from "./shared";

type Layer = EudrData["layers"][number];

/** The reference layers in use, and (demo mode, administrators) the button that loads the sample layers. */
export function LayersSection({ d }: { d: EudrData }) {
  const { user, canManage, demo, layers } = d;
  return (
    <section className={section} aria-labelledby="layers-title">
      <h2 id="layers-title" className={h2}>
        Reference layers in use
      </h2>
      <DataTable<Layer>
        empty={
          <p className="mt-2 text-sm text-slate-700" data-testid="no-layers">
            No reference layers yet: every plot gets “More information needed” until an administrator uploads them.
          </p>
        }
        labelledBy="layers-title"
        className="mt-2"
        tableClassName="w-full text-sm"
        testId="layers-table"
        stack
        rows={layers}
        rowKey={(l) => l.id}
        rowClassName="border-t align-top"
        columns={[
          { header: "Kind", cell: (l) => l.kindLabel },
          {
            header: "Name",
            cell: (l) => (
              <>
                {l.name}
                {l.sample && <SampleBadge />}
              </>
            ),
          },
          { header: "Source", cellClassName: "text-xs text-slate-700", cell: (l) => l.source },
          { header: "Date", cellClassName: "whitespace-nowrap", cell: (l) => l.sourceDate },
          {
            header: "Version",
            cell: (l) => (
              <a
                href={`/api/eudr/layers/${l.id}/geojson`}
                className="text-green-800 underline"
                title="Download the original file"
              >
                {l.version}
              </a>
            ),
          },
          { header: "Features", className: "text-right", cellClassName: "tabular-nums", cell: (l) => l.featureCount },
        ]}
      />
      {canManage && demo && (
        <PostForm csrf={user.csrf} intent="install-sample" className="mt-3">
          <button
            type="submit"
            className="rounded-md border border-amber-600 bg-amber-50 px-4 py-2 text-sm font-semibold text-amber-950"
          >
            Load the sample layers for Liberia
          </button>
          <span className="ml-2 text-xs text-slate-600">Demo mode only. Sample data — not authoritative.</span>
        </PostForm>
      )}
    </section>
  );
}
