/**
 * The demo registry (demo mode only, ADR 007): the accounts who act, the sample farmers with their
 * plots (placed in their declared counties, docs/eudr-rules.md) and the import file built from them.
 */
import { csvQuote } from "#worker/domain/csv";
import { IMPORT_COLUMNS, type ImportColumn } from "#worker/domain/import-rows";
import type { BatchActor } from "../batches/batch-common";

/** The demo accounts (worker/services/demo/demo-accounts.ts) who act, each in their own role. */
export const ACT = {
  office: { id: "demo-office-admin", role: "office_admin" },
  buyer: { id: "demo-buyer", role: "buyer" },
  warehouse: { id: "demo-warehouse-inspector", role: "warehouse_inspector" },
  port: { id: "demo-port-inspector", role: "port_inspector" },
  exporter: { id: "demo-exporter", role: "exporter" },
  applicant: { id: "demo-buyer-applicant", role: "buyer" },
  ddgots: { id: "demo-ddgots", role: "ddgots" },
  dg: { id: "demo-dg", role: "dg" },
} as const satisfies Record<string, BatchActor>;
export const DEMO_FARMER_USER = "demo-farmer";
export const DEMO_FARMER_ID = "FRM000001";
/** Every purchase note of a demo batch starts with this: it is how a later run finds them. */
export const DEMO_NOTE = "Demo data (sample, not a real transaction)";

// ── The registry ──────────────────────────────────────────────────────────────────────────

export type Offsets = [number, number][];
/** Plot outlines as metre offsets from the south-west corner (≈ 1.6–2.5 ha, irregular like real farms). */
export const SHAPE: Record<"a" | "b" | "c", Offsets> = {
  a: [
    [0, 0],
    [160, -12],
    [176, 118],
    [62, 151],
    [-9, 96],
  ],
  b: [
    [0, 0],
    [121, 14],
    [131, 139],
    [16, 126],
  ],
  c: [
    [0, 0],
    [212, 3],
    [201, 112],
    [96, 137],
    [6, 101],
  ],
};

/**
 * Six decimals, as EUDR Art. 2(28) requires. A sixth decimal of 0 would vanish when the
 * geometry is written as JSON (7.2 not 7.200000) and the plot would be refused for
 * precision, so it is nudged to 1 (0.1 m).
 */
export function six(n: number): number {
  const text = n.toFixed(6);
  return Number(text.endsWith("0") ? `${text.slice(0, -1)}1` : text);
}

export function polygonAt(lon: number, lat: number, shape: Offsets) {
  const metresPerDegreeLon = 111_320 * Math.cos((lat * Math.PI) / 180);
  const ring = shape.map(
    ([dx, dy]) => [six(lon + dx / metresPerDegreeLon), six(lat + dy / 110_574)] as [number, number],
  );
  return { type: "Polygon" as const, coordinates: [[...ring, ring[0]!]] };
}

export type DemoPlot = { crop: string; plantingYear: number } & (
  | { point: [lon: number, lat: number] }
  | { polygon: ReturnType<typeof polygonAt> }
);
export type DemoFarmer = {
  ref: string;
  firstName: string;
  lastName: string;
  gender: "female" | "male";
  dateOfBirth: string;
  phone?: string;
  county: string;
  district: string;
  community: string;
  crops: string[];
  nationalId: string;
  plot: DemoPlot;
};

/**
 * Twelve farmers, one plot each, placed against the SAMPLE layers (worker/services/demo/sample-layers.ts) so
 * the assessment gives every verdict: low in the "cocoa present in 2020" area around Sanniquellie,
 * outside the 2020 forest blocks near Tappita, and in the pre-2020 clearing near Zwedru; high in
 * the post-2020 disturbance patch north-east of Sanniquellie and inside Sapo National Park; more
 * information needed in Montserrado (no forest layer there) and in Nimba forest with no other
 * evidence. Plots are kilometres apart: none is a double claim.
 */
