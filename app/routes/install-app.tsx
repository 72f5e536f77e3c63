import { Link } from "react-router";
import { pageMeta } from "#app/components/kit/page-meta";
import { TextList } from "#app/components/kit/text-list";
import { PageShell, SiteQr } from "../components/page-shell";

export const meta = () => pageMeta("Installation Guide", { index: true });

const GUIDES = [
  {
    id: "android",
    title: "Android (Chrome)",
    steps: [
      "Open this site in Chrome (scan the QR code or type the address).",
      "Tap the menu ⋮ at the top right.",
      "Tap “Install app” or “Add to Home screen”.",
      "Confirm with “Install”. The app icon appears on your home screen.",
    ],
  },
  {
    id: "ios",
    title: "iPhone and iPad (Safari)",
    steps: [
      "Open this site in Safari.",
      "Tap the Share button (the square with an arrow).",
      "Scroll down and tap “Add to Home Screen”.",
      "Tap “Add”. Open the app from its new icon.",
    ],
  },
  {
    id: "desktop",
    title: "Computer (Chrome or Edge)",
    steps: ["Open this site.", "Click the install icon at the right end of the address bar.", "Click “Install”."],
  },
] as const;

export default function InstallApp() {
  return (
    <PageShell title="Installation Guide">
      <div className="mt-4 grid gap-6 md:grid-cols-[1fr_auto]">
        <div className="space-y-6">
          {GUIDES.map((guide) => (
            <section key={guide.id} aria-labelledby={`${guide.id}-heading`}>
              <h2 id={`${guide.id}-heading`} className="text-lg font-bold text-slate-900">
                {guide.title}
              </h2>
              <TextList ordered className="mt-2 list-decimal space-y-1 pl-5 text-slate-700" items={guide.steps} />
            </section>
          ))}
          <section aria-labelledby="trouble-heading">
            <h2 id="trouble-heading" className="text-lg font-bold text-slate-900">
              If it does not work
            </h2>
            <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-700">
              <li>Make sure you opened the site in Chrome (Android) or Safari (iPhone), not inside another app.</li>
              <li>Free some storage space and try again.</li>
              <li>
                Open{" "}
                <Link to="/pwa-test" className="font-semibold text-green-800 underline">
                  Debug PWA
                </Link>{" "}
                and share what it shows with support.
              </li>
            </ul>
          </section>
        </div>
        <SiteQr caption="Scan to open this site on your phone." />
      </div>
    </PageShell>
  );
}
