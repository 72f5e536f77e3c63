/**
 * Whether the outbox (app/lib/outbox.ts, database "eip-outbox") holds a record not yet on the
 * server, read with the bare IndexedDB API: a form page loads the outbox code (idb and the sender)
 * at open only when there is something to send, so an empty outbox costs no first-load bytes.
 * Never creates the database (its upgrade is aborted), so `openDB` still builds it with its stores.
 * When the phone cannot tell, it answers true: loading the sender needlessly is the safe mistake.
 */
export function outboxHasPending(): Promise<boolean> {
  return new Promise((resolve) => {
    if (typeof indexedDB === "undefined") return resolve(false);
    let created = false;
    const open = indexedDB.open("eip-outbox");
    open.onupgradeneeded = () => {
      created = true;
      open.transaction?.abort();
    };
    open.onerror = () => resolve(!created);
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains("records")) {
        db.close();
        return resolve(false);
      }
      const status = db.transaction("records").objectStore("records").index("status");
      const all = status.count();
      const sent = status.count("sent");
      sent.onsuccess = () => {
        db.close();
        resolve(all.result > sent.result);
      };
      sent.onerror = () => {
        db.close();
        resolve(true);
      };
    };
  });
}
