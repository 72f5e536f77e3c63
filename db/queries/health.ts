/** The health check's probe of the D1 binding: the cheapest read there is (no table touched). */
export function pingDatabase(d1: D1Database) {
  return d1.prepare("SELECT 1 AS ok").first();
}
