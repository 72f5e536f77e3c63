import { Link } from "react-router";

/** The sections of /agritrace-admin-portal, as plain links (JavaScript off works). */
export const ADMIN_SECTIONS = [
  { to: "/agritrace-admin-portal", label: "Overview and system health" },
  { to: "/agritrace-admin-portal/users", label: "Users and roles" },
  { to: "/agritrace-admin-portal/crop-yields", label: "Crop yields" },
  { to: "/eudr-assessment#layers-title", label: "Reference layers" },
  { to: "/buyer-management", label: "Buyers" },
  { to: "/inspector-management", label: "Inspectors" },
  { to: "/exporter-management", label: "Exporters" },
  { to: "/audit-log", label: "Audit log" },
] as const;

export function AdminNav({ current }: { current?: string }) {
  return (
    <nav aria-label="Administration" className="mb-4">
      <ul className="flex flex-wrap gap-2 text-sm">
        {ADMIN_SECTIONS.map((s) => (
          <li key={s.to}>
            <Link
              to={s.to}
              prefetch="none"
              aria-current={current === s.to ? "page" : undefined}
              className={`block rounded border px-2 py-1 ${current === s.to ? "border-green-900 bg-green-900 text-white" : "border-slate-300 bg-white font-semibold text-green-800"}`}
            >
              {s.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
