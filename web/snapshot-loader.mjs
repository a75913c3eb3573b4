// PyScript's `interpreter` module (pyscript.json): the runtime's own loadPyodide, started
// from the boot snapshot when this browser holds one for this very build (issues 18, 30).
// build.py copies it beside pyodide.mjs (PyScript takes its indexURL from this module's
// folder) and fills in SNAPSHOT: {key, token, wheel} of this build, or null.
//
// The snapshot is a memory image of Python with the engine imported. It is made on the
// phone (issue 30): after a start that did not come from one, once the app is ready, the
// service worker in control and the page idle, web/snapshot-worker.mjs makes it in a Web
// Worker and keeps it in Cache Storage under `key` (nothing is made when storage is low).
// Here it is only read from there, never from the network: the site ships no snapshot.
// Anything wrong with it (missing, short, corrupt, another build's, the heap bug of pyodide
// issue 6254) means the normal boot, silently. Corrupt is found before the image runs: the
// worker keeps a check of its bytes (snapshotCheck, below) in a header, and a snapshot whose
// bytes no longer match it is never restored. Restored unchecked, a damaged image could hang
// the page rather than throw (a fresh-clone CI run: bytes flipped on purpose, data-ready never
// came); the check costs a start 6-14 ms at 1x and 22-40 ms at 4x (below). A snapshot that failed is
// replaced by an empty marker so it is neither used nor made again; the next build's is fresh.
// <html data-boot> says which way the page started: "snapshot", "normal" or "fallback";
// <html data-snapshot-made> what the worker did: "made", "kept", "low-storage", "failed".
// Once Python is up, the runtime's copy of the options lets go of the snapshot's bytes:
// Pyodide keeps its options for the page's life (API.config), `_loadSnapshot` included,
// which held 31 MB of ArrayBuffer for nothing (measured with Chromium's heap usage after a
// collection: 36.8 MB of array buffers before, 5.3 MB after; docs/BENCHMARK.md "The start").
import { loadPyodide as loadRuntime, version } from "./pyodide.mjs";

export { version };

const SNAPSHOT = __SNAPSHOT__;
// the engine's wheel (dist-relative), unpacked by this module, not by PyScript's "files"
const WHEEL = __WHEEL__;
const HOME = "/home/pyodide"; // where PyScript's "./*" put it: the directory Python imports from
const MAIN = `${HOME}/main.py`; // the page's glue, imported by index.html (wheelFiles)

function snapshotUrl() {
  return new URL("../../" + SNAPSHOT.key, import.meta.url).href;
}

// ?snapshot=off boots the normal way and makes none (the benchmark compares the two)
const OFF = new URLSearchParams(location.search).get("snapshot") === "off";

// A check of a snapshot's bytes: its length and four 32-bit values, one per lane of its
// 32-bit words (word i goes to lane i % 4). Each step is FNV-1a's (xor the word, multiply by
// the FNV prime) and then a rotation: a multiplication only carries a difference towards
// the high bits, and without the rotation damage to the top byte of words never reached the
// low ones (two such flips in one lane could cancel out for certain). Each step is a
// bijection of its lane's value for a given word, so a single changed word always changes
// the check; more changes go unseen only by chance, about one in 2^32. Not a defence against
// an attacker (who could write the header too): against storage that lost or flipped bytes.
// Four lanes keep the multiplications independent: for 31 MB, 4 ms at 1x and 15 ms at 4x
// once compiled, 6-14 / 22-40 ms as a start pays it (the first call, compiled while it
// runs), where one lane took 35-40 / 128 ms, xxHash32's round 15 / 53 ms, and SHA-256
// (crypto.subtle, on the main thread) 32-40 / 125 ms. The worker imports it from here.
const FNV_PRIME = 0x01000193;
function step(h, word) {
  const m = Math.imul(h ^ word, FNV_PRIME);
  return (m << 15) | (m >>> 17);
}
export function snapshotCheck(bytes) {
  if (bytes.byteOffset % 4) bytes = bytes.slice();
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.length >>> 2);
  const P = FNV_PRIME;
  let h0 = 0x811c9dc5, h1 = 0x811c9dc6, h2 = 0x811c9dc7, h3 = 0x811c9dc8;
  const whole = words.length & ~3;
  // step() written out: the loop runs once per start, before the engine would inline it
  for (let i = 0; i < whole; i += 4) {
    h0 = Math.imul(h0 ^ words[i], P); h0 = (h0 << 15) | (h0 >>> 17);
    h1 = Math.imul(h1 ^ words[i + 1], P); h1 = (h1 << 15) | (h1 >>> 17);
    h2 = Math.imul(h2 ^ words[i + 2], P); h2 = (h2 << 15) | (h2 >>> 17);
    h3 = Math.imul(h3 ^ words[i + 3], P); h3 = (h3 << 15) | (h3 >>> 17);
  }
  for (let i = whole; i < words.length; i++) h0 = step(h0, words[i]);
  for (let i = words.length * 4; i < bytes.length; i++) h0 = step(h0, bytes[i]);
  const hex = (h) => (h >>> 0).toString(16).padStart(8, "0");
  return `${bytes.length}:${hex(h0)}${hex(h1)}${hex(h2)}${hex(h3)}`;
}
export const CHECK_HEADER = "X-Pocketdeck-Check";

