import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { verifyPassword } from "#worker/services/auth/password";
import { buildInsertSql, explainWranglerFailure, sqlText } from "../../scripts/create-user.ts";
import {
  CliError,
  canonicalLoginId,
  type Options,
  parseArgs,
  validate,
  validatePassword,
} from "../../scripts/create-user-options.ts";

const SCRIPT = fileURLToPath(new URL("../../scripts/create-user.ts", import.meta.url));
const ROOT = fileURLToPath(new URL("../..", import.meta.url));

const opts = (argv: string[]): Options => parseArgs(argv);
const errorsFor = (argv: string[]) => validate(opts(argv));
/** Each command line is refused with exactly this one error. */
const expectErrors = (...cases: [string[], string][]) => {
  for (const [argv, error] of cases) expect(errorsFor(argv), argv.join(" ")).toEqual([error]);
};

describe("parseArgs", () => {
  it("reads every value flag, in both --flag value and --flag=value forms", () => {
    const o = parseArgs([
      "--role",
      "monitoring_observer",
      "--login-id",
      "ngo.watch",
      "--first-name",
      "Ada",
      "--last-name=Kollie",
      "--county",
      "Bong County",
      "--phone",
      "+231 77 123 4567",
      "--company",
      "Acme",
      "--organization",
      "Forest Watch",
      "--entity-type",
      "ngo",
      "--env",
      "production",
    ]);
    expect(o).toMatchObject({
      role: "monitoring_observer",
      loginId: "ngo.watch",
      firstName: "Ada",
      lastName: "Kollie",
      county: "Bong County",
      phone: "+231 77 123 4567",
      company: "Acme",
      organization: "Forest Watch",
      entityType: "ngo",
      env: "production",
      remote: false,
      dryRun: false,
      mustChangePassword: false,
      help: false,
    });
  });

  it("reads the boolean flags", () => {
    const o = parseArgs(["--remote", "--dry-run", "--must-change-password", "--help"]);
    expect(o).toMatchObject({ remote: true, dryRun: true, mustChangePassword: true, help: true });
    expect(parseArgs(["--remote", "--local"]).remote).toBe(false);
    expect(parseArgs(["-h"]).help).toBe(true);
  });

  it("reads --department and --access-code", () => {
    expect(parseArgs(["--department", "archive_services", "--access-code", "CODE-123456"])).toMatchObject({
      department: "archive_services",
      accessCode: "CODE-123456",
    });
  });

  it("rejects unknown flags, missing values, repeats and password arguments", () => {
    expect(() => parseArgs(["--nope"])).toThrow("Unknown option: --nope (see --help)");
    expect(() => parseArgs(["--role"])).toThrow("--role needs a value");
    expect(() => parseArgs(["--role", "--dry-run"])).toThrow("--role needs a value");
    expect(() => parseArgs(["--role", "dg", "--role", "ddgaf"])).toThrow("--role was given more than once");
    expect(() => parseArgs(["--dry-run=yes"])).toThrow("--dry-run does not take a value");
    expect(() => parseArgs(["--password", "secret"])).toThrow(/not accepted as arguments/);
    expect(() => parseArgs(["--nope"])).toThrow(CliError);
  });
});

