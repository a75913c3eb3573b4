// Makes this build's boot snapshot on the phone (issue 30), in a module Web Worker so the
// page stays responsive. build.py copies it beside pyodide.mjs; web/snapshot-loader.mjs
// starts it, once the page is up and idle, after a start that did not come from a snapshot.
//
// It boots the same vendored Pyodide with `_makeSnapshot`, unpacks the app's wheel where
// PyScript's `files` unpacks it (/home/pyodide: module paths inside the snapshot are then
// the page's), runs `pocketdeck.snapshot.warm(token)` (what tools/make_snapshot.mjs runs in
// Node for the tests), makes the memory image and keeps it in Cache Storage under `key`,
// where the loader finds it on the next start. The site ships no snapshot any more: a
// deploy costs a phone only the files that changed. It runs `warm` a step at a time and
// waits between steps while the player is tapping (below).
//
// Nothing is made when the origin is low on storage: the loader asks before it starts
// this worker, and here the image is kept only if twice its size is free. A snapshot that cannot be made is remembered as an empty marker
// under its key (X-Pocketdeck-Snapshot: failed ...), so it is not tried again on every
// start; the next build has a new key and tries afresh. The player is never told: the
// app simply keeps booting the normal way.
//
// in:  {key, token, wheel, files}   (key and wheel: absolute URLs; files: [[path, bytes]] of
//      PyScript's package as the page wrote it)
// in:  {busy: true}          (the player tapped: wait before the next step)
// out: {result: "made" | "low-storage" | "failed" | "kept", bytes?, ms?, paused_ms?, error?}
import { loadPyodide } from "./pyodide.mjs";
import { snapshotCheck, CHECK_HEADER, oneLine } from "./snapshot-loader.mjs";

const CACHE = "pocketdeck:snapshot"; // not a version's cache: sw.js never tidies it
async function freeBytes() {
  const est = navigator.storage && navigator.storage.estimate ? await navigator.storage.estimate() : null;
  return est && est.quota ? est.quota - (est.usage || 0) : Infinity;
}


// The player comes first. The page posts {busy: true} on each tap or key (snapshot-loader.mjs);
// between its steps the worker waits until QUIET_MS have passed since the last one, so on a
// phone with few cores it does not take the CPU the page needs to answer a tap (at 4x on a
// 2-core machine, draws took 50-75 ms while it ran and 28-40 after, docs/BENCHMARK.md "The start").
// A step is a module imported or a table loaded: milliseconds; booting the runtime is the
// one long step that cannot wait inside itself.
const QUIET_MS = 700;
let busyAt = -Infinity;
let paused = 0; // ms spent waiting for the player
async function quiet() {
  await new Promise((resolve) => setTimeout(resolve, 0)); // the page's messages come in
  const t = performance.now();
  while (performance.now() - busyAt < QUIET_MS) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  paused += performance.now() - t;
}

async function make({ key, token, wheel, files }) {
  const t0 = performance.now();
  const cache = await caches.open(CACHE);
  if (await cache.match(key)) return { result: "kept" }; // made by another tab, or failed
  let bytes;
  try {
    await quiet();
    const py = await loadPyodide({ indexURL: new URL("./", import.meta.url).href, _makeSnapshot: true });
    await quiet();
    const res = await fetch(wheel);
    if (!res.ok) throw new Error(`the wheel answered ${res.status}`);
    py.unpackArchive(new Uint8Array(await res.arrayBuffer()), "wheel", { extractDir: "/home/pyodide" });
    await quiet();
    // PyScript's own package, as the page wrote it: its bytecode and the standard library it
    // imports go into the image (pocketdeck.snapshot.keep_page_code). First: imported after
    // the engine, the same modules grew the heap past the 30 MiB it starts with (the image
    // was then 36 MiB); imported before it, the image stays at 30 MiB.
    for (const [path, data] of files || []) {
      py.FS.mkdirTree(path.replace(/\/[^/]*$/, ""));
      py.FS.writeFile(path, data);
    }
    const paths = JSON.stringify((files || []).map(([path]) => path)); // (a list of str in Python too)
    py.runPython(`from pocketdeck.snapshot import keep_page_code\nkeep_page_code("/home/pyodide", ${paths})`);
    await quiet();
    const steps = py.runPython(`from pocketdeck.snapshot import warm_steps\nwarm_steps(${JSON.stringify(token)})`);
    try {
      while (!steps.next().done) await quiet();
    } finally {
      steps.destroy();
    }
    await quiet();
    py.runPython("from pocketdeck.snapshot import freeze\nfreeze()"); // (see there)
    await quiet();
    bytes = py.makeMemorySnapshot();
  } catch (e) {
    await cache.put(key, new Response(new Uint8Array(0), {
      headers: { "X-Pocketdeck-Snapshot": "failed: " + oneLine((e && e.message) || e) } }));
    return { result: "failed", error: String((e && e.message) || e) };
  }
  if ((await freeBytes()) < bytes.length * 2) return { result: "low-storage" };
  // one snapshot kept: an older build's goes when this one comes
  for (const old of await cache.keys()) if (old.url !== key) await cache.delete(old);
  // the loader restores it only while its bytes still match this check (snapshot-loader.mjs)
  await cache.put(key, new Response(bytes, { headers: { "Content-Type": "application/octet-stream",
                                                         [CHECK_HEADER]: snapshotCheck(bytes) } }));
  return { result: "made", bytes: bytes.length, ms: Math.round(performance.now() - t0),
           paused_ms: Math.round(paused) };
}

self.onmessage = async (event) => {
  if (event.data && event.data.busy) { // the player tapped (not a job)
    busyAt = performance.now();
    return;
  }
  let out;
  try {
    out = await make(event.data);
  } catch (e) {
    out = { result: "failed", error: String((e && e.message) || e) };
  }
  self.postMessage(out);
};
