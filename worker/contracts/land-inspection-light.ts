/**
 * Client-light texts of ./land-inspection.ts (no zod): what the land inspection pages print in
 * the browser, so their first-load JavaScript stays within budget.
 */
export const VISIT_MESSAGES = {
  visitedOnRequired: "Enter the date of the visit, like 2026-03-14",
  visitedOnFuture: "The date of the visit cannot be in the future",
  latitudeRange: "Enter the latitude as a number from -90 to 90, like 6.995412",
  longitudeRange: "Enter the longitude as a number from -180 to 180, like -9.472311",
  bothCoordinates: "Enter both the latitude and the longitude of the visit, or neither",
  findingsRequired: "Describe what you found on the plot",
  findingsTooLong: "The findings must be 2,000 characters or fewer",
  decisionRequired: "Choose a decision: confirmed, needs a new boundary, or disputed",
  photoTooBig: "Each photo must be 2 MB or smaller",
  photoType: "Each photo must be a JPEG, PNG or WebP image",
  tooManyPhotos: "Attach at most 4 photos",
} as const;

export const EDIT_MESSAGES = {
  baseVersion: "The form is missing the plot version it edits: reload the page",
  reasonTooLong: "The reason must be 500 characters or fewer",
} as const;

export const RETIRE_MESSAGES = {
  reasonRequired: "Give the reason the plot is retired (at least 5 characters)",
  reasonTooLong: "The reason must be 500 characters or fewer",
} as const;

export const QUEUE_MESSAGES = {
  position: "Enter your position as latitude and longitude numbers, like 6.995412 and -9.472311",
} as const;
