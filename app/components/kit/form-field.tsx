/** What FormField needs of a field: conform's `FieldMetadata` fits, and so does a plain object. */
type FieldLike = { id: string; errorId?: string; errors?: string[] };

/** The id of a field's hint, for `aria-describedby` (conform: `getInputProps(f, { ariaDescribedBy })`). */
export const hintId = (fieldId: string) => `${fieldId}-hint`;

/** The message(s) next to a field, with the id the control's `aria-describedby` points to. */
export function FieldError({ field, all = false }: { field: FieldLike; all?: boolean }) {
  const errors = field.errors ?? [];
  if (!errors.length) return null;
  const id = field.errorId ?? `${field.id}-error`;
  if (!all)
    return (
      <p id={id} className="text-sm font-semibold text-red-700">
        {errors[0]}
      </p>
    );
  return (
    <div id={id} className="text-sm font-semibold text-red-700">
      {errors.map((m) => (
        <p key={m}>{m}</p>
      ))}
    </div>
  );
}

/**
 * One form field, GOV.UK pattern: label, optional hint, the error message next to the field, then
 * the control (`children`). The control carries `id={field.id}`, and `aria-invalid` /
 * `aria-describedby` pointing to the hint and error ids — conform's `getInputProps` sets them.
 */
export function FormField({
  field,
  label,
  hint,
  small = false,
  allErrors = false,
  className,
  children,
}: {
  field: FieldLike;
  label: React.ReactNode;
  hint?: React.ReactNode;
  /** Smaller label (dense forms). */
  small?: boolean;
  /** Show every message, not only the first. */
  allErrors?: boolean;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={field.id} className={small ? "block text-sm font-semibold" : "block font-semibold"}>
        {label}
      </label>
      {hint && (
        <p id={hintId(field.id)} className={small ? "text-xs text-slate-600" : "text-sm text-slate-600"}>
          {hint}
        </p>
      )}
      <FieldError field={field} all={allErrors} />
      {children}
    </div>
  );
}

/** conform's `get*Props` include `key`, which React wants passed directly, not spread: drop it. */
export function noKey<T extends { key?: unknown }>(props: T): Omit<T, "key"> {
  const { key: _key, ...rest } = props;
  return rest;
}
