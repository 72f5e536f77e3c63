/**
 * Comments and docs cite only what a reader of this repository can open (CONTRIBUTING.md "Rules
 * of the house"): every file path a comment or doc names exists (with its line, when it gives
 * one), every "ADR NNN" is a file in docs/decisions, and nothing points outside the repository
 * (planning notes that are not in it, a sibling checkout, a machine's home) or at a tracker
 * number instead of saying why.
 */

import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, extname, join, posix, relative, resolve } from "node:path";
import { type ParserPlugin, parse } from "@babel/parser";
import { describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "../..");
const CODE_DIRS = ["app", "worker", "db", "scripts", "tests", "migrations", "public"];
const SKIP_DIRS = new Set(["node_modules", "build", ".react-router", ".wrangler", "+types"]);
const CODE_EXT = new Set([".ts", ".tsx", ".js", ".mjs", ".cjs", ".sql", ".css"]);

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    if (SKIP_DIRS.has(entry.name)) continue;
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) walk(path, out);
    else out.push(path);
  }
  return out;
}

const codeFiles = [
  ...CODE_DIRS.flatMap((d) => walk(d)).filter((f) => CODE_EXT.has(extname(f))),
  ...readdirSync(root).filter((f) => /\.config\.ts$/.test(f)),
];
const docFiles = [
  "README.md",
  "CONTRIBUTING.md",
  ...["docs", ...CODE_DIRS].flatMap((d) => walk(d)).filter((f) => f.endsWith(".md")),
];

/** Every comment of a TypeScript/JavaScript file, as Babel's parser (React Router's own) reads it. */
function scriptComments(file: string, text: string): string[] {
  const plugins: ParserPlugin[] = file.endsWith(".tsx")
    ? ["typescript", "jsx"]
    : file.endsWith(".ts")
      ? ["typescript"]
      : ["jsx"];
  const ast = parse(text, { sourceType: "unambiguous", plugins, errorRecovery: true });
  return (ast.comments ?? []).map((c) => text.slice(c.start ?? 0, c.end ?? 0));
}

