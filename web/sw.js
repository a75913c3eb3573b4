// Pocketdeck service worker: precaches every file of the build under its content hash.
// build.py fills in VERSION (hash of all file hashes) and FILES (path -> hash).
// Install copies unchanged files from the previous version's cache and fetches only
// what changed (checking each file against its hash); fetches are answered from this version's cache only, so a page never
// gets a mix of two versions. A new version waits until the page asks it to take over.
const VERSION = "__VERSION__";
const FILES = __FILES__;
const CACHE = "pocketdeck-" + VERSION;
const PREFIX = "pocketdeck-";
const MANIFEST = "./__manifest__.json";

function url(path) { return new URL(path, self.registration.scope).href; }

async function previous() {
  // [cache, manifest] of older versions, newest first
  const out = [];
  for (const name of (await caches.keys()).reverse()) {
    if (!name.startsWith(PREFIX) || name === CACHE) continue;
    const cache = await caches.open(name);
    const res = await cache.match(url(MANIFEST));
    if (res) out.push([cache, await res.json()]);
  }
  return out;
}

async function sha16(res) {
  const digest = await crypto.subtle.digest("SHA-256", await res.clone().arrayBuffer());
  return [...new Uint8Array(digest)].slice(0, 8).map((b) => b.toString(16).padStart(2, "0")).join("");
}

// A file of this version: from the HTTP cache when it holds this very version (the page
// has usually just loaded it, so a first visit downloads nothing twice), else from the
// network. Every file is checked against its hash, so a stale cache or a deploy caught
// half-way can never end up in the offline copy.
async function fetchChecked(path) {
  for (const mode of ["default", "reload"]) {
    const res = await fetch(new Request(url(path), { cache: mode }));
    if (res.ok && (await sha16(res)) === FILES[path]) return res;
  }
  throw new Error("precache: " + path + " does not match this version");
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const older = await previous();
    const paths = Object.keys(FILES);
    await Promise.all(paths.map(async (path) => {
      for (const [old, manifest] of older) {
        if (manifest[path] === FILES[path]) {
          const hit = await old.match(url(path));
          if (hit) { await cache.put(url(path), hit); return; }
        }
      }
      await cache.put(url(path), await fetchChecked(path));
    }));
    const index = await cache.match(url("index.html"));
    await cache.put(url("./"), index.clone());
    await cache.put(url(MANIFEST), new Response(JSON.stringify(FILES),
      { headers: { "Content-Type": "application/json" } }));
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "skip-waiting") self.skipWaiting();
  if (event.data && event.data.type === "version" && event.ports[0]) {
    event.ports[0].postMessage({ version: VERSION, files: Object.keys(FILES).length });
  }
});

self.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET" || !req.url.startsWith(self.registration.scope)) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const key = req.mode === "navigate" ? url("./") : req.url.split("#")[0];
    const hit = await cache.match(key, { ignoreSearch: req.mode === "navigate" });
    if (hit) return hit;
    return fetch(req);
  })());
});
