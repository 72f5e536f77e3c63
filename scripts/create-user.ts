/**
 * `npm run user:create -- --role <role> --login-id <id> [options]`
 *
 * Creates one account in D1 from the command line. This is how a real deployment gets its first
 * administrator: production has no default credentials and no demo accounts.
 *
 * The password never appears on the command line: it comes from NEW_USER_PASSWORD or is typed
 * twice at a hidden prompt. Only its scrypt hash reaches the SQL, the database and the screen.
 *
 * The flags and the checks of the options are in create-user-options.ts.
 *
 * Run directly by Node's type stripping: erasable TypeScript only, relative imports end in `.ts`.
 */
import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { hashPassword } from "../worker/services/auth/password.ts";
import {
  CliError,
  canonicalLoginId,
  minPasswordLength,
  type Options,
  PASSWORD_ENV,
  parseArgs,
  USAGE,
  validate,
  validatePassword,
} from "./create-user-options.ts";

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
