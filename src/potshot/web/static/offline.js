// The mark page's store for marking without a network (docs/offline.md), in IndexedDB so that a
// reload or a closed tab loses nothing:
//
// - `queue`: the entries waiting to be sent, in the order entered (`seq`, given by the store),
//   each `{seq, match, path, body, revision, at}`: `path` the write (`mark`, `decision`, `undo`),
//   `body` what the page would have sent less the revision, `revision` the one it was made on
//   (the server's last revision plus the entries queued before it);
// - `states`: the last State the server sent for each match (the page opens on it offline);
// - `discarded`: entries the marker chose to drop at a conflict, kept for the export.
//
// Plain ES module, no build step; every function returns a promise.

const DB_NAME = "potshot-offline";
const DB_VERSION = 1;
let opened = null;

function db() {
  opened ??= new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, DB_VERSION);
    req.onupgradeneeded = () => {
      const d = req.result;
      d.createObjectStore("queue", { keyPath: "seq", autoIncrement: true }).createIndex("match", "match");
      d.createObjectStore("states", { keyPath: "id" });
      d.createObjectStore("discarded", { keyPath: "seq", autoIncrement: true }).createIndex("match", "match");
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
  return opened;
}

/** Run `fn(store)` in a transaction on `name`; resolves to the value of the request `fn` returns
 * (or undefined) once the transaction has committed. */
async function run(name, mode, fn) {
  const d = await db();
  return new Promise((resolve, reject) => {
    const tx = d.transaction(name, mode);
    const req = fn(tx.objectStore(name));
    tx.oncomplete = () => resolve(req?.result);
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });
}

const byMatch = (name, match) => run(name, "readonly", (s) => s.index("match").getAll(match));

/** The entries of `match` waiting to be sent, oldest first. */
export async function queued(match) {
  return ((await byMatch("queue", match)) ?? []).sort((a, b) => a.seq - b.seq);
}

/** Queue `entry` (without `seq`): resolves to it with its `seq`. */
export async function enqueue(entry) {
  const seq = await run("queue", "readwrite", (s) => s.add(entry));
  return { ...entry, seq };
}

/** Take entry `seq` off the queue (sent, or taken back by the marker). */
export function dequeue(seq) {
  return run("queue", "readwrite", (s) => s.delete(seq));
}

/** Store the queue's entries as given (their new revisions after a rebase). */
export function requeue(entries) {
  return run("queue", "readwrite", (s) => {
    for (const e of entries) s.put(e);
  });
}

/** Move `entries` from the queue to the discarded ones, with `why` (the conflict's message). */
export async function discard(entries, why) {
  const d = await db();
  const at = new Date().toISOString();
  return new Promise((resolve, reject) => {
    const tx = d.transaction(["queue", "discarded"], "readwrite");
    for (const e of entries) {
      tx.objectStore("queue").delete(e.seq);
      const { seq, ...rest } = e;
      tx.objectStore("discarded").add({ ...rest, queued_seq: seq, discarded_at: at, why });
    }
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
  });
}

/** The entries of `match` discarded at a conflict, oldest first. */
export async function discarded(match) {
  return ((await byMatch("discarded", match)) ?? []).sort((a, b) => a.seq - b.seq);
}

/** Keep the server's latest State of a match. */
export function saveState(st) {
  return run("states", "readwrite", (s) => s.put(st));
}

/** The last State kept for match `id`, or null. */
export async function savedState(id) {
  return (await run("states", "readonly", (s) => s.get(id))) ?? null;
}
