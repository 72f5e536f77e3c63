/** The sign-in routes of spec §2 (the pages themselves are described in ./logins.ts). */
export const LOGIN_PATHS = [
  "/farmer-login",
  "/farmer-login-portal",
  "/regulatory-login",
  "/inspector-login",
  "/land-inspector-login",
  "/port-inspector-login",
  "/warehouse-inspector-login",
  "/exporter-login",
  "/ddgaf-login",
  "/ddgots-login",
  "/dg-login",
  "/regulatory-classic-login",
  "/system-admin-login",
  "/agritrace-admin-login",
  "/monitoring-login",
  // Field agents' online sign-in; the spec shows only their offline login.
  "/field-agent-login",
] as const;