// the kept snapshot: {bytes (a promise: reading 31 MB from Cache Storage took 0.3-0.5 s of a
// warm start in WebKit, so the runtime starts meanwhile), check}; null when there is none
// (`marked`: a failed one is remembered, its marker holds no image)
let marked = false;
async function cachedSnapshot() {
  if (!SNAPSHOT || !globalThis.caches || OFF) return null;
  const res = await caches.match(snapshotUrl());
  performance.mark("pocketdeck:snapshot-found");
  if (!res) return null;
  marked = res.headers.get("X-Pocketdeck-Snapshot") !== null;
  if (marked) return null;
  return { bytes: res.arrayBuffer().then((b) => new Uint8Array(b)), check: res.headers.get(CHECK_HEADER) };
}

// A start from the snapshot that never came back (the page hung, or was closed, while the
// image was restored or reseeded) leaves a marker in localStorage: the snapshot's URL, how
// many starts from it in a row did not come back, and when the last one began. After TRIES
// such starts the next one drops that snapshot and boots the normal way. The check above
// refuses damaged bytes; this covers what no check of bytes can see (an image that is
// intact and still hangs before its token is read back): such a phone loses two starts,
// not every start. Two, not one: a player who closes the app in the second it starts must
// not lose the snapshot for the rest of the build. A marker younger than STARTING_MS is
// taken for another tab's start still under way (tabs restored together, the installed app
// and a browser tab): its own start is not counted against the snapshot. The cost: a marker
// written and removed on each start from a snapshot. (A tab that finishes removes the
// marker of one still starting: that only ever keeps a snapshot.)
const RESTORING = "pocketdeck:snapshot-restoring";
const TRIES = 2;
const STARTING_MS = 5000;
function restoring(key, tries) {
  try {
    if (key) localStorage.setItem(RESTORING, `${key} ${tries} ${Date.now()}`);
    else localStorage.removeItem(RESTORING);
  } catch {
    // storage blocked: no marker, and the check of the bytes still applies
  }
}
// how many starts from the snapshot at `key` in a row did not come back
function unfinished(key) {
  let marker;
  try {
    marker = localStorage.getItem(RESTORING);
  } catch {
    return 0;
  }
  const [was, tries, at] = (marker || "").split(" ");
  if (was !== key) return 0;
  const count = Math.max(0, parseInt(tries, 10) || 0);
  const age = Date.now() - (parseInt(at, 10) || 0);
  return age < STARTING_MS ? Math.max(0, count - 1) : count; // (a clock set back: young)
}

// the bytes, once they match the check the worker kept with them (run a task later, so the
// runtime's own fetches are under way meanwhile)
function checked({ bytes, check }) {
  const tick = new Promise((resolve) => setTimeout(resolve, 0));
  return Promise.all([bytes, tick]).then(([b]) => {
    if (!check) throw new Error("the snapshot has no check");
    if (!b.length) throw new Error("the snapshot is empty");
    if (snapshotCheck(b) !== check) throw new Error("the snapshot's bytes do not match its check");
    performance.mark("pocketdeck:snapshot-checked");
    return b;
  });
}

