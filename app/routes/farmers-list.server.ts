import { data } from "react-router";
import { searchFarmers } from "#db/queries/farmers";
import { FarmerSearchSchema, searchFilter } from "#worker/contracts/farmer";
import { parseCrops } from "#worker/services/registry/farmer-view";
import { PRIVATE_PAGE_HEADERS, requireRole } from "../lib/auth.server";
import { pageDeps } from "../lib/deps.server";
import { shellUser } from "../lib/work-page.server";

export const FARMERS_LIST_TITLE = "Farmers";

/**
 * Reads the query string. A value the schema refuses (a county not on the list, page=abc) is
 * dropped with a notice rather than failing the page: these come from edited or old links.
 */
function readSearch(url: URL) {
  const raw: Record<string, string> = Object.fromEntries(url.searchParams);
  const first = FarmerSearchSchema.safeParse(raw);
  if (first.success) return { search: first.data, ignored: [] as string[] };
  const ignored = [...new Set(first.error.issues.map((i) => String(i.path[0])))];
  for (const key of ignored) delete raw[key];
  return { search: FarmerSearchSchema.parse(raw), ignored };
}

export async function loader({ request }: { request: Request }) {
  const session = await requireRole(request, "readRegistry", FARMERS_LIST_TITLE);
  const { search, ignored } = readSearch(new URL(request.url));
  const { page, pageSize } = search;
  const [{ rows, total }, user] = await Promise.all([
    searchFarmers(pageDeps().db, searchFilter(search), page, pageSize),
    shellUser(session),
  ]);
  return data(
    {
      user,
      search: { q: search.q ?? "", county: search.county ?? "", crop: search.crop ?? "" },
      ignored,
      farmers: rows.map((r) => ({
        farmerId: r.farmerId,
        name: `${r.firstName} ${r.lastName}`,
        county: r.county,
        community: r.community,
        phone: r.phone,
        crops: parseCrops(r.crops),
        registrationDate: r.registrationDate,
        status: r.status,
      })),
      page,
      pageSize,
      total,
      pageCount: Math.max(1, Math.ceil(total / pageSize)),
    },
    { headers: PRIVATE_PAGE_HEADERS },
  );
}
