import { button, h2, input, section } from "./shared";

/** GET forms to the GeoJSON export of a farmer's or a batch's plots (for the DDS). */
export function ExportSection() {
  return (
    <section className={section} aria-labelledby="export-title">
      <h2 id="export-title" className={h2}>
        Export for the due diligence statement (GeoJSON)
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        One feature per plot with ProducerName, ProducerCountry “LR”, ProductionPlace and Area (ha). Large exports are
        split into packages of at most 25 MB and 1,000 producers per commodity: “List packages” shows them all. Plots
        with an invalid geometry are refused.
      </p>
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        {(
          [
            ["farmerId", "Farmer ID", "FRM000123"],
            ["batchCode", "Batch or shipment code", ""],
          ] as const
        ).map(([name, label, placeholder]) => (
          <form key={name} method="get" action="/api/eudr/export" className="flex flex-wrap items-end gap-2">
            <label className="block grow text-sm font-semibold">
              {label}
              <input name={name} required placeholder={placeholder} className={input} />
            </label>
            <label className="flex items-center gap-1 text-sm">
              <input type="checkbox" name="manifest" value="1" /> List packages
            </label>
            <button type="submit" className={button}>
              Download
            </button>
          </form>
        ))}
      </div>
    </section>
  );
}
