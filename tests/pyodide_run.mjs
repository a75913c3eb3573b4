// Runs Python code inside Pyodide under Node with the pocketdeck wheel installed:
//   node pyodide_run.mjs PYODIDE_DIR WHEEL SCRIPT.py   -> prints what the script prints
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";

const [pyodideDir, wheel, script] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: pyodideDir + path.sep, stdout: (s) => console.log(s), stderr: (s) => console.error(s) });
py.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel");
await py.runPythonAsync(readFileSync(script, "utf8"));
