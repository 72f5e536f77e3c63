/**
 * The three test farmer profiles of the certificate testing screen (docs/product.md §2: "each with an id
 * (1 to 3), a name and a county/town location"; docs/product.md §9: "3 test farmers"). FICTIONAL but
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
 *
 * The profiles' data is in test-farmer-profiles.ts.
 */
import { partsOf } from "../geometry/double-claims";
import { shellsAreaM2 } from "../geometry/geodesic-area";
import {
  CERTIFICATE_INFO,
  CERTIFICATE_TYPES,
  type CertificateContent,
  type CertificateData,
  type CertificateType,
  type MonitoringSeries,
  monitoringMonths,
  type PlotRecord,
  stampCertificate,
} from "./content";
import { type PlotSpec, PROFILES, type TestFarmerProfile } from "./test-farmer-profiles";

export type { TestFarmerProfile } from "./test-farmer-profiles";

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
