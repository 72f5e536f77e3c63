/** What the last form of an exporter's desk page saved (read back from the redirect), or nothing. */
export function SavedNotice({ done }: { done: string | null | undefined }) {
  if (!done) return null;
  return (
    <p role="status" className="mb-3 rounded-md bg-green-50 p-3 text-green-900">
      Saved: {done}
    </p>
  );
}
