/**
 * `npm run user:create -- --role <role> --login-id <id> [options]`
 *
 * Creates one account in D1 from the command line. This is how a real deployment gets its first
 * administrator: production has no default credentials and no demo accounts.
 *
 * The password never appears on the command line: it comes from NEW_USER_PASSWORD or is typed
 * twice at a hidden prompt. Only its scrypt hash reaches the SQL, the database and the screen.
 *
 * Run directly by Node's type stripping: erasable TypeScript only, relative imports end in `.ts`.
 */
import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { ENTITY_TYPES, OFFICE_DEPARTMENTS, ROLES } from "../worker/auth/roles.ts";
import { COUNTIES } from "../worker/content/counties.ts";
import { isCommonPassword } from "../worker/services/auth/common-passwords.ts";
import { hashPassword } from "../worker/services/auth/password.ts";

export const PASSWORD_ENV = "NEW_USER_PASSWORD";

/** Roles that sign in at the public farmer/buyer door: the spec minimum of 6 characters. */
const SHORT_PASSWORD_ROLES: readonly string[] = ["farmer", "buyer"];
export const MIN_PASSWORD = { farmerBuyer: 6, staff: 8 } as const;
export const MIN_ACCESS_CODE = 8;
const MAX_SECRET = 200;
const MAX_TEXT = 120;

export type Options = {
  role?: string;
  loginId?: string;
  firstName?: string;
  lastName?: string;
  county?: string;
  phone?: string;
  company?: string;
  organization?: string;
  department?: string;
  entityType?: string;
  accessCode?: string;
  mustChangePassword: boolean;
  remote: boolean;
  env?: string;
  dryRun: boolean;
  help: boolean;
};

/** A problem the user can fix: printed without a stack trace, exit code 1 (or `exitCode`). */
export class CliError extends Error {
  exitCode: number;
  constructor(message: string, exitCode = 1) {
    super(message);
    this.name = "CliError";
    this.exitCode = exitCode;
  }
}

type ValueFlag = Exclude<keyof Options, "mustChangePassword" | "remote" | "dryRun" | "help">;
type BooleanFlag = "mustChangePassword" | "remote" | "dryRun" | "help";

const VALUE_FLAGS: Record<string, ValueFlag> = {
  "--role": "role",
  "--login-id": "loginId",
  "--first-name": "firstName",
  "--last-name": "lastName",
  "--county": "county",
  "--phone": "phone",
  "--company": "company",
  "--organization": "organization",
  "--department": "department",
  "--entity-type": "entityType",
  "--access-code": "accessCode",
  "--env": "env",
};

const BOOLEAN_FLAGS: Record<string, BooleanFlag> = {
  "--must-change-password": "mustChangePassword",
  "--remote": "remote",
  "--local": "remote",
  "--dry-run": "dryRun",
  "--help": "help",
  "-h": "help",
};

export const USAGE = `Create one account in the D1 database.

Usage: npm run user:create -- --role <role> --login-id <id> [options]

The password is read from ${PASSWORD_ENV} if set, otherwise typed twice at a hidden prompt.
It is never accepted as an argument.

Required:
  --role <role>            ${ROLES.join(", ")}
  --login-id <id>          farmer: FRM + 6 digits (FRM000123); exporter: EXP-YYYYMMDD-NNN;
                           others: a username such as it.admin

Profile (optional unless stated):
  --first-name <name>      --last-name <name>
  --county <county>        one of the 15 counties, e.g. "Bong County"
  --phone <number>         e.g. "+231 77 123 4567"
  --company <name>         company name (buyer, exporter)
  --organization <name>    organisation name (monitoring_observer)
  --department <dept>      office_admin only: ${OFFICE_DEPARTMENTS.join(", ")}
  --entity-type <type>     monitoring_observer only, required: ${ENTITY_TYPES.join(", ")}
  --access-code <code>     system_administrator only, required (at least ${MIN_ACCESS_CODE} characters);
                           stored hashed like a password
  --must-change-password   ask for a new password at first sign-in

Target:
  --local                  the local database in .wrangler/state (default)
  --remote                 the deployed database
  --env <name>             wrangler environment, e.g. production
  --dry-run                print the SQL (with hashes, never the password) instead of running it
  --help                   show this text

Passwords: at least ${MIN_PASSWORD.staff} characters (${MIN_PASSWORD.farmerBuyer} for farmer and buyer), not a common password.`;

