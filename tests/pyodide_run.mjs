// Runs Python code inside Pyodide under Node with the pocketdeck wheel installed:
//   node pyodide_run.mjs PYODIDE_DIR WHEEL SCRIPT.py   -> prints what the script prints
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";

//   node pyodide_run.mjs PYODIDE_DIR WHEEL SCRIPT.py SNAPSHOT.bin   -> the same, started from
//   the boot snapshot as the page does (web/snapshot-loader.mjs): wheel unpacked where it was
//   made, then reseeded
const [pyodideDir, wheel, script, snapshot] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const options = { indexURL: pyodideDir + path.sep, stdout: (s) => console.log(s), stderr: (s) => console.error(s) };
if (snapshot) options._loadSnapshot = new Uint8Array(readFileSync(snapshot));
const py = await loadPyodide(options);
py.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel", snapshot ? { extractDir: "/home/pyodide" } : {});
if (snapshot) py.runPython("import pocketdeck.snapshot as s\ns.reseed()\nassert s.TOKEN, 'not the snapshot'");
await py.runPythonAsync(readFileSync(script, "utf8"));
