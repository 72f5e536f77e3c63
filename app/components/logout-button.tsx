import { Link } from "react-router";
import { CsrfInput } from "#app/components/kit/csrf-input";
import { clearAllSessionKeys } from "../lib/browser-session";

/**
 * The signed-in header's account actions (work pages and dashboards): "Profile" (my details,
 * password, sessions, notices) and Logout, a plain form POST (works without JavaScript)
 * that also clears the browser keys.
 */
export function LogoutButton({ csrf, account }: { csrf: string; account: string }) {
  // data-account names whose page this is: the service worker (public/sw.js) keys the signed-in
  // pages it keeps offline to it, and wipes them when another person's page appears on the phone.
  return (
    <form method="post" action="/logout" data-account={account} onSubmit={() => clearAllSessionKeys(localStorage)}>
      <Link
        to="/profile"
        prefetch="none"
        className="mr-3 inline-flex min-h-11 items-center text-sm font-semibold text-white underline"
      >
        Profile
      </Link>
      <CsrfInput token={csrf} />
      <button
        type="submit"
        className="min-h-11 rounded-md border border-white/60 px-3 py-1.5 text-sm font-semibold text-white hover:bg-white/10"
      >
        Logout
      </button>
    </form>
  );
}
