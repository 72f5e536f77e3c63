/**
 * Who reaches which order or shipment (ADR 022): an exporter only their own, regulator
 * staff every one (read-only); anyone else's answers 404 like a code that does not exist, so codes
 * cannot be probed (IDOR).
 */
import { can } from "#worker/auth/permissions";
import type { Actor } from "../deps";
import { isStaff } from "../licensing/licensing-common";

export const mayRead = (actor: Actor, row: { exporterId: string }) =>
  (actor.role === "exporter" && row.exporterId === actor.id) || (isStaff(actor.role) && can(actor.role, "readOrders"));

/** The exporter whose rows a list shows: their own id, or null (every exporter) for staff. */
export const listScope = (actor: Actor): string | null =>
  actor.role === "exporter" ? actor.id : isStaff(actor.role) ? null : "\u0000none";

export const ONLY_EXPORTER = "Only a Licensed Exporter can manage export orders and shipments";
