// The few things only JavaScript can do: register the service worker, offer install,
// report offline readiness, read taps for Python (listenTaps), and give Python a
// promise-based IndexedDB store.
// Everything the player sees inside <main> is rendered by Python (main.py).

import { announce, show } from "./lastscreen.js";

// (the player's last screen is already painted: paint.js, inlined in index.html, ran as
// soon as <main> was parsed)

const progress = (text) => {
  const el = document.getElementById("boot-progress");
  if (el) el.textContent = text;
};
// -- taps ---------------------------------------------------------------------------------------
// A tap on anything with data-action, read here and handed to Python as three strings
// (main.py on_click): the action, its data-arg, and the values of the form fields named in
// its data-fill as JSON ({name: text, or a checkbox group's ticked values}). Read from
// Python, the same tap crossed into JavaScript once per property (the target, closest(),
// disabled, preventDefault(), each attribute, each field), about 0.5 ms at a phone's speed.
function fieldsOf(el) {
  const names = el.getAttribute("data-fill");
  if (!names) return "";
  const app = document.getElementById("app");
  const fields = {};
  for (const name of names.split(",").map((n) => n.trim()).filter(Boolean)) {
    const found = app.querySelectorAll(`[name="${CSS.escape(name)}"]`);
    if (!found.length) continue;
    fields[name] = found[0].type === "checkbox"
      ? [...found].filter((f) => f.checked).map((f) => f.value) : found[0].value;
  }
  return JSON.stringify(fields);
}
function listenTaps(handler) {
  document.addEventListener("click", (event) => {
    const el = event.target.closest && event.target.closest("[data-action]");
    if (!el || el.disabled) return;
    event.preventDefault();
    handler(el.getAttribute("data-action"), el.getAttribute("data-arg") || "", fieldsOf(el));
  });
}
window.pocketdeckShell = { progress, show, say: announce, listenTaps };

