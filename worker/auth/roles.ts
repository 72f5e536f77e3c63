/**
 * Roles, user types and who may open which portal (docs/product.md §6). Plain data, shared by the
 * server (which enforces it) and the pages (which only use it to label and link).
 * See docs/decisions/005-role-access.md for why each cell is what it is.
 */
export const ROLES = [
  "farmer",
  "buyer",
  "land_inspector",
  "port_inspector",
  "warehouse_inspector",
  "exporter",
  "dg",
  "ddgots",
  "ddgaf",
  "office_admin",
  "system_administrator",
  "monitoring_observer",
  "field_agent",
] as const;
export type Role = (typeof ROLES)[number];

/** The userType kept in the session and in browser storage (docs/product.md §3, §4, §6). */
export const USER_TYPE: Record<Role, string> = {
  farmer: "farmer",
  buyer: "buyer",
  land_inspector: "land_inspector",
  port_inspector: "port_inspector",
  warehouse_inspector: "warehouse_inspector",
  exporter: "exporter",
  dg: "regulatory",
  ddgots: "regulatory",
  ddgaf: "regulatory",
  office_admin: "regulatory",
  system_administrator: "agritrace_admin",
  monitoring_observer: "monitoring",
  field_agent: "field_agent",
};

export const ROLE_LABEL: Record<Role, string> = {
  farmer: "Farmer",
  buyer: "Agricultural Buyer",
  land_inspector: "Land Inspector",
  port_inspector: "Port Inspector",
  warehouse_inspector: "Warehouse Inspector",
  exporter: "Licensed Exporter",
  dg: "Director General",
  ddgots: "Deputy Director General for Operations & Technical Services",
  ddgaf: "Deputy Director General for Administration & Finance",
  office_admin: "Office Administrator",
  system_administrator: "AgriTrace System Administrator",
  monitoring_observer: "Oversight Observer",
  field_agent: "Field Agent",
};

export const EXECUTIVES = ["dg", "ddgots", "ddgaf"] as const satisfies readonly Role[];
export const INSPECTORS = [
  "land_inspector",
  "port_inspector",
  "warehouse_inspector",
] as const satisfies readonly Role[];

/** Office departments (docs/product.md §6). */
export const OFFICE_DEPARTMENTS = [
  "office_admin",
  "document_management",
  "archive_services",
  "workflow_management",
  "administrative_support",
] as const;
export const OFFICE_DEPARTMENT_LABEL: Record<(typeof OFFICE_DEPARTMENTS)[number], string> = {
  office_admin: "Office Administration",
  document_management: "Document Management",
  archive_services: "Archive Services",
  workflow_management: "Workflow Management",
  administrative_support: "Administrative Support",
};

/** Oversight entity types (docs/product.md §6). */
export const ENTITY_TYPES = ["donor", "ngo", "auditor"] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];

export type DashboardPath =
  | "/farmer-dashboard"
  | "/agricultural-buyer-dashboard"
  | "/warehouse-inspector-dashboard"
  | "/port-inspector-dashboard"
  | "/unified-land-inspector-dashboard"
  | "/regulatory-portal-classic"
  | "/office-administration-portal"
  | "/ddgaf-dashboard"
  | "/ddgots-dashboard"
  | "/dg-dashboard"
  | "/agritrace-admin-portal"
  | "/monitoring-dashboard"
  | "/exporter-dashboard"
  | "/field-agent-dashboard";

export type DashboardRule = {
  title: string;
  /** Where a signed-out visitor is sent. */
  login: string;
  /** Roles that work in this dashboard. */
  roles: readonly Role[];
  /** Roles that may look but not change anything (executive oversight). */
  readOnly: readonly Role[];
  /** The dashboard also has a public, aggregate-only view for visitors without a session. */
  publicView?: boolean;
};

