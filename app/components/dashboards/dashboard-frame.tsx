import { SealTitle } from "#app/components/seal";
import { LogoutButton } from "../logout-button";

/** Header (title, role, sign-out) and main landmark of a role's own dashboard; no JavaScript needed. */
export function DashboardFrame({
  title,
  heading,
  role,
  csrf,
  account,
  children,
}: {
  title: string;
  heading: string;
  role: string;
  csrf: string;
  /** The signed-in person's login ID (see LogoutButton). */
  account: string;
  children: React.ReactNode;
}) {
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <header className="bg-green-900 text-white print:hidden">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <div className="flex min-w-0 items-center gap-3">
            <SealTitle title={title} sub={role} titleClass="font-bold" />
          </div>
          <LogoutButton csrf={csrf} account={account} />
        </div>
      </header>
      <main className="mx-auto w-full min-w-0 max-w-6xl flex-1 px-4 py-6">
        <h1 className="mb-4 text-2xl font-extrabold text-slate-900 [overflow-wrap:anywhere] print:hidden">{heading}</h1>
        {children}
      </main>
    </div>
  );
}

/** One summary tile. `value` is text so a figure only the browser knows can show "—". */
export function CountTile({ label, value, testId }: { label: string; value: string | number; testId?: string }) {
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 text-center shadow-sm">
      <p className="text-2xl font-extrabold text-green-800 tabular-nums" data-testid={testId}>
        {value}
      </p>
      <p className="text-sm text-slate-600">{label}</p>
    </li>
  );
}

export const SECTION = "mt-6 rounded-md border border-slate-200 bg-white p-3";
