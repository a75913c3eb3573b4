// A new screen written over the one on the page, keeping every node that did not change
// (issue 30 part 2: a tap within one frame budget at 4x).
//
// Why: innerHTML throws the whole screen away on every tap, and the browser then styles and
// lays out all of its 200-450 elements again; that, not Python, was most of a 4x tap
// (docs/BENCHMARK.md). A tap changes a few parts of a screen (a card leaves the hand, a line
// joins the log, a count moves); the rest is the same markup. Nodes kept are neither parsed,
// styled nor laid out again, and the focused button stays the focused button.
//
// How: each screen is parsed once into an inert <template> (no style, no layout) and
// compared with the template of the screen before it, never with the live nodes: the shell
// and the player change those (settle's tabindex and guide outline, an opened <details>, a
// QR code drawn in place, a line written by library.js). A live node is kept as it is only
// when the old and new templates are equal AND the live node still equals the old template;
// otherwise an element of the same tag and key gets the new attributes and its children are
// compared in turn, a text node gets the new text, and anything else is replaced by a copy.
//
// Children are matched by key (tag, then id, data-key, data-card or first class), so that a card taken
// out of a hand or a line put at the top of the log does not shift every later sibling onto
// a different partner. Form fields and SVG are never patched: a kept field would keep what
// was typed into it, and an SVG is small and drawn whole (cards are keyed by data-card, so
// the unchanged ones are kept whole). A screen whose live children no longer mirror its
// template at some level (the waking note, a refused-tap line) is rewritten at that level.

const REPLACE_ONLY = new Set(["input", "textarea", "select", "svg", "option"]);
const FIELDS = "input, textarea, select"; // what is typed into one is no attribute: never kept

let anyField = true; // the screen being written holds a form field somewhere
function holdsField(node) {
  return anyField && node.nodeType === Node.ELEMENT_NODE
    && (node.matches(FIELDS) || node.querySelector(FIELDS) !== null);
}
const LOOKAHEAD = 4; // candidates tested for an equal node, and new siblings tested for an insertion

// what pairs an old child with a new one: the tag, and the id, data-key or data-card, else
// the first class (a result box put above the piles must not be paired with the piles)
// (each node's key is worked out once per write: pair() and patch() ask for it again)
let keys = new WeakMap();
function keyOf(node) {
  if (node.nodeType !== Node.ELEMENT_NODE) return "#" + node.nodeType;
  let key = keys.get(node);
  if (key !== undefined) return key;
  const named = node.id || node.getAttribute("data-key") || node.getAttribute("data-card");
  if (named) key = node.localName + "#" + named;
  else {
    const cls = node.getAttribute("class");
    key = node.localName + "." + (cls ? cls.trimStart().split(" ", 1)[0] : "");
  }
  keys.set(node, key);
  return key;
}

// `live` gets `want`'s attributes; `was` is what live's attributes are known to be (its old
// template, or live itself when something else changed them)
function setAttributes(live, was, want) {
  for (const name of was.getAttributeNames()) if (!want.hasAttribute(name)) live.removeAttribute(name);
  for (const name of want.getAttributeNames()) {
    const value = want.getAttribute(name);
    if (was.getAttribute(name) !== value) live.setAttribute(name, value);
  }
}

// Live nodes changed since the last write by anyone but write() itself (settle's tabindex and
// outline, an opened <details>, a QR code or a line drawn in place): a MutationObserver's
// records, read synchronously at the next write. `touched` holds the elements whose
// attributes changed, `moved` those whose children changed, `inside` every target and its
// ancestors up to the root: a subtree none of whose nodes is in `inside` still mirrors its
// old template exactly, so it needs no deep comparison.
let touched = new Set();
let moved = new Set();
let inside = new Set();
let watching = null;
let delivered = []; // records the observer handed to its callback before the next write

function takeTouched(root) {
  touched = new Set();
  moved = new Set();
  inside = new Set();
  if (!watching) return;
  const records = delivered.concat(watching.takeRecords());
  delivered = [];
  for (const record of records) {
    // the root's own attributes are not the screen's (the waking class paint.js takes off)
    if (record.target === root && record.type === "attributes") continue;
    (record.type === "childList" ? moved : touched).add(record.target);
    for (let n = record.target; n && n !== root && !inside.has(n); n = n.parentNode) inside.add(n);
  }
}