export const DEMO_FARMERS: DemoFarmer[] = [
  {
    ref: "DEMO-01",
    firstName: "Yassah",
    lastName: "Kpadeh",
    gender: "female",
    dateOfBirth: "1982-06-14",
    phone: "+231 88 612 3401",
    county: "Nimba",
    district: "Sanniquellie-Mahn",
    community: "Gbedin",
    crops: ["Cocoa", "Cassava"],
    nationalId: "LRDEMO0001",
    plot: { crop: "Cocoa", plantingYear: 2009, polygon: polygonAt(-8.612347, 7.201113, SHAPE.a) },
  },
  {
    ref: "DEMO-02",
    firstName: "Blamo",
    lastName: "Sumo",
    gender: "male",
    dateOfBirth: "1975-02-03",
    phone: "+231 77 541 2297",
    county: "Nimba",
    district: "Sanniquellie-Mahn",
    community: "Karnplay",
    crops: ["Cocoa"],
    nationalId: "LRDEMO0002",
    plot: { crop: "Cocoa", plantingYear: 2012, point: [-8.583417, 7.162341] },
  },
  {
    ref: "DEMO-03",
    firstName: "Comfort",
    lastName: "Zaye",
    gender: "female",
    dateOfBirth: "1990-11-22",
    county: "Nimba",
    district: "Saclepea-Mahn",
    community: "Flumpa",
    crops: ["Cocoa", "Plantain"],
    nationalId: "LRDEMO0003",
    plot: { crop: "Cocoa", plantingYear: 2015, polygon: polygonAt(-8.664521, 7.132117, SHAPE.b) },
  },
  {
    ref: "DEMO-04",
    firstName: "Emmanuel",
    lastName: "Gonpue",
    gender: "male",
    dateOfBirth: "1968-08-09",
    phone: "+231 77 230 4418",
    county: "Nimba",
    district: "Zoe-Gbao",
    community: "Bahn",
    crops: ["Cocoa", "Rice"],
    nationalId: "LRDEMO0004",
    plot: { crop: "Cocoa", plantingYear: 2005, point: [-8.532281, 7.272163] },
  },
  {
    ref: "DEMO-05",
    firstName: "Esther",
    lastName: "Mentee",
    gender: "female",
    dateOfBirth: "1986-01-27",
    county: "Nimba",
    district: "Sanniquellie-Mahn",
    community: "Kpein",
    crops: ["Cocoa"],
    nationalId: "LRDEMO0005",
    plot: { crop: "Cocoa", plantingYear: 2011, polygon: polygonAt(-8.541239, 7.231143, SHAPE.c) },
  },
  {
    ref: "DEMO-06",
    firstName: "Jerome",
    lastName: "Kerkula",
    gender: "male",
    dateOfBirth: "1979-05-30",
    phone: "+231 88 904 1127",
    county: "Nimba",
    district: "Tappita",
    community: "Tappita",
    crops: ["Coffee"],
    nationalId: "LRDEMO0006",
    plot: { crop: "Coffee", plantingYear: 2011, point: [-8.843219, 6.512347] },
  },
  {
    ref: "DEMO-07",
    firstName: "Garmai",
    lastName: "Flomo",
    gender: "female",
    dateOfBirth: "1993-03-08",
    county: "Nimba",
    district: "Sanniquellie-Mahn",
    community: "Zortapa",
    crops: ["Cocoa"],
    nationalId: "LRDEMO0007",
    plot: { crop: "Cocoa", plantingYear: 2022, polygon: polygonAt(-8.452318, 7.352147, SHAPE.a) },
  },
  {
    ref: "DEMO-08",
    firstName: "Moses",
    lastName: "Dolo",
    gender: "male",
    dateOfBirth: "1971-12-12",
    phone: "+231 77 318 6652",
    county: "Nimba",
    district: "Sanniquellie-Mahn",
    community: "Gbapa",
    crops: ["Cocoa"],
    nationalId: "LRDEMO0008",
    plot: { crop: "Cocoa", plantingYear: 2021, point: [-8.423117, 7.381243] },
  },
  {
    ref: "DEMO-09",
    firstName: "Augustine",
    lastName: "Wleh",
    gender: "male",
    dateOfBirth: "1984-09-15",
    county: "Sinoe",
    district: "Juarzon",
    community: "Jalay's Town",
    crops: ["Oil Palm"],
    nationalId: "LRDEMO0009",
    plot: { crop: "Oil Palm", plantingYear: 2021, point: [-8.563219, 5.412367] },
  },
  {
    ref: "DEMO-10",
    firstName: "Hawa",
    lastName: "Kamara",
    gender: "female",
    dateOfBirth: "1988-07-19",
    phone: "+231 88 775 2031",
    county: "Montserrado",
    district: "Careysburg",
    community: "Careysburg",
    crops: ["Rubber"],
    nationalId: "LRDEMO0010",
    plot: { crop: "Rubber", plantingYear: 2004, polygon: polygonAt(-10.612349, 6.412373, SHAPE.c) },
  },
  {
    ref: "DEMO-11",
    firstName: "Siah",
    lastName: "Tarpeh",
    gender: "female",
    dateOfBirth: "1977-10-04",
    county: "Grand Gedeh",
    district: "Tchien",
    community: "Zwedru",
    crops: ["Rubber"],
    nationalId: "LRDEMO0011",
    plot: { crop: "Rubber", plantingYear: 2008, polygon: polygonAt(-8.172341, 5.993217, SHAPE.b) },
  },
  {
    ref: "DEMO-12",
    firstName: "Prince",
    lastName: "Tokpah",
    gender: "male",
    dateOfBirth: "1980-04-21",
    phone: "+231 77 662 9014",
    county: "Nimba",
    district: "Sanniquellie-Mahn",
    community: "Yarmein",
    crops: ["Coffee"],
    nationalId: "LRDEMO0012",
    plot: { crop: "Coffee", plantingYear: 2019, point: [-8.851237, 7.002341] },
  },
];

