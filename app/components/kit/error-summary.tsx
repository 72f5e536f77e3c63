import { useEffect, useRef } from "react";

export type SummaryItem = { fieldId?: string; message: string };

type FieldLike = { id: string; errors?: string[] };

/**
 * The items of an ErrorSummary: a form-level message (a server refusal), the form's own errors,
 * then every field's messages linking to the field (`fieldId` overrides where the link goes, e.g.
 * the first box of a checkbox group).
 */
export function summaryItems(
  formMessages: (string | null | undefined)[],
  fields: (FieldLike & { fieldId?: string })[],
): SummaryItem[] {
  return [
    ...formMessages.filter((m): m is string => !!m).map((message) => ({ message })),
    ...fields.flatMap((f) => (f.errors ?? []).map((message) => ({ fieldId: f.fieldId ?? f.id, message }))),
  ];
}

/**
 * The items of a plain form reply (`{ message, errors }` from the action): its message, then the
 * messages of each named field, linking to the field `<prefix>-<name>`.
 */
export function replyItems(
  reply: { message?: string | null; errors: Record<string, string[] | undefined> } | null | undefined,
  names: readonly string[],
  prefix: string,
): SummaryItem[] {
  return [
    ...(reply?.message ? [{ message: reply.message }] : []),
    ...names.flatMap((n) => (reply?.errors[n] ?? []).map((message) => ({ fieldId: `${prefix}-${n}`, message }))),
  ];
}

/**
 * GOV.UK error summary: at the top of the form, focused when it appears, each message linking
 * to its field. Also prefixes the page title with "Error: " while shown.
 */
export function ErrorSummary({ items, title = "There is a problem" }: { items: SummaryItem[]; title?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  // Runs again when the messages change (a second failed submit focuses the summary again).
  const key = items.length ? `${items.length}:${items.map((i) => i.message).join("|")}` : "";
  useEffect(() => {
    if (!key) return;
    ref.current?.focus();
    const base = document.title.replace(/^Error: /, "");
    document.title = `Error: ${base}`;
    return () => {
      document.title = base;
    };
  }, [key]);
  if (!items.length) return null;
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      aria-labelledby="error-summary-title"
      className="rounded-md border-2 border-red-700 bg-red-50 p-3 text-red-900 focus:outline-none focus-visible:ring-4 focus-visible:ring-red-300"
      data-testid="error-summary"
    >
      <h3 id="error-summary-title" className="font-bold">
        {title}
      </h3>
      <ul className="mt-1 list-disc pl-5 text-sm">
        {items.map((item) => (
          <li key={`${item.fieldId ?? "form"}-${item.message}`}>
            {item.fieldId ? (
              <a href={`#${item.fieldId}`} className="underline">
                {item.message}
              </a>
            ) : (
              item.message
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
