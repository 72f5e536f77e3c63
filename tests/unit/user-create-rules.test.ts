/**
 * The account form (worker/contracts/users.ts) and `npm run user:create`
 * (scripts/create-user-options.ts) accept and refuse the same accounts, case by case.
 */
import { describe, expect, it } from "vitest";
import { UserCreateSchema } from "#worker/contracts/users";
import { type Options, validate } from "../../scripts/create-user-options.ts";

type Case = {
  role: string;
  loginId: string;
  county?: string;
  phone?: string;
  department?: string;
  entityType?: string;
  accessCode?: string;
};

const CASES: Case[] = [
  { role: "farmer", loginId: "FRM000123" },
  { role: "farmer", loginId: "frm000123" },
  { role: "farmer", loginId: "FRM12" },
  { role: "exporter", loginId: "EXP-20260115-001" },
  { role: "exporter", loginId: "EXP-20260231-001" },
  { role: "exporter", loginId: "EXP-2026-001" },
  { role: "buyer", loginId: "BUY-0001" },
  { role: "buyer", loginId: "has space" },
  { role: "buyer", loginId: "-dash" },
  { role: "land_inspector", loginId: "j.doe", county: "Bong County" },
  { role: "land_inspector", loginId: "j.doe", county: "Atlantis County" },
  { role: "buyer", loginId: "b.one", phone: "+231 77 123 4567" },
  { role: "buyer", loginId: "b.one", phone: "call me" },
  { role: "office_admin", loginId: "o.one", department: "archive_services" },
  { role: "office_admin", loginId: "o.one", department: "kitchen" },
  { role: "buyer", loginId: "b.two", department: "archive_services" },
  { role: "monitoring_observer", loginId: "obs", entityType: "ngo" },
  { role: "monitoring_observer", loginId: "obs" },
  { role: "buyer", loginId: "b.three", entityType: "ngo" },
  { role: "system_administrator", loginId: "it.admin", accessCode: "LONGENOUGH" },
  { role: "system_administrator", loginId: "it.admin", accessCode: "short" },
  { role: "system_administrator", loginId: "it.admin" },
  { role: "buyer", loginId: "b.four", accessCode: "LONGENOUGH" },
  { role: "emperor", loginId: "x" },
  { role: "buyer", loginId: "" },
];

describe("the account form follows the rules of npm run user:create", () => {
  it.each(CASES)("%o: same verdict", (c) => {
    const options: Options = { ...c, mustChangePassword: true, remote: false, dryRun: false, help: false };
    const cli = validate(options).length === 0;
    const form = UserCreateSchema.safeParse(c).success;
    expect(form).toBe(cli);
  });
});
