import { data } from "react-router";
import { validCertificatesOf } from "#db/queries/certificates";
import { TestFarmerChoiceSchema } from "#worker/contracts/certificates";
import { CERTIFICATE_INFO, CERTIFICATE_TYPES } from "#worker/domain/certificates/content";
import { TEST_FARMERS } from "#worker/domain/certificates/test-farmers";
import { getOrIssueAll } from "#worker/services/certificates/issue-certificate";
import { TESTING_TEXT } from "../content/certificates";
import { PRIVATE_PAGE_HEADERS, requireRole } from "../lib/auth.server";
import { pageDeps } from "../lib/deps.server";
import { fieldFailure, handleForm } from "../lib/page-form.server";
import { overQuota } from "../lib/quota.server";
import { shellUser } from "../lib/work-page.server";
import type { Route } from "./+types/certificate-testing-dashboard";

/**
 * The certificate testing screen (spec §2). Staff only (PERMISSIONS.testCertificates, in demo
 * mode too): generating records numbered certificates with who issued them. "Generate
 * Certificates" is a plain form POST (works without JavaScript) that issues — or finds, when
 * the data is unchanged — the six documents, then redirects to ?farmer=<id>&generated=1, which
 * shows the banner and the six download cards. Before that, only the three profiles are shown.
 * Issuing happens only in this POST (CSRF-checked): the cards link (new tab, JavaScript on or off)
 * to GET /api/test/<document>/{id}, which serves the papers just issued and never issues one.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireRole(request, "testCertificates", TESTING_TEXT.title);
  const params = new URL(request.url).searchParams;
  const chosen = TEST_FARMERS.find((f) => String(f.id) === params.get("farmer")) ?? null;
  let cards: {
    type: string;
    title: string;
    href: string;
    certificateNumber: string | null;
    expiresAt: string | null;
  }[] = [];
  if (chosen) {
    const { db } = pageDeps();
    const current = await Promise.all(
      CERTIFICATE_TYPES.map((type) =>
        validCertificatesOf(db, { type, subjectType: "test_farmer", subjectId: String(chosen.id) }),
      ),
    );
    cards = CERTIFICATE_TYPES.map((type, i) => ({
      type,
      title: CERTIFICATE_INFO[type].title,
      href: `/api/test/${CERTIFICATE_INFO[type].testPath}/${chosen.id}`,
      certificateNumber: current[i]?.[0]?.certificateNumber ?? null,
      expiresAt: current[i]?.[0]?.expiresAt ?? null,
    }));
  }
  return data(
    {
      user: await shellUser(session),
      farmers: TEST_FARMERS,
      chosen,
      generated: !!chosen && params.get("generated") === "1",
      cards,
      error: null as string | null,
    },
    { headers: PRIVATE_PAGE_HEADERS },
  );
}

export async function action({ request }: Route.ActionArgs) {
  const session = await requireRole(request, "testCertificates", TESTING_TEXT.title);
  return handleForm(request, {
    session,
    schema: TestFarmerChoiceSchema,
    run: async ({ farmer }) => {
      const limited = await overQuota(session, "statement");
      if (limited) return { ...fieldFailure(limited.message, undefined, 429), headers: limited.headers };
      return getOrIssueAll("test_farmer", String(farmer), {
        ...pageDeps(session),
        verifyBaseUrl: new URL(request.url).origin,
      });
    },
    refusal: "message",
    done: (_v, { farmer }) => `/certificate-testing-dashboard?farmer=${farmer}&generated=1`,
  });
}