// -- making it on the phone (issue 30) ------------------------------------------------------
function until(test) {
  return new Promise((resolve) => {
    if (test()) return resolve();
    new MutationObserver((_, obs) => {
      if (test()) { obs.disconnect(); resolve(); }
    }).observe(document.documentElement, { attributes: true });
  });
}

// free bytes of the origin's quota (navigator.storage.estimate); Infinity when unknown
async function freeBytes() {
  const est = navigator.storage && navigator.storage.estimate ? await navigator.storage.estimate() : null;
  return est && est.quota ? est.quota - (est.usage || 0) : Infinity;
}
const MIN_FREE = 100e6; // the 31 MB image, with room left for the player's saves
const INPUT = ["pointerdown", "keydown", "click"]; // the player is playing: the worker waits

function idle() {
  return new Promise((resolve) => (globalThis.requestIdleCallback
    ? requestIdleCallback(() => resolve(), { timeout: 5000 }) : setTimeout(resolve, 1000)));
}

// After a start that did not come from a snapshot: once Python drew the first screen and
// the service worker serves this version (the worker's files then come from its cache,
// not the network), when the page is idle and the origin has MIN_FREE bytes of storage
// left, one tab (a Web Lock) makes it in a worker.
async function makeLater(runtimeUp) {
  if (!SNAPSHOT || OFF || marked || !globalThis.caches || typeof Worker === "undefined") return;
  const root = document.documentElement;
  await until(() => root.hasAttribute("data-ready"));
  const sw = navigator.serviceWorker;
  if (sw) {
    await sw.ready;
    await until(() => root.hasAttribute("data-offline-ready"));
    // (the controller comes with clients.claim(), which sets no attribute: wait for its event)
    if (!sw.controller) await new Promise((resolve) => sw.addEventListener("controllerchange", resolve, { once: true }));
  }
  await idle();
  if ((await freeBytes()) < MIN_FREE) {
    globalThis.pocketdeckBoot.made = { result: "low-storage" };
    root.dataset.snapshotMade = "low-storage";
    return;
  }
  const files = pageFiles(await runtimeUp);
  const work = async () => {
    root.dataset.snapshotMaking = ""; // while the worker runs (the bench taps meanwhile)
    const worker = new Worker(new URL("./snapshot-worker.mjs", import.meta.url), { type: "module" });
    // each tap or key tells the worker to wait before its next step (snapshot-worker.mjs)
    let told = -Infinity;
    const busy = () => {
      const now = performance.now();
      if (now - told < 100) return;
      told = now;
      worker.postMessage({ busy: true });
    };
    for (const type of INPUT) addEventListener(type, busy, { capture: true, passive: true });
    const out = await new Promise((resolve) => {
      worker.onmessage = (e) => resolve(e.data || {});
      worker.onerror = (e) => { e.preventDefault(); resolve({ result: "failed", error: e.message || "worker error" }); };
      worker.postMessage({ key: snapshotUrl(), token: SNAPSHOT.token,
                           wheel: new URL("../../" + SNAPSHOT.wheel, import.meta.url).href, files });
    });
    worker.terminate(); // its Python (31 MB and more) goes with it
    for (const type of INPUT) removeEventListener(type, busy, { capture: true });
    delete root.dataset.snapshotMaking;
    return out;
  };
  const out = navigator.locks
    ? await navigator.locks.request("pocketdeck-snapshot", { ifAvailable: true },
        (lock) => (lock ? work() : { result: "busy" }))
    : await work();
  globalThis.pocketdeckBoot.made = out;
  root.dataset.snapshotMade = out.result || "failed";
}