describe("validate", () => {
  it("accepts a complete system administrator", () => {
    expect(
      errorsFor(["--role", "system_administrator", "--login-id", "it.admin", "--access-code", "CODE-123456"]),
    ).toEqual([]);
  });

  it("accepts well-formed farmer, exporter, office and observer accounts", () => {
    expect(errorsFor(["--role", "farmer", "--login-id", "FRM000123", "--county", "Lofa County"])).toEqual([]);
    expect(errorsFor(["--role", "farmer", "--login-id", " frm000123 "])).toEqual([]);
    expect(errorsFor(["--role", "exporter", "--login-id", "EXP-20260115-001", "--company", "Exports Inc."])).toEqual(
      [],
    );
    expect(
      errorsFor(["--role", "office_admin", "--login-id", "office.one", "--department", "document_management"]),
    ).toEqual([]);
    expect(errorsFor(["--role", "monitoring_observer", "--login-id", "gac.audit", "--entity-type", "auditor"])).toEqual(
      [],
    );
    expect(errorsFor(["--role", "buyer", "--login-id", "BUY-0042", "--phone", "+231 77 123 4567"])).toEqual([]);
  });

  it("requires --role and --login-id", () => {
    expect(errorsFor([])).toEqual(["--role is required", "--login-id is required"]);
    expect(errorsFor(["--role", "dg", "--login-id", "   "])).toEqual(["--login-id is required"]);
  });

  it("rejects an unknown role", () => {
    expect(errorsFor(["--role", "superuser", "--login-id", "x"])).toEqual([
      expect.stringMatching(/^Unknown role "superuser": use one of farmer, buyer, .*field_agent$/),
    ]);
  });

  it("checks the farmer ID format", () => {
    for (const id of ["FRM12345", "FRM1234567", "FARM000123", "FRM00012A"]) {
      expect(errorsFor(["--role", "farmer", "--login-id", id])).toEqual([
        "A farmer login ID must be FRM followed by 6 digits, e.g. FRM000123",
      ]);
    }
  });

  it("checks the exporter ID format and date", () => {
    for (const id of ["EXP-2026011-001", "EXP-20260115-01", "EXP20260115001", "exporter.one"]) {
      expect(errorsFor(["--role", "exporter", "--login-id", id])).toEqual([
        "An exporter login ID must look like EXP-YYYYMMDD-NNN, e.g. EXP-20260115-001",
      ]);
    }
    expect(errorsFor(["--role", "exporter", "--login-id", "EXP-20260230-001"])).toEqual([
      "The date in exporter login ID EXP-20260230-001 is not a real date",
    ]);
  });

  it("rejects usernames with spaces or odd characters", () => {
    expect(errorsFor(["--role", "dg", "--login-id", "dg lacra"])).toEqual([
      "A login ID may only contain letters, digits and . _ @ - (no spaces), and must start with a letter or digit",
    ]);
    expect(errorsFor(["--role", "dg", "--login-id", "x".repeat(121)])).toEqual([
      "--login-id must be at most 120 characters",
    ]);
  });

  it("checks the county against the 15 counties", () => {
    expect(errorsFor(["--role", "farmer", "--login-id", "FRM000123", "--county", "Bong"])).toEqual([
      expect.stringMatching(/^Unknown county "Bong": use one of Bomi County, Bong County, .*Sinoe County$/),
    ]);
  });

  it("checks the phone number", () => {
    expect(errorsFor(["--role", "buyer", "--login-id", "BUY-1", "--phone", "call me"])).toEqual([
      "--phone must be a phone number like +231 77 123 4567",
    ]);
  });

  it("checks names are not too long", () => {
    expect(errorsFor(["--role", "dg", "--login-id", "dg.x", "--first-name", "a".repeat(121)])).toEqual([
      "--first-name must be at most 120 characters",
    ]);
  });

  it("checks the office department and that only office_admin has one", () => {
    expect(errorsFor(["--role", "office_admin", "--login-id", "o.a", "--department", "finance"])).toEqual([
      expect.stringMatching(/^Unknown department "finance": use one of office_admin, document_management, /),
    ]);
    expect(errorsFor(["--role", "dg", "--login-id", "dg.x", "--department", "office_admin"])).toEqual([
      "--department only applies to --role office_admin",
    ]);
  });

  it("requires a valid entity type for monitoring observers only", () => {
    expectErrors(
      [
        ["--role", "monitoring_observer", "--login-id", "obs"],
        "--entity-type is required for monitoring_observer: donor, ngo, auditor",
      ],
      [
        ["--role", "monitoring_observer", "--login-id", "obs", "--entity-type", "press"],
        'Unknown entity type "press": use one of donor, ngo, auditor',
      ],
      [
        ["--role", "buyer", "--login-id", "BUY-1", "--entity-type", "ngo"],
        "--entity-type only applies to --role monitoring_observer",
      ],
    );
  });

  it("requires an access code for system administrators only", () => {
    expectErrors(
      [
        ["--role", "system_administrator", "--login-id", "it.admin"],
        "--access-code is required for system_administrator",
      ],
      [
        ["--role", "system_administrator", "--login-id", "it.admin", "--access-code", "short"],
        "--access-code must be at least 8 characters",
      ],
      [
        ["--role", "dg", "--login-id", "dg.x", "--access-code", "CODE-123456"],
        "--access-code only applies to --role system_administrator",
      ],
    );
  });

  it("rejects a malformed --env name", () => {
    expect(errorsFor(["--role", "dg", "--login-id", "dg.x", "--env", "prod; rm -rf /"])).toEqual([
      '--env "prod; rm -rf /" is not a valid environment name',
    ]);
  });

  it("reports every problem at once", () => {
    expect(
      errorsFor(["--role", "farmer", "--login-id", "bad", "--county", "Atlantis", "--access-code", "CODE-123456"]),
    ).toHaveLength(3);
  });
});

