// Putting a screen Python rendered on the page: main.py calls show(html) once per tap.
//
// One call from Python, and the rest in JavaScript: every crossing from Pyodide into the
// DOM costs a proxy and a string copy, which at a phone's speed added milliseconds to
// each tap. Only the drawing is done at once; keeping the HTML for the next start's
// first paint (lastscreen.js) is a 20 kB localStorage write that waits until the browser
// is idle after the frame, and is written at once when the page is hidden or closed, so
// the next start still paints the last screen drawn. (The tap's save is not here: main.py
// starts its IndexedDB write before it calls show.)

import { keep } from "./lastscreen.js";

let pending = null; // the newest screen not yet kept
let waiting = false;

function flush() {
  waiting = false;
  if (pending === null) return;
  const html = pending;
  pending = null;
  keep(html);
}

function keepSoon(html) {
  pending = html;
  if (waiting) return;
  waiting = true;
  if (window.requestIdleCallback) requestIdleCallback(flush, { timeout: 1000 });
  else setTimeout(flush, 200);
}

// the page may go away before the idle moment: keep the screen then
addEventListener("pagehide", flush);
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "hidden") flush();
});

export function show(html) {
  const root = document.getElementById("app");
  root.innerHTML = html;
  keepSoon(html);
  if (root.querySelector("[data-qr]") && window.pocketdeckLibrary) {
    window.pocketdeckLibrary.drawCodes(root); // the Library's QR codes (library.js)
  }
  for (const el of root.querySelectorAll("input.share-link")) {
    el.value = location.href.split("#")[0] + "#" + el.getAttribute("value");
    el.focus();
    el.select();
  }
}
