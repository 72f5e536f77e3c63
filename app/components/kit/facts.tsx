/** A definition list of label → text pairs (summaries of a batch, a certificate, a public trace). */
export function Facts({
  facts,
  className,
  ddClassName,
  testId,
}: {
  facts: readonly (readonly [string, string])[];
  className: string;
  ddClassName?: string;
  testId?: string;
}) {
  return (
    <dl className={className} data-testid={testId}>
      {facts.map(([k, v]) => (
        <div key={k}>
          <dt className="font-semibold text-slate-600">{k}</dt>
          <dd className={ddClassName}>{v}</dd>
        </div>
      ))}
    </dl>
  );
}
