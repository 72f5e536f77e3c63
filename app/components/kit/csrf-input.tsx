/**
 * The hidden CSRF field of every POST form. The token comes from the loader: `user.csrf` on the
 * work pages (`shellUser` in app/lib/work-page.server.ts), `csrf` on the others (`csrfFor`).
 */
export function CsrfInput({ token }: { token: string }) {
  return <input type="hidden" name="csrf" value={token} />;
}
