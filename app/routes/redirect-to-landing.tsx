import { redirect } from "react-router";

/** Module routes whose content is not built yet redirect home from the server (spec §2). */
export function loader() {
  return redirect("/", 302);
}

export default function RedirectToLanding() {
  return null;
}