function watch(root) {
  if (!watching) watching = new MutationObserver((records) => { delivered.push(...records); });
  delivered = []; // (write() disconnected it before its own changes)
  watching.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
}

// the live node to stand where `want` goes: `live` itself (kept or patched) or a new copy;
// `equal`: the old template node is known to equal `want`
function patch(live, old, want, equal) {
  if (!inside.has(live) && (equal || same(old, want)) && !holdsField(want)) return live;
  if (want.nodeType === Node.TEXT_NODE && live.nodeType === Node.TEXT_NODE) {
    if (live.nodeValue !== want.nodeValue) live.nodeValue = want.nodeValue;
    return live;
  }
  if (want.nodeType === Node.ELEMENT_NODE && live.nodeType === Node.ELEMENT_NODE
      && live.localName === want.localName && keyOf(old) === keyOf(want)
      && !REPLACE_ONLY.has(want.localName) && live.namespaceURI === want.namespaceURI) {
    setAttributes(live, touched.has(live) ? live : old, want);
    if (moved.has(live)) live.replaceChildren(...[...want.childNodes].map((n) => n.cloneNode(true)));
    else patchChildren(live, old, want);
    return live;
  }
  return want.cloneNode(true);
}

// Which old child each new child takes: an equal one among the next few of its key, else
// (unless the first of them comes back equal a little later: then this one is new) the
// first of its key, to be patched; else none (a copy is made).
function pair(oldKids, wantKids) {
  const byKey = new Map();
  oldKids.forEach((node, i) => {
    const k = keyOf(node);
    if (!byKey.has(k)) byKey.set(k, []);
    byKey.get(k).push(i);
  });
  const used = new Uint8Array(oldKids.length);
  const equal = new Uint8Array(wantKids.length);
  const firstFree = new Map(); // key -> position in its list of the first unused index
  const picks = wantKids.map((want, w) => {
    const k = keyOf(want);
    const list = byKey.get(k);
    if (!list) return -1;
    let at = firstFree.get(k) || 0;
    while (at < list.length && used[list[at]]) at++;
    firstFree.set(k, at);
    if (at >= list.length) return -1;
    let pick = -1;
    for (let j = at, seen = 0; j < list.length && seen < LOOKAHEAD; j++) {
      if (used[list[j]]) continue;
      seen++;
      if (same(oldKids[list[j]], want)) { pick = list[j]; equal[w] = 1; break; }
    }
    if (pick < 0) {
      const first = oldKids[list[at]];
      for (let n = w + 1; n < Math.min(wantKids.length, w + 1 + LOOKAHEAD); n++) {
        if (keyOf(wantKids[n]) === k && same(first, wantKids[n])) return -1;
      }
      pick = list[at];
    }
    used[pick] = 1;
    return pick;
  });
  return { picks, equal };
}

function patchChildren(live, old, want) {
  const liveKids = [...live.childNodes];
  const oldKids = [...old.childNodes];
  const wantKids = [...want.childNodes];
  if (liveKids.length !== oldKids.length) {
    live.replaceChildren(...wantKids.map((n) => n.cloneNode(true)));
    return;
  }
  const { picks, equal } = pair(oldKids, wantKids);
  const next = wantKids.map((w, i) => (picks[i] < 0 ? w.cloneNode(true)
    : patch(liveKids[picks[i]], oldKids[picks[i]], w, equal[i] === 1)));
  const staying = new Set(next);
  for (const node of liveKids) if (!staying.has(node)) node.remove();
  place(live, next, liveKids);
}

// Put `next` in order under `live`, moving as few kept nodes as possible: those on a longest
// run already in order stay where they are, every other node is inserted before its
// successor. A node moved is taken out of the page and put back, and the browser styles and
// lays it out again as if it were new: a glossary popover put first used to shift all the
// others (P52: 80 of 142 elements made again per tap, docs/BENCHMARK.md).
function place(live, next, liveKids) {
  const at = new Map();
  liveKids.forEach((node, i) => at.set(node, i));
  const stays = longestRun(next.map((node) => (at.has(node) ? at.get(node) : -1)));
  let anchor = null;
  for (let i = next.length - 1; i >= 0; i--) {
    if (!stays[i]) live.insertBefore(next[i], anchor);
    anchor = next[i];
  }
}