// -- IndexedDB: one database, one object store of key -> text ---------------------------
const DB_NAME = "pocketdeck";
const STORE = "library";
let dbPromise = null;
function db() {
  if (!dbPromise) {
    dbPromise = new Promise((resolve, reject) => {
      const req = indexedDB.open(DB_NAME, 1);
      req.onupgradeneeded = () => req.result.createObjectStore(STORE);
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
  }
  return dbPromise;
}
function tx(mode, work) {
  return db().then((d) => new Promise((resolve, reject) => {
    const t = d.transaction(STORE, mode);
    const result = work(t.objectStore(STORE));
    t.oncomplete = () => resolve(result.value);
    t.onerror = () => reject(t.error);
    t.onabort = () => reject(t.error || new Error("transaction aborted"));
  }));
}
window.pocketdeckStore = {
  // all entries whose key starts with prefix, as [[key, text], ...]
  entries(prefix) {
    return tx("readonly", (s) => {
      const out = { value: [] };
      const req = s.openCursor();
      req.onsuccess = () => {
        const c = req.result;
        if (!c) return;
        if (String(c.key).startsWith(prefix)) out.value.push([String(c.key), String(c.value)]);
        c.continue();
      };
      return out;
    });
  },
  // several writes in one transaction: [["put", key, text] | ["delete", key], ...]
  write(ops) {
    return tx("readwrite", (s) => {
      for (const op of ops) {
        if (op[0] === "put") s.put(op[2], op[1]);
        else if (op[0] === "delete") s.delete(op[1]);
      }
      return { value: ops.length };
    });
  },
  // A tap's save, all in JavaScript (issue 30 part 2): the ops as JSON text (one string
  // crosses from Pyodide, not a proxy per op), the writes counted in <html data-saving>
  // and <html data-saved> here. Python is called back only when the write fails
  // (`failed(message)`): before, an asyncio task per tap awaited the write, and the
  // runtime's scheduler and the promise's continuation ran Python twice more after every
  // tap's frame (about 8 ms of main thread at 4x, docs/BENCHMARK.md).
  save(json, failed) {
    const root = document.documentElement;
    let ops;
    try {
      ops = JSON.parse(json);
    } catch (err) {
      failed(String(err));
      return;
    }
    saving += 1;
    root.setAttribute("data-saving", String(saving));
    this.write(ops).then(() => {
      saved += 1;
      root.setAttribute("data-saved", String(saved));
    }, (err) => failed(String(err && err.message || err))).finally(() => {
      saving -= 1;
      root.setAttribute("data-saving", String(saving));
    });
  },
};
let saving = 0; // writes started and not finished (boot.js reloads only when none is)
let saved = 0; // writes finished (tests wait on this count)

// a fresh seed for new games (the engine itself is deterministic)
// (a page may set its own before this runs: the browser tests pin the seed that way)
window.pocketdeckEntropy ??= () => {
  const a = new Uint32Array(2);
  crypto.getRandomValues(a);
  return a[0] * 2 ** 21 + (a[1] >>> 11);
};

// -- offline readiness and updates ----------------------------------------------------------
const chip = document.getElementById("offline");
function setChip(text, ok) {
  chip.textContent = text;
  chip.classList.toggle("ok", !!ok);
  document.documentElement.toggleAttribute("data-offline-ready", !!ok);
}
// The worker is registered once the app is up: its precache then finds the runtime in the
// HTTP cache instead of downloading 10 MB a second time while Python boots.
function whenReady() {
  return new Promise((resolve) => {
    if (document.documentElement.hasAttribute("data-ready")) return resolve();
    new MutationObserver((_, obs) => {
      if (document.documentElement.hasAttribute("data-ready")) { obs.disconnect(); resolve(); }
    }).observe(document.documentElement, { attributes: true });
    setTimeout(resolve, 60000); // Python failed to start: still keep the shell offline
  });
}
// Python drew the real screen: a tap made while waking follows, and PyScript's
// document-wide observers stop (web/paint.js); not when whenReady only gave up waiting
whenReady().then(() => {
  if (document.documentElement.hasAttribute("data-ready")) window.pocketdeckWaking.quiet();
  window.pocketdeckWaking.woke();
});
if ("serviceWorker" in navigator) {
  if (!navigator.serviceWorker.controller) setChip("Not yet offline", false);
  whenReady().then(() => navigator.serviceWorker.register("./sw.js", { scope: "./" })).then((reg) => {
    const watch = (worker) => worker && worker.addEventListener("statechange", () => {
      if (worker.state === "installed" && navigator.serviceWorker.controller) showUpdate(reg);
      if (worker.state === "redundant" && !reg.active) setChip("Offline copy failed", false);
    });
    if (reg.waiting && navigator.serviceWorker.controller) showUpdate(reg);
    watch(reg.installing);
    reg.addEventListener("updatefound", () => watch(reg.installing));
    if (!reg.active) setChip("Saving for offline…", false);
  }).catch(() => setChip("Offline use unavailable", false));
  // ready resolves once a worker is active, and a worker is active only after every
  // file of its version is in the cache
  navigator.serviceWorker.ready.then(() => setChip("Ready offline", true));
  // The page that took an update reloads into it; every other open page keeps running its
  // own version (the worker answers it from that version's cache until it closes) and
  // offers "Reload". A first visit's controller arriving is not an update.
  let controller = navigator.serviceWorker.controller;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    const first = !controller;
    controller = navigator.serviceWorker.controller;
    if (window.pocketdeckUpdating) reloadWhenSaved();
    else if (!first) showUpdate(null);
  });
  // a page that starts tells the worker, which then forgets closed pages and deletes the
  // caches of versions no open page runs any more
  // (a first visit's page is not controlled yet: it tells the active worker)
  whenReady().then(() => navigator.serviceWorker.ready).then((reg) => {
    const c = navigator.serviceWorker.controller || reg.active;
    if (c) c.postMessage({ type: "hello" });
  });
} else {
  setChip("Offline use unavailable", false);
}
// Reload once no save is being written (boot.js counts them in data-saving), so a tap's
// save is never cut off by the reload.
let reloading = false;
function reloadWhenSaved() {
  if (reloading) return;
  reloading = true;
  const root = document.documentElement;
  const busy = () => Number(root.dataset.saving || 0) > 0;
  if (!busy()) return location.reload();
  new MutationObserver((_, obs) => {
    if (!busy()) { obs.disconnect(); location.reload(); }
  }).observe(root, { attributes: true, attributeFilter: ["data-saving"] });
}
// reg: the registration whose waiting worker "Reload" activates; null when another tab
// already did, and this page only has to reload into the new version.
function showUpdate(reg) {
  const bar = document.getElementById("update");
  bar.hidden = false;
  document.getElementById("update-reload").onclick = () => {
    if (reg && reg.waiting) {
      window.pocketdeckUpdating = true;
      reg.waiting.postMessage({ type: "skip-waiting" });
    } else {
      reloadWhenSaved();
    }
  };
}

// -- install --------------------------------------------------------------------------------
let installEvent = null;
const installBtn = document.getElementById("install");
window.addEventListener("beforeinstallprompt", (e) => {
  e.preventDefault();
  installEvent = e;
  installBtn.hidden = false;
});
installBtn.addEventListener("click", async () => {
  if (!installEvent) return;
  installEvent.prompt();
  await installEvent.userChoice;
  installEvent = null;
  installBtn.hidden = true;
});
window.addEventListener("appinstalled", () => { installBtn.hidden = true; });

// -- boot progress ----------------------------------------------------------------------------
progress(navigator.serviceWorker && navigator.serviceWorker.controller
  ? "Starting Python from the offline copy…"
  : "Loading the Python runtime (about 6 MB on a first visit)…");
document.addEventListener("py:ready", () => progress("Python is running; loading the Pocketdeck engine…"), true);
window.addEventListener("error", (e) => progress("Pocketdeck could not start: " + (e.message || "unknown error")));
