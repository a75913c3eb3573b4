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
// its data-fill as JSON ({name: text, or a checkbox group's ticked values}); data-fill="*"
// names every field of the button's form (a form drawn from a spec, ui/make/: a hundred
// fields, one list on every button would be most of the page). Read from
// Python, the same tap crossed into JavaScript once per property (the target, closest(),
// disabled, preventDefault(), each attribute, each field), about 0.5 ms at a phone's speed.
function fieldsOf(el) {
  const names = el.getAttribute("data-fill");
  if (!names) return "";
  const form = names === "*" ? el.closest("form") : null;
  const app = form || document.getElementById("app");
  const fields = {};
  const list = form ? [...new Set([...form.querySelectorAll("[name]")].map((f) => f.name))]
    : names.split(",").map((n) => n.trim()).filter(Boolean);
  for (const name of list) {
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
// (the library's first read starts at the end of this module: see firstRead)
const DB_NAME = "pocketdeck";
const STORE = "library";
let dbPromise = null;
function db() {
  if (!dbPromise) {
    dbPromise = new Promise((resolve, reject) => {
      const req = indexedDB.open(DB_NAME, 1);
      req.onupgradeneeded = () => req.result.createObjectStore(STORE);
      req.onsuccess = () => replayJournal(req.result).then(() => resolve(req.result));
      req.onerror = () => reject(req.error);
    });
  }
  return dbPromise;
}
function tx(mode, work) {
  return db().then((d) => run(d, mode, work));
}
function run(d, mode, work) {
  return new Promise((resolve, reject) => {
    const t = d.transaction(STORE, mode);
    const result = work(t.objectStore(STORE));
    t.oncomplete = () => resolve(result.value);
    t.onerror = () => reject(t.error);
    t.onabort = () => reject(t.error || new Error("transaction aborted"));
  });
}
function putAll(s, ops) {
  for (const op of ops) {
    if (op[0] === "put") s.put(op[2], op[1]);
    else if (op[0] === "delete") s.delete(op[1]);
  }
  return { value: ops.length };
}
// The whole library, read as the page starts (Python's first read takes it; any write before
// that drops it, so nothing written is missed): in WebKit the database's opening, the journal's
// replay and the read took their turn after Python was up; now they run while it starts.
let firstRead = null;
window.pocketdeckStore = {
  // all entries whose key starts with prefix, as [[key, text], ...]
  entries(prefix) {
    if (prefix === "" && firstRead) {
      const read = firstRead;
      firstRead = null;
      return read;
    }
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
    firstRead = null;
    flushSaves();
    return tx("readwrite", (s) => putAll(s, ops));
  },
  // A tap's save, all in JavaScript (issue 30 part 2): the ops as JSON text (one string
  // crosses from Pyodide, not a proxy per op), the writes counted in <html data-saving>
  // and <html data-saved> here. Python is called back only when the write fails
  // (`failed(message)`): before, an asyncio task per tap awaited the write, and the
  // runtime's scheduler and the promise's continuation ran Python twice more after every
  // tap's frame (about 8 ms of main thread at 4x, docs/BENCHMARK.md).
  // The save is counted at once (an update's reload waits for it) and written once the
  // tap's frame is painted, when the browser is idle (at most SAVE_WAIT_MS later), or at
  // once when anything else is read or written: the player sees the tap's result one
  // transaction sooner (docs/BENCHMARK.md, "The tap path"). A page that is left,
  // reloaded or hidden before its saves are known written first puts them in the journal
  // (below), so the next start has them whatever became of the old page's transactions.
  // A save handed over while the page is hidden or reloading is started at once (a hidden
  // page's idle callbacks may never come: a table link's message, an import finishing).
  save(json, failed) {
    firstRead = null;
    saving += 1;
    document.documentElement.setAttribute("data-saving", String(saving));
    const id = ++handed;
    unconfirmed.set(id, json);
    // beforeunload only while a save is not known written: a page with such a listener is
    // kept out of Firefox's back-forward cache
    addEventListener("beforeunload", writeJournal);
    unsaved.push([id, json, failed]);
    if (document.visibilityState === "hidden" || reloading) {
      writeJournal(); // (which starts it first)
      return;
    }
    if (waiting !== null) return;
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
let handed = 0; // saves handed over so far (each one's number)
const unconfirmed = new Map(); // number -> ops (JSON text) of each save not known written
const unsaved = []; // [number, json, failed] of saves handed over and not started yet
let waiting = null; // {cancel, id}: the idle callback (or frame, or timer) that will flush them

// Start every save handed over and not started yet, in the order they came; each on its
// own, so one that cannot be started does not keep the others back (nor the count up).
function flushSaves() {
  if (waiting !== null) {
    waiting.cancel.call(window, waiting.id);
    waiting = null;
  }
  const root = document.documentElement;
  for (const [id, json, failed] of unsaved.splice(0)) {
    const done = () => {
      unconfirmed.delete(id);
      if (!unconfirmed.size) removeEventListener("beforeunload", writeJournal);
      saving -= 1;
      root.setAttribute("data-saving", String(saving));
      clearJournal();
    };
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

// -- the journal: saves a leaving page could not see written ---------------------------------
// A write started as the page is left or reloaded may never land (one started at pagehide,
// or even at beforeunload on a loaded machine, was lost by a reload at once after a tap in
// the tests). So when the page is left, reloaded or hidden with saves
// not yet known written, they are also put in localStorage, synchronously: there when the
// next page starts, which writes them to IndexedDB before anything is read (db() above).
// A journal is removed as soon as the page that wrote it sees every save written (a page
// hidden and shown again), and by the next start once it is replayed. Replaying a save that
// did land writes the same values again; IndexedDB runs read-write transactions in the
// order they were made, so an old page's write that lands late still lands before the
// replay and every later tap.
// Each page keeps its own journal (JOURNAL + ":" + a number of its own), so two open tabs
// never write over, or remove, each other's; the next start replays every page's, the
// oldest first.
const JOURNAL = "pocketdeck-journal";
const journalKey = JOURNAL + ":" + Date.now().toString(36) + Math.random().toString(36).slice(2, 8);
let journaled = false; // this page's journal stands in localStorage
function writeJournal() {
  flushSaves();
  if (!unconfirmed.size) return;
  try {
    const text = JSON.stringify({ at: Date.now(), saves: [...unconfirmed.values()].map((json) => JSON.parse(json)) });
    localStorage.setItem(journalKey, text);
    journaled = true;
  } catch {
    // storage full or blocked: the writes just started are all there is (as before)
  }
}
function clearJournal() {
  if (!journaled || unconfirmed.size) return;
  journaled = false;
  try { localStorage.removeItem(journalKey); } catch { /* blocked: replayed once more, harmless */ }
}
// One journal as it was written: {at: ms, saves: [[op, ...], ...]}, each op a put of text
// under a text key or a delete of a key; else null (it is dropped, nothing of it written).
function readJournal(text) {
  try {
    const j = JSON.parse(text);
    const opOk = (op) => Array.isArray(op) && typeof op[1] === "string" && ((op[0] === "put"
      && op.length === 3 && typeof op[2] === "string") || (op[0] === "delete" && op.length === 2));
    if (j && typeof j.at === "number" && Array.isArray(j.saves)
        && j.saves.every((ops) => Array.isArray(ops) && ops.every(opOk))) return j;
  } catch { /* not JSON */ }
  return null;
}
// At start, before the first read: every page's journal, oldest first, each save in its
// order, in one transaction; each removed once written (unless its page wrote a newer one
// meanwhile); one that is not a journal is removed and nothing of it written.
function replayJournal(d) {
  const found = [];
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key && key.startsWith(JOURNAL + ":") && key !== journalKey) found.push([key, localStorage.getItem(key)]);
    }
  } catch { return Promise.resolve(); }
  if (!found.length) return Promise.resolve();
  const forget = (key, text) => {
    try { if (localStorage.getItem(key) === text) localStorage.removeItem(key); } catch { /* blocked */ }
  };
  const journals = [];
  for (const [key, text] of found) {
    const j = readJournal(text);
    if (j) journals.push([key, text, j]);
    else forget(key, text);
  }
  journals.sort((a, b) => a[2].at - b[2].at);
  if (!journals.length) return Promise.resolve();
  const ops = journals.flatMap(([, , j]) => j.saves.flat());
  return run(d, "readwrite", (s) => putAll(s, ops)).then(() => {
    for (const [key, text] of journals) forget(key, text);
  }, () => { /* kept for the next start */ });
}
// beforeunload (listened to while a save is not known written: save() above) comes first
// when the page reloads or leaves; pagehide and hidden are for the pages that get no
// beforeunload (a phone's app switcher, Safari, a tab killed while hidden)
addEventListener("pagehide", writeJournal);
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "hidden") writeJournal();
});

