/**
 * The data of the three test farmer profiles (see test-farmers.ts): farmer, plots with their
 * geometry, evidence and monitoring alerts, batch, sample, exporter, consignee and DDS. Data
 * only; test-farmers.ts turns a profile into certificate content.
 */
import type { Verdict } from "../assess-risk";
import type { PlotGeometry, Position } from "../validate-geometry";
import type { EvidenceItem, QualityMeasurements } from "./content";

/** What the testing screen lists (docs/product.md §3 "Test farmer profile: id, name, location"). */
export type TestFarmerProfile = { id: 1 | 2 | 3; name: string; location: string };

export type PlotSpec = {
  seq: number;
  geometry: PlotGeometry;
  /** For a point: the declared area. */
  declaredHectares?: number;
  verdict: Verdict;
  evidence: (assessedMonth: string) => EvidenceItem[];
  reasons: string[];
  /** Months (0 = oldest of the 24) with alerts found on the plot, and how many. */
  alerts?: Record<number, { alerts: number; overlapHectares: number }>;
};

export type Profile = TestFarmerProfile & {
  farmerId: string;
  county: string;
  town: string;
  crop: "Cocoa" | "Coffee";
  plots: PlotSpec[];
  batchNumber: string;
  netWeightKg: number;
  bagKg: number;
  harvestDaysAgo: number;
  quality: QualityMeasurements;
  exporter: { name: string; address: string; licenceNumber: string };
  consignee: { name: string; address: string; country: string };
  pointOfEntry: string;
  route: string;
  dds: { referenceNumber: string; verificationNumber: string; operatorName: string } | null;
  fumigated: boolean;
};

const ring = (...ps: Position[]): PlotGeometry => ({ type: "Polygon", coordinates: [ps] });
const point = (lon: number, lat: number): PlotGeometry => ({ type: "Point", coordinates: [lon, lat] });

const forest2020 = (ha: number, pct: number): EvidenceItem => ({
  layerName: "Global Forest Cover 2020 (JRC)",
  kind: "forest_2020",
  version: "V2",
  sourceDate: "2020-12-31",
  overlapHectares: ha,
  overlapPercent: pct,
  present: pct >= 10,
});
const cocoa2020 = (ha: number, pct: number): EvidenceItem => ({
  layerName: "Cocoa map of West Africa 2020",
  kind: "commodity_2020",
  version: "1.0",
  sourceDate: "2020",
  overlapHectares: ha,
  overlapPercent: pct,
  present: pct >= 10,
});
const tmfAfter2020 = (): EvidenceItem => ({
  layerName: "Tropical Moist Forest disturbance 2021–2024 (JRC TMF)",
  kind: "disturbance_after_2020",
  version: "v2024",
  sourceDate: "2024-12-31",
  overlapHectares: 0,
  overlapPercent: 0,
  present: false,
});
const raddAlerts = (month: string): EvidenceItem => ({
  layerName: "RADD forest disturbance alerts (Sentinel-1)",
  kind: "disturbance_after_2020",
  version: month,
  sourceDate: month,
  overlapHectares: 0,
  overlapPercent: 0,
  present: false,
});
const protectedAreas = (): EvidenceItem => ({
  layerName: "Protected areas of Liberia (FDA)",
  kind: "protected_area",
  version: "2023",
  sourceDate: "2023-06-30",
  overlapHectares: 0,
  overlapPercent: 0,
  present: false,
});
const concessions = (): EvidenceItem => ({
  layerName: "Forest management and timber sale contracts (FDA)",
  kind: "forest_concession",
  version: "2023",
  sourceDate: "2023-06-30",
  overlapHectares: 0,
  overlapPercent: 0,
  present: false,
});

/**
 * A plot's evidence in the order the certificate prints it: tree cover and (where mapped) cocoa
 * at end-2020 as [hectares, percent], then disturbance, alerts up to the month, protected areas, concessions.
 */
const cocoaPlotEvidence =
  (forest: [number, number], cocoa?: [number, number]) =>
  (month: string): EvidenceItem[] => [
    forest2020(...forest),
    ...(cocoa ? [cocoa2020(...cocoa)] : []),
    tmfAfter2020(),
    raddAlerts(month),
    protectedAreas(),
    concessions(),
  ];

const COCOA_LOW_REASONS = [
  "Cocoa was already grown on the plot in 2020 (Cocoa map of West Africa 2020): tree cover there is cocoa agroforest, not forest cleared after the cutoff.",
  "No disturbance after 31 December 2020 (JRC TMF, RADD alerts); outside protected areas and forest contracts.",
];