export const DASHBOARDS: Record<DashboardPath, DashboardRule> = {
  "/farmer-dashboard": { title: "Farmer Dashboard", login: "/farmer-login-portal", roles: ["farmer"], readOnly: [] },
  "/agricultural-buyer-dashboard": {
    title: "Agricultural Buyer Dashboard",
    login: "/farmer-login",
    roles: ["buyer"],
    readOnly: [],
  },
  "/warehouse-inspector-dashboard": {
    title: "Warehouse Inspector Dashboard",
    login: "/warehouse-inspector-login",
    roles: ["warehouse_inspector"],
    readOnly: ["dg", "ddgots"],
  },
  "/port-inspector-dashboard": {
    title: "Port Inspector Dashboard",
    login: "/port-inspector-login",
    roles: ["port_inspector"],
    readOnly: ["dg", "ddgots"],
  },
  "/unified-land-inspector-dashboard": {
    title: "Land Inspector Dashboard",
    login: "/land-inspector-login",
    roles: ["land_inspector"],
    readOnly: ["dg", "ddgots"],
  },
  "/regulatory-portal-classic": {
    title: "Regulatory Portal",
    login: "/regulatory-login",
    roles: ["office_admin", "dg", "ddgots", "ddgaf"],
    readOnly: [],
  },
  "/office-administration-portal": {
    title: "Office Administration Portal",
    login: "/regulatory-classic-login",
    roles: ["office_admin"],
    readOnly: ["dg", "ddgaf"],
  },
  "/ddgaf-dashboard": { title: "DDGAF Dashboard", login: "/ddgaf-login", roles: ["ddgaf"], readOnly: ["dg"] },
  "/ddgots-dashboard": { title: "DDGOTS Dashboard", login: "/ddgots-login", roles: ["ddgots"], readOnly: ["dg"] },
  "/dg-dashboard": { title: "Director General Dashboard", login: "/dg-login", roles: ["dg"], readOnly: [] },
  "/agritrace-admin-portal": {
    title: "AgriTrace Admin Portal",
    login: "/agritrace-admin-login",
    roles: ["system_administrator"],
    readOnly: [],
  },
  "/monitoring-dashboard": {
    title: "Oversight Monitoring Dashboard",
    login: "/monitoring-login",
    roles: ["monitoring_observer"],
    readOnly: ["dg", "ddgots", "ddgaf"],
    publicView: true,
  },
  "/exporter-dashboard": {
    title: "Exporter Dashboard",
    login: "/exporter-login",
    roles: ["exporter"],
    readOnly: ["dg", "ddgots"],
  },
  // Not named by the spec (§1: field agents have "a dashboard with farm counts"), but they need one of their own.
  "/field-agent-dashboard": {
    title: "Field Agent Dashboard",
    login: "/field-agent-login",
    roles: ["field_agent"],
    readOnly: [],
  },
};

export const DASHBOARD_PATHS = Object.keys(DASHBOARDS) as DashboardPath[];

/** Where each role lands after signing in. */
export const HOME_DASHBOARD: Record<Role, DashboardPath> = {
  farmer: "/farmer-dashboard",
  buyer: "/agricultural-buyer-dashboard",
  land_inspector: "/unified-land-inspector-dashboard",
  port_inspector: "/port-inspector-dashboard",
  warehouse_inspector: "/warehouse-inspector-dashboard",
  exporter: "/exporter-dashboard",
  dg: "/dg-dashboard",
  ddgots: "/ddgots-dashboard",
  ddgaf: "/ddgaf-dashboard",
  office_admin: "/office-administration-portal",
  system_administrator: "/agritrace-admin-portal",
  monitoring_observer: "/monitoring-dashboard",
  field_agent: "/field-agent-dashboard",
};

export type Access = "full" | "read-only" | "none";

export function dashboardAccess(path: DashboardPath, role: Role | null): Access {
  const rule = DASHBOARDS[path];
  if (!role) return "none";
  if (rule.roles.includes(role)) return "full";
  if (rule.readOnly.includes(role)) return "read-only";
  return "none";
}

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}
