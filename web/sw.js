// Pocketdeck service worker: precaches every file of the build under its content hash.
// build.py fills in VERSION (hash of all file hashes) and FILES (path -> hash).
// Install copies unchanged files from the previous version's cache and fetches only
// what changed (checking each file against its hash). A new version waits until a page
// asks it to take over.
//
// Two tabs (or more): every page is answered from the cache of the version its HTML came
// from, for as long as it lives, so a tab still running the old version never loads a file
// of the new one (a page mid-boot lazily importing runtime chunks, a game mid-play), even
// after another tab took the update. Which page runs which version is written down per
// client (CLIENTS below) when its navigation is answered, and an old version's cache is
// deleted only once no open page uses it. The other tabs show "Reload" and switch when
// the player says so (boot.js); their saves are in IndexedDB already.
const VERSION = "__VERSION__";
const FILES = __FILES__;
// (The boot snapshot is no file of the site: the phone makes it in a Web Worker and keeps
// it in a cache of its own, web/snapshot-worker.mjs. That worker's requests are answered
// from the version of the page that started it, as the page's own are.)
const CACHE = "pocketdeck-" + VERSION;
const PREFIX = "pocketdeck-";
const MANIFEST = "./__manifest__.json";
// clientId -> the version that page runs; not a PREFIX name, so never taken for a version
const CLIENTS = "pocketdeck:clients";
// a page whose navigation was just answered is not listed by matchAll until it runs
const NAVIGATING_MS = 10000;

function url(path) { return new URL(path, self.registration.scope).href; }

async function previous() {
  // [cache, manifest, name] of older versions, newest first
  const out = [];
  for (const name of (await caches.keys()).reverse()) {
    if (!name.startsWith(PREFIX) || name === CACHE) continue;
    const cache = await caches.open(name);
    const res = await cache.match(url(MANIFEST));
    if (res) out.push([cache, await res.json(), name]);
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

// -- which page runs which version ------------------------------------------------------------
const known = new Map(); // clientId -> version, memo of the CLIENTS cache (a worker restarts)

function clientKey(id) { return url("__client__/" + encodeURIComponent(id)); }

// since: when a page not yet running was recorded (0 for a page already open)
function remember(id, version, since = 0) {
  known.set(id, version);
  return caches.open(CLIENTS).then((store) => store.put(clientKey(id),
    new Response(JSON.stringify({ version, since }))));
}

async function recorded(id) {
  if (known.has(id)) return known.get(id);
  const hit = await caches.match(clientKey(id), { cacheName: CLIENTS });
  if (!hit) return null;
  const version = (await hit.json()).version;
  known.set(id, version);
  return version;
}

// The version a request's page runs: the one recorded for it, else this one (a page this
// worker never saw was loaded from the network, or claimed on a first visit).
async function versionOf(clientId) {
  return (clientId && (await recorded(clientId))) || VERSION;
}

// Forget pages that are gone and delete the caches of older versions no open page runs.
// Only versions older than this one: a newer one may be filling its cache right now.
// Returns the ms until the youngest page still counted as navigating stops being so (0 if
// none): a page that went away inside that window still holds its version until then.
async function tidy() {
  const live = new Set((await self.clients.matchAll({ includeUncontrolled: true, type: "all" }))
    .map((c) => c.id));
  const store = await caches.open(CLIENTS);
  const inUse = new Set([VERSION]);
  const prefix = clientKey("");
  let wait = 0;
  for (const req of await store.keys()) {
    const id = decodeURIComponent(req.url.slice(prefix.length));
    const res = await store.match(req);
    const entry = res ? await res.json().catch(() => ({})) : {};
    const left = NAVIGATING_MS - (Date.now() - (entry.since || 0));
    if (live.has(id)) {
      if (entry.version) inUse.add(entry.version);
      // it runs now: once it is gone it is gone, not "navigating" for the rest of the window
      if (entry.since && entry.version) await remember(id, entry.version);
    } else if (left > 0) {
      if (entry.version) inUse.add(entry.version);
      wait = Math.max(wait, left);
    } else {
      await store.delete(req);
      known.delete(id);
    }
  }
  const names = await caches.keys();
  const mine = names.indexOf(CACHE);
  for (const name of names.slice(0, Math.max(mine, 0))) {
    if (name.startsWith(PREFIX) && !inUse.has(name.slice(PREFIX.length))) await caches.delete(name);
  }
  return wait;
}

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    try {
      // the pages open now came from the version this one replaces (their worker may have
      // predated the per-page record): they keep that version's files
      const older = await previous();
      if (older.length) {
        const before = older[0][2].slice(PREFIX.length);
        for (const client of await self.clients.matchAll({ type: "all" })) {
          if (!(await recorded(client.id))) await remember(client.id, before);
        }
      }
      await tidy(); // the page's hello then tidies again once the window is over
    } finally {
      await self.clients.claim(); // whatever failed above, this version serves new pages
    }
  })());
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "skip-waiting") self.skipWaiting();
  if (event.data && event.data.type === "hello") {
    // tidy, and once more when the pages counted as navigating have had their time (a
    // page loaded and left again within it, as in a quick reload, must not keep an old
    // version's cache until some later start)
    event.waitUntil(tidy().then((wait) =>
      wait > 0 && new Promise((done) => setTimeout(done, wait + 50)).then(tidy)));
  }
  if (event.data && event.data.type === "version" && event.ports[0]) {
    event.ports[0].postMessage({ version: VERSION, files: Object.keys(FILES).length });
  }
});

async function answer(req, cacheName) {
  const key = req.mode === "navigate" ? url("./") : req.url.split("#")[0];
  return caches.match(key, { cacheName, ignoreSearch: req.mode === "navigate" });
}

self.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET" || !req.url.startsWith(self.registration.scope)) return;
  // a page loaded now runs this version, whatever the other tabs run
  if (req.mode === "navigate" && event.resultingClientId) {
    event.waitUntil(remember(event.resultingClientId, VERSION, Date.now()));
  }
  event.respondWith((async () => {
    const version = req.mode === "navigate" ? VERSION : await versionOf(event.clientId);
    // a Web Worker a page starts (the snapshot's) runs that page's version
    if (req.destination === "worker" && event.resultingClientId) await remember(event.resultingClientId, version);
    const hit = (await answer(req, PREFIX + version))
      || (version !== VERSION && (await answer(req, CACHE)));
    return hit || fetch(req);
  })());
});
