import { Link } from "react-router";

/** Header, main landmark and footer shared by the secondary public pages. */
export function PageShell({
  title,
  back = { href: "/", label: "Back to Polipus Platform" },
  children,
}: {
  title: string;
  back?: { href: string; label: string };
  children: React.ReactNode;
}) {
  return (
    <div className="flex min-h-screen flex-col">
      <header className="bg-green-900 text-white">
        <div className="mx-auto flex max-w-4xl items-center gap-3 px-4 py-3">
          <img src="/api/assets/logo.svg" alt="Platform emblem" width={36} height={36} className="h-9 w-9" />
          <p className="text-sm font-semibold tracking-wide">REPUBLIC OF LIBERIA</p>
        </div>
      </header>
      <main className="mx-auto w-full max-w-4xl flex-1 px-4 py-6">
        <Link to={back.href} prefetch="none" className="text-sm font-semibold text-green-800 hover:underline">
          ← {back.label}
        </Link>
        <h1 className="mt-3 text-2xl font-extrabold text-slate-900 sm:text-3xl">{title}</h1>
        {children}
      </main>
      <footer className="border-t border-slate-200 bg-white py-5 text-center text-sm text-slate-600">
        Republic of Liberia — General Environmental Intelligence Platform
      </footer>
    </div>
  );
}

export function SiteQr({ caption }: { caption: string }) {
  return (
    <figure className="inline-flex flex-col items-center rounded-xl border border-slate-200 bg-white p-4">
      <img
        src="/api/assets/site-qr.svg"
        alt="QR code with the address of this site"
        width={180}
        height={180}
        className="h-44 w-44"
      />
      <figcaption className="mt-2 max-w-[14rem] text-center text-sm text-slate-600">{caption}</figcaption>
    </figure>
  );
}
