// GET /auditor-export/zip: the ZIP the auditor's export page asks for (see auditor-export.server.ts).

import type { Route } from "./+types/auditor-export-zip";
import { zipLoader } from "./auditor-export.server";

export const loader = ({ request }: Route.LoaderArgs) => zipLoader(request);
