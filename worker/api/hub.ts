/**
 * The sellers hub (docs/sellers-hub.md), mounted at /api/hub. Lot listings carry only
 * public-safe fields; contact details appear only on an accepted offer, to its two sides. Every
 * service checks the role and who owns the lot or offer: someone else's offer answers 404.
 */
import { Hono } from "hono";
import { z } from "zod";
import { NewLotSchema, NewOfferSchema } from "../contracts/market-hub";
import { createLot } from "../services/hub/create-lot";
import { decideOffer } from "../services/hub/decide-offer";
import { makeOffer } from "../services/hub/make-offer";
import { listOpenLots, myHub } from "../services/hub/read-hub";
import { type ApiEnv, requirePermission, serviceDeps } from "./middleware";
import { reply } from "./reply";
import { describe } from "./route-meta";
import { body, query } from "./validate";

const LotsQuerySchema = z.object({ commodity: z.string().trim().max(40).optional() });
const DecisionSchema = z.object({ submissionId: z.uuid().optional() }).optional();

export const hubApi = new Hono<ApiEnv>()
  .get(
    "/lots",
    requirePermission("readHub"),
    describe("Open lots (public-safe: commodity, grade, county, EUDR status, quantity, asking price); ?commodity="),
    query(LotsQuerySchema),
    async (c) => {
      const { commodity } = c.req.valid("query");
      c.header("Cache-Control", "private, no-store");
      return reply(c, await listOpenLots(commodity ? { commodities: [commodity] } : {}, serviceDeps(c)));
    },
  )
  .post(
    "/lots",
    requirePermission("listLots"),
    describe("List a lot: a batch I hold (buyer) or the expected harvest of my eligible plots (farmer)", {
      201: "The new lot",
    }),
    body(NewLotSchema),
    async (c) => {
      const result = await createLot(c.req.valid("json"), serviceDeps(c));
      return reply(c, result.ok ? { ok: true, value: { lotId: result.value.lot.id } } : result, 201);
    },
  )
  .post(
    "/lots/:id/offers",
    requirePermission("makeOffers"),
    describe("Make an offer on a lot (quantity in kg, price per kg, currency; grade for an expected harvest)", {
      201: "The new offer",
    }),
    body(NewOfferSchema),
    async (c) => {
      const result = await makeOffer({ ...c.req.valid("json"), lotId: c.req.param("id") }, serviceDeps(c));
      return reply(
        c,
        result.ok ? { ok: true, value: { offerId: result.value.offer.id, status: result.value.offer.status } } : result,
        201,
      );
    },
  )
  .get(
    "/offers",
    requirePermission("readHub"),
    describe("My lots with their offers, and the offers I made (contact details only on accepted offers)"),
    async (c) => {
      c.header("Cache-Control", "private, no-store");
      return reply(c, await myHub(serviceDeps(c)));
    },
  )
  .post(
    "/offers/:id/accept",
    requirePermission("listLots"),
    describe("Accept an offer on my lot: records the purchase (expected harvest) or the agreement (batch lot)"),
    body(DecisionSchema),
    async (c) => {
      const result = await decideOffer({ offerId: c.req.param("id"), decision: "accept" }, serviceDeps(c));
      return reply(c, result);
    },
  )
  .post(
    "/offers/:id/decline",
    requirePermission("listLots"),
    describe("Decline an offer on my lot"),
    body(DecisionSchema),
    async (c) => reply(c, await decideOffer({ offerId: c.req.param("id"), decision: "decline" }, serviceDeps(c))),
  );
