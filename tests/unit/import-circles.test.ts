/**
 * No import circle among the files of app/, worker/ and db/ (docs/decisions/014-one-way-imports.md):
 * a circle makes a layer depend on itself, so neither side can be read, tested or moved alone.
 * Every edge counts: value and type imports, re-exports (`export … from`), `import x = require()`,
 * dynamic `import()` and type-position `import("…")`. Specifiers resolve like tsconfig.json:
 * the `#app/`, `#worker/`, `#db/` aliases and relative paths; packages are not followed.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { parseSync, Visitor } from "vite";
import { describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "../..");
const TOPS = ["app", "worker", "db"] as const;
const EXTENSIONS = [".ts", ".tsx"];

/** Every .ts/.tsx file under the three folders, as paths relative to the repository root. */
function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) return sourceFiles(path);
    return EXTENSIONS.some((ext) => name.endsWith(ext)) && !name.endsWith(".d.ts") ? [path] : [];
  });
}

/** A specifier as the file it names, or undefined when it leaves the three folders (a package). */
function resolveSpecifier(from: string, specifier: string): string | undefined {
  const alias = TOPS.find((top) => specifier.startsWith(`#${top}/`));
  let base: string;
  if (alias) base = join(alias, specifier.slice(alias.length + 2));
  else if (specifier.startsWith(".")) base = join(dirname(from), specifier);
  else return undefined;
  const candidates = [
    base,
    ...EXTENSIONS.map((ext) => base + ext),
    ...EXTENSIONS.map((ext) => join(base, `index${ext}`)),
  ];
  // a `.js` specifier written for a `.ts` file (bundler resolution)
  if (/\.[cm]?js$/.test(base)) candidates.push(...EXTENSIONS.map((ext) => base.replace(/\.[cm]?js$/, ext)));
  return candidates.find((path) => EXTENSIONS.some((ext) => path.endsWith(ext)) && existsSync(join(root, path)));
}

/** Every module specifier a file names, static or dynamic, value or type (oxc, Vite's own parser). */
function specifiersOf(path: string): string[] {
  const parsed = parseSync(path, readFileSync(join(root, path), "utf8"));
  if (parsed.errors.length > 0) throw new Error(`${path}: ${parsed.errors[0]?.message}`);
  const found: string[] = [];
  const literal = (node: { type: string; value?: unknown } | null | undefined) => {
    if (node?.type === "Literal" && typeof node.value === "string") found.push(node.value);
  };
  new Visitor({
    ImportDeclaration: (node) => literal(node.source),
    ExportNamedDeclaration: (node) => literal(node.source),
    ExportAllDeclaration: (node) => literal(node.source),
    ImportExpression: (node) => literal(node.source),
    TSImportType: (node) => literal(node.source),
    TSExternalModuleReference: (node) => literal(node.expression),
  }).visit(parsed.program);
  return found;
}

/** The import graph: file → the files of app/, worker/ and db/ it imports. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of TOPS.flatMap(sourceFiles)) {
    const targets = specifiersOf(file).flatMap((s) => resolveSpecifier(file, s) ?? []);
    graph.set(file.split("\\").join("/"), [
      ...new Set(targets.map((t) => relative(root, join(root, t)).split("\\").join("/"))),
    ]);
  }
  return graph;
}

/** Strongly connected components of more than one file (or a file importing itself): Tarjan. */
function circles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const connect = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || graph.get(node)?.includes(node)) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) connect(node);
  return found;
}

/** One concrete loop inside a component, to name in the failure: a → b → … → a. */
function loopThrough(graph: Map<string, string[]>, component: string[]): string {
  const members = new Set(component);
  const start = component[0]!;
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const next of graph.get(node) ?? []) {
      if (!members.has(next)) continue;
      if (next === start) {
        const path = [node];
        while (path[0] !== start) path.unshift(previous.get(path[0]!)!);
        return [...path, start].join(" → ");
      }
      if (!previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return component.join(", ");
}

describe("import circles", () => {
  const graph = importGraph();

  it("reads the tree (aliases and relative paths resolve)", () => {
    expect(graph.size).toBeGreaterThan(300);
    expect(graph.get("worker/index.ts")?.length).toBeGreaterThan(3);
  });

  it("finds none among app/, worker/ and db/ (type imports and re-exports included)", () => {
    const found = circles(graph).map((component) => `${component.length} files: ${loopThrough(graph, component)}`);
    expect(found).toEqual([]);
  });

  it("would name a circle if there were one", () => {
    const sample = new Map([
      ["a.ts", ["b.ts"]],
      ["b.ts", ["c.ts"]],
      ["c.ts", ["a.ts"]],
      ["d.ts", ["a.ts"]],
    ]);
    expect(circles(sample).map((c) => loopThrough(sample, c))).toEqual(["a.ts → b.ts → c.ts → a.ts"]);
  });
});