describe("validatePassword", () => {
  it("needs 8 characters for staff and admins, 6 for farmers and buyers", () => {
    expect(validatePassword("Kp9#zw1", { role: "dg" })).toEqual(["The password must be at least 8 characters"]);
    expect(validatePassword("Kp9#zw1", { role: "system_administrator" })).toEqual([
      "The password must be at least 8 characters",
    ]);
    expect(validatePassword("Kp9#zw1", { role: "farmer" })).toEqual([]);
    expect(validatePassword("Kp9#z", { role: "buyer" })).toEqual(["The password must be at least 6 characters"]);
    expect(validatePassword("Kp9#zw1x", { role: "dg" })).toEqual([]);
  });

  it("refuses common passwords", () => {
    expect(validatePassword("password123", { role: "dg" })).toEqual([
      "This password is too common (it is on the list of breached passwords). Choose one that is harder to guess.",
    ]);
  });

  it("refuses the login ID or the access code as the password", () => {
    expect(validatePassword("it.admin.2026", { role: "dg", loginId: "IT.ADMIN.2026" })).toEqual([
      "The password must not be the login ID",
    ]);
    expect(validatePassword("CODE-123456", { role: "system_administrator", accessCode: "CODE-123456" })).toEqual([
      "The access code must be different from the password",
    ]);
  });
});

describe("buildInsertSql", () => {
  const password = "Unique-Plain-Pass-2026";

  it("escapes single quotes in text", async () => {
    expect(sqlText("O'Neil")).toBe("'O''Neil'");
    expect(sqlText(undefined)).toBe("NULL");
    const sql = await buildInsertSql(
      opts([
        "--role",
        "buyer",
        "--login-id",
        "BUY-7",
        "--first-name",
        "Sean",
        "--last-name",
        "O'Neil",
        "--company",
        "O'Neil & Sons'; DROP TABLE users; --",
      ]),
      password,
      "fixed-id",
    );
    expect(sql).toContain("'O''Neil'");
    expect(sql).toContain("'O''Neil & Sons''; DROP TABLE users; --'");
    // Outside the quoted literals, no stray quote is left: every literal is balanced.
    const firstStatement = sql.split("\n")[0]!;
    expect(firstStatement.replaceAll("''", "").split("'").length % 2).toBe(1);
  });

  it("writes the columns of the users table, not demo, with a fresh UUID by default", async () => {
    const sql = await buildInsertSql(
      opts(["--role", "farmer", "--login-id", " frm000123 ", "--county", "Lofa County", "--must-change-password"]),
      "Kp9#zw1",
    );
    const [insert, audit] = sql.trim().split("\n");
    expect(insert).toMatch(
      /^INSERT INTO users \(id, login_id, login_id_normalized, role, first_name, last_name, county, phone, company_name, organization_name, department, entity_type, password_hash, access_code_hash, active, must_change_password, is_demo\) VALUES \('[0-9a-f-]{36}', 'FRM000123', 'FRM000123', 'farmer', '', '', 'Lofa County', NULL, NULL, NULL, NULL, NULL, 'scrypt\$[^']+', NULL, 1, 1, 0\);$/,
    );
    expect(audit).toMatch(
      /^INSERT INTO audit_log .* 'user.create', 'user', '[0-9a-f-]{36}', NULL, '\{.*\}' WHERE EXISTS \(SELECT 1 FROM users WHERE id = '[0-9a-f-]{36}'\);$/,
    );
    expect(canonicalLoginId("dg", " Dg.Lacra ")).toBe("Dg.Lacra");
  });

  it("stores scrypt hashes of the password and access code, never the secrets themselves", async () => {
    const sql = await buildInsertSql(
      opts(["--role", "system_administrator", "--login-id", "it.admin", "--access-code", "CODE-123456"]),
      password,
      "fixed-id",
    );
    expect(sql).not.toContain(password);
    expect(sql).not.toContain("CODE-123456");
    const hashes = [...sql.matchAll(/'(scrypt\$[^']+)'/g)].map((m) => m[1]!);
    expect(hashes).toHaveLength(2);
    const [passwordHash, accessCodeHash] = hashes as [string, string];
    expect(await verifyPassword(password, passwordHash)).toBe(true);
    expect(await verifyPassword("wrong-password", passwordHash)).toBe(false);
    expect(await verifyPassword("CODE-123456", accessCodeHash)).toBe(true);
    // The audit row snapshots the account without any hash.
    expect(sql.split("\n")[1]).not.toContain("scrypt$");
  });
});

