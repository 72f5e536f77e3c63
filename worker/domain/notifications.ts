/**
 * The kinds of notice the platform sends, all kept in one notifications table (db/schema/notifications.ts).
 * Plain data: the profile's preference form lists them, services name them when they notify.
 */
export const NOTIFICATION_KINDS = [
  "plot_high_risk",
  "plot_more_information",
  "inspection_scheduled",
  "field_visit_recorded",
  "certificate_ready",
  "purchase_recorded",
  "purchase_flagged",
  "batch_rejected",
  "batch_inspected",
  "shipment_update",
  "permit_update",
  "account",
  "message_received",
  "market_offer",
  "market_offer_decided",
  "plot_review",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_KIND_LABEL: Record<NotificationKind, string> = {
  plot_high_risk: "A plot of mine is found high risk",
  plot_more_information: "A plot of mine needs more information",
  inspection_scheduled: "An inspection or field visit is scheduled",
  field_visit_recorded: "A field visit to my plot is recorded",
  certificate_ready: "A certificate is ready",
  purchase_recorded: "A purchase from me is recorded",
  purchase_flagged: "A purchase is flagged",
  batch_rejected: "A batch is rejected at inspection",
  batch_inspected: "A batch is inspected and graded",
  shipment_update: "A shipment changes status",
  permit_update: "A licence or permit changes status",
  account: "My account and sign-ins",
  message_received: "A message is sent to me",
  market_offer: "An offer is made on my lot in the sellers hub",
  market_offer_decided: "An offer of mine in the sellers hub is accepted or declined",
  plot_review: "A plot (or a batch drawn from it) needs review under a new rule, or is cleared",
};