// Flags of the entries of a longest strictly increasing run of `seq` (entries < 0 skipped):
// patience sorting with back links, O(n log n).
function longestRun(seq) {
  const tails = []; // tails[k]: index in seq of the smallest end of a run of length k + 1
  const back = new Int32Array(seq.length).fill(-1);
  for (let i = 0; i < seq.length; i++) {
    const v = seq[i];
    if (v < 0) continue;
    let lo = 0, hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (seq[tails[mid]] < v) lo = mid + 1; else hi = mid;
    }
    if (lo > 0) back[i] = tails[lo - 1];
    tails[lo] = i;
  }
  const stays = new Uint8Array(seq.length);
  for (let i = tails.length ? tails[tails.length - 1] : -1; i >= 0; i = back[i]) stays[i] = 1;
  return stays;
}

// -- blocks -------------------------------------------------------------------------------
// Parts of a screen that stay the same from tap to tap (a table's bar, the enemies, the
// party's sheets, the guide: ui/html.py ``block``) come between two comments, OPEN and
// CLOSE. Each is parsed once and kept by its markup; a later screen that holds it unchanged
// gets a copy of the parsed nodes (a copy costs a tenth of a parse), and its nodes are known
// equal to the last screen's without comparing them node by node (the same kept entry).
// A P52 attack parsed 13.7 kB at every tap, half of it parts that never change
// (docs/BENCHMARK.md, "The screen"). Text from outside cannot make a marker: ``esc``
// writes "<" as "&lt;", so no escaped text opens or closes a comment. Markup marked any
// other way than OPEN, markup, CLOSE (one after another, never nested) is parsed whole,
// its comments left as comments.
export const OPEN = "<!--{-->";
export const CLOSE = "<!--}-->";
const BLOCKS_MAX = 64; // markups kept; past it the store is emptied and filled again
let blocks = new Map(); // markup -> its nodes, parsed once (a fragment never put on the page)
const blockOf = new WeakMap(); // a node of a template -> the kept fragment it was copied from

// `a` and `b` (template nodes) hold the same markup: copies of one kept block, or equal
function same(a, b) {
  const kept = blockOf.get(a);
  return (kept !== undefined && kept === blockOf.get(b)) || a.isEqualNode(b);
}

// `html` parsed into a template, each block copied from the store (parsed the first time)
export function parse(html) {
  const t = document.createElement("template");
  const pieces = html.split(OPEN);
  if (pieces.length === 1) {
    t.innerHTML = html;
    return t;
  }
  const marked = [];
  let skeleton = pieces[0];
  for (let i = 1; i < pieces.length; i++) {
    const end = pieces[i].indexOf(CLOSE);
    if (end < 0 || pieces[i].indexOf(CLOSE, end + 1) >= 0) { // not marked as agreed
      t.innerHTML = html;
      return t;
    }
    marked.push(pieces[i].slice(0, end));
    skeleton += `<template data-pd-block="${i - 1}"></template>` + pieces[i].slice(end + CLOSE.length);
  }
  t.innerHTML = skeleton;
  if (blocks.size + marked.length > BLOCKS_MAX) blocks = new Map();
  for (const slot of t.content.querySelectorAll("template[data-pd-block]")) {
    const markup = marked[Number(slot.getAttribute("data-pd-block"))];
    let kept = blocks.get(markup);
    if (kept === undefined) {
      const one = document.createElement("template");
      one.innerHTML = markup;
      kept = one.content;
      blocks.set(markup, kept);
    }
    const copy = kept.cloneNode(true);
    if (copy.childNodes.length === 1) blockOf.set(copy.firstChild, kept);
    slot.replaceWith(copy);
  }
  return t;
}

let shown = null; // the template of the screen on the page now (pristine: never on the page)

// Put `html` in `root`: whole when `fresh` (another screen), the first time, or when another
// hand changed root's own children (paint.js's refused-tap line); else in place.
export function write(root, html, fresh) {
  const next = parse(html);
  takeTouched(root);
  if (watching) watching.disconnect(); // this write's own changes are not the player's
  anyField = next.content.querySelector(FIELDS) !== null;
  keys = new WeakMap();
  if (fresh || !shown || moved.has(root)) root.replaceChildren(next.content.cloneNode(true));
  else patchChildren(root, shown.content, next.content);
  watch(root);
  shown = next;
}
