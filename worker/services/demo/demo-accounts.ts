/**
 * Demo accounts: one per role, created only when DEMO_MODE is on (local default), and shown on
 * the login pages only then. Production runs with demo mode off: none of these exist there,
 * and the Worker refuses any account flagged as demo if one were ever copied over.
 * This file has no extensionless relative imports so Node scripts can load it directly.
 */
import { hashPassword } from "../auth/password.ts";

export type DemoAccount = {
  id: string;
  role: string;
  loginId: string;
  password: string;
  accessCode?: string;
  firstName: string;
  lastName: string;
  county?: string;
  phone?: string;
  companyName?: string;
  organizationName?: string;
  department?: string;
  entityType?: "donor" | "ngo" | "auditor";
  mustChangePassword?: boolean;
  /** The login page(s) where this account signs in. */
  routes: string[];
};

export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    id: "demo-farmer",
    role: "farmer",
    loginId: "FRM000001",
    password: "Farmer#2026",
    firstName: "Musu",
    lastName: "Kollie",
    county: "Lofa County",
    phone: "+231 77 000 0001",
    routes: ["/farmer-login-portal", "/farmer-login"],
  },
  {
    id: "demo-farmer-new",
    role: "farmer",
    loginId: "FRM000002",
    password: "Welcome#2026",
    firstName: "Tokpa",
    lastName: "Flomo",
    phone: "+231 77 000 0002",
    mustChangePassword: true,
    routes: ["/farmer-login-portal"],
  },
  {
    id: "demo-buyer",
    role: "buyer",
    loginId: "BUY-0001",
    password: "Buyer#2026",
    firstName: "Comfort",
    lastName: "Doe",
    companyName: "Bong Cocoa Traders (demo)",
    county: "Bong County",
    routes: ["/farmer-login"],
  },
  {
    // A second buyer, the applicant whose licence waits in the Director General's approval queue
    // (worker/services/demo/demo-licensing.ts). Not offered on a login page: BUY-0001 is the buyer to try.
    id: "demo-buyer-applicant",
    role: "buyer",
    loginId: "BUY-0002",
    password: "Buyer#2026",
    firstName: "Kebeh",
    lastName: "Massaquoi",
    companyName: "Nimba Cocoa Buyers (demo)",
    county: "Nimba County",
    routes: [],
  },
  {
    id: "demo-land-inspector",
    role: "land_inspector",
    loginId: "land.inspector",
    password: "Inspect#2026",
    firstName: "Joseph",
    lastName: "Sirleaf",
    county: "Nimba County",
    routes: ["/land-inspector-login", "/inspector-login"],
  },
  {
    id: "demo-port-inspector",
    role: "port_inspector",
    loginId: "port.inspector",
    password: "Inspect#2026",
    firstName: "Martha",
    lastName: "Weah",
    county: "Montserrado County",
    routes: ["/port-inspector-login", "/inspector-login"],
  },
  {
    id: "demo-warehouse-inspector",
    role: "warehouse_inspector",
    loginId: "warehouse.inspector",
    password: "Inspect#2026",
    firstName: "Samuel",
    lastName: "Tubman",
    county: "Margibi County",
    routes: ["/warehouse-inspector-login", "/inspector-login"],
  },
  {
    id: "demo-exporter",
    role: "exporter",
    loginId: "EXP-20260115-001",
    password: "Export#2026",
    firstName: "Grace",
    lastName: "Johnson",
    companyName: "Liberia Premium Exports Inc. (demo)",
    county: "Montserrado County",
    routes: ["/exporter-login"],
  },
  {
    id: "demo-dg",
    role: "dg",
    loginId: "dg.lacra",
    password: "Director#2026",
    firstName: "Director",
    lastName: "General",
    routes: ["/dg-login"],
  },
  {
    id: "demo-ddgots",
    role: "ddgots",
    loginId: "ddgots.lacra",
    password: "Deputy#2026",
    firstName: "Deputy",
    lastName: "Operations",
    routes: ["/ddgots-login"],
  },
  {
    id: "demo-ddgaf",
    role: "ddgaf",
    loginId: "ddgaf.lacra",
    password: "Deputy#2026",
    firstName: "Deputy",
    lastName: "Finance",
    routes: ["/ddgaf-login"],
  },
  {
    id: "demo-office-admin",
    role: "office_admin",
    loginId: "office.admin",
    password: "Office#2026",
    firstName: "Office",
    lastName: "Administrator",
    department: "office_admin",
    routes: ["/regulatory-classic-login"],
  },
  {
    id: "demo-agritrace-admin",
    role: "system_administrator",
    loginId: "agritrace.admin",
    password: "Admin#2026",
    accessCode: "AGRI-2026-DEMO",
    firstName: "AgriTrace",
    lastName: "Administrator",
    routes: ["/agritrace-admin-login", "/system-admin-login"],
  },
  {
    id: "demo-donor",
    role: "monitoring_observer",
    loginId: "donor.observer",
    password: "Observer#2026",
    firstName: "Donor",
    lastName: "Observer",
    entityType: "donor",
    organizationName: "International Donor Partner (demo)",
    routes: ["/monitoring-login"],
  },
  {
    id: "demo-ngo",
    role: "monitoring_observer",
    loginId: "ngo.observer",
    password: "Observer#2026",
    firstName: "NGO",
    lastName: "Observer",
    entityType: "ngo",
    organizationName: "Forest Watch Liberia (demo)",
    routes: ["/monitoring-login"],
  },
  {
    id: "demo-auditor",
    role: "monitoring_observer",
    loginId: "auditor.observer",
    password: "Observer#2026",
    firstName: "Government",
    lastName: "Auditor",
    entityType: "auditor",
    organizationName: "General Auditing Commission (demo)",
    routes: ["/monitoring-login"],
  },
  {
    id: "demo-field-agent",
    role: "field_agent",
    loginId: "AGT-0001",
    password: "Agent#2026",
    firstName: "Field",
    lastName: "Agent",
    county: "Bong County",
    routes: ["/field-agent-login"],
  },
];

