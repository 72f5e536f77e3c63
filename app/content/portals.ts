/** Every text of the agricultural portals screen (spec §2 "Agricultural portals screen"). */
export const PORTALS = {
  title: "Agricultural Traceability & Compliance",
  regulator: "Liberia Agriculture Commodity Regulatory Authority (LACRA)",
  introHeading: "Agricultural Commodity Traceability Portals",
  intro: "Choose your portal. The platform supports all 15 counties of Liberia and the major cash crops grown in them.",
  countiesHeading: "All 15 counties supported",
  cropsHeading: "Major cash crops",
  back: { label: "Back to Polipus Platform", href: "/" },
  cards: [
    {
      id: "regulatory",
      title: "Regulatory",
      description: "For the Director General, deputies, office administration and system administrators.",
      href: "/regulatory-login",
      features: [
        "Compliance monitoring",
        "System analytics dashboard",
        "Government integration",
        "Real-time monitoring",
      ],
      icon: "🏛️",
    },
    {
      id: "farmer-buyer",
      title: "Farmer & Buyer",
      description: "For registered farmers and licensed agricultural buyers.",
      href: "/farmer-login",
      features: ["Farm plot mapping", "Batch code tracking", "Crop planning", "Compliance docs"],
      icon: "🧑‍🌾",
    },
    {
      id: "inspector",
      title: "Inspector",
      description: "For land, port and warehouse inspectors (extension officers).",
      href: "/inspector-login",
      features: ["Farmer onboarding", "GPS field mapping", "Mobile data collection", "Field reports"],
      icon: "📋",
    },
    {
      id: "exporter",
      title: "Exporter",
      description: "For licensed exporters shipping Liberian commodities.",
      href: "/exporter-login",
      features: ["Export order management", "Regulator compliance", "Network partnerships", "Export analytics"],
      icon: "🚢",
    },
  ],
  enterPortal: "Enter portal",
  statsHeading: "Platform statistics",
  stats: [
    { value: "15", label: "Counties" },
    { value: "20+", label: "Cash crop types" },
    { value: "100%", label: "EUDR compliant" },
    { value: "3", label: "Government integrations" },
  ],
  help: {
    heading: "Need help?",
    hotline: "Hotline",
    email: "Support e-mail",
    emergency: "Emergency line",
  },
  weather: {
    label: "Weather",
    simulatedNote: "Simulated weather for display — not a live forecast.",
  },
  clockLabel: "Current date and time in Monrovia",
} as const;

/** Footer copyright of the regulator. */
export function copyright(year: number) {
  return `© ${year} ${PORTALS.regulator}. All rights reserved.`;
}
