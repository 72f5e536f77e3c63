/**
 * The command line of `npm run user:create`: its flags, its usage text, and every check of the
 * options and of the chosen password, before anything reaches the database (create-user.ts).
 *
 * Run directly by Node's type stripping: erasable TypeScript only, relative imports end in `.ts`.
 */
import { ENTITY_TYPES, OFFICE_DEPARTMENTS, ROLES } from "../worker/auth/roles.ts";
import { COUNTIES } from "../worker/content/counties.ts";
import { EXPORTER_ID, FARMER_ID, isRealDate, PHONE, USERNAME } from "../worker/domain/login-ids.ts";
import { isCommonPassword } from "../worker/services/auth/common-passwords.ts";

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