function comments(file: string): string[] {
  const text = readFileSync(join(root, file), "utf8");
  if (file.endsWith(".sql"))
    return text.split("\n").flatMap((l) => (l.includes("--") ? [l.slice(l.indexOf("--"))] : []));
  if (file.endsWith(".css")) return text.match(/\/\*[\s\S]*?\*\//g) ?? [];
  return scriptComments(file, text);
}

const allFiles = new Set([...CODE_DIRS, "docs"].flatMap((d) => walk(d)));
const basenames = new Set([...allFiles, ...readdirSync(root)].map((f) => f.split("/").pop()));
const ADRS = readdirSync(join(root, "docs/decisions"));

/** A path resolves to a file or folder; a module path may leave out its extension. */
function exists(path: string): boolean {
  if (path.startsWith("..")) return false;
  return ["", ".ts", ".tsx", ".mjs", "/index.ts"].some((ext) => existsSync(join(root, path + ext)));
}

function lineCount(path: string): number {
  const full = [path, `${path}.ts`, `${path}.tsx`].find(
    (p) => existsSync(join(root, p)) && statSync(join(root, p)).isFile(),
  );
  return full ? readFileSync(join(root, full), "utf8").split("\n").length : 0;
}

const TOP = "(?:app|worker|db|scripts|tests|migrations|docs|public)";
// A repository path (`worker/services/deps.ts`, `docs/decisions/`), an alias (`#worker/…`), or a
// file relative to the citing one (a dot or two, a slash, a name with its extension); with an
// optional `:line`.
const PATH = new RegExp(`(?<![\\w./#@-])(#?${TOP}/[^\\s\`'"()\\],;]*|\\.{1,2}/[^\\s\`'"()\\],;]+)`, "g");
const BARE_DOC = /(?<![\w./-])([A-Z][\w-]*\.md)\b/g;
const PLACEHOLDER = /[<>*{}…|$]|NNN|\.\.\.|\/\/|%/;
const ADR = /\bADRs? (\d{1,3})\b/g;

/** The paths and ADR numbers a piece of text cites that do not resolve. */
function brokenCitations(from: string, text: string): string[] {
  const broken: string[] = [];
  for (const [, raw = ""] of text.matchAll(PATH)) {
    let token = raw.replace(/[.:]+$/, "");
    if (PLACEHOLDER.test(token) || (token.startsWith(".") && extname(token) === "")) continue;
    const line = /:(\d+)(?:-\d+)?$/.exec(token);
    if (line) token = token.slice(0, line.index);
    let path = token;
    if (token.startsWith("#")) path = token.slice(1);
    else if (token.startsWith(".")) path = relative(root, resolve(root, dirname(from), token));
    if (path === "" || path.startsWith("node_modules")) continue;
    if (!exists(path)) broken.push(raw);
    else if (line && Number(line[1]) > lineCount(path)) broken.push(`${raw} (past the end of the file)`);
  }
  for (const [, name = ""] of text.matchAll(BARE_DOC)) {
    if (!PLACEHOLDER.test(name) && !basenames.has(name)) broken.push(name);
  }
  for (const [, n = ""] of text.matchAll(ADR)) {
    if (!ADRS.some((f) => f.startsWith(`${n.padStart(3, "0")}-`))) broken.push(`ADR ${n}`);
  }
  return broken;
}

/**
 * What points outside the repository or at a tracker: never cited in a comment or doc. (A bare
 * markdown file name that is not in the repository is already a broken citation, see brokenCitations.)
 */
const OUTSIDE: [string, RegExp][] = [
  ["a machine path", /(?<![\w.:])\/(?:work|home|Users|root|mnt)\/\w/],
  ["an issue number", /\bissues? #?\d+/i],
];

function findings(files: string[], textsOf: (file: string) => string[]) {
  const broken: string[] = [];
  const outside: string[] = [];
  for (const file of files) {
    for (const text of textsOf(file)) {
      for (const b of brokenCitations(file, text)) broken.push(`${file}: ${b}`);
      for (const [what, re] of OUTSIDE) {
        const m = re.exec(text);
        if (m) outside.push(`${file}: ${what} (${m[0]})`);
      }
      // A relative path that climbs above the repository's root (a checkout beside it).
      for (const [climb = ""] of text.matchAll(/(?:\.\.\/)+[\w-]+/g))
        if (posix.normalize(posix.join(posix.dirname(file), climb)).startsWith(".."))
          outside.push(`${file}: a path outside the repository (${climb})`);
    }
  }
  return { broken: [...new Set(broken)], outside: [...new Set(outside)] };
}

describe("what comments and docs cite", () => {
  const code = findings(codeFiles, comments);
  const docs = findings(docFiles, (f) => [readFileSync(join(root, f), "utf8")]);

  it("reads the comments of every source folder", () => {
    expect(codeFiles.length).toBeGreaterThan(500);
    expect(comments("tests/unit/cited-paths.test.ts")[0]).toContain("Comments and docs cite");
  });

  it("every path and ADR a comment cites exists", () => {
    expect(code.broken).toEqual([]);
  });

  it("every path and ADR a doc cites exists", () => {
    expect(docs.broken).toEqual([]);
  });

  it("no comment or doc cites outside the repository or an issue number", () => {
    expect([...code.outside, ...docs.outside]).toEqual([]);
  });

  it("catches a stale path, a missing line, an unknown ADR and an outside note", () => {
    expect(brokenCitations("worker/x.ts", "see worker/services/nowhere.ts and ADR 999")).toEqual([
      "worker/services/nowhere.ts",
      "ADR 999",
    ]);
    expect(brokenCitations("worker/x.ts", "tests/unit/cited-paths.test.ts:99999")).toHaveLength(1);
    expect(brokenCitations("docs/x.md", "[rules](./eudr-rules.md), db/queries/<table>.ts, ADR 014")).toEqual([]);
    const outside = findings(["vitest.config.ts"], () => ["(../notes/rules.md, issue 12)"]);
    expect(outside.outside).toHaveLength(2);
    expect(findings(["vitest.config.ts"], () => ["(NOTES-NOWHERE.md)"]).broken).toHaveLength(1);
  });
});
