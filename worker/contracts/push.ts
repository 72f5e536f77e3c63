/** Bodies of /api/push (push notifications, ADR 028): a browser's PushSubscription.toJSON(). */
import { z } from "zod";
import { isPushServiceEndpoint } from "#worker/domain/push-endpoint";

export const PUSH_MESSAGES = {
  endpoint: "The push endpoint must be an address of a browser's push service",
  taken: "This push subscription belongs to another browser",
  /** The one text a device shows after a failed delivery: never the push service's answer or a network error. */
  deliveryFailed: "The last notice could not be delivered to this device",
  keys: "The subscription's keys are missing or malformed",
  notFound: "Device not found",
  notConfigured: "Push notifications are not set up on this server",
} as const;

const base64url = (bytes: number) =>
  z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, PUSH_MESSAGES.keys)
    .transform((v) => v.replace(/=+$/, ""))
    .refine((v) => Math.floor((v.length * 3) / 4) === bytes, PUSH_MESSAGES.keys);

/**
 * The widest check the body can make: a push service, or the test one (worker/domain/push-endpoint.ts);
 * the service then refuses the test one unless demo mode is on.
 */
const isPushEndpoint = (value: string) => isPushServiceEndpoint(value, { demoMode: true });

export const PushSubscribeSchema = z.object({
  endpoint: z.string().trim().max(2048).refine(isPushEndpoint, PUSH_MESSAGES.endpoint),
  expirationTime: z.number().nullish(),
  keys: z.object({
    /** The browser's P-256 public key, uncompressed (65 bytes). */
    p256dh: base64url(65),
    /** The 16-byte authentication secret. */
    auth: base64url(16),
  }),
});
export type PushSubscribeInput = z.infer<typeof PushSubscribeSchema>;