// The page's own Python, main.py (wheelFiles) and PyScript's package as PyScript wrote it
// into this page's runtime before main.py ran ([[path, bytes]]): the worker keeps them
// compiled, and the standard-library modules they import imported, in the image
// (pocketdeck.snapshot.keep_page_code), so a start from the snapshot neither compiles nor
// imports them again
const PAGE_PYTHON = `${HOME}/pyscript`;
function pageFiles(py) {
  const out = [];
  try {
    out.push([MAIN, py.FS.readFile(MAIN)]);
  } catch {
    // not written (its fetch failed): nothing to keep
  }
  const walk = (dir) => {
    for (const name of py.FS.readdir(dir)) {
      if (name === "." || name === ".." || name === "__pycache__") continue;
      const path = `${dir}/${name}`;
      if (py.FS.isDir(py.FS.stat(path).mode)) walk(path);
      else if (name.endsWith(".py")) out.push([path, py.FS.readFile(path)]);
    }
  };
  try {
    walk(PAGE_PYTHON);
  } catch {
    // no such folder (another PyScript): the snapshot holds the engine alone
  }
  return out;
}

// a header value is one line of Latin-1: a Python traceback (several lines) or a non-ASCII
// message would make the Response throw and leave the bad copy in place (the worker too)
export function oneLine(text) {
  return String(text).replace(/[^\x20-\x7e]+/g, " ").trim().slice(0, 200);
}

async function drop(reason) {
  const key = snapshotUrl();
  for (const name of await caches.keys()) {
    // a cache the worker deleted meanwhile is not opened (that would re-create it)
    if (!(await caches.has(name))) continue;
    const cache = await caches.open(name);
    if (await cache.match(key)) {
      await cache.put(key, new Response(new Uint8Array(0),
        { headers: { "X-Pocketdeck-Snapshot": "failed: " + oneLine(reason) } }));
    }
  }
}

function mark(how, error) {
  document.documentElement.dataset.boot = how;
  // early: whether the runtime took warmUp's compiled wasm (null: no head start was made)
  globalThis.pocketdeckBoot = { how, error: error || null, early: early ? !!early.used : null };
}

// let the runtime's options go of the bytes (see above); say whether they are still held
// (false: tests/test_browser_boot.py reads it). Never throws: a runtime that froze its
// options must still keep the snapshot start (the bytes would then stay, and say so).
function release(py) {
  const config = py && py._api && py._api.config;
  try {
    if (config) delete config._loadSnapshot;
  } catch {
    // a frozen or sealed config: nothing to do
  }
  globalThis.pocketdeckBoot.snapshotHeld = Boolean(config && config._loadSnapshot);
}

// -- a warm start's head start (issue 46) -----------------------------------------------------
// On a start served by the service worker, boot.js calls warmUp() as the page starts, 0.2-0.6 s
// before PyScript, having loaded itself, calls loadPyodide. The start begins then (from the
// snapshot when there is one) and PyScript's call takes it under way; the runtime's wasm is
// compiled from that first moment. That matters in WebKit, which keeps no compiled wasm between
// page loads and compiles pyodide.asm.wasm (9.6 MB) anew each time (0.6-1.1 s here); Chromium
// takes its compiled code from its own cache either way. Never on a first visit: the runtime's
// own fetch of the wasm would then be a second download.
let early = null;
export function warmUp() {
  if (early || OFF) return;
  performance.mark("pocketdeck:warm-up");
  const wasm = new URL("./pyodide.asm.wasm", import.meta.url).href;
  const module = WebAssembly.compileStreaming
    ? WebAssembly.compileStreaming(fetch(wasm))
    : fetch(wasm).then((r) => r.arrayBuffer()).then((b) => WebAssembly.compile(b));
  // a failure is the runtime's to meet: it compiles its own then
  module.then(() => performance.mark("pocketdeck:wasm-compiled"), () => {});
  early = { wasm, module, used: false };
  // the start itself, as PyScript would make it (it passes its print handlers and the
  // runtime's folder; print goes to the console until it calls loadPyodide)
  started = start({ indexURL: new URL(".", import.meta.url).href,
                    stdout: (s) => (output.stdout || console.log)(s),
                    stderr: (s) => (output.stderr || console.warn)(s) });
  started.catch(() => {});
}
let started = null;
const output = { stdout: null, stderr: null };

