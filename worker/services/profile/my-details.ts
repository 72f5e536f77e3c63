/**
 * My details (/profile): what the platform holds about the signed-in account, and the one thing an
 * account changes itself. Who may edit what:
 * - names, role, organisation, department, county and company are set when the account is made
 *   and carry weight elsewhere (audit trail, certificates, licences): the administrator changes them;
 * - the phone number is the person's own contact, editable by every account EXCEPT a farmer's:
 *   a farmer's phone is a registry field and a way to sign in, changed by the land inspector.
 */
import { findFarmerByUserId, setUserPhoneStatement } from "#db/queries/profile";
import { findUserById } from "#db/queries/users";
import { ROLE_LABEL } from "#worker/auth/roles";
import type { ContactInput } from "#worker/contracts/profile";
import type { ServiceDeps } from "../deps";
import { auditEntry } from "../platform/audit";
import { fail, ok, type Result } from "../result";

type Deps = Pick<ServiceDeps, "db" | "actor">;

export type DetailRow = { label: string; value: string };
export type MyDetails = {
  loginId: string;
  role: string;
  /** The fields shown read-only, in order. */
  fixed: DetailRow[];
  /** Editable phone (null: not editable by this account). */
  phone: string | null;
  phoneEditable: boolean;
  /** Who changes the read-only fields. */
  askWho: string;
  /** A farmer's registry record, when the account is linked to one. */
  registry: DetailRow[] | null;
};

export const DETAILS_MESSAGES = {
  farmerPhone: "A farmer's phone number is part of the registry: ask your land inspector to change it",
  askAdmin: "To change these, ask the system administrator of your office.",
  askInspector: "These are your registry record. To change them, ask your land inspector or LACRA county office.",
  saved: "Your phone number is saved",
  notFound: "Your account could not be found. Sign in again.",
} as const;

const row = (label: string, value: string | null | undefined): DetailRow[] => (value ? [{ label, value }] : []);

export async function myDetails(deps: Deps): Promise<Result<MyDetails>> {
  const user = await findUserById(deps.db, deps.actor.id);
  if (!user) return fail(404, DETAILS_MESSAGES.notFound);
  const isFarmer = user.role === "farmer";
  const farmer = isFarmer ? await findFarmerByUserId(deps.db, user.id) : null;
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ");
  const fixed = [
    ...row("Name", name),
    ...row("Sign-in ID", user.loginId),
    ...row("Role", ROLE_LABEL[user.role as keyof typeof ROLE_LABEL] ?? user.role),
    ...row("Organisation", user.organizationName),
    ...row("Company", user.companyName),
    ...row("Department", user.department),
    ...row("County", user.county),
    ...(isFarmer ? row("Phone", user.phone) : []),
    ...row("Last sign-in", user.lastLoginAt?.slice(0, 16).replace("T", " ")),
  ];
  const registry = farmer
    ? [
        ...row("Farmer ID", farmer.farmerId),
        ...row("Name", `${farmer.firstName} ${farmer.lastName}`),
        ...row("Phone", farmer.phone),
        ...row("County", farmer.county),
        ...row("District", farmer.district),
        ...row("Community", farmer.community),
        ...row("Registered", farmer.registrationDate.slice(0, 10)),
      ]
    : null;
  return ok({
    loginId: user.loginId,
    role: user.role,
    fixed,
    phone: user.phone,
    phoneEditable: !isFarmer,
    askWho: isFarmer ? DETAILS_MESSAGES.askInspector : DETAILS_MESSAGES.askAdmin,
    registry,
  });
}

/** Changes my own phone number (audited `user.update_contact`); a farmer's is refused (403). */
export async function updateMyContact(input: ContactInput, deps: Deps): Promise<Result<{ message: string }>> {
  const { db, actor } = deps;
  if (actor.role === "farmer")
    return fail(403, DETAILS_MESSAGES.farmerPhone, { phone: [DETAILS_MESSAGES.farmerPhone] });
  const user = await findUserById(db, actor.id);
  if (!user) return fail(404, DETAILS_MESSAGES.notFound);
  if ((user.phone ?? null) === input.phone) return ok({ message: DETAILS_MESSAGES.saved });
  await db.batch([
    setUserPhoneStatement(db, user.id, input.phone),
    auditEntry(db, actor, "user.update_contact", "user", user.id, { phone: user.phone }, { phone: input.phone }),
  ]);
  return ok({ message: DETAILS_MESSAGES.saved });
}
