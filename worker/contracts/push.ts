/** Bodies of /api/push (issue 15 push notifications, ADR 028): a browser's PushSubscription.toJSON(). */
import { z } from "zod";

export const PUSH_MESSAGES = {
  endpoint: "The push endpoint must be an https address of a push service",
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

/** No plain http, no address literals or local names: the Worker posts to this URL. */
function isPushEndpoint(value: string) {
  try {
    const url = new URL(value);
    const host = url.hostname.toLowerCase();
    if (url.protocol !== "https:" || url.username || url.password) return false;
    if (host === "localhost" || host.endsWith(".localhost") || host.endsWith(".local") || !host.includes("."))
      return false;
    if (/^[\d.]+$/.test(host) || host.startsWith("[")) return false;
    return true;
  } catch {
    return false;
  }
}

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