export const PROFILES: Profile[] = [
  {
    id: 1,
    name: "Musu Flomo",
    location: "Bong County / Gbarnga",
    farmerId: "FRM999901",
    county: "Bong County",
    town: "Gbarnga",
    crop: "Cocoa",
    plots: [
      {
        seq: 1,
        geometry: ring(
          [-9.437593, 7.031132],
          [-9.437954, 7.031727],
          [-9.438569, 7.031777],
          [-9.438929, 7.031348],
          [-9.438701, 7.030671],
          [-9.438031, 7.030611],
          [-9.437593, 7.031132],
        ),
        verdict: "low",
        evidence: cocoaPlotEvidence([0.84, 61.6], [1.36, 100]),
        reasons: COCOA_LOW_REASONS,
      },
      {
        seq: 2,
        geometry: point(-9.452307, 7.018864),
        declaredHectares: 1.2,
        verdict: "low",
        evidence: cocoaPlotEvidence([0, 0], [0, 100]),
        reasons: [
          "The point lies in cocoa grown in 2020 and outside tree cover at end-2020.",
          "No disturbance after 31 December 2020; outside protected areas and forest contracts.",
        ],
      },
      {
        seq: 3,
        geometry: ring(
          [-9.443443, 7.024911],
          [-9.443871, 7.025402],
          [-9.444731, 7.025318],
          [-9.444579, 7.024581],
          [-9.443872, 7.024522],
          [-9.443443, 7.024911],
        ),
        verdict: "low",
        evidence: cocoaPlotEvidence([0.12, 11.9], [0.88, 87.5]),
        reasons: COCOA_LOW_REASONS,
      },
    ],
    batchNumber: "999001",
    netWeightKg: 1500,
    bagKg: 62.5,
    harvestDaysAgo: 70,
    quality: {
      commodity: "Cocoa",
      moisturePercent: 7.2,
      beanCountPer100g: 98,
      mouldyPercent: 1.7,
      slatyPercent: 1.8,
      defectivePercent: 1.3,
      foreignMatterPercent: 0,
      smokyBeans: false,
    },
    exporter: {
      name: "Kpatawee Agro Export Inc. (fictional)",
      address: "14 Broad Street, Monrovia, Liberia",
      licenceNumber: "LACRA-EXP-TEST-0147",
    },
    consignee: {
      name: "Schelde Cocoa Trading BV (fictional)",
      address: "Noorderlaan 147, 2030 Antwerpen, Belgium",
      country: "Belgium",
    },
    pointOfEntry: "Antwerp, Belgium (BEANR)",
    route: "Freeport of Monrovia (LRMLW) → Antwerp (BEANR), by sea",
    dds: {
      referenceNumber: "26BE7TQX4K2M9R",
      verificationNumber: "TST8K2QZ",
      operatorName: "Schelde Cocoa Trading BV (fictional)",
    },
    fumigated: true,
  },
  {
    id: 2,
    name: "Garmai Kɔlubah-Ŋgaima",
    location: "Lofa County / Voinjama",
    farmerId: "FRM999902",
    county: "Lofa County",
    town: "Voinjama",
    crop: "Coffee",
    plots: [
      {
        seq: 1,
        geometry: ring(
          [-9.730473, 8.440751],
          [-9.730691, 8.441068],
          [-9.731327, 8.441534],
          [-9.731904, 8.441101],
          [-9.731882, 8.440234],
          [-9.731341, 8.439964],
          [-9.730894, 8.439974],
          [-9.730473, 8.440751],
        ),
        verdict: "low",
        evidence: cocoaPlotEvidence([0.09, 4.7]),
        reasons: [
          "Tree cover at end-2020 on 4.7% of the plot, below the 10% threshold: no forest to lose after the cutoff.",
          "No disturbance after 31 December 2020; outside protected areas and forest contracts.",
        ],
      },
      {
        seq: 2,
        geometry: ring(
          [-9.718986, 8.433859],
          [-9.719274, 8.434304],
          [-9.719863, 8.434101],
          [-9.719887, 8.433423],
          [-9.719387, 8.433292],
          [-9.718986, 8.433859],
        ),
        verdict: "low",
        evidence: cocoaPlotEvidence([0, 0]),
        reasons: [
          "No tree cover at end-2020 on the plot.",
          "No disturbance after 31 December 2020; outside protected areas and forest contracts.",
        ],
      },
    ],
    batchNumber: "999002",
    netWeightKg: 1200,
    bagKg: 60,
    harvestDaysAgo: 95,
    quality: { commodity: "Coffee", moisturePercent: 10.8, defectsPer300g: 22, foreignMatterPercent: 0 },
    exporter: {
      name: "Foya Highlands Coffee Cooperative (fictional)",
      address: "Tubman Boulevard, Sinkor, Monrovia, Liberia",
      licenceNumber: "LACRA-EXP-TEST-0212",
    },
    consignee: {
      name: "Elbe Kaffee Import GmbH (fictional)",
      address: "Am Sandtorkai 32, 20457 Hamburg, Germany",
      country: "Germany",
    },
    pointOfEntry: "Hamburg, Germany (DEHAM)",
    route: "Freeport of Monrovia (LRMLW) → Hamburg (DEHAM), by sea",
    dds: null,
    fumigated: false,
  },
  {
    id: 3,
    name: "Zoé Gbɛnyɔn Tarr",
    location: "Nimba County / Sanniquellie",
    farmerId: "FRM999903",
    county: "Nimba County",
    town: "Sanniquellie",
    crop: "Cocoa",
    plots: [
      {
        seq: 1,
        geometry: ring(
          [-8.641117, 7.218759],
          [-8.641802, 7.219464],
          [-8.642612, 7.219267],
          [-8.643066, 7.218785],
          [-8.642663, 7.218091],
          [-8.641847, 7.217865],
          [-8.641117, 7.218759],
        ),
        verdict: "low",
        evidence: cocoaPlotEvidence([1.52, 63.9], [2.31, 97.2]),
        reasons: COCOA_LOW_REASONS,
      },
      {
        seq: 2,
        geometry: point(-8.608815, 7.201236),
        declaredHectares: 0.9,
        verdict: "low",
        evidence: cocoaPlotEvidence([0, 100], [0, 100]),
        reasons: [
          "The point lies in cocoa grown in 2020 (cocoa agroforest under tree cover).",
          "No disturbance after 31 December 2020; outside protected areas and forest contracts.",
        ],
      },
      {
        seq: 3,
        geometry: ring(
          [-8.678768, 7.284241],
          [-8.679352, 7.284742],
          [-8.680006, 7.284492],
          [-8.679924, 7.283761],
          [-8.679071, 7.283476],
          [-8.678768, 7.284241],
        ),
        verdict: "more_information_needed",
        evidence: cocoaPlotEvidence([0.43, 33.6], [0, 0]),
        reasons: [
          "Tree cover at end-2020 on 33.6% of the plot (Global Forest Cover 2020, JRC V2).",
          "No evidence that cocoa was already grown there in 2020, and no disturbance before 2020.",
          "No disturbance after 31 December 2020 detected: a field visit or dated photographs are needed to decide.",
        ],
        alerts: {},
      },
      {
        seq: 4,
        geometry: ring(
          [-8.622921, 7.179626],
          [-8.623108, 7.180081],
          [-8.623898, 7.180192],
          [-8.624021, 7.179553],
          [-8.623847, 7.179134],
          [-8.623363, 7.179107],
          [-8.622921, 7.179626],
        ),
        verdict: "low",
        evidence: cocoaPlotEvidence([0.31, 28.7], [1.08, 100]),
        reasons: COCOA_LOW_REASONS,
      },
    ],
    batchNumber: "999003",
    netWeightKg: 2500,
    bagKg: 62.5,
    harvestDaysAgo: 55,
    quality: {
      commodity: "Cocoa",
      moisturePercent: 7.4,
      beanCountPer100g: 106,
      mouldyPercent: 2.7,
      slatyPercent: 4.7,
      defectivePercent: 2,
      foreignMatterPercent: 0.3,
      smokyBeans: false,
    },
    exporter: {
      name: "Ganta Cocoa Producers Union (fictional)",
      address: "Main Street, Ganta, Nimba County, Liberia",
      licenceNumber: "LACRA-EXP-TEST-0389",
    },
    consignee: {
      name: "Zaanstad Cacao Handel BV (fictional)",
      address: "Westzijde 212, 1506 EK Zaandam, Netherlands",
      country: "Netherlands",
    },
    pointOfEntry: "Amsterdam, Netherlands (NLAMS)",
    route: "Nimba County by road to the Freeport of Monrovia (LRMLW) → Amsterdam (NLAMS), by sea",
    dds: null,
    fumigated: true,
  },
];
