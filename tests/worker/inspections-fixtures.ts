/**
 * What the inspection and correction tests share (inspections, port-corrections, corrections-versions,
 * the executive fixtures): findings that pass, and a purchase taken to the warehouse through
 * /api/inspections.
 */
import { expect } from "vitest";
import { who } from "./batches-fixtures";
import { bearer } from "./helpers";

/** Warehouse findings of cocoa within every LACRA limit (grade A). */
export const GOOD_COCOA = {
  moisturePercent: 7.2,
  beanCountPer100g: 98,
  mouldyPercent: 1.5,
  slatyPercent: 1,
  defectivePercent: 1,
  foreignMatterPercent: 0,
  smokyBeans: "no",
};

/**
 * The buyer dispatches the purchase `code` to the seeded warehouse inspector (to `warehouse` when
 * named) and the inspector records receiving `kg` there, through /api/inspections.
 */
export async function sendToWarehouse(code: string, kg: number, warehouse?: string) {
  const inspections = (path: string, as: "buyer" | "warehouse", body: unknown) =>
    bearer(who[as].token, `/api/inspections${path}`, "POST", body);
  const dispatch = { warehouseInspectorId: who.warehouse.account.id, ...(warehouse ? { warehouse } : {}) };
  expect((await inspections(`/dispatch/${code}`, "buyer", dispatch)).status).toBe(201);
  const got = await inspections(`/warehouse/${code}/receive`, "warehouse", { weightKg: kg, location: "Gbarnga" });
  expect(got.status, JSON.stringify(await got.clone().json())).toBe(200);
}

/** A port inspection's record: a fumigated container at the Freeport of Monrovia, signed off. */
export const PORT_RECORD = {
  port: "Freeport of Monrovia",
  containerNumber: "MSCU1234567",
  sealNumber: "SL-99881",
  treatment: "Fumigation",
  treatmentChemical: "Phosphine",
  fumigationCertificateRef: "FUM-2026-0042",
  decision: "sign_off",
};
