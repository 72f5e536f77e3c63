import { userWithSession } from "./factories";

/** The second exporter of the IDOR tests: "Other Exports Ltd", id `exporter-b`. */
export const EXPORTER_B = { id: "exporter-b", company: "Other Exports Ltd" } as const;

/** Adds the second exporter (EXPORTER_B) under `loginId`, with a session (tests/worker/factories.ts). */
export async function secondExporter(loginId: string) {
  const { token, cookie } = await userWithSession({
    id: EXPORTER_B.id,
    loginId,
    role: "exporter",
    firstName: "Other",
    lastName: "Exporter",
    companyName: EXPORTER_B.company,
  });
  return { token, cookie, id: EXPORTER_B.id };
}
