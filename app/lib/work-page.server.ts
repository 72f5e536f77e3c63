import { data } from "react-router";
import type { Session } from "#worker/auth/session";
import { gramsToKg } from "#worker/domain/weight";
import type { ShellUser } from "../components/work-shell";
import { csrfFor } from "./auth.server";
import { workLinks } from "./work-links.server";

/** The signed-in user as the WorkShell shows it, with the CSRF token its forms need. */
export async function shellUser(session: Session): Promise<ShellUser> {
  return {
    name: session.name,
    role: session.role,
    loginId: session.loginId,
    csrf: await csrfFor(session),
    nav: workLinks(session.role),
  };
}

/** A clear 404 page for an unknown record (rendered by WorkErrorBoundary). */
export function notFound(message: string, back?: { href: string; label: string }): never {
  throw data({ message, back }, { status: 404, headers: { "Cache-Control": "private, no-store" } });
}

/** A batch as a work page heads it ("Cocoa, 1,250 kg."): code, commodity, weight in kg, status. */
export function batchHeading(batch: { batchCode: string; commodity: string; weightG: number; status: string }) {
  return {
    batchCode: batch.batchCode,
    commodity: batch.commodity,
    weightKg: gramsToKg(batch.weightG),
    status: batch.status,
  };
}
