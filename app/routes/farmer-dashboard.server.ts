import { data } from "react-router";
import { CERTIFICATE_INFO, isCertificateType } from "#worker/domain/certificates/content";
import { formatMoney } from "#worker/domain/money";
import { farmerDashboard } from "#worker/services/registry/farmer-dashboard";
import { csrfFor, dashboardHead, PRIVATE_PAGE_HEADERS, requireDashboard } from "../lib/auth.server";
import { pageDeps } from "../lib/deps.server";

const PATH = "/farmer-dashboard";

/**
 * The signed-in farmer's own records only: the service finds them from the session's account,
 * never from the URL. Other roles get the dashboard guard's 403.
 */
export async function loader({ request }: { request: Request }) {
  const { session } = await requireDashboard(request, PATH);
  const [result, csrf] = await Promise.all([
    farmerDashboard({ id: session.id, loginId: session.loginId }, pageDeps()),
    csrfFor(session),
  ]);
  const view = result.ok
    ? {
        ...result.value,
        sales: result.value.sales.map(({ price, ...s }) => ({ ...s, price: price ? formatMoney(price) : null })),
        certificates: result.value.certificates.map((c) => ({
          ...c,
          title: isCertificateType(c.type) ? CERTIFICATE_INFO[c.type].title : c.type,
          href: `/api/certificates/${c.type}/farmer/${c.farmerId}`,
        })),
      }
    : null;
  return data(
    {
      ...dashboardHead(PATH, session),
      csrf,
      view,
      message: result.ok ? null : result.message,
    },
    { headers: PRIVATE_PAGE_HEADERS },
  );
}
