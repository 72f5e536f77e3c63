/**
 * Every sign-in page of spec §2 as data: titles, fields, the endpoint and exact body of
 * spec §7, the button labels of spec §4, the fallback messages of spec §8, and what each
 * portal writes to browser storage (spec §3, §4). The pages (app/routes/login.tsx) render it.
 */
import { AUTH_MESSAGES as M } from "#worker/auth/messages";
import { OFFICE_DEPARTMENT_LABEL, OFFICE_DEPARTMENTS } from "#worker/auth/roles";
import { COUNTIES } from "#worker/content/counties";
import type { LoginContract } from "#worker/contracts/auth-light";

export type FieldSpec = {
  name: string;
  label: string;
  type: "text" | "password" | "tel" | "select";
  autoComplete?: string;
  placeholder?: string;
  options?: { value: string; label: string }[];
  defaultValue?: string;
  optional?: boolean;
  hint?: string;
};

export type FormSpec = {
  /** Identifies the form in a page with several (posted as `_form`). */
  id: string;
  title: string;
  description?: string;
  endpoint: string;
  /** The sign-in schema of worker/contracts/auth.ts (server) and its light twin (browser). */
  contract: LoginContract;
  fields: FieldSpec[];
  /** The request body of spec §7, from the validated form values. */
  toBody: (v: Record<string, string | undefined>) => Record<string, unknown>;
  submit: string;
  pending: string;
  failureFallback: string;
  connectionMessage: string;
  connectionTitle?: string;
  /** Spec §5 inspector hub: the button stays disabled until every field is filled. */
  disableUntilFilled?: boolean;
  /** Spec §5 farmer-only portal: a missing field is announced as 'Missing Information'. */
  missingInfoTitle?: string;
  storage: {
    executiveToken?: "dgToken" | "ddgotsToken" | "ddgafToken";
    clearExecutiveTokensFirst?: boolean;
    clearSessionKeysFirst?: boolean;
    redirectDelayMs?: number;
    primeCurrentUser?: boolean;
    requireRole?: string;
  };
  demoRoles?: string[];
  /** For the demo login button of /regulatory-classic-login. */
  demoButton?: boolean;
};

export type HubCard = { title: string; description: string; href: string; cta: string };

export type LoginPageSpec = {
  path: string;
  title: string;
  subtitle: string;
  forms: FormSpec[];
  hub?: HubCard[];
  links?: { href: string; label: string }[];
  back: { href: string; label: string };
  help?: string[];
  /** A card that needs no credentials (monitoring accessibility card). */
  openCard?: HubCard;
};

const PASSWORD: FieldSpec = { name: "password", label: "Password", type: "password", autoComplete: "current-password" };
const USERNAME: FieldSpec = { name: "username", label: "Username", type: "text", autoComplete: "username" };
const PHONE: FieldSpec = {
  name: "phoneNumber",
  label: "Phone Number",
  type: "tel",
  autoComplete: "tel",
  placeholder: "+231 77 123 4567",
  optional: true,
};
const countyOptions = [
  { value: "", label: "Select your county (optional)" },
  ...COUNTIES.map((c) => ({ value: c, label: c })),
];
const toPortals = { href: "/portals", label: "Back to Portals" };
const toRegulatory = { href: "/regulatory-login", label: "Back to Regulatory Login" };

const farmerForm: FormSpec = {
  id: "farmer",
  title: "Farmer Login",
  description: "Registered farmers: sign in with your Farmer ID.",
  endpoint: "/api/farmers/login",
  contract: "FarmerLoginSchema",
  fields: [
    { name: "farmerId", label: "Farmer ID", type: "text", autoComplete: "username", placeholder: "FRM123456" },
    PASSWORD,
    { name: "county", label: "County", type: "select", options: countyOptions, optional: true },
    PHONE,
  ],
  toBody: (v) => ({
    credentialId: v.farmerId,
    password: v.password,
    ...(v.county ? { county: v.county } : {}),
    ...(v.phoneNumber ? { phoneNumber: v.phoneNumber } : {}),
  }),
  submit: "Login as Farmer",
  pending: M.loggingIn,
  failureFallback: M.fallbackCheckCredentials,
  connectionMessage: M.connectionFailed,
  connectionTitle: M.loginErrorTitle,
  storage: {},
};