/** Reads the command line (without `node` and the script path). Throws CliError on unknown or incomplete flags. */
export function parseArgs(argv: readonly string[]): Options {
  const options: Options = { mustChangePassword: false, remote: false, dryRun: false, help: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const eq = arg.startsWith("--") ? arg.indexOf("=") : -1;
    const flag = eq > 0 ? arg.slice(0, eq) : arg;
    const valueFlag = VALUE_FLAGS[flag];
    const booleanFlag = BOOLEAN_FLAGS[flag];
    if (valueFlag) {
      let value: string | undefined;
      if (eq > 0) value = arg.slice(eq + 1);
      else {
        value = argv[i + 1];
        if (value === undefined || value.startsWith("--")) throw new CliError(`${flag} needs a value`);
        i++;
      }
      if (options[valueFlag] !== undefined) throw new CliError(`${flag} was given more than once`);
      options[valueFlag] = value;
    } else if (booleanFlag) {
      if (eq > 0) throw new CliError(`${flag} does not take a value`);
      options[booleanFlag] = flag !== "--local";
    } else if (flag === "--password" || flag === "--pass") {
      throw new CliError(`Passwords are not accepted as arguments: set ${PASSWORD_ENV} or type it at the prompt`);
    } else {
      throw new CliError(`Unknown option: ${arg} (see --help)`);
    }
  }
  return options;
}

const FARMER_ID = /^FRM\d{6}$/;
const EXPORTER_ID = /^EXP-(\d{4})(\d{2})(\d{2})-(\d{3})$/;
const USERNAME = /^[A-Za-z0-9][A-Za-z0-9._@-]*$/;
const PHONE = /^\+?[\d\s-]{7,20}$/;

function isRealDate(y: number, m: number, d: number) {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** Every problem with the options, as messages for the person at the terminal (empty when all is well). */
export function validate(options: Options): string[] {
  const errors: string[] = [];
  const role = options.role?.trim();
  const loginId = options.loginId?.trim() ?? "";

  if (!role) errors.push("--role is required");
  else if (!(ROLES as readonly string[]).includes(role))
    errors.push(`Unknown role "${role}": use one of ${ROLES.join(", ")}`);

  if (!loginId) errors.push("--login-id is required");
  else if (loginId.length > MAX_TEXT) errors.push(`--login-id must be at most ${MAX_TEXT} characters`);
  else if (role === "farmer") {
    if (!FARMER_ID.test(loginId.toUpperCase()))
      errors.push("A farmer login ID must be FRM followed by 6 digits, e.g. FRM000123");
  } else if (role === "exporter") {
    const m = EXPORTER_ID.exec(loginId.toUpperCase());
    if (!m) errors.push("An exporter login ID must look like EXP-YYYYMMDD-NNN, e.g. EXP-20260115-001");
    else if (!isRealDate(Number(m[1]), Number(m[2]), Number(m[3])))
      errors.push(`The date in exporter login ID ${loginId} is not a real date`);
  } else if (!USERNAME.test(loginId)) {
    errors.push(
      "A login ID may only contain letters, digits and . _ @ - (no spaces), and must start with a letter or digit",
    );
  }

  for (const [flag, value] of [
    ["--first-name", options.firstName],
    ["--last-name", options.lastName],
    ["--company", options.company],
    ["--organization", options.organization],
  ] as const) {
    if (value !== undefined && value.trim().length > MAX_TEXT)
      errors.push(`${flag} must be at most ${MAX_TEXT} characters`);
  }

  if (options.county !== undefined && !(COUNTIES as readonly string[]).includes(options.county.trim())) {
    errors.push(`Unknown county "${options.county}": use one of ${COUNTIES.join(", ")}`);
  }
  if (options.phone !== undefined && !PHONE.test(options.phone.trim())) {
    errors.push("--phone must be a phone number like +231 77 123 4567");
  }

  if (options.department !== undefined) {
    if (role !== "office_admin") errors.push("--department only applies to --role office_admin");
    else if (!(OFFICE_DEPARTMENTS as readonly string[]).includes(options.department.trim())) {
      errors.push(`Unknown department "${options.department}": use one of ${OFFICE_DEPARTMENTS.join(", ")}`);
    }
  }

  if (role === "monitoring_observer") {
    if (!options.entityType?.trim())
      errors.push(`--entity-type is required for monitoring_observer: ${ENTITY_TYPES.join(", ")}`);
    else if (!(ENTITY_TYPES as readonly string[]).includes(options.entityType.trim())) {
      errors.push(`Unknown entity type "${options.entityType}": use one of ${ENTITY_TYPES.join(", ")}`);
    }
  } else if (options.entityType !== undefined) {
    errors.push("--entity-type only applies to --role monitoring_observer");
  }

  if (role === "system_administrator") {
    if (!options.accessCode) errors.push("--access-code is required for system_administrator");
    else if (options.accessCode.length < MIN_ACCESS_CODE)
      errors.push(`--access-code must be at least ${MIN_ACCESS_CODE} characters`);
    else if (options.accessCode.length > MAX_SECRET)
      errors.push(`--access-code must be at most ${MAX_SECRET} characters`);
  } else if (options.accessCode !== undefined) {
    errors.push("--access-code only applies to --role system_administrator");
  }

  if (options.env !== undefined && !/^[A-Za-z0-9_-]+$/.test(options.env))
    errors.push(`--env "${options.env}" is not a valid environment name`);
  return errors;
}

export function minPasswordLength(role: string | undefined): number {
  return role !== undefined && SHORT_PASSWORD_ROLES.includes(role) ? MIN_PASSWORD.farmerBuyer : MIN_PASSWORD.staff;
}

/** The login ID as stored: trimmed; farmer and exporter IDs in capitals (FRM000123, EXP-…). */
export function canonicalLoginId(role: string | undefined, loginId: string): string {
  const trimmed = loginId.trim();
  return role === "farmer" || role === "exporter" ? trimmed.toUpperCase() : trimmed;
}

/** Problems with the chosen password (empty when acceptable). */
export function validatePassword(
  password: string,
  options: Pick<Options, "role" | "accessCode" | "loginId">,
): string[] {
  const min = minPasswordLength(options.role?.trim());
  if (password.length < min) return [`The password must be at least ${min} characters`];
  if (password.length > MAX_SECRET) return [`The password must be at most ${MAX_SECRET} characters`];
  if (isCommonPassword(password))
    return [
      "This password is too common (it is on the list of breached passwords). Choose one that is harder to guess.",
    ];
  if (options.loginId && password.trim().toUpperCase() === options.loginId.trim().toUpperCase()) {
    return ["The password must not be the login ID"];
  }
  if (options.accessCode !== undefined && password === options.accessCode)
    return ["The access code must be different from the password"];
  return [];
}

/** An SQL string literal: single quotes doubled; undefined/empty → NULL. */
export function sqlText(value: string | undefined | null): string {
  return value === undefined || value === null || value === "" ? "NULL" : `'${value.replaceAll("'", "''")}'`;
}

const optional = (value: string | undefined) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
};

