// The due-diligence package of a 1,000-plot shipment: how long GET
// /api/shipments/:code/package?format=zip takes to build the ZIP (EU GeoJSON files, CSV of batches
// and origins, certificates) on the bench state. Printed, never asserted.
//   prepare(): before the server starts, writes 1,000 farmers with one plot each, 100 cocoa
//     batches of 10 origins, an order of the demo exporter and a shipment of the 100 batches
//     straight into the bench D1 (wrangler d1 execute, like bench-traceability.mjs).
//   default(): signs in as office.admin (regulator staff read any shipment) and times the
//     download BENCH_DDS_RUNS times (default 5); prints the median, min and max.
import { signIn } from "./bench-traceability-api.mjs";
import {
  chunkedInserts,
  directPlotGeometry,
  executeLocalSql,
  farmerIdOf,
  nameKey,
  sqlText,
} from "./bench-traceability-data.mjs";

const PLOTS = 1_000;
const PER_BATCH = 10;
const FIRST_NUMBER = 800_001;
const SHIPMENT_CODE = "SHP-2026-900001";
const RUNS = Number(process.env.BENCH_DDS_RUNS ?? 5);
const EXPORTER_ID = "demo-exporter";

export async function prepare({ stateDir, env }) {
  const started = performance.now();
  const farmers = [];
  const plots = [];
  const batches = [];
  const origins = [];
  const lines = [];
  const orderId = crypto.randomUUID();
  const shipmentId = crypto.randomUUID();
  const year = new Date().getUTCFullYear();
  for (let i = 0; i < PLOTS; i++) {
    const n = FIRST_NUMBER + i;
    const farmerId = farmerIdOf(n);
    const first = ["Musu", "Sekou", "Korto", "Varney", "Fatu", "Mulbah"][i % 6];
    const last = ["Kollie", "Flomo", "Kpoto", "Gbah", "Dolo", "Zaza"][(i * 7) % 6];
    farmers.push(
      `(${[
        sqlText(crypto.randomUUID()),
        sqlText(farmerId),
        sqlText(first),
        sqlText(last),
        sqlText("Nimba County"),
        sqlText(`LRB${String(n).padStart(8, "0")}`),
        sqlText("2024-03-01"),
        sqlText("demo-office-admin"),
        sqlText(nameKey(first, last)),
        sqlText(nameKey(last, first)),
      ].join(",")})`,
    );
    const g = directPlotGeometry(i, 6.5);
    const plotId = crypto.randomUUID();
    plots.push(
      `(${[
        sqlText(plotId),
        sqlText(`PLT-${String(n).padStart(6, "0")}-01`),
        sqlText(farmerId),
        sqlText(g.json),
        sqlText(g.type),
        g.area,
        ...g.box,
        sqlText("Cocoa"),
        2010,
        sqlText("Nimba County"),
        sqlText("valid"),
        sqlText('{"warnings":[]}'),
        sqlText("low"),
        sqlText("demo-office-admin"),
      ].join(",")})`,
    );
    const b = Math.floor(i / PER_BATCH);
    if (i % PER_BATCH === 0) {
      const batchId = crypto.randomUUID();
      batches.push({ id: batchId, code: `LR-COC-${year}-${String(900_001 + b).padStart(6, "0")}` });
    }
    origins.push(`(${[sqlText(batches[b].id), sqlText(plotId), sqlText(farmerId), 50_000].join(",")})`);
  }
  const batchRows = batches.map(
    (b) =>
      `(${[
        sqlText(b.id),
        sqlText(b.code),
        sqlText("Cocoa"),
        sqlText("1801"),
        PER_BATCH * 50_000,
        sqlText("A"),
        sqlText("port_inspected"),
        sqlText("compliant"),
        sqlText("Nimba County"),
        sqlText(EXPORTER_ID),
        sqlText("demo-buyer"),
      ].join(",")})`,
  );
  for (const b of batches) {
    lines.push(`(${[sqlText(shipmentId), sqlText(b.id), PER_BATCH * 50_000].join(",")})`);
  }
  const total = batches.length * PER_BATCH * 50_000;
  const sql = [
    ...chunkedInserts(
      farmers,
      "INSERT INTO farmers (id, farmer_id, first_name, last_name, county, national_id, registration_date, registered_by, name_key, last_name_key)",
    ),
    ...chunkedInserts(
      plots,
      "INSERT INTO land_plots (id, plot_code, farmer_id, geometry, geometry_type, area_hectares, min_lon, min_lat, max_lon, max_lat, crop, planting_year, county, validation_state, validation_issues, risk_level, created_by)",
    ),
    ...chunkedInserts(
      batchRows,
      "INSERT INTO batches (id, batch_code, commodity, hs_code, weight_g, grade, status, compliance_status, county, holder_id, created_by)",
    ),
    ...chunkedInserts(origins, "INSERT INTO batch_origins (batch_id, plot_id, farmer_id, weight_g)"),
    `INSERT INTO orders (id, code, exporter_id, buyer_name, buyer_country, commodity, hs_code, quantity_g, price_minor, currency, incoterm, delivery_from, delivery_to, status) VALUES (${[
      sqlText(orderId),
      sqlText("ORD-2026-900001"),
      sqlText(EXPORTER_ID),
      sqlText("Bench Cocoa Import BV"),
      sqlText("NL"),
      sqlText("Cocoa"),
      sqlText("1801"),
      total,
      340_000,
      sqlText("USD"),
      sqlText("FOB"),
      sqlText("2026-12-01"),
      sqlText("2027-01-31"),
      sqlText("open"),
    ].join(",")});`,
    ...chunkedInserts(
      batches.map((b) => `(${[sqlText(orderId), sqlText(b.id), PER_BATCH * 50_000, sqlText(EXPORTER_ID)].join(",")})`),
      "INSERT INTO order_allocations (order_id, batch_id, weight_g, allocated_by)",
    ),
    `INSERT INTO shipments (id, code, exporter_id, status, order_id) VALUES (${[
      sqlText(shipmentId),
      sqlText(SHIPMENT_CODE),
      sqlText(EXPORTER_ID),
      sqlText("draft"),
      sqlText(orderId),
    ].join(",")});`,
    ...chunkedInserts(lines, "INSERT INTO shipment_batches (shipment_id, batch_id, weight_g)"),
  ].join("\n");
  executeLocalSql(sql, { stateDir, env, what: "the package bench data" });
  console.log(
    `Package bench: ${PLOTS} plots, ${batches.length} batches, shipment ${SHIPMENT_CODE} written in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

export default async function ddsPackageBench({ BASE }) {
  const token = await signIn(BASE);
  const times = [];
  let bytes = 0;
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const res = await fetch(`${BASE}/api/shipments/${SHIPMENT_CODE}/package?format=zip`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const body = Buffer.from(await res.arrayBuffer());
    const ms = performance.now() - t0;
    if (res.status !== 200) throw new Error(`HTTP ${res.status}: ${body.toString("utf8").slice(0, 300)}`);
    bytes = body.length;
    times.push(ms);
  }
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  console.log(
    `\nDue-diligence package, shipment of ${PLOTS.toLocaleString("en")} plots (${PLOTS / PER_BATCH} batches)`,
  );
  console.log(
    `  GET /api/shipments/${SHIPMENT_CODE}/package?format=zip: median ${median.toFixed(0)} ms over ${RUNS} runs (min ${sorted[0].toFixed(0)}, max ${sorted[sorted.length - 1].toFixed(0)}), ZIP ${(bytes / 1024).toFixed(1)} KiB`,
  );
}
