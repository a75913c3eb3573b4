// Every screen main.py draws goes on the page through show() (issue 18); the next start's
// first paint of it is web/paint.js (inlined in index.html by build.py, so it runs before
// any module), which also holds the sanitiser and the waking tap queue.
//
// show() is how main.py puts every screen it draws on the page (one call per tap): the DOM
// update at once, and keep() only once the browser is idle after the frame (a 20 kB
// localStorage write that used to sit inside each tap), or at once when the page is
// hidden or closed, so the next start still paints the last screen drawn. (The tap's own
// save is not here: main.py starts its IndexedDB write before it calls show.)

import { CLOSE, OPEN, write } from "./morph.js";

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
  keep(html.replaceAll(OPEN, "").replaceAll(CLOSE, "")); // the blocks' marks are morph.js's
}

addEventListener("pagehide", keepUnkept);
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "hidden") keepUnkept();
});

// -- the play flow (issue 24; the contract is engine/pocketdeck/ui/flow.py) -------------
// One live region, made once by the shell (index.html #live): a region rebuilt with each
// screen is not heard. The same sentence twice differs by a trailing no-break space, so
// it is spoken again. data-said counts the sentences (tests read it).
let saidCount = 0;
export function announce(text) {
  const live = document.getElementById("live");
  if (!live || !text) return;
  const same = live.textContent.replace(/\u00a0$/, "") === text;
  live.textContent = same && !live.textContent.endsWith("\u00a0") ? text + "\u00a0" : text;
  live.dataset.said = String(++saidCount);
}

// (checkVisibility: a button inside a closed <details> still has boxes, but cannot take focus)
function visible(el) {
  return el && (!el.checkVisibility || el.checkVisibility()) && el.getClientRects().length > 0
    && getComputedStyle(el).visibility !== "hidden";
}

function barBottom() {
  const bar = document.querySelector("body > header.bar");
  return bar ? Math.max(0, bar.getBoundingClientRect().bottom) : 0;
}

// The lowest point of the screen a player can see and tap: above the first-game guide,
// which is fixed at the foot of the screen over the page (app.css .guide)
function floor(el) {
  const guide = document.querySelector("#app .guide");
  if (!guide || guide === el || !visible(guide)) return innerHeight - 8;
  return Math.min(innerHeight, guide.getBoundingClientRect().top) - 8;
}

// The first thing `el` asks the player to tap (the next thing to do)
function firstAction(el) {
  for (const b of el.querySelectorAll("[data-action]:not([disabled])")) if (visible(b)) return b;
  return null;
}

// Scroll as little as needed so that `el` (with the result box above it when both fit)
// stands whole between the sticky bar and the guide or the bottom of the screen; an element
// taller than that shows its top, as far down as its first action: that action stays in the
// room (the top of a long result is cut, never the button to tap; a P52 attack's "Take the
// hit" used to sit under the first-game guide). Instant: the player must see it now, not
// after an animation.
function bringIntoView(el, result) {
  const top = barBottom() + 8;
  const bottom = floor(el);
  const room = bottom - top;
  let r = el.getBoundingClientRect();
  let upper = r.top;
  if (result && visible(result)) {
    const rr = result.getBoundingClientRect();
    if (rr.top < r.top && r.bottom - rr.top <= room) upper = rr.top;
  }
  let dy = 0;
  if (r.bottom - upper > room || upper < top) {
    dy = upper - top;
    const act = firstAction(el);
    if (act) {
      const a = act.getBoundingClientRect();
      if (a.bottom - dy > bottom) dy = Math.min(a.bottom - bottom, a.top - top);
    }
  } else if (r.bottom > bottom) dy = r.bottom - bottom;
  if (dy) window.scrollBy({ top: dy, left: 0, behavior: "instant" });
}

// The tapped button's twin, found by attribute selector: only the few matches are tested
// for visibility (visible() forces style per element; a loop over every [data-action]
// cost most of settle's time on the big screens, docs/BENCHMARK.md "The screen").
function twinOf(app, action, arg) {
  if (!action) return null;
  let sel = `[data-action="${CSS.escape(action)}"]`;
  sel += arg ? `[data-arg="${CSS.escape(arg)}"]` : ":not([data-arg]), " + sel + '[data-arg=""]';
  for (const el of app.querySelectorAll(sel)) {
    if (!el.disabled && visible(el)) return el;
  }
  return null;
}

// After each screen: a new screen opens at its top; the guide's target is outlined; the
// prompt is brought into view; focus stays on the tapped button's twin, else goes to the
// prompt (never to <body>); the sentence is spoken.
// A key pressed once (Tab, arrows, Enter): this person moves by keyboard, so the focused
// prompt shows its ring from now on (app.css: html[data-keys]); touch alone never sets it.
document.addEventListener("keydown", () => { document.documentElement.dataset.keys = "1"; },
  { once: true, capture: true });

