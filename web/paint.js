// The player's last screen, painted before Python is up (issue 18): a classic script that
// build.py inlines at the end of index.html's <body>, so the paint runs while the page is
// parsed, right after <main>, without waiting for any module script to be fetched through
// the service worker (web/lastscreen.js and boot.js come later and hold the rest).
//
// main.py hands every screen it draws to lastscreen.js's show(), which keeps it; the next
// start paints it at once, marked as waking up: its buttons are inert (aria-disabled,
// dimmed) and a quiet note says so. The first tap made then is queued and carried out once
// Python has drawn the real screen (woke(), called by boot.js), on the same button (same
// data-action and data-arg) if that screen has it, or refused with a message if not. Later
// taps while waking are refused on the spot.
//
// The stored HTML comes back from storage another tab (or anything else) may have
// written, so it is untrusted: it is parsed in an inert <template> and rebuilt node by
// node with only the elements and attributes the app itself draws; text is set as text
// (escaped as when drawn). Anything else (scripts, handlers, links, images) is dropped.
// (This file must never contain a closing script tag: build.py checks.)
"use strict";
// The page's own record of what went wrong (at most 50 lines): uncaught errors, unhandled
// rejections and console.error, from the first script that runs. A browser driven without
// a console channel (WebKitWebDriver has no BiDi) is checked by reading it
// (tests/test_webkit.py); nothing else reads it.
(() => {
  const errors = (window.pocketdeckErrors = []);
  const note = (kind, what) => { if (errors.length < 50) errors.push(`${kind}: ${String(what).slice(0, 300)}`); };
  window.addEventListener("error", (e) => note("error", e.message || (e.target && e.target.src) || "unknown"), true);
  window.addEventListener("unhandledrejection", (e) => note("rejection", (e.reason && e.reason.message) || e.reason));
  const real = console.error;
  console.error = function (...args) { note("console.error", args.join(" ")); return real.apply(this, args); };
})();
(() => {
  const KEY = "pocketdeck-last-screen";
  const MAX = 400_000; // characters; a bigger screen is not kept

  const SVG = "http://www.w3.org/2000/svg";
  const HTML_TAGS = new Set(("div p span b i em strong small h1 h2 h3 h4 li ul ol section article " +
    "header footer nav figure figcaption details summary label input option select textarea " +
    "form legend fieldset table caption thead tbody tr th td br button output meter progress").split(" "));
  const SVG_TAGS = new Set("svg g rect path circle ellipse line polyline polygon text tspan defs pattern title".split(" "));
  const ATTRS = new Set(("class role id title name value type scope rows maxlength placeholder tabindex " +
    "colspan rowspan open disabled checked selected hidden readonly for autocomplete " +
    "viewbox x y x1 y1 x2 y2 width height rx ry r cx cy d fill stroke stroke-width " +
    "stroke-linejoin stroke-linecap opacity transform text-anchor font-size font-weight " +
    "points patternunits dominant-baseline style popover popovertarget popovertargetaction").split(" "));
  const SAFE_STYLE = /^[-a-z0-9:;.%#,() ]*$/i;

  function allowedAttr(name, value) {
    if (name.startsWith("data-") || name.startsWith("aria-")) return /^[a-z0-9-]+$/.test(name);
    if (!ATTRS.has(name)) return false;
    if (name === "style") return SAFE_STYLE.test(value) && !/url|expression|image/i.test(value);
    return true;
  }

  // a clean copy of `node`'s children under `into`
  function copyChildren(node, into) {
    for (const child of node.childNodes) {
      if (child.nodeType === Node.TEXT_NODE) {
        into.appendChild(document.createTextNode(child.nodeValue));
        continue;
      }
      if (child.nodeType !== Node.ELEMENT_NODE) continue;
      const tag = child.localName;
      const svg = child.namespaceURI === SVG;
      if (!(svg ? SVG_TAGS : HTML_TAGS).has(tag)) continue; // dropped with what it holds
      const el = svg ? document.createElementNS(SVG, tag) : document.createElement(tag);
      for (const a of child.attributes) {
        const name = a.name.toLowerCase();
        if (allowedAttr(name, a.value)) el.setAttribute(a.name, a.value);
      }
      copyChildren(child, el);
      into.appendChild(el);
    }
  }

  function sanitise(html) {
    const t = document.createElement("template");
    t.innerHTML = String(html).slice(0, MAX);
    const out = document.createDocumentFragment();
    copyChildren(t.content, out);
    return out;
  }

  // {action, arg, label} of the first tap while waking; kept in sessionStorage too, so a
  // reload (or a crash) before Python is up does not lose it: the next start carries it out
  // or refuses it with a message, like this one would
  const TAP_KEY = "pocketdeck-queued-tap";
  let queued = loadQueued();
  if (queued) document.documentElement.dataset.tapQueued = "";
  const root = document.getElementById("app");

  function loadQueued() {
    try {
      const tap = JSON.parse(sessionStorage.getItem(TAP_KEY) || "null");
      if (tap && typeof tap.action === "string" && typeof tap.arg === "string" &&
          typeof tap.label === "string") return tap;
    } catch {
      // unreadable: nothing was queued that this start can know of
    }
    return null;
  }

  function storeQueued(tap) {
    try {
      if (tap) sessionStorage.setItem(TAP_KEY, JSON.stringify(tap));
      else sessionStorage.removeItem(TAP_KEY);
    } catch {
      // storage blocked: the tap is kept in memory only, for this start
    }
  }

  function note(text) {
    const el = document.getElementById("waking-note");
    if (el) el.textContent = text;
  }

  function onWakingTap(event) {
    if (!root.classList.contains("waking")) return;
    const el = event.target.closest && event.target.closest("#app [data-action]");
    if (!el) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (queued) {
      note("Still waking up: only your first tap is kept.");
      return;
    }
    queued = { action: el.getAttribute("data-action"), arg: el.getAttribute("data-arg") || "",
               label: (el.getAttribute("aria-label") || el.textContent || "").trim().slice(0, 60) };
    storeQueued(queued);
    note("Waking up… your tap will follow.");
    document.documentElement.dataset.tapQueued = "";
  }

  // Python has drawn the real screen: carry out the queued tap there, or say why not
  function woke() {
    document.removeEventListener("click", onWakingTap, true);
    root.classList.remove("waking");
    if (!queued) return;
    const { action, arg, label } = queued;
    queued = null;
    storeQueued(null);
    const match = [...root.querySelectorAll("[data-action]")].find(
      (el) => el.getAttribute("data-action") === action && (el.getAttribute("data-arg") || "") === arg);
    if (match && !match.disabled) {
      document.documentElement.dataset.tapReplayed = "";
      match.click();
      return;
    }
    const msg = document.createElement("p");
    msg.className = "flash error tap-refused";
    msg.setAttribute("role", "alert");
    msg.textContent = `Your tap${label ? ` on “${label}”` : ""} was not carried out: ` +
      "that button is not on the screen any more. Please tap again.";
    root.prepend(msg);
    document.documentElement.dataset.tapRefused = "";
  }

  function paint() {
    let html = null;
    try {
      html = localStorage.getItem(KEY);
    } catch {
      html = null;
    }
    if (!html || !root) return false;
    const screen = sanitise(html);
    if (!screen.childNodes.length) return false;
    for (const el of screen.querySelectorAll("[data-action]")) el.setAttribute("aria-disabled", "true");
    const wake = document.createElement("p");
    wake.id = "waking-note";
    wake.className = "waking-note";
    wake.setAttribute("role", "status");
    wake.textContent = queued ? "Waking up… your tap will follow." : "Waking up…";
    root.replaceChildren(wake, screen);
    root.classList.add("waking");
    document.addEventListener("click", onWakingTap, true);
    document.documentElement.dataset.painted = String(Math.round(performance.now()));
    return true;
  }

  // PyScript watches the whole document with a MutationObserver, for <script type="py">
  // and py-* event attributes added after start; for every element a screen adds it
  // compiles and runs an XPath query (1-3 ms a tap at a phone's speed, docs/BENCHMARK.md
  // "The screen"). The app adds neither once Python is up, so boot.js stops those
  // observers then (quiet()): this script runs before any module, so it sees them made.
  const NativeObserver = window.MutationObserver;
  const documentWide = [];
  window.MutationObserver = class extends NativeObserver {
    observe(target, options) {
      if (target === document && options && options.subtree) documentWide.push(this);
      return super.observe(target, options);
    }
  };
  function quiet() {
    for (const observer of documentWide.splice(0)) observer.disconnect();
    window.MutationObserver = NativeObserver;
    document.documentElement.dataset.quiet = "1"; // (the tests read it)
  }

  // lastscreen.js keeps screens under the same key and limit; boot.js calls woke() and
  // quiet() once Python has drawn its first screen
  window.pocketdeckWaking = { key: KEY, max: MAX, woke, quiet };
  paint();
})();
