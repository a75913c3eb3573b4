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
    flushSaves();
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
  // (a tap's saves handed over before it and not started yet go first: writes land in the
  // order they were made)
  write(ops) {
    flushSaves();
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
  // The save is counted at once (an update's reload waits for it) and written once the
  // tap's frame is painted, when the browser is idle (at most SAVE_WAIT_MS later), or at
  // once when the page is leaving or hidden or anything else is read or written: the player
  // sees the tap's result one transaction sooner (docs/BENCHMARK.md, thirteenth session).
  // A save handed over while the page is hidden or reloading is started at once (a hidden
  // page's idle callbacks may never come: a table link's message, an import finishing).
  save(json, failed) {
    saving += 1;
    document.documentElement.setAttribute("data-saving", String(saving));
    unsaved.push([json, failed]);
    if (document.visibilityState === "hidden" || reloading) {
      flushSaves();
      return;
    }
    if (waiting !== null) return;
    // beforeunload only while a save waits: a page with such a listener is kept out of
    // Firefox's back-forward cache
    addEventListener("beforeunload", flushSaves);
    if (window.requestIdleCallback) {
      waiting = { cancel: cancelIdleCallback, id: requestIdleCallback(flushSaves, { timeout: SAVE_WAIT_MS }) };
    } else { // (Safari) after the next frame, as the idle callback would be
      waiting = { cancel: cancelAnimationFrame, id: requestAnimationFrame(() => {
        waiting = { cancel: clearTimeout, id: setTimeout(flushSaves, 0) };
      }) };
    }
  },
};
let saving = 0; // writes handed over and not finished (boot.js reloads only when none is)
let saved = 0; // writes finished (tests wait on this count)
const SAVE_WAIT_MS = 250;
const unsaved = []; // [json, failed] of taps' saves handed over and not started yet
let waiting = null; // {cancel, id}: the idle callback (or frame, or timer) that will flush them

// Start every save handed over and not started yet, in the order they came; each on its
// own, so one that cannot be started does not keep the others back (nor the count up).
function flushSaves() {
  if (waiting !== null) {
    waiting.cancel.call(window, waiting.id);
    waiting = null;
  }
  removeEventListener("beforeunload", flushSaves);
  const root = document.documentElement;
  const done = () => {
    saving -= 1;
    root.setAttribute("data-saving", String(saving));
  };
  for (const [json, failed] of unsaved.splice(0)) {
    let pending;
    try {
      pending = window.pocketdeckStore.write(JSON.parse(json));
    } catch (err) {
      done();
      try { failed(String(err && err.message || err)); } catch { /* said nowhere: still counted */ }
      continue;
    }
    pending.then(() => {
      saved += 1;
      root.setAttribute("data-saved", String(saved));
    }, (err) => failed(String(err && err.message || err))).finally(done);
  }
}
// (beforeunload, added while a save waits, comes first when the page reloads or leaves: a
// write started then commits while the next page loads; one started at pagehide, as the
// old page is torn down, was lost by a reload right after an Export in
// tests/test_browser_library_share.py. pagehide and hidden are for the pages that get no
// beforeunload: a phone's app switcher, Safari)
addEventListener("pagehide", flushSaves);
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "hidden") flushSaves();
});

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
// Reload once no save is handed over or being written (boot.js counts them in
// data-saving, and starts the waiting ones first), so a tap's save is never cut off by the
// reload.
let reloading = false;
function reloadWhenSaved() {
  if (reloading) return;
  reloading = true;
  flushSaves();
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
