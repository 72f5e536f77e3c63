/**
 * The three test farmer profiles of the certificate testing screen (spec §2: "each with an id
 * (1 to 3), a name and a county/town location"; spec §9: "3 test farmers"). FICTIONAL but
 * internally consistent: plots in real cocoa/coffee areas of Bong, Lofa and Nimba with
 * 6-decimal coordinates, batch weights within what the plots can yield (DEFAULT_YIELD_KG_PER_HA),
 * 24 months of monitoring, a graded sample and a shipment each. Every document made from them
 * carries TEST_PROFILE_NOTICE on every page.
 *
 * Farmer IDs FRM999901–FRM999903 sit at the very top of the national 6-digit sequence, far from
 * any real registration. Names use Kpelle/Loma letters (ɛ, ɔ, ŋ) and a French accent (é) so the
 * documents prove the embedded fonts cover them.
 *
 * The profiles show the three situations a reader must be able to tell apart: all plots low
 * risk with the EU buyer's DDS recorded (1), low risk without a DDS yet (2), and one plot that
 * needs more information, so the batch is held for review (3).
 */

import type { Verdict } from "../assess-risk";
import { partsOf } from "../geometry/double-claims";
import { shellsAreaM2 } from "../geometry/geodesic-area";
import type { PlotGeometry, Position } from "../validate-geometry";
import {
  CERTIFICATE_INFO,
  CERTIFICATE_TYPES,
  type CertificateContent,
  type CertificateData,
  type CertificateType,
  type EvidenceItem,
  type MonitoringSeries,
  monitoringMonths,
  type PlotRecord,
  type QualityMeasurements,
  stampCertificate,
} from "./content";

/** What the testing screen lists (spec §3 "Test farmer profile: id, name, location"). */
export type TestFarmerProfile = { id: 1 | 2 | 3; name: string; location: string };