const buyerForm: FormSpec = {
  id: "buyer",
  title: "Buyer Login",
  description: "Licensed agricultural buyers: sign in with your Buyer ID.",
  endpoint: "/api/auth/buyer-login",
  contract: "BuyerLoginSchema",
  fields: [
    { name: "buyerId", label: "Buyer ID", type: "text", autoComplete: "username", placeholder: "BUY-0001" },
    PASSWORD,
    { name: "companyName", label: "Company Name", type: "text", autoComplete: "organization", optional: true },
    PHONE,
  ],
  toBody: (v) => ({
    buyerId: v.buyerId,
    password: v.password,
    companyName: v.companyName ?? "",
    phoneNumber: v.phoneNumber ?? "",
    userType: "buyer",
  }),
  submit: "Login as Buyer",
  pending: M.loggingIn,
  failureFallback: M.invalidCredentials,
  connectionMessage: M.connectionFailed,
  connectionTitle: M.loginErrorTitle,
  storage: { clearExecutiveTokensFirst: true },
};

function inspectorForm(kind: "land" | "port" | "warehouse", dedicated: boolean): FormSpec {
  const meta = {
    land: {
      title: "Land Inspector",
      endpoint: "/api/auth/land-inspector-login",
      type: "land-mapping",
      desc: "Farm mapping, farmer onboarding and land plot inspection.",
    },
    port: {
      title: "Port Inspector",
      endpoint: "/api/auth/port-inspector-login",
      type: "port",
      desc: "Export inspection and shipment clearance at the port.",
    },
    warehouse: {
      title: "Warehouse Inspector",
      endpoint: "/api/auth/warehouse-inspector/login",
      type: undefined,
      desc: "Warehouse intake, quality grading and storage checks.",
    },
  }[kind];
  return {
    id: `${kind}-inspector`,
    title: meta.title,
    description: meta.desc,
    endpoint: meta.endpoint,
    contract: "InspectorLoginSchema",
    fields: [USERNAME, PASSWORD],
    toBody: (v) => ({
      username: v.username,
      password: v.password,
      ...(dedicated && meta.type ? { inspectorType: meta.type } : {}),
    }),
    submit: `Login as ${meta.title}`,
    pending: M.loggingIn,
    failureFallback: M.loginFailed,
    connectionMessage: M.networkError,
    disableUntilFilled: !dedicated,
    storage: {},
  };
}

function executiveForm(level: "dg" | "ddgots" | "ddgaf"): FormSpec {
  const token = `${level}Token` as const;
  return {
    id: level,
    title: { dg: "Director General", ddgots: "DDGOTS", ddgaf: "DDGAF" }[level],
    endpoint: `/api/auth/${level}-login`,
    contract: "ExecutiveLoginSchema",
    fields: [USERNAME, PASSWORD],
    toBody: (v) => ({ username: v.username, password: v.password, departmentLevel: level }),
    submit: "Sign In",
    pending: M.authenticating,
    failureFallback: M.insufficientPermissions,
    connectionMessage: M.connectionError,
    storage: { executiveToken: token },
  };
}

const adminForm = (id: string): FormSpec => ({
  id,
  title: "AgriTrace Administrator",
  description: "System administration of the agricultural module only.",
  endpoint: "/api/agritrace-admin/login",
  contract: "AgritraceAdminLoginSchema",
  fields: [
    USERNAME,
    PASSWORD,
    { name: "accessCode", label: "System Access Code", type: "password", autoComplete: "one-time-code" },
  ],
  toBody: (v) => ({ username: v.username, password: v.password, accessCode: v.accessCode }),
  submit: "Access System",
  pending: M.authenticating,
  failureFallback: M.loginFailed,
  connectionMessage: M.connectionError,
  storage: { redirectDelayMs: 100 },
});

function monitoringForm(entityType: "donor" | "ngo" | "auditor"): FormSpec {
  const meta = {
    donor: { title: "International Donors", description: "Funding partners following the programme's results." },
    ngo: { title: "NGOs", description: "Civil society and conservation organisations." },
    auditor: { title: "Government Auditors", description: "Audit and compliance verification." },
  }[entityType];
  return {
    id: entityType,
    title: meta.title,
    description: meta.description,
    endpoint: "/api/auth/monitoring-login",
    contract: "MonitoringLoginSchema",
    fields: [USERNAME, PASSWORD],
    toBody: (v) => ({ username: v.username, password: v.password, entityType, requestedRole: "monitoring_observer" }),
    submit: "Access Monitoring",
    pending: M.signingIn,
    failureFallback: M.loginFailed,
    connectionMessage: M.connectionError,
    storage: {},
    demoRoles: [entityType],
  };
}

