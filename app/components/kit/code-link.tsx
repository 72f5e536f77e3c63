import { Link } from "react-router";

/** A record's code as a link (monospace), with an optional small line under it (date, county…). */
export function CodeLink({ to, code, sub }: { to: string; code: string; sub?: React.ReactNode }) {
  return (
    <>
      <Link to={to} className="font-mono text-green-800 underline">
        {code}
      </Link>
      {sub !== undefined && <span className="block text-xs text-slate-500">{sub}</span>}
    </>
  );
}
