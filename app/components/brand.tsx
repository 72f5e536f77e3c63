import { Link } from "react-router";
import { Seal, SealTitle } from "./seal";

export { BatchQr } from "./batch-qr";
export { Seal, SealTitle };

/** The frame of the public pages a QR code opens (batch trace, certificate verification). */
export function PublicShell({ sub, children }: { sub: string; children: React.ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <header className="bg-green-900 text-white">
        <div className="mx-auto flex max-w-3xl items-center gap-2 px-4 py-3">
          <img src="/api/assets/lacra-logo.svg" alt="" width={32} height={32} className="h-8 w-8" />
          <p className="text-sm leading-tight font-bold">
            Liberia Agricultural Traceability
            <span className="block text-xs font-normal text-green-200">{sub}</span>
          </p>
        </div>
      </header>
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-5">{children}</main>
      <footer className="border-t border-slate-200 py-3 text-center text-xs text-slate-600">
        Republic of Liberia · agricultural traceability and EUDR compliance
      </footer>
    </div>
  );
}

/** The 404 block of a public page: what was not found, and the way home. */
export function PublicNotFound({
  testId,
  title,
  children,
}: {
  testId: string;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <div className="space-y-3" data-testid={testId}>
      <p className="text-sm font-semibold text-red-700">404 — Not found</p>
      <h1 className="text-2xl font-extrabold">{title}</h1>
      {children}
      <Link to="/" className="font-semibold text-green-800 underline">
        Go to the home page
      </Link>
    </div>
  );
}
