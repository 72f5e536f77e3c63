/**
 * Re-checking stored plots when the rule set changes (ADR 029). A job walks every plot
 * whose `ruleset_version` is not the current one, in id order from `cursor`, in slices; it is
 * resumable and its counts are the administrator's progress view.
 */
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, updatedAt } from "./columns";

export const recheckJobs = sqliteTable(
  "recheck_jobs",
  {
    id: text("id").primaryKey(),
    /** The rule-set version the job brings every plot to. */
    rulesetVersion: text("ruleset_version").notNull(),
    /** running | done | failed */
    status: text("status").notNull().default("running"),
    /** Plots to re-check when the job started; done counts those re-checked. */
    total: integer("total").notNull().default(0),
    done: integer("done").notNull().default(0),
    /** Plots that now fail (needs review), now pass again (cleared), and kept their verdict. */
    flagged: integer("flagged").notNull().default(0),
    cleared: integer("cleared").notNull().default(0),
    unchanged: integer("unchanged").notNull().default(0),
    /** Stored risk verdicts re-assessed because an older risk method or layer version produced them. */
    reassessed: integer("reassessed").notNull().default(0),
    /** Resume point: the last plot id re-checked. */
    cursor: text("cursor"),
    lastError: text("last_error"),
    /** Who started it (an administrator's id) or 'cron'. */
    startedBy: text("started_by").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: text("finished_at"),
  },
  (t) => [index("recheck_jobs_status_idx").on(t.status, t.createdAt)],
);
