import { CsrfInput } from "./csrf-input";

/**
 * A plain POST form to the page's own action (works with JavaScript off): the CSRF token, the
 * `intent` that tells the action which form this is, the record it acts on as hidden fields, then
 * the visible fields and the button (`children`).
 */
export function PostForm({
  csrf,
  intent,
  hidden,
  className,
  children,
}: {
  csrf: string;
  intent: string;
  hidden?: Record<string, string>;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <form method="post" className={className}>
      <CsrfInput token={csrf} />
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(hidden ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
    </form>
  );
}
