/**
 * Certificate PDFs and uploaded files stay in R2 for at least 5 years after their subject's last
 * change, even when superseded (ADR 030): nothing in the Worker deletes a stored file.
 * The only R2 deletes allowed are the clean-up of a write that failed (the file was never
 * recorded) and the pruning of expired backups under `backups/`. A new delete must be added here
 * deliberately, with the ADR's retention in mind.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ALLOWED = {
  // A field visit whose rows were not stored: its just-uploaded photos go too.
  "worker/services/plots/record-visit.ts": 1,
  // A reference layer whose features failed to store: its just-uploaded file goes too.
  "worker/services/eudr/upload-layer.ts": 1,
  // A message whose rows were not stored: its just-uploaded attachment goes too.
  "worker/services/messages/message-common.ts": 1,
  // An office register attachment whose rows were not stored, or whose put failed (it may have
  // stored the file): its just-uploaded file goes too (docs/fault-injection.md).
  "worker/services/office/attach-file.ts": 2,
  // A certificate whose PDF is stored before its row: a put that failed, or a row refused, takes
  // its just-uploaded PDF away again (docs/fault-injection.md).
  "worker/services/certificates/mint-certificate.ts": 2,
  // Backups past their retention, only under backups/.
  "worker/services/backups/run-backup.ts": 1,
};

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : [],
  );
}

describe("R2 retention", () => {
  it("no Worker code deletes stored files outside failed-write clean-up and backup pruning", () => {
    const found: Record<string, number> = {};
    for (const file of files("worker")) {
      const n = (readFileSync(file, "utf8").match(/\b(r2|photos|files|CERTS|bucket)\??\.delete\(/g) ?? []).length;
      if (n) found[file] = n;
    }
    expect(found).toEqual(ALLOWED);
  });

  it("the backup pruning only ever lists under backups/", () => {
    const source = readFileSync("worker/services/backups/run-backup.ts", "utf8");
    for (const m of source.matchAll(/r2\.list\(\{ prefix(?:: ([^,}]+))?/g))
      expect(m[1] ?? "prefix").toMatch(/backups\/|^prefix$/);
  });
});