const executiveLinks = (self: "dg" | "ddgots" | "ddgaf") =>
  [
    { href: "/dg-login", label: "Director General Portal" },
    { href: "/ddgots-login", label: "DDGOTS Portal" },
    { href: "/ddgaf-login", label: "DDGAF Portal" },
  ].filter((l) => !l.href.startsWith(`/${self}-`));

function executivePage(level: "dg" | "ddgots" | "ddgaf"): LoginPageSpec {
  const meta = {
    dg: { title: "Director General Portal", subtitle: "Executive oversight and policy." },
    ddgots: {
      title: "DDGOTS Portal",
      subtitle: "Operations, quality control, certification and inspection coordination.",
    },
    ddgaf: { title: "DDGAF Portal", subtitle: "Budget, human resources, procurement and finance." },
  }[level];
  return {
    path: `/${level}-login`,
    ...meta,
    forms: [executiveForm(level)],
    links: executiveLinks(level),
    back: toRegulatory,
  };
}

/** The login page of one kind of inspector (the inspector portal links to the three of them). */
function inspectorLogin(kind: "land" | "port" | "warehouse", subtitle: string): LoginPageSpec {
  return {
    path: `/${kind}-inspector-login`,
    title: `${kind.charAt(0).toUpperCase()}${kind.slice(1)} Inspector Login`,
    subtitle,
    forms: [inspectorForm(kind, true)],
    back: { href: "/inspector-login", label: "Back to Inspector Portal" },
  };
}

