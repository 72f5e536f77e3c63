import { CodeLink } from "#app/components/kit/code-link";
import { type BatchData, kg, stage } from "./shared";

/** The batches this one was split or merged from, and those made from it. */
export function Lineage({ d }: { d: BatchData }) {
  const { parents, children } = d.lineage;
  if (!parents.length && !children.length) return null;
  const item = (b: (typeof parents)[number]) => (
    <li key={b.batchId}>
      <CodeLink to={`/batches/${b.code}`} code={b.code} /> · {kg(b.weightKg)} · {stage(b.status)}
    </li>
  );
  return (
    <section aria-labelledby="lineage" className="mt-6" data-testid="lineage">
      <h2 id="lineage" className="mb-2 text-lg font-bold">
        Lineage
      </h2>
      {parents.length > 0 && (
        <>
          <h3 className="font-semibold">{parents[0]!.kind === "merge" ? "Merged from" : "Split from"}</h3>
          <ul className="list-disc pl-5 text-sm">{parents.map(item)}</ul>
        </>
      )}
      {children.length > 0 && (
        <>
          <h3 className="mt-2 font-semibold">{children[0]!.kind === "merge" ? "Merged into" : "Split into"}</h3>
          <ul className="list-disc pl-5 text-sm">{children.map(item)}</ul>
        </>
      )}
    </section>
  );
}
