// Makes the memory snapshot of a Pyodide that has the Pocketdeck engine imported, in Node
// with the pinned runtime, the way web/snapshot-worker.mjs makes it on the phone (issue 30:
// the site ships none). tests/test_pyodide.py uses it to play the parity games from a
// snapshot start:
//   node make_snapshot.mjs PYODIDE_DIR WHEEL OUT_FILE TOKEN
// The wheel is unpacked where PyScript's `files` unpacks it (/home/pyodide) so that module
// paths inside the snapshot are the ones the page will have; the page unpacks the wheel
// again (a snapshot holds memory, not the file system).
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";

const [pyodideDir, wheel, out, token] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: pyodideDir + path.sep, _makeSnapshot: true,
                               stdout: (s) => console.log(s), stderr: (s) => console.error(s) });
py.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel", { extractDir: "/home/pyodide" });
const modules = py.runPython(`from pocketdeck.snapshot import warm; warm(${JSON.stringify(token)})`);
const bytes = py.makeMemorySnapshot();
// it must restore (the heap bug of pyodide issue 6254 would show here)
const again = await loadPyodide({ indexURL: pyodideDir + path.sep, _loadSnapshot: bytes });
const back = again.runPython("import pocketdeck.snapshot as s; s.TOKEN");
if (back !== token) throw new Error(`the snapshot restored with token ${back}, not ${token}`);
writeFileSync(out, bytes);
console.log(JSON.stringify({ bytes: bytes.length, modules }));
