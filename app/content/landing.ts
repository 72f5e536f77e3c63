/**
 * Every text of the landing screen (spec §2 "Landing screen"), kept in one place
 * so it can be checked against the spec line by line.
 */
export const LANDING = {
  country: "REPUBLIC OF LIBERIA",
  title: "General Environmental Intelligence Platform",
  subtitle:
    "One national platform for environmental and agricultural intelligence: traceability, land, minerals, forests, water and carbon.",
  logoAlt: "Emblem of the General Environmental Intelligence Platform of the Republic of Liberia",
  tiles: [
    { value: "8/8", label: "Active Modules" },
    { value: "100%", label: "EUDR compliance" },
    { value: "200+", label: "Satellite network" },
    { value: "24/7", label: "Global coverage" },
  ],
  modulesHeading: "Platform Modules",
  activeBadge: "Active",
  comingSoonBadge: "Coming Soon",
  oversight: {
    heading: "Access Oversight Portal",
    text: "International donors, NGOs and government auditors: PDF reports, real-time monitoring and compliance tracking.",
    href: "/monitoring-login",
  },
  mobile: {
    heading: "Mobile App",
    text: "Install the platform on your phone. It works offline in the field and syncs when you are back online.",
    links: [
      { label: "Download App", href: "/mobile-app-download" },
      { label: "Installation Guide", href: "/install-app" },
      { label: "Debug PWA", href: "/pwa-test" },
    ],
  },
  footer: "Republic of Liberia — General Environmental Intelligence Platform",
} as const;

export type PlatformModule = {
  id: string;
  title: string;
  description: string;
  href: string;
  active: boolean;
  icon: string;
};

/** The eight module cards and the routes they link to (spec §1, §2 route table). */
export const MODULES: readonly PlatformModule[] = [
  {
    id: "agricultural",
    title: "Agricultural Traceability & Compliance",
    description: "Commodity tracking and compliance, including EU deforestation regulation (EUDR) compliance.",
    href: "/portals",
    active: true,
    icon: "🌱",
  },
  {
    id: "live-trace",
    title: "Live Trace",
    description: "Livestock movement monitoring.",
    href: "/live-trace",
    active: true,
    icon: "🐄",
  },
  {
    id: "landmap360",
    title: "Land Map360",
    description: "Land mapping and dispute prevention.",
    href: "/landmap360-portal",
    active: true,
    icon: "🗺️",
  },
  {
    id: "mine-watch",
    title: "Mine Watch",
    description: "Mineral resource protection.",
    href: "/mine-watch",
    active: true,
    icon: "⛏️",
  },
  {
    id: "forest-guard",
    title: "Forest Guard",
    description: "Forest protection and carbon credits.",
    href: "/forest-guard",
    active: true,
    icon: "🌳",
  },
  {
    id: "aqua-trace",
    title: "Aqua Trace",
    description: "Ocean and river monitoring and fishing rights.",
    href: "/aqua-trace",
    active: true,
    icon: "🌊",
  },
  {
    id: "blue-carbon360",
    title: "Blue Carbon 360",
    description: "Conservation economics.",
    href: "/blue-carbon360",
    active: true,
    icon: "💧",
  },
  {
    id: "carbon-trace",
    title: "Carbon Trace",
    description: "Carbon credit certification.",
    href: "/carbon-trace",
    active: true,
    icon: "♻️",
  },
];

/** Routes that exist in the product but redirect to the landing screen (spec §2 note). */
export const REDIRECT_TO_LANDING = [
  "/live-trace",
  "/landmap360-portal",
  "/mine-watch",
  "/forest-guard",
  "/aqua-trace",
  "/blue-carbon360",
  "/carbon-trace",
  "/system-monitoring",
] as const;

/** The five browser session keys (spec §3), removed for oversight users on landing load (spec §4). */
export const SESSION_KEYS = ["authToken", "userType", "userRole", "userId", "username"] as const;