// While the runtime starts, its instantiateStreaming of pyodide.asm.wasm takes the module
// warmUp compiled (the response it fetched is cancelled unread); anything else, or an early
// compile that failed, goes the runtime's own way. `heapBytes`: the size of the snapshot about
// to be restored, which the instance's memory is grown to hold before the runtime sees it
// (roomFor). Returns the function that puts instantiateStreaming back.
function hookWasm(early, heapBytes) {
  const real = WebAssembly.instantiateStreaming;
  if (!real || (!early && !heapBytes)) return () => {};
  const wasm = new URL("./pyodide.asm.wasm", import.meta.url).pathname;
  WebAssembly.instantiateStreaming = async function (source, imports) {
    const res = await source;
    if (!(res && res.url && new URL(res.url).pathname === wasm)) return real.call(WebAssembly, res, imports);
    performance.mark("pocketdeck:wasm-asked"); // the runtime wants its instance from here on
    let out = null;
    if (early) {
      try {
        const compiled = await early.module;
        out = { module: compiled, instance: await WebAssembly.instantiate(compiled, imports) };
        if (res.body) res.body.cancel().catch(() => {});
        early.used = true;
      } catch {
        // not compiled after all (or refused its imports): the runtime's own way below
      }
    }
    if (!out) out = await real.call(WebAssembly, res, imports);
    performance.mark("pocketdeck:wasm-instantiated");
    roomFor(out.instance, heapBytes);
    return out;
  };
  return () => { WebAssembly.instantiateStreaming = real; };
}

// The runtime restores a snapshot by copying it over its memory as instantiated (30 MiB) and
// does not grow it first (pyodide issue 6254): an image made from a heap that had grown past
// that would fail to restore, and every start would fall back. The image fits with 0.36 MB
// to spare (imported after the engine instead of before, PyScript's modules made it 36 MiB);
// so that an engine that grows keeps its snapshot, the memory is grown to the image's size
// first. Grown pages are zero, as the runtime's own growth leaves them.
function roomFor(instance, bytes) {
  const memory = instance && instance.exports && instance.exports.memory;
  if (!bytes || !(memory instanceof WebAssembly.Memory)) return;
  const short = bytes - memory.buffer.byteLength;
  try {
    if (short > 0) memory.grow(Math.ceil(short / 65536));
  } catch {
    // no room to grow: the restore fails and the start falls back (as before)
  }
}

// -- the engine's files ---------------------------------------------------------------------
// Every start writes the wheel's files (a snapshot holds memory, not files: content TOML and
// lazy imports read them). Python's own unpacking (pyodide.unpackArchive, what PyScript's
// config "files" does) runs zipfile in the wasm: 0.5-0.7 s of a warm start in WebKit, whose
// wasm runs in an interpreter at first. Here the zip is read in JavaScript and each entry
// inflated by the browser's DecompressionStream while the runtime starts; the files
// are then written straight into its file system. Where that cannot be done (no
// DecompressionStream, an entry it cannot read) Python's own unpacking takes over.
// main.py (the page's glue, beside index.html) is written beside the engine too: index.html's
// <script type="py"> imports it as a module, so a snapshot can keep it compiled like
// PyScript's package (pageFiles); run as a script's text it was compiled on every start.
function wheelFiles() {
  const url = new URL("../../" + WHEEL, import.meta.url).href;
  const bytes = fetch(url).then((res) => {
    if (!res.ok) throw new Error(`the engine's wheel answered ${res.status}`);
    return res.arrayBuffer();
  }).then((b) => new Uint8Array(b));
  const files = bytes.then(inflateZip);
  files.catch(() => {});
  const main = fetch(new URL("../../main.py", import.meta.url).href)
    .then((res) => (res.ok ? res.arrayBuffer() : null)).then((b) => b && new Uint8Array(b))
    .catch(() => null); // missing: `import main` then says so on the page
  return { bytes, files, main };
}