// a fresh seed for new games (the engine itself is deterministic)
// (a page may set its own before this runs: the browser tests pin the seed that way)
window.pocketdeckEntropy ??= () => {
  const a = new Uint32Array(2);
  crypto.getRandomValues(a);
  return a[0] * 2 ** 21 + (a[1] >>> 11);
};

// -- a warm start's head start ------------------------------------------------------------------
// Served by the service worker, the runtime's start begins now, its wasm compiled from the
// first moment, while PyScript is still loading (web/snapshot-loader.mjs warmUp: WebKit
// compiles the wasm anew on every start). The loader is the module PyScript's config names,
// so PyScript's loadPyodide takes the start under way.
// (?early=off starts without it: the benchmark compares the two, tests/bench_webkit.py)
if (navigator.serviceWorker && navigator.serviceWorker.controller
    && new URLSearchParams(location.search).get("early") !== "off") {
  import("./runtime/pyodide/snapshot-loader.mjs").then((m) => m.warmUp()).catch(() => {});
}

firstRead = window.pocketdeckStore.entries("");
firstRead.catch(() => {}); // a failure is main.py's to meet when it takes the read

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
  if (document.documentElement.hasAttribute("data-ready")) {
    performance.mark("pocketdeck:ready"); // the benchmark's end of a start, in every engine
    window.pocketdeckWaking.quiet();
  }
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
  writeJournal();
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
document.addEventListener("py:ready", () => {
  performance.mark("pocketdeck:py-ready");
  progress("Python is running; loading the Pocketdeck engine…");
}, true);
window.addEventListener("error", (e) => progress("Pocketdeck could not start: " + (e.message || "unknown error")));

// -- what this browser can do -------------------------------------------------------------------
// Read by main.py into App.features, so a screen offers only what works here and says what
// does not: a data channel between phones (Debian's WebKitGTK builds without WebRTC), a
// share sheet (else Copy), and, in an iPhone or iPad browser tab that is not the installed
// app, one line on how to install it (Safari has no install prompt).
window.pocketdeckFeatures = () => {
  const ios = /iPhone|iPad|iPod/.test(navigator.userAgent)
    || (navigator.platform === "MacIntel" && navigator.maxTouchPoints > 1);
  const installed = navigator.standalone === true
    || (window.matchMedia && matchMedia("(display-mode: standalone)").matches);
  return JSON.stringify({
    peer: typeof RTCPeerConnection !== "undefined",
    share: typeof navigator.share === "function",
    install_hint: ios && !installed,
  });
};