/**
 * The INSERT for the new account, plus its audit_log row (written only if the account row was).
 * Expects options that passed `validate`. Holds the password's hash, never the password.
 */
export async function buildInsertSql(options: Options, password: string, id: string = randomUUID()): Promise<string> {
  const role = options.role?.trim();
  const loginId = options.loginId === undefined ? undefined : canonicalLoginId(role, options.loginId);
  if (!role || !loginId) throw new CliError("--role and --login-id are required");
  const [passwordHash, accessCodeHash] = await Promise.all([
    hashPassword(password),
    options.accessCode ? hashPassword(options.accessCode) : Promise.resolve(undefined),
  ]);
  const record = {
    id,
    loginId,
    role,
    firstName: optional(options.firstName) ?? "",
    lastName: optional(options.lastName) ?? "",
    county: optional(options.county),
    phone: optional(options.phone),
    companyName: optional(options.company),
    organizationName: optional(options.organization),
    department: optional(options.department),
    entityType: optional(options.entityType),
  };
  const cols: Record<string, string> = {
    id: sqlText(record.id),
    login_id: sqlText(record.loginId),
    login_id_normalized: sqlText(loginId.toUpperCase()),
    role: sqlText(record.role),
    first_name: `'${record.firstName.replaceAll("'", "''")}'`,
    last_name: `'${record.lastName.replaceAll("'", "''")}'`,
    county: sqlText(record.county),
    phone: sqlText(record.phone),
    company_name: sqlText(record.companyName),
    organization_name: sqlText(record.organizationName),
    department: sqlText(record.department),
    entity_type: sqlText(record.entityType),
    password_hash: sqlText(passwordHash),
    access_code_hash: sqlText(accessCodeHash),
    active: "1",
    must_change_password: options.mustChangePassword ? "1" : "0",
    is_demo: "0",
  };
  const after = JSON.stringify({
    ...record,
    active: true,
    mustChangePassword: options.mustChangePassword,
    isDemo: false,
    createdBy: "cli",
  });
  return `${[
    `INSERT INTO users (${Object.keys(cols).join(", ")}) VALUES (${Object.values(cols).join(", ")});`,
    `INSERT INTO audit_log (actor_id, actor_role, action, entity_type, entity_id, before, after) ` +
      `SELECT NULL, NULL, 'user.create', 'user', ${sqlText(id)}, NULL, ${sqlText(after)} ` +
      `WHERE EXISTS (SELECT 1 FROM users WHERE id = ${sqlText(id)});`,
  ].join("\n")}\n`;
}

/** Turns wrangler's failure output into one clear sentence. */
export function explainWranglerFailure(output: string, loginId: string): string {
  if (/UNIQUE constraint failed:\s*users\.login_id_normalized/i.test(output)) {
    return `An account with login ID ${loginId.trim()} already exists`;
  }
  if (/no such table:\s*users/i.test(output)) {
    return "The users table does not exist yet: apply the migrations first (npm run db:migrate:local, or wrangler d1 migrations apply DB --remote)";
  }
  return "wrangler d1 execute failed; its output is above";
}

