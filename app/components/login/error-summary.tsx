import { useEffect, useRef } from "react";

export type SummaryItem = { fieldId?: string; message: string };

/**
 * GOV.UK error summary: at the top of the form, focused when it appears, each message linking
 * to its field. Also prefixes the page title with "Error: " while shown.
 */
export function ErrorSummary({ items, title = "There is a problem" }: { items: SummaryItem[]; title?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const key = items.map((i) => i.message).join("|");
  useEffect(() => {
    if (!items.length) return;
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