// What changes the page's style (the sentence, the guide's outline) is done before the
// first read of a box: each change after a read costs the browser another pass of style
// and layout (about 2 ms a tap at 4x, docs/BENCHMARK.md).
function settle(app, said, fresh, action, arg) {
  if (said) announce(said.slice(0, 600));
  if (fresh) window.scrollTo({ top: 0, left: 0, behavior: "instant" });
  const drawn = app.querySelector(".guide[data-prompt]");
  let target = null;
  if (drawn) {
    try { target = app.querySelector(drawn.getAttribute("data-guide-target")); } catch { target = null; }
    if (target) target.classList.add("guide-target");
  }
  const prompts = [...app.querySelectorAll("[data-prompt]")].filter(visible);
  const guide = prompts.find((p) => p.matches(".guide"));
  const prompt = prompts.find((p) => !p.matches(".guide")) || guide;
  if (target && guide !== drawn) { // the guide drawn is not shown: nothing is outlined
    target.classList.remove("guide-target");
    target = null;
  }
  // focus before bringIntoView reads boxes: the focus change restyles two elements, and
  // the read then takes that in (one style pass fewer in the frame; measured at 4x it is
  // inside the noise, docs/BENCHMARK.md "The tap path")
  let focus = twinOf(app, action, arg) || guide || prompt || app.querySelector("h1");
  if (focus && !focus.matches("button, input, select, textarea, summary, [tabindex]")) {
    focus.setAttribute("tabindex", "-1");
  }
  if (focus) focus.focus({ preventScroll: true });
  const result = app.querySelector("[data-result]");
  if (target && visible(target)) bringIntoView(target, null);
  else if (prompt) bringIntoView(prompt, result);
  if (said) return; // said already, before the boxes were read
  if (prompt) said = prompt.getAttribute("aria-label") || "";
  if (!said) {
    const h = app.querySelector("h1, h2");
    said = h ? h.textContent.trim() : "";
  }
  announce(said.slice(0, 600));
}

// -- the glossary popovers (issue 25), held apart from the screen -----------------------
// A screen's popovers (a term's line, a button's "?") are a quarter to a third of its
// markup, and most of them are the same from tap to tap. They live in a layer of the shell
// (index.html #popovers, after <main>), not in the screen: each arrives as its own markup,
// and only one the layer does not hold yet is parsed and added (one whose id is held with
// other words replaces it). They stay when the screen no longer links them: hidden, they
// cost nothing, and they are back at once when a term comes round again. Past LAYER_MAX
// held, the layer is emptied and refilled with the screen's own.
const LAYER_MAX = 300;
const held = new Map(); // markup -> its element in the layer
let heldText = null; // the last screen's popovers, as they came

function holdPopovers(text) {
  if (text === heldText) return;
  heldText = text;
  const layer = document.getElementById("popovers");
  if (!layer) return;
  const wanted = text ? text.split("\x1e") : [];
  if (held.size + wanted.length > LAYER_MAX) {
    layer.replaceChildren();
    held.clear();
  }
  for (const markup of wanted) {
    if (held.has(markup)) continue;
    const t = document.createElement("template");
    t.innerHTML = markup;
    const el = t.content.firstElementChild;
    if (!el) continue;
    const same = el.id ? document.getElementById(el.id) : null;
    if (same && same.parentNode === layer) {
      for (const [m, node] of held) if (node === same) held.delete(m);
      if (same.matches(":popover-open")) same.hidePopover();
      same.replaceWith(el);
    } else layer.append(el);
    held.set(markup, el);
  }
}

// the bench's phases of a tap (tests/bench_taps.py sets pocketdeckTiming before boot)
function mark(name) {
  if (window.pocketdeckTiming) performance.mark(name);
}

// A screen Python rendered: on the page now (in place: only what changed is rewritten,
// web/morph.js), its popovers in their layer, kept for the next start when idle. In
// JavaScript, not in main.py: each crossing from Pyodide into the DOM costs a proxy and a
// string copy, which added milliseconds to every tap at a phone's speed.
export function show(html, said = "", fresh = false, action = null, arg = null, popovers = "") {
  const app = document.getElementById("app");
  write(app, html, fresh);
  holdPopovers(popovers);
  mark("pd:written");
  // kept with its popovers (the waking paint puts them inside <main> until Python is up)
  unkept = popovers ? html + popovers.replaceAll("\x1e", "") : html;
  if (!keepWaiting) {
    keepWaiting = true;
    if (window.requestIdleCallback) requestIdleCallback(keepUnkept, { timeout: 1000 });
    else setTimeout(keepUnkept, 200);
  }
  if (app.querySelector("[data-qr]") && window.pocketdeckLibrary) {
    window.pocketdeckLibrary.drawCodes(app); // the Library's QR codes (library.js)
  }
  settle(app, said || "", fresh, action, arg);
  mark("pd:settled");
  for (const el of app.querySelectorAll("input.share-link")) {
    el.value = location.href.split("#")[0] + "#" + el.getAttribute("value");
    el.focus();
    el.select();
  }
}
