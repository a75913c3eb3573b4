// Every screen main.py draws goes on the page through show() (issue 18); the next start's
// first paint of it is web/paint.js (inlined in index.html by build.py, so it runs before
// any module), which also holds the sanitiser and the waking tap queue.
//
// show() is how main.py puts every screen it draws on the page (one call per tap): the DOM
// update at once, and keep() only once the browser is idle after the frame (a 20 kB
// localStorage write that used to sit inside each tap), or at once when the page is
// hidden or closed, so the next start still paints the last screen drawn. (The tap's own
// save is not here: main.py starts its IndexedDB write before it calls show.)

const { key: KEY, max: MAX } = window.pocketdeckWaking;

function keep(html) {
  try {
    if (html.length <= MAX) localStorage.setItem(KEY, html);
  } catch {
    // storage full or blocked: the next start shows the plain loading screen
  }
}

let unkept = null; // the newest screen shown and not yet kept
let keepWaiting = false;

function keepUnkept() {
  keepWaiting = false;
  if (unkept === null) return;
  const html = unkept;
  unkept = null;
  keep(html);
}

addEventListener("pagehide", keepUnkept);
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "hidden") keepUnkept();
});

// A screen Python rendered: on the page now, kept for the next start when idle. In
// JavaScript, not in main.py: each crossing from Pyodide into the DOM costs a proxy and
// a string copy, which added milliseconds to every tap at a phone's speed.
export function show(html) {
  const app = document.getElementById("app");
  app.innerHTML = html;
  unkept = html;
  if (!keepWaiting) {
    keepWaiting = true;
    if (window.requestIdleCallback) requestIdleCallback(keepUnkept, { timeout: 1000 });
    else setTimeout(keepUnkept, 200);
  }
  if (app.querySelector("[data-qr]") && window.pocketdeckLibrary) {
    window.pocketdeckLibrary.drawCodes(app); // the Library's QR codes (library.js)
  }
  for (const el of app.querySelectorAll("input.share-link")) {
    el.value = location.href.split("#")[0] + "#" + el.getAttribute("value");
    el.focus();
    el.select();
  }
}