async function inflate(data) {
  const stream = new Blob([data]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

// [{name, data}] of a zip's entries (stored or deflated), from its central directory
export async function inflateZip(zip) {
  if (typeof DecompressionStream === "undefined") throw new Error("no DecompressionStream");
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  let end = zip.length - 22;
  while (end >= 0 && view.getUint32(end, true) !== 0x06054b50) end--;
  if (end < 0) throw new Error("not a zip: no end of central directory");
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const names = new TextDecoder();
  const entries = [];
  for (let i = 0; i < count; i++) {
    if (view.getUint32(at, true) !== 0x02014b50) throw new Error("a damaged central directory");
    const method = view.getUint16(at + 10, true);
    const size = view.getUint32(at + 20, true);
    const [nameLen, extraLen, commentLen] = [28, 30, 32].map((o) => view.getUint16(at + o, true));
    const local = view.getUint32(at + 42, true);
    const name = names.decode(zip.subarray(at + 46, at + 46 + nameLen));
    at += 46 + nameLen + extraLen + commentLen;
    if (name.endsWith("/")) continue;
    if (name.startsWith("/") || name.split("/").includes("..")) throw new Error(`an entry outside the wheel: ${name}`);
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const raw = zip.subarray(start, start + size);
    if (method !== 0 && method !== 8) throw new Error(`entry ${name}: compression ${method}`);
    entries.push({ name, data: method === 0 ? raw : inflate(raw) });
  }
  return Promise.all(entries.map(async (e) => ({ name: e.name, data: await e.data })));
}

async function writeWheel(py, wheel) {
  performance.mark("pocketdeck:unpack-start");
  try {
    const files = await wheel.files;
    const dirs = new Set();
    for (const { name, data } of files) {
      const dir = `${HOME}/${name}`.replace(/\/[^/]*$/, "");
      if (!dirs.has(dir)) { py.FS.mkdirTree(dir); dirs.add(dir); }
      py.FS.writeFile(`${HOME}/${name}`, data);
    }
  } catch {
    py.unpackArchive(await wheel.bytes, "wheel", { extractDir: HOME });
  } finally {
    const main = await wheel.main;
    if (main) py.FS.writeFile(MAIN, main);
    performance.mark("pocketdeck:unpack-end");
  }
}

// the runtime's start between two performance marks (pocketdeck:runtime-start, -up): the
// benchmark reads where a start's time goes in every engine (tests/bench_webkit.py)
async function runtime(options, heapBytes = 0) {
  performance.mark("pocketdeck:runtime-start");
  const wheel = wheelFiles(); // fetched and inflated while the runtime starts
  const putBack = hookWasm(early, heapBytes);
  try {
    const py = await loadRuntime(options);
    performance.mark("pocketdeck:runtime-loaded"); // the runtime's own start done: restore and finalize
    await writeWheel(py, wheel);
    return py;
  } finally {
    putBack();
    if (early && globalThis.pocketdeckBoot) globalThis.pocketdeckBoot.early = !!early.used;
    performance.mark("pocketdeck:runtime-up");
  }
}

// PyScript's call: the start warmUp began, if there is one (PyScript's output handlers take
// over from then on), else a start now
export function loadPyodide(options = {}) {
  if (started) {
    output.stdout = options.stdout || null;
    output.stderr = options.stderr || null;
    const pending = started;
    started = null;
    return pending;
  }
  return start(options);
}

async function start(options = {}) {
  let kept = null;
  try {
    kept = await cachedSnapshot();
  } catch {
    kept = null;
  }
  if (kept) {
    try {
      const tries = unfinished(snapshotUrl());
      if (tries >= TRIES) throw new Error(`the last ${tries} starts from the snapshot did not finish`);
      restoring(snapshotUrl(), tries + 1);
      const bytes = checked(kept);
      bytes.catch(() => {}); // a refusal is handled when the runtime awaits it (below)
      // (the check begins with the image's length: its memory is grown to that)
      const py = await runtime({ ...options, _loadSnapshot: bytes }, parseInt(kept.check, 10) || 0);
      // fresh entropy for what the snapshot froze, and proof it is this build's
      const token = py.runPython("import pocketdeck.snapshot as s\ns.reseed()\ns.TOKEN");
      if (token !== SNAPSHOT.token) throw new Error("the snapshot belongs to another build");
      restoring(null);
      mark("snapshot");
      release(py);
      return py;
    } catch (e) {
      const reason = String((e && e.message) || e);
      await drop(reason).catch(() => {});
      restoring(null);
      mark("fallback", reason);
      return runtime(options);
    }
  }
  mark("normal");
  const up = runtime(options);
  makeLater(up).catch(() => {});
  return up;
}
