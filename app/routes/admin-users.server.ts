import { data } from "react-router";
import { UserCreateSchema, UserListQuerySchema } from "#worker/contracts/users";
import { createUser } from "#worker/services/users/create-user";
import { listUsers } from "#worker/services/users/list-accounts";
import { PRIVATE_PAGE_HEADERS, requireRole } from "../lib/auth.server";
import { pageDeps } from "../lib/deps.server";
import { accountCreated, handleForm, refuse } from "../lib/page-form.server";
import { shellUser } from "../lib/work-page.server";
import type { Route } from "./+types/admin-users";

const TITLE = "Users and roles";

/** Every account, searched and paged on the server. */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireRole(request, "administerSystem", TITLE);
  const url = new URL(request.url);
  const query = UserListQuerySchema.parse(Object.fromEntries(url.searchParams));
  const result = await listUsers(query, pageDeps(session));
  if (!result.ok) throw data({ message: result.message }, { status: result.status });
  return data(
    {
      user: await shellUser(session),
      list: result.value,
      filter: { q: query.q ?? "", role: query.role ?? "", active: url.searchParams.get("active") ?? "" },
    },
    { headers: PRIVATE_PAGE_HEADERS },
  );
}

export async function action({ request }: Route.ActionArgs) {
  const session = await requireRole(request, "administerSystem", TITLE);
  const form = await request.formData();
  if (form.get("intent") !== "create") return refuse(request, form, { status: 400, message: "Unknown action" });
  return handleForm(request, {
    session,
    form,
    schema: UserCreateSchema,
    run: (input) => createUser(input, pageDeps(session)),
    refusal: "both",
    done: accountCreated,
  });
}
