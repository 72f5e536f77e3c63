import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { formValues } from "#app/lib/light-form";
import * as contracts from "#worker/contracts/auth";
import { LIGHT_LOGIN_CHECKS, type LoginContract } from "#worker/contracts/auth-light";

/**
 * Login pages check their forms in the browser with the light twins of
 * worker/contracts/auth-light.ts (no zod in the client). Each twin gives exactly the messages of
 * the zod schema of the same name, as conform parses a form, on the same inputs.
 */
const long = "x".repeat(201);
const samples: Record<string, string>[] = [
  {},
  { farmerId: "", password: "" },
  { farmerId: "  ", password: "12345" },
  { farmerId: "FRM000001", password: "123456" },
  { farmerId: long, password: long, phoneNumber: "abc", county: "Nowhere" },
  { farmerId: "FRM000001", password: "secret1", phoneNumber: "+231 77 123 4567", county: "Montserrado" },
  { buyerId: "BUY1", password: "pw", companyName: "x".repeat(121) },
  { buyerId: "BUY1", password: "password", companyName: "Acme", phoneNumber: "0771234567" },
  { credentialId: "FRM000001", password: "" },
  { credentialId: "", password: "x" },
  { credentialId: "a", password: "b" },
  { username: "u", password: "p", inspectorType: "port" },
  { username: "u", password: "p", inspectorType: "ship" },
  { username: "", password: "", departmentLevel: "x".repeat(41) },
  { username: "admin", password: "12345", role: "", department: "Finance", userType: "" },
  { username: "admin", password: "123456", role: "office_admin", accessCode: "" },
  { username: "admin", password: "123456", accessCode: "CODE" },
  { username: "donor", password: "p", entityType: "" },
  { username: "donor", password: "p", entityType: "donor", requestedRole: "x" },
  { username: "donor", password: "p", entityType: "spy" },
  { agentId: "", password: "" },
  { agentId: "AGT-0001", password: "x" },
];

const form = (values: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(values)) data.append(k, v);
  return data;
};

describe("light sign-in checks", () => {
  for (const name of Object.keys(LIGHT_LOGIN_CHECKS) as LoginContract[]) {
    it(`${name} gives the zod schema's messages`, () => {
      for (const sample of samples) {
        // biome-ignore lint/performance/noDynamicNamespaceImportAccess: every contract by name, in a test
        const zod = parseWithZod(form(sample), { schema: contracts[name] }).reply();
        const expected = Object.fromEntries(
          Object.entries(zod.error ?? {})
            .filter(([, m]) => m?.length)
            .map(([k, m]) => [k, [m![0]]]),
        );
        expect(LIGHT_LOGIN_CHECKS[name](formValues(form(sample))), JSON.stringify(sample)).toEqual(expected);
      }
    });
  }
});
