/**
 * The demo office register (ADR 025; demo mode only, ADR 007), made through the office
 * services by the demo office administrator: four documents in several states of the Office
 * Administration queue. Skipped when the register already holds a document.
 */
import type { Database } from "#db/client";
import { listDocuments } from "#db/queries/office";
import type { DocumentKind, DocumentStep } from "#worker/domain/office";
import { registerDocument } from "../office/register-document";
import { stepDocument } from "../office/step-document";
import { ACT } from "./demo-farmers";

const DAY = 24 * 60 * 60 * 1000;

const DOCUMENTS: { kind: DocumentKind; title: string; counterparty?: string; steps: DocumentStep[] }[] = [
  {
    kind: "incoming_letter",
    title: "Request for EUDR guidance on smallholder cocoa",
    counterparty: "Ministry of Agriculture",
    steps: ["assign", "start"],
  },
  {
    kind: "outgoing_letter",
    title: "Notice of licence fee schedule 2026",
    counterparty: "Licensed exporters",
    steps: ["assign", "start", "close"],
  },
  { kind: "licence_file", title: "Licence file: Liberia Premium Exports Inc. (demo)", steps: [] },
  { kind: "inspection_report", title: "Freeport of Monrovia inspection summary", steps: ["assign"] },
];

export async function seedDemoOffice(deps: { db: Database; now: Date }, problems: string[]): Promise<number> {
  const { db, now } = deps;
  if ((await listDocuments(db, { page: 1, pageSize: 1 })).total > 0) return 0;
  let made = 0;
  for (const [i, d] of DOCUMENTS.entries()) {
    const at = () => new Date(now.getTime() - (DOCUMENTS.length - i) * DAY);
    const created = await registerDocument(
      { kind: d.kind, title: d.title, counterparty: d.counterparty, licenceId: undefined },
      { db, actor: ACT.office, now: at },
    );
    if (!created.ok) {
      problems.push(`The demo register document "${d.title}" was not created: ${created.message}`);
      continue;
    }
    made++;
    for (const step of d.steps) {
      const moved = await stepDocument(
        created.value.id,
        { step, assigneeId: step === "assign" ? ACT.office.id : undefined },
        { db, actor: ACT.office, now: at },
      );
      if (!moved.ok) problems.push(`The demo register document "${d.title}" could not ${step}: ${moved.message}`);
    }
  }
  return made;
}