type PlotSpec = {
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

type Profile = TestFarmerProfile & {
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

const COCOA_LOW_REASONS = [
  "Cocoa was already grown on the plot in 2020 (Cocoa map of West Africa 2020): tree cover there is cocoa agroforest, not forest cleared after the cutoff.",
  "No disturbance after 31 December 2020 (JRC TMF, RADD alerts); outside protected areas and forest contracts.",
];

const PROFILES: Profile[] = [
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
        evidence: (m) => [
          forest2020(0.84, 61.6),
          cocoa2020(1.36, 100),
          tmfAfter2020(),
          raddAlerts(m),
          protectedAreas(),
          concessions(),
        ],
        reasons: COCOA_LOW_REASONS,
      },
      {
        seq: 2,
        geometry: point(-9.452307, 7.018864),
        declaredHectares: 1.2,
        verdict: "low",
        evidence: (m) => [
          forest2020(0, 0),
          cocoa2020(0, 100),
          tmfAfter2020(),
          raddAlerts(m),
          protectedAreas(),
          concessions(),
        ],
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
        evidence: (m) => [
          forest2020(0.12, 11.9),
          cocoa2020(0.88, 87.5),
          tmfAfter2020(),
          raddAlerts(m),
          protectedAreas(),
          concessions(),
        ],
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
        evidence: (m) => [forest2020(0.09, 4.7), tmfAfter2020(), raddAlerts(m), protectedAreas(), concessions()],
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
        evidence: (m) => [forest2020(0, 0), tmfAfter2020(), raddAlerts(m), protectedAreas(), concessions()],
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
        evidence: (m) => [
          forest2020(1.52, 63.9),
          cocoa2020(2.31, 97.2),
          tmfAfter2020(),
          raddAlerts(m),
          protectedAreas(),
          concessions(),
        ],
        reasons: COCOA_LOW_REASONS,
      },
      {
        seq: 2,
        geometry: point(-8.608815, 7.201236),
        declaredHectares: 0.9,
        verdict: "low",
        evidence: (m) => [
          forest2020(0, 100),
          cocoa2020(0, 100),
          tmfAfter2020(),
          raddAlerts(m),
          protectedAreas(),
          concessions(),
        ],
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
        evidence: (m) => [
          forest2020(0.43, 33.6),
          cocoa2020(0, 0),
          tmfAfter2020(),
          raddAlerts(m),
          protectedAreas(),
          concessions(),
        ],
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
        evidence: (m) => [
          forest2020(0.31, 28.7),
          cocoa2020(1.08, 100),
          tmfAfter2020(),
          raddAlerts(m),
          protectedAreas(),
          concessions(),
        ],
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

/** The three profiles as the testing screen lists them. */
export const TEST_FARMERS: readonly TestFarmerProfile[] = PROFILES.map(({ id, name, location }) => ({
  id,
  name,
  location,
}));

export function isTestFarmerId(id: number): id is 1 | 2 | 3 {
  return id === 1 || id === 2 || id === 3;
}

const DAY = 86_400_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

function areaOf(spec: PlotSpec): number {
  if (spec.geometry.type === "Point") return spec.declaredHectares ?? 4;
  return round(shellsAreaM2(partsOf(spec.geometry).shells) / 10_000, 4);
}

const BOTANICAL = { Cocoa: "Theobroma cacao L.", Coffee: "Coffea canephora Pierre ex A.Froehner (Robusta)" } as const;
const DESCRIPTION = {
  Cocoa: "Cocoa beans, whole, raw, fermented and sun-dried",
  Coffee: "Coffee (Robusta), green beans, not roasted, not decaffeinated",
} as const;
const HS = { Cocoa: "1801", Coffee: "0901" } as const;
const COMMODITY_CODE = { Cocoa: "COC", Coffee: "COF" } as const;

/**
 * The content of test profile `id` at `now` (dates are relative to `now`, so the 24-month
 * monitoring window always ends last month). Same `id` and day → same content.
 * @throws RangeError for an id other than 1, 2 or 3.
 */
export function testFarmerContent(id: number, now: Date): CertificateContent {
  const p = PROFILES.find((x) => x.id === id);
  if (!p) throw new RangeError(`There is no test farmer ${id}: the profiles are 1, 2 and 3`);
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 9));
  const at = (days: number) => new Date(day.getTime() + days * DAY);
  const months = monitoringMonths(day, 24);
  const lastMonth = months[months.length - 1]!;
  const assessedAt = at(-20).toISOString();
  const farmer = { farmerId: p.farmerId, name: p.name, county: p.county, community: p.town };

  const plots: PlotRecord[] = p.plots.map((s) => ({
    plotCode: `PLT-${p.farmerId.slice(3)}-${String(s.seq).padStart(2, "0")}`,
    farmerId: p.farmerId,
    producerName: p.name,
    crop: p.crop,
    county: p.county,
    community: p.town,
    areaHectares: areaOf(s),
    geometry: s.geometry,
    geometryValid: true,
    verdict: s.verdict,
    reasons: s.reasons,
    evidence: s.evidence(lastMonth),
    assessedAt,
  }));
  const monitoring: MonitoringSeries[] = p.plots.map((s, i) => ({
    plotCode: plots[i]!.plotCode,
    months: months.map((month, m) => ({
      month,
      layer: "RADD alerts (Sentinel-1)",
      alerts: s.alerts?.[m]?.alerts ?? 0,
      overlapHectares: s.alerts?.[m]?.overlapHectares ?? 0,
    })),
  }));

  const bags = Math.round(p.netWeightKg / p.bagKg);
  const batchCode = `LR-${COMMODITY_CODE[p.crop]}-${day.getUTCFullYear()}-${p.batchNumber}`;
  const invoiceDate = at(-5);
  return {
    subject: { kind: "test_farmer", id: String(p.id), label: `${p.name} (test profile ${p.id})` },
    testProfile: true,
    farmers: [farmer],
    batch: {
      batchCode,
      commodity: p.crop,
      hsCode: HS[p.crop],
      description: DESCRIPTION[p.crop],
      netWeightKg: p.netWeightKg,
      grade: null,
      harvestDate: isoDay(at(-p.harvestDaysAgo)),
      complianceStatus: p.plots.every((s) => s.verdict === "low") ? "compliant" : "held_for_review",
      buyerName: p.exporter.name,
    },
    shipment: {
      reference: `SHP-TEST-${p.id}-${isoDay(invoiceDate).replaceAll("-", "")}`,
      exporter: {
        name: p.exporter.name,
        address: p.exporter.address,
        country: "Liberia",
        licenceNumber: p.exporter.licenceNumber,
      },
      consignee: p.consignee,
      meansOfConveyance: "Sea freight, consolidated container",
      vesselOrFlight: "MV Test Carrier (fictional), voyage 014S",
      portOfLoading: "Freeport of Monrovia, Liberia (LRMLW)",
      pointOfEntry: p.pointOfEntry,
      route: p.route,
      departureDate: isoDay(at(7)),
      invoiceNumber: `INV-TEST-${day.getUTCFullYear()}-${p.batchNumber}`,
      invoiceDate: isoDay(invoiceDate),
      packages: { count: bags, kind: `jute bags of ${p.bagKg} kg net` },
      marks: `${p.exporter.licenceNumber.slice(-4)}/${COMMODITY_CODE[p.crop]}/${p.farmerId}/1-${bags}`,
      containerNumbers: ["TSTU 100214-6"],
      grossWeightKg: p.netWeightKg + bags,
      netWeightKg: p.netWeightKg,
    },
    plots,
    monitoring,
    quality: {
      sampleReference: `QS-TEST-${p.id}-${isoDay(at(-10)).replaceAll("-", "")}`,
      sampledAt: isoDay(at(-10)),
      sampledBy: "LACRA quality inspector (test)",
      place: `${p.town} buying station, ${p.county}`,
      method:
        p.crop === "Cocoa"
          ? "Cut test of 300 beans; moisture meter; bean count of 100 g"
          : "Defect count of a 300 g sample (ICO); moisture meter",
      measurements: p.quality,
    },
    phytosanitary: {
      botanicalName: BOTANICAL[p.crop],
      placeOfOrigin: `${p.town}, ${p.county}, Liberia`,
      additionalDeclaration:
        p.crop === "Cocoa"
          ? "The consignment was inspected and found free from live stored-product insects (Ephestia spp., Tribolium spp.) and from soil."
          : "The consignment was inspected and found free from the coffee berry borer (Hypothenemus hampei) and from soil.",
      inspectionDate: isoDay(at(-3)),
      inspectionPlace: "Freeport of Monrovia",
      treatment: p.fumigated
        ? {
            date: isoDay(at(-2)),
            treatment: "Fumigation under gas-tight sheets",
            chemical: "Aluminium phosphide (phosphine, PH₃)",
            durationAndTemperature: "72 hours at 26 °C",
            concentration: "2 g PH₃ per m³",
            additionalInformation: "Aerated for 24 hours before loading",
          }
        : null,
      placeOfIssue: "Monrovia",
    },
    dds: p.dds ? { ...p.dds, recordedAt: at(-1).toISOString() } : null,
  };
}

/** A recognisable, URL-safe number for a test document: LR-EUDR-2026-TEST1-0115. */
export function testCertificateNumber(type: CertificateType, id: number, now: Date): string {
  const mmdd = `${String(now.getUTCMonth() + 1).padStart(2, "0")}${String(now.getUTCDate()).padStart(2, "0")}`;
  return `LR-${CERTIFICATE_INFO[type].code}-${now.getUTCFullYear()}-TEST${id}-${mmdd}`;
}

/**
 * All six documents' data for test profile `id`, issued at `now`, verifiable under
 * `verifyBaseUrl`. A store that numbers certificates itself can instead stamp
 * `testFarmerContent(id, now)` with `stampCertificate`.
 */
export function testFarmerData(id: number, now: Date, verifyBaseUrl: string): Record<CertificateType, CertificateData> {
  const content = testFarmerContent(id, now);
  const out = {} as Record<CertificateType, CertificateData>;
  for (const type of CERTIFICATE_TYPES) {
    out[type] = stampCertificate(type, content, {
      certificateNumber: testCertificateNumber(type, id, now),
      issuedAt: now,
      verifyBaseUrl,
    });
  }
  out.declaration.relatedCertificates = CERTIFICATE_TYPES.filter((t) => t !== "declaration").map((t) => ({
    type: t,
    certificateNumber: out[t].certificateNumber,
    expiresAt: out[t].expiresAt,
  }));
  return out;
}
