/**
 * Drafts of /create-land-plot kept on the phone (localStorage), keyed by the form's submissionId,
 * so what was typed or walked survives a reload or a dropped connection. Restoring a draft also
 * restores its submissionId: if the plot was in fact stored before the connection dropped,
 * sending it again returns that plot instead of a duplicate.
 */
const PREFIX = "eip.plotDraft.";

export type PlotDraft = { submissionId: string; savedAt: string; values: Record<string, string> };

function store(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

export function saveDraft(draft: PlotDraft, storage: Storage | null = store()) {
  try {
    storage?.setItem(PREFIX + draft.submissionId, JSON.stringify(draft));
  } catch {
    // Storage full or disabled: the form still works, only the draft is not kept.
  }
}

/** The most recently saved draft other than `exceptId`, if any. */
export function latestDraft(exceptId?: string, storage: Storage | null = store()): PlotDraft | null {
  if (!storage) return null;
  let best: PlotDraft | null = null;
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (!key?.startsWith(PREFIX) || key === PREFIX + exceptId) continue;
    try {
      const draft = JSON.parse(storage.getItem(key) ?? "") as PlotDraft;
      if (draft?.submissionId && (!best || draft.savedAt > best.savedAt)) best = draft;
    } catch {
      storage.removeItem(key);
    }
  }
  return best;
}

export function clearDraft(submissionId: string, storage: Storage | null = store()) {
  try {
    storage?.removeItem(PREFIX + submissionId);
  } catch {
    // Nothing to clear.
  }
}

/** How many plot drafts wait on this phone: captured but not yet stored on the server. */
export function draftCount(storage: Storage | null = store()): number {
  if (!storage) return 0;
  let n = 0;
  for (let i = 0; i < storage.length; i++) if (storage.key(i)?.startsWith(PREFIX)) n++;
  return n;
}