/** Reads one line from the terminal without echoing it. */
function promptHidden(question: string): Promise<string> {
  const stdin = process.stdin;
  return new Promise((resolve, reject) => {
    let value = "";
    const finish = (error?: Error) => {
      stdin.removeListener("data", onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stderr.write("\n");
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: string) => {
      if (chunk.startsWith("\u001b")) return; // arrow keys and other escape sequences
      for (const ch of chunk) {
        if (ch === "\r" || ch === "\n") return finish();
        if (ch === "\u0003") return finish(new CliError("Cancelled", 130)); // Ctrl-C
        if (ch === "\u0004") {
          if (!value) return finish(new CliError("Cancelled", 130)); // Ctrl-D on empty input
        } else if (ch === "\u007f" || ch === "\b") value = Array.from(value).slice(0, -1).join("");
        else if (ch >= " ") value += ch;
      }
    };
    process.stderr.write(question);
    stdin.setEncoding("utf8");
    stdin.setRawMode(true);
    stdin.resume();
    stdin.on("data", onData);
  });
}

async function readPassword(options: Options): Promise<string> {
  const fromEnv = process.env[PASSWORD_ENV];
  if (fromEnv !== undefined && fromEnv !== "") return fromEnv;
  if (!process.stdin.isTTY) {
    throw new CliError(`No password: set ${PASSWORD_ENV}, or run this in a terminal to type it at a hidden prompt`);
  }
  process.stderr.write(
    `Password for ${options.loginId?.trim()} (at least ${minPasswordLength(options.role?.trim())} characters, not shown)\n`,
  );
  for (let attempt = 1; attempt <= 3; attempt++) {
    const first = await promptHidden("New password: ");
    const problems = validatePassword(first, options);
    if (problems.length) {
      process.stderr.write(`${problems.join("\n")}\n`);
      continue;
    }
    const second = await promptHidden("Repeat password: ");
    if (first === second) return first;
    process.stderr.write("The passwords do not match\n");
  }
  throw new CliError("No acceptable password after 3 attempts");
}

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");

function wranglerCommand() {
  const local = join(ROOT, "node_modules", ".bin", "wrangler");
  return existsSync(local) ? local : "wrangler";
}

function execute(sql: string, options: Options): void {
  const dir = mkdtempSync(join(tmpdir(), "eip-user-"));
  const file = join(dir, "create-user.sql");
  try {
    writeFileSync(file, sql, { mode: 0o600 });
    const args = ["d1", "execute", "DB", options.remote ? "--remote" : "--local"];
    if (options.env) args.push("--env", options.env);
    args.push("--file", file);
    const env: NodeJS.ProcessEnv = { ...process.env, CI: "true" };
    delete env[PASSWORD_ENV];
    const r = spawnSync(wranglerCommand(), args, { cwd: ROOT, env, encoding: "utf8", maxBuffer: 16 * 1024 * 1024 });
    if (r.error) throw new CliError(`Could not run wrangler: ${r.error.message}`);
    const output = `${r.stdout ?? ""}\n${r.stderr ?? ""}`;
    // wrangler can report an SQL error yet exit 0 in some versions: look at the output too.
    if (r.status !== 0 || /SQLITE_CONSTRAINT|UNIQUE constraint failed/i.test(output)) {
      process.stderr.write(`${output.trim()}\n`);
      throw new CliError(explainWranglerFailure(output, canonicalLoginId(options.role?.trim(), options.loginId ?? "")));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function main(argv: readonly string[]): Promise<void> {
  const options = parseArgs(argv);
  if (options.help) {
    console.log(USAGE);
    return;
  }
  const errors = validate(options);
  if (errors.length) throw new CliError(`${errors.join("\n")}\n(see --help)`);

  const password = await readPassword(options);
  const problems = validatePassword(password, options);
  if (problems.length) throw new CliError(problems.join("\n"));

  const id = randomUUID();
  const sql = await buildInsertSql(options, password, id);
  const target = `${options.remote ? "remote" : "local"} database${options.env ? ` (env ${options.env})` : ""}`;
  if (options.dryRun) {
    process.stdout.write(sql);
    process.stderr.write(`Dry run: nothing was written to the ${target}.\n`);
    return;
  }
  execute(sql, options);
  const role = options.role!.trim();
  console.log(`Created user ${id}: role ${role}, login ID ${canonicalLoginId(role, options.loginId!)} (${target}).`);
}

const entry = process.argv[1];
if (entry && import.meta.url === pathToFileURL(entry).href) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    if (error instanceof CliError) {
      process.stderr.write(`Error: ${error.message}\n`);
      process.exitCode = error.exitCode;
    } else {
      process.stderr.write(`Error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exitCode = 1;
    }
  });
}
