import { Link } from "react-router";
import { pageMeta } from "#app/components/kit/page-meta";
import { InstallButton } from "../components/install-button";
import { PageShell, SiteQr } from "../components/page-shell";

export const meta = () => pageMeta("Download App", { index: true });

export default function MobileAppDownload() {
  return (
    <PageShell title="Download the App">
      <div className="mt-4 grid gap-6 md:grid-cols-[1fr_auto]">
        <div className="space-y-4 text-slate-700">
          <p>
            The platform installs on your phone straight from this website: no app store and no large download. It opens
            from your home screen, keeps working in the field without a signal, and sends what you captured offline as
            soon as you are back online.
          </p>
          <InstallButton />
          <section aria-labelledby="requirements-heading">
            <h2 id="requirements-heading" className="text-lg font-bold text-slate-900">
              What you need
            </h2>
            <ul className="mt-2 list-disc space-y-1 pl-5">
              <li>Android 8 or newer with Chrome, or an iPhone with iOS 16.4 or newer and Safari.</li>
              <li>About 5 MB of free space.</li>
              <li>A connection for the first start (2G is enough); after that, offline work is possible.</li>
            </ul>
          </section>
          <p>
            <Link to="/install-app" className="font-semibold text-green-800 underline">
              Installation Guide
            </Link>{" "}
            — step by step for Android and iPhone.
          </p>
        </div>
        <SiteQr caption="Scan with your phone's camera to open this site, then install it." />
      </div>
    </PageShell>
  );
}
