/**
 * What an administrator sees after creating an account or resetting a password: the result as a
 * status message and, once only, the temporary password to hand over (test id `temporary-password`).
 */
export function DoneNotice({
  testId,
  message,
  children,
}: {
  testId: string;
  message: string;
  children: React.ReactNode;
}) {
  return (
    <div role="status" className="rounded border border-green-700 bg-green-50 p-2 text-green-900" data-testid={testId}>
      <p className="font-semibold">{message}</p>
      {children}
    </div>
  );
}

/** The temporary password in the notice's sentence: monospaced, bold. */
export function TemporaryPassword({ value }: { value?: string }) {
  return (
    <span className="font-mono font-bold" data-testid="temporary-password">
      {value}
    </span>
  );
}
