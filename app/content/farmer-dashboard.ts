/**
 * Texts of the farmer's dashboard: each verdict in plain words, what to do about
 * "more information needed", and the labels of the sales and certificates lists.
 */

export const FARMER_TEXT = {
  cardHeading: "My ID card",
  cardHint:
    "Show this card when you sell. The buyer scans the code, or types the Farmer ID under it, to find your plots. The code holds only your Farmer ID.",
  plotsHeading: "My plots",
  noPlots: "No plot is registered for you yet. Ask your land inspector or field agent to map your farm.",
  salesHeading: "My sales",
  noSales: "No sale from your plots is recorded yet.",
  priceNotRecorded: "not recorded",
  certificatesHeading: "My certificates",
  /** A certificate not issued while no plot of hers has been checked: who acts first. */
  notIssuedUnchecked:
    "Not issued yet. First a land inspector checks your plots. Then the regulator's office can issue it.",
  /** Not issued although her plots are checked: nothing is missing on her side; who to ask. */
  notIssuedChecked:
    "Not issued yet. Your plots are checked. Ask your land inspector or the regulator's office to issue it.",
  noticesHeading: "Notices",
  noNotices:
    "No notices yet. You will see here when a plot is found high risk, an inspection is scheduled or a certificate is ready.",
  noFarmerRecord: "No farmer record is linked to this account yet. Ask your land inspector to link it.",
} as const;

/** The latest verdict in plain words, one sentence each. */
export const VERDICT_WORDS: Record<string, { label: string; meaning: string; tone: "good" | "bad" | "wait" }> = {
  low: {
    label: "Low risk",
    meaning: "No forest was cleared on this plot after 2020: its produce can be sold for export to Europe.",
    tone: "good",
  },
  high: {
    label: "High risk",
    meaning:
      "The maps show forest cleared on this plot after 2020, or a protected area: its produce cannot be sold for export to Europe.",
    tone: "bad",
  },
  more_information_needed: {
    label: "More information needed",
    meaning:
      "The maps cannot yet show that this plot was free of forest clearing after 2020. Until this is settled, its produce cannot be sold as EUDR-compliant.",
    tone: "wait",
  },
  not_assessed: {
    label: "Not checked yet",
    meaning: "The deforestation check has not run for this plot yet. Nothing for you to do: it runs on its own.",
    tone: "wait",
  },
};

/** What the farmer can do about "more information needed", in order. */
export const MORE_INFORMATION_STEPS = [
  "Ask your land inspector or field agent for a field visit: they look at the land and the boundary on the ground.",
  "Keep what shows the land was already farmed before 2021: a land deed or customary land certificate, old receipts of cocoa or coffee sold from this farm, dated photos.",
  "If the boundary on the map is wrong, ask for the plot to be mapped again.",
] as const;

/** Extra steps when the evidence names a particular situation. */
export const STEP_FOR_EVIDENCE: Record<string, string> = {
  forest_concession:
    "Your plot touches a forest concession: bring your land papers to the land inspector so your right to the land can be checked.",
  none: "The forest maps do not cover your area yet: the check will run again when they do.",
};

/** What to do about a high verdict. */
export const HIGH_RISK_STEP =
  "If you think this is wrong (for example the farm was planted before 2021), ask your land inspector for a field visit.";

export const VALIDATION_WORDS: Record<string, string> = {
  valid: "Boundary accepted: it passed every EUDR location check.",
  invalid: "Boundary not accepted: ask for the plot to be mapped again.",
};

/** A sale's state in a farmer's words: what is awaited and from whom. */
export const SALE_STATE: Record<string, string> = {
  pending: "Waiting for the regulator to confirm it for export",
  compliant: "Confirmed for export to the EU",
  held_for_review: "Held: the regulator is checking it",
  non_compliant: "Not accepted for export to the EU",
};