/** The demo accounts a login page may show (only ever called when demo mode is on). */
export function demoCredentialsFor(route: string) {
  return DEMO_ACCOUNTS.filter((a) => a.routes.includes(route)).map((a) => ({
    role: a.role,
    loginId: a.loginId,
    password: a.password,
    accessCode: a.accessCode,
    entityType: a.entityType,
    note: a.mustChangePassword ? "first sign-in: must change password" : undefined,
  }));
}

const q = (v: string | undefined | null | boolean) =>
  v === undefined || v === null
    ? "NULL"
    : typeof v === "boolean"
      ? v
        ? "1"
        : "0"
      : `'${String(v).replaceAll("'", "''")}'`;

/** SQL that creates the demo accounts; existing ones are left as they are. */
export async function demoAccountsSql(): Promise<string[]> {
  return Promise.all(
    DEMO_ACCOUNTS.map(async (a) => {
      const [passwordHash, accessCodeHash] = await Promise.all([
        hashPassword(a.password),
        a.accessCode ? hashPassword(a.accessCode) : Promise.resolve(undefined),
      ]);
      const cols = {
        id: q(a.id),
        login_id: q(a.loginId),
        login_id_normalized: q(a.loginId.toUpperCase()),
        role: q(a.role),
        first_name: q(a.firstName),
        last_name: q(a.lastName),
        county: q(a.county),
        phone: q(a.phone),
        company_name: q(a.companyName),
        organization_name: q(a.organizationName),
        department: q(a.department),
        entity_type: q(a.entityType),
        password_hash: q(passwordHash),
        access_code_hash: q(accessCodeHash),
        must_change_password: q(a.mustChangePassword ?? false),
        is_demo: "1",
      };
      return `INSERT INTO users (${Object.keys(cols).join(", ")}) VALUES (${Object.values(cols).join(", ")}) ON CONFLICT(login_id_normalized) DO NOTHING;`;
    }),
  );
}
