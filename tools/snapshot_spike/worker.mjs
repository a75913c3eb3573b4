// spike: make a Pyodide memory snapshot inside a module Web Worker
self.onmessage = async (ev) => {
  const { base, wheel, token } = ev.data;
  const t0 = performance.now();
  try {
    const { loadPyodide } = await import(base + "pyodide.mjs");
    const py = await loadPyodide({ indexURL: base, _makeSnapshot: true });
    const t1 = performance.now();
    const whl = new Uint8Array(await (await fetch(wheel)).arrayBuffer());
    py.unpackArchive(whl, "wheel", { extractDir: "/home/pyodide" });
    py.runPython(`import sys; sys.path.insert(0, "/home/pyodide")`);
    const n = py.runPython(`from pocketdeck.snapshot import warm; warm(${JSON.stringify(token)})`);
    const t2 = performance.now();
    const bytes = py.makeMemorySnapshot();
    const t3 = performance.now();
    const cache = await caches.open("spike");
    await cache.put(new URL("snap.bin", location.href).href, new Response(bytes));
    self.postMessage({ ok: true, bytes: bytes.length, modules: n, boot: t1 - t0, warm: t2 - t1, make: t3 - t2, put: performance.now() - t3 });
  } catch (e) {
    self.postMessage({ ok: false, error: String(e && (e.stack || e.message) || e) });
  }
};