export const LOGIN_PAGES: LoginPageSpec[] = [
  {
    path: "/farmer-login",
    title: "Farmer & Buyer Portal",
    subtitle: "Farm plot mapping, batch code tracking, crop planning and compliance documents.",
    forms: [farmerForm, buyerForm],
    back: toPortals,
  },
  {
    path: "/farmer-login-portal",
    title: "Farmer Portal",
    subtitle: "Sign in with your Farmer ID (or registered phone number) and password.",
    forms: [
      {
        id: "farmer-portal",
        title: "Farmer Login",
        endpoint: "/api/farmers/login",
        contract: "FarmerPortalLoginSchema",
        fields: [
          {
            name: "credentialId",
            label: "Farmer ID or phone number",
            type: "text",
            autoComplete: "username",
            placeholder: "FRM123456",
          },
          PASSWORD,
        ],
        toBody: (v) => ({ credentialId: v.credentialId, password: v.password }),
        submit: "Sign In",
        pending: M.signingIn,
        failureFallback: M.invalidLoginIdPassword,
        connectionMessage: M.loginFailedTryAgain,
        missingInfoTitle: M.missingInfoTitle,
        storage: {},
      },
    ],
    help: [
      "Your Farmer ID is on the registration card the land inspector gave you (for example FRM123456).",
      M.firstTimeFarmer,
      "Forgot your password? Ask your land inspector or call the hotline on the portals page to reset it.",
    ],
    back: toPortals,
  },
  {
    path: "/regulatory-login",
    title: "Regulatory Portal",
    subtitle: "Liberia Agriculture Commodity Regulatory Authority — choose your portal.",
    forms: [],
    hub: [
      { title: "Director General", description: "Executive oversight and policy.", href: "/dg-login", cta: "DG Login" },
      {
        title: "DDGOTS",
        description: "Operations, quality control, certification and inspection coordination.",
        href: "/ddgots-login",
        cta: "DDGOTS Login",
      },
      {
        title: "DDGAF",
        description: "Budget, human resources, procurement and finance.",
        href: "/ddgaf-login",
        cta: "DDGAF Login",
      },
      {
        title: "AgriTrace Admin",
        description: "System administration of the agricultural module.",
        href: "/agritrace-admin-login",
        cta: "Admin Login",
      },
      {
        title: "Office & Administration",
        description: "Documents, archives, workflow and administrative support.",
        href: "/regulatory-classic-login",
        cta: "Office Login",
      },
    ],
    back: toPortals,
  },
  {
    path: "/inspector-login",
    title: "Inspector Portal",
    subtitle: "Land, port and warehouse inspectors (extension officers).",
    forms: [inspectorForm("land", false), inspectorForm("port", false), inspectorForm("warehouse", false)],
    links: [{ href: "/field-agent-login", label: "Field agent? Sign in here" }],
    back: toPortals,
  },
  {
    path: "/field-agent-login",
    title: "Field Agent Login",
    subtitle: "Farmer onboarding and plot mapping in the field, online or offline.",
    forms: [
      {
        id: "field-agent",
        title: "Field Agent",
        description: "Your Agent ID and password come from the AgriTrace administrator.",
        endpoint: "/api/auth/field-agent-login",
        contract: "FieldAgentLoginSchema",
        fields: [
          { name: "agentId", label: "Agent ID", type: "text", autoComplete: "username", placeholder: "AGT-0001" },
          PASSWORD,
        ],
        toBody: (v) => ({ agentId: v.agentId, password: v.password }),
        submit: "Login as Field Agent",
        pending: M.loggingIn,
        failureFallback: M.loginFailed,
        connectionMessage: M.networkError,
        storage: {},
      },
    ],
    help: [
      "Sign in here once while online: this phone then remembers you, so you can also sign in when there is no connection.",
    ],
    back: { href: "/inspector-login", label: "Back to Inspector Portal" },
  },
  inspectorLogin("land", "Farm mapping, farmer onboarding and land plot inspection."),
  inspectorLogin("port", "Export inspection and shipment clearance."),
  inspectorLogin("warehouse", "Warehouse intake, grading and storage checks."),
  {
    path: "/exporter-login",
    title: "Exporter Portal",
    subtitle: "Export order management, regulator compliance, network partnerships and export analytics.",
    forms: [
      {
        id: "exporter",
        title: "Exporter Login",
        endpoint: "/api/auth/exporter-login",
        contract: "ExporterLoginSchema",
        fields: [
          {
            name: "username",
            label: "Exporter ID",
            type: "text",
            autoComplete: "username",
            placeholder: "EXP-20260115-001",
          },
          PASSWORD,
        ],
        toBody: (v) => ({ username: v.username, password: v.password }),
        submit: "Login",
        pending: M.loggingIn,
        failureFallback: M.authenticationFailed,
        connectionMessage: M.connectionFailed,
        connectionTitle: M.loginErrorTitle,
        storage: { primeCurrentUser: true, requireRole: "exporter" },
      },
    ],
    back: toPortals,
  },
  executivePage("ddgaf"),
  executivePage("ddgots"),
  executivePage("dg"),
  {
    path: "/regulatory-classic-login",
    title: "Office & Administration Login",
    subtitle: "Office administration of the regulator.",
    forms: [
      {
        id: "office",
        title: "Office Administration",
        endpoint: "/api/auth/regulatory-login",
        contract: "OfficeLoginSchema",
        fields: [
          USERNAME,
          PASSWORD,
          {
            name: "role",
            label: "Role",
            type: "select",
            options: [{ value: "office_admin", label: "Office Administrator" }],
            defaultValue: "office_admin",
          },
          {
            name: "department",
            label: "Department",
            type: "select",
            optional: true,
            options: [
              { value: "", label: "Select department (optional)" },
              ...OFFICE_DEPARTMENTS.map((d) => ({ value: d, label: OFFICE_DEPARTMENT_LABEL[d] })),
            ],
          },
        ],
        toBody: (v) => ({
          username: v.username,
          password: v.password,
          role: v.role,
          department: v.department ?? "",
          userType: "regulatory",
        }),
        submit: "Sign In",
        pending: M.signingIn,
        failureFallback: M.loginFailed,
        connectionMessage: M.connectionError,
        storage: { clearSessionKeysFirst: true },
        demoButton: true,
      },
    ],
    back: toRegulatory,
  },
  {
    path: "/system-admin-login",
    title: "System Administrator Login",
    subtitle: "AgriTrace administration — agricultural module only.",
    forms: [adminForm("system-admin")],
    back: toPortals,
  },
  {
    path: "/agritrace-admin-login",
    title: "AgriTrace Admin Login",
    subtitle: "AgriTrace administration — agricultural module only.",
    forms: [adminForm("agritrace-admin")],
    back: toRegulatory,
  },
  {
    path: "/monitoring-login",
    title: "Oversight Monitoring Portal",
    subtitle:
      "For international donors, NGOs and government auditors: PDF reports, real-time monitoring and compliance tracking.",
    forms: [monitoringForm("donor"), monitoringForm("ngo"), monitoringForm("auditor")],
    openCard: {
      title: "Public Accessibility View",
      description: "No account needed: national aggregate figures only, no personal data.",
      href: "/monitoring-dashboard",
      cta: "Open public view",
    },
    back: { href: "/", label: "Back to Polipus Platform" },
  },
];

export function loginPage(path: string): LoginPageSpec | undefined {
  return LOGIN_PAGES.find((p) => p.path === path);
}
