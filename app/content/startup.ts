/** Startup and fallback constants and texts (spec §2 "Startup and fallback", §9). */
export const STARTUP = {
  /** The startup loader starts fading this long after the app has started (ms). */
  loaderFadeAfterMs: 100,
  /** ...and is removed from the page this long after the fade starts (ms). */
  loaderRemoveAfterMs: 300,
  /** Failed initialisation is retried after this delay (ms). */
  initRetryMs: 1000,
  loaderLabel: "Loading platform...",
} as const;

export const ERROR_SCREEN = {
  title: "Something went wrong",
  message: "There was an error loading this page. Please try refreshing.",
  retry: "Try Again",
} as const;

export const PORTAL_LOADING = "Loading portal...";