describe("explainWranglerFailure", () => {
  it("turns a UNIQUE failure into a duplicate-account message", () => {
    const output = "✘ [ERROR] UNIQUE constraint failed: users.login_id_normalized: SQLITE_CONSTRAINT";
    expect(explainWranglerFailure(output, " it.admin ")).toBe("An account with login ID it.admin already exists");
  });

  it("points at migrations when the table is missing", () => {
    expect(explainWranglerFailure("no such table: users: SQLITE_ERROR", "x")).toMatch(/apply the migrations first/);
  });

  it("falls back to a generic message", () => {
    expect(explainWranglerFailure("something else", "x")).toBe("wrangler d1 execute failed; its output is above");
  });
});

describe("the command (Node, dry run)", () => {
  const run = (args: string[], env: Record<string, string | undefined> = {}) =>
    spawnSync(process.execPath, [SCRIPT, ...args], {
      cwd: ROOT,
      encoding: "utf8",
      env: { ...process.env, NEW_USER_PASSWORD: undefined, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });

  it("prints the SQL and exits 0 with --dry-run", () => {
    const r = run(
      [
        "--dry-run",
        "--role",
        "system_administrator",
        "--login-id",
        "cli.dry.admin",
        "--access-code",
        "CODE-123456",
        "--last-name",
        "O'Neil",
      ],
      { NEW_USER_PASSWORD: "Dry-Run-Pass-2026" },
    );
    expect(r.stderr).toContain("Dry run: nothing was written to the local database.");
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^INSERT INTO users \(/);
    expect(r.stdout).toContain("'cli.dry.admin', 'CLI.DRY.ADMIN', 'system_administrator'");
    expect(r.stdout).toContain("'O''Neil'");
    expect(r.stdout).toMatch(/'scrypt\$32768\$8\$3\$/);
    expect(r.stdout + r.stderr).not.toContain("Dry-Run-Pass-2026");
    expect(r.stdout + r.stderr).not.toContain("CODE-123456");
  });

  it("exits non-zero with a clear message on invalid options, weak passwords or no password", () => {
    const invalid = run(["--dry-run", "--role", "farmer", "--login-id", "F1"], {
      NEW_USER_PASSWORD: "Dry-Run-Pass-2026",
    });
    expect(invalid.status).toBe(1);
    expect(invalid.stderr).toContain("Error: A farmer login ID must be FRM followed by 6 digits");
    expect(invalid.stdout).toBe("");

    const common = run(["--dry-run", "--role", "dg", "--login-id", "dg.x"], { NEW_USER_PASSWORD: "password123" });
    expect(common.status).toBe(1);
    expect(common.stderr).toContain("This password is too common");

    const none = run(["--dry-run", "--role", "dg", "--login-id", "dg.x"]);
    expect(none.status).toBe(1);
    expect(none.stderr).toContain("No password: set NEW_USER_PASSWORD");
  });

  it("prints help and exits 0", () => {
    const r = run(["--help"]);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("Usage: npm run user:create -- --role <role> --login-id <id>");
  });
});