/**
 * The demo farmer account FRM000001 (Musu Kollie, Lofa County) gets its registry row and a cocoa
 * plot in the sample cocoa area of Nimba: the sample layers cover no part of Lofa, so a plot
 * there could never be cleared as low risk. Her registry county stays Lofa, as on her account;
 * the plot is declared in Nimba County, where it lies (docs/eudr-rules.md `county-mismatch`: a plot's declared county must
 * be the county its polygon lies in, and the export's ProductionPlace says so).
 */
export const MUSU = {
  fields: {
    firstName: "Musu",
    lastName: "Kollie",
    gender: "female",
    dateOfBirth: "1979-04-18",
    phone: "+231 77 000 0001",
    county: "Lofa County",
    district: "Zorzor",
    community: "Fissebu",
    crops: ["Cocoa", "Cassava"],
    nationalId: "LRDEMO0000",
  },
  importKey: "demo:farmer:FRM000001",
  plot: {
    crop: "Cocoa",
    plantingYear: 2010,
    tenureReference: "DEMO-TENURE-0000",
    submissionId: "demo:plot:FRM000001:01",
    county: "Nimba County",
    geojson: polygonAt(-8.655123, 7.241237, SHAPE.c),
  },
};

export const CSV_FILE_NAME = "demo-sample-farmers-and-plots.csv";

/** The import file, built with the import template's own columns. */
export function demoImportCsv(): string {
  const rows = DEMO_FARMERS.map((f, i) => {
    const row: Partial<Record<ImportColumn, string>> = {
      farmer_ref: f.ref,
      first_name: f.firstName,
      last_name: f.lastName,
      gender: f.gender,
      date_of_birth: f.dateOfBirth,
      phone: f.phone ?? "",
      county: f.county,
      district: f.district,
      community: f.community,
      crops: f.crops.join(";"),
      national_id: f.nationalId,
      plot_ref: "P1",
      plot_crop: f.plot.crop,
      planting_year: String(f.plot.plantingYear),
      tenure_reference: `DEMO-TENURE-${String(i + 1).padStart(4, "0")}`,
    };
    if ("point" in f.plot) {
      row.longitude = f.plot.point[0].toFixed(6);
      row.latitude = f.plot.point[1].toFixed(6);
      // A point plot states its area as a number (docs/eudr-rules.md "Point area"); 4 ha is the
      // figure the EU system would assume, so the demo registry's totals are unchanged.
      row.area_hectares = "4";
    } else {
      row.geometry = JSON.stringify(f.plot.polygon);
    }
    return IMPORT_COLUMNS.map((c) => row[c] ?? "");
  });
  return `${[[...IMPORT_COLUMNS], ...rows].map((r) => r.map(csvQuote).join(",")).join("\n")}\n`;
}
