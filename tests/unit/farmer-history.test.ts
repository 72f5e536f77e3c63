import { describe, expect, it } from "vitest";
import { FARMER_HISTORY_LABEL } from "#app/content/farmer-history";
import { AUDIT_ACTIONS } from "#worker/services/platform/audit";

describe("a farmer's history on /farmers/:id", () => {
  // The history lists every audit row on the farmer and on their sign-in account (farmerHistory).
  const shown = AUDIT_ACTIONS.filter((a) => a.startsWith("farmer.") || a.startsWith("user."));

  it.each(shown)("names %s in words, not by its audit action name", (action) => {
    expect(FARMER_HISTORY_LABEL[action]).toMatch(/^[A-Z][a-z]/);
  });
});
