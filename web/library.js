// What only the browser can do for the Library screen (ui/library/screen.py): a file to
// download or to the share sheet, a link to the share sheet or the clipboard, reading a
// chosen file, and asking the browser to keep the storage. main.py hands every effect
// that is not a storage write to act(); nothing here decides anything about items.

function download(name, text) {
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

// The share sheet where the phone has one; when it is missing, refused, or closed without
// sending (AbortError), the file is downloaded and the link copied instead, so nothing the
// player asked for is lost.
async function sendFile(name, text) {
  const file = new File([text], name, { type: "application/json" });
  try {
    if (navigator.share && navigator.canShare && navigator.canShare({ files: [file] })) {
      await navigator.share({ files: [file], title: name });
      return "shared";
    }
  } catch (e) { /* refused or closed: the download below */ }
  download(name, text);
  return "downloaded";
}

async function shareLink(fragment, title) {
  const url = location.href.split("#")[0] + "#" + fragment;
  try {
    if (navigator.share) {
      await navigator.share({ url, title });
      return "shared";
    }
  } catch (e) { /* refused or closed: copied below */ }
  return copyLink(fragment);
}

async function copyLink(fragment) {
  const url = location.href.split("#")[0] + "#" + fragment;
  try {
    await navigator.clipboard.writeText(url);
    return "copied";
  } catch (e) {
    const field = document.querySelector("input.share-link");
    if (field) { field.value = url; field.select(); }
    return "select";
  }
}

const SAID = {
  shared: "Sent with the share sheet.", downloaded: "Saved as a file in your downloads.",
  copied: "The link is copied: paste it in a message.",
  select: "Copy the selected link by hand: this browser would not copy it.",
};

// The line grew the prompt after the shell brought it into view: scroll the least that
// shows its foot again (never its top out from under the bar).
function keepInView(el) {
  const prompt = el.closest("[data-prompt]");
  if (!prompt) return;
  const bar = document.querySelector("body > header.bar");
  const top = (bar ? Math.max(0, bar.getBoundingClientRect().bottom) : 0) + 8;
  const r = prompt.getBoundingClientRect();
  const dy = Math.min(r.bottom - (innerHeight - 8), r.top - top);
  if (dy > 0) window.scrollBy({ top: dy, left: 0, behavior: "instant" });
}

// effect: ["download", name, text] | ["send", name, text] | ["share", fragment, title] | ["copy", fragment]
// What happened is written beside the button that asked for it (#lib-done, inside the
// screen's prompt: ui/library/screen.py), spoken by the shell's one live region, and kept in
// <html data-lib-done> for the tests.
async function act(effect) {
  const [what, a, b] = effect;
  const html = document.documentElement;
  html.setAttribute("data-lib-last", what);
  html.removeAttribute("data-lib-done");
  let done = "unknown";
  if (what === "download") { download(a, b); done = "downloaded"; }
  else if (what === "send") done = await sendFile(a, b);
  else if (what === "share") done = await shareLink(a, b);
  else if (what === "copy") done = await copyLink(a);
  // the screen the tap draws goes on the page after this starts (main.py acts, then
  // renders): wait for it, so the line lands beside the button on the new screen
  await new Promise((resolve) => setTimeout(resolve, 0));
  html.setAttribute("data-lib-done", done);
  const line = document.getElementById("lib-done");
  if (line && SAID[done]) { line.textContent = SAID[done]; keepInView(line); }
  if (SAID[done] && window.pocketdeckShell && window.pocketdeckShell.say) window.pocketdeckShell.say(SAID[done]);
  return done;
}

// What the storage manager says now, never waiting for a person: persisted (true/false, null
// where the browser has no storage manager), usage, quota, whether persistence can be asked
// for, and the answer the player already gave (kept in localStorage: it is asked once).
// navigator.storage.persist() is called only by ask(), from the Library's button: in
// Firefox it waits for the answer to a permission prompt (issue 31).
const ASKED = "pocketdeck-persist-asked";
function askedBefore() {
  try { return localStorage.getItem(ASKED); } catch (e) { return null; }
}
async function status() {
  const s = navigator.storage;
  if (!s) return { persisted: null, usage: null, quota: null, can_ask: false, asked: askedBefore() };
  let persisted = null, est = {};
  try { persisted = s.persisted ? await s.persisted() : null; } catch (e) { /* unknown */ }
  try { est = s.estimate ? await s.estimate() : {}; } catch (e) { /* unknown */ }
  return { persisted, usage: est.usage ?? null, quota: est.quota ?? null,
           can_ask: typeof s.persist === "function", asked: askedBefore() };
}

// The one request for persistent storage, on the player's tap ("Keep my games safe on this
// phone"); the answer is remembered so the question never comes again.
async function ask() {
  const s = navigator.storage;
  if (s && typeof s.persist === "function" && !askedBefore()) {
    let answer = "refused";
    try { answer = (await s.persist()) ? "granted" : "refused"; } catch (e) { /* refused */ }
    try { localStorage.setItem(ASKED, answer); } catch (e) { /* private mode: asked once per visit */ }
  }
  return status();
}

window.pocketdeckLibrary = { act, status, ask };

// QR codes: every [data-qr] element on the screen gets its link drawn as an SVG by the
// vendored encoder (dist/vendor/qrcode.mjs, pinned in build.py), error correction level M,
// version 25 at most (ui/library/items.py QR_MAX_FRAGMENT says why).
const QR_MAX_VERSION = 25;
const QR_MAX_BYTES = 1370;  // what version 25 at level M holds: no code the app draws is larger
async function drawCodes(root) {
  const spots = root.querySelectorAll("[data-qr]:not([data-qr-drawn])");
  if (!spots.length) return;
  const { qrcode } = await import("./vendor/qrcode.mjs");
  for (const el of spots) {
    const url = location.href.split("#")[0] + "#" + el.getAttribute("data-qr");
    const qr = qrcode(0, "M");
    qr.addData(url, "Byte");
    try { qr.make(); } catch (e) { el.setAttribute("data-qr-drawn", "too-big"); continue; }
    const version = (qr.getModuleCount() - 17) / 4;
    if (version > QR_MAX_VERSION) {
      el.textContent = "Too large for one QR code: send the link or a file instead.";
      el.setAttribute("data-qr-drawn", "too-big");
      continue;
    }
    el.innerHTML = qr.createSvgTag({ cellSize: 4, margin: 4, scalable: true });
    el.setAttribute("data-qr-drawn", String(version));
    el.setAttribute("data-qr-url", url);
  }
}
window.pocketdeckLibrary.drawCodes = drawCodes;

// Reading a code with the camera: the browser's BarcodeDetector where it has one, else the
// vendored jsQR on each frame. What is read goes to the URL fragment, the one door every
// link comes in by (App.open_link: a preview that asks, or the refusal that says why).
async function decodeFrame(source, width, height) {
  const html = document.documentElement;
  if ("BarcodeDetector" in window) {
    try {
      const found = await new window.BarcodeDetector({ formats: ["qr_code"] }).detect(source);
      if (found.length) { html.setAttribute("data-scan-by", "BarcodeDetector"); return found[0].rawValue; }
    } catch (e) { /* no QR support in this detector: jsQR below */ }
  }
  html.setAttribute("data-scan-by", "jsQR");
  if (!window.jsQR) {
    await new Promise((ok, fail) => {
      const s = document.createElement("script");
      s.src = "./vendor/jsQR.js"; s.onload = ok; s.onerror = fail;
      document.head.appendChild(s);
    });
  }
  const c = document.createElement("canvas");
  c.width = width; c.height = height;
  const g = c.getContext("2d");
  g.drawImage(source, 0, 0, width, height);
  const found = window.jsQR(g.getImageData(0, 0, width, height).data, width, height);
  if (found && found.version > QR_MAX_VERSION) return "\u0000too-big";  // read, not taken
  return found ? found.data : null;
}

// A code larger than the app itself draws (past version 25: the scanner reads up to 40) is
// refused before anything of it is read (issue 28).
function tooBig(text) {
  return text === "\u0000too-big" || new TextEncoder().encode(text).length > QR_MAX_BYTES;
}

function takeCode(text) {
  if (typeof text === "string" && tooBig(text)) return false;
  const at = typeof text === "string" ? text.indexOf("#") : -1;
  if (at < 0) return false;
  location.hash = text.slice(at + 1, at + 1 + 100001);  // MAX_LINK_CHARS and one: refused there
  return true;
}

async function scan() {
  const box = document.createElement("div");
  box.className = "scan";
  box.setAttribute("role", "dialog");
  box.setAttribute("aria-label", "Scan a QR code");
  box.innerHTML = '<video playsinline muted></video><p class="scan-note">Hold the other phone\u2019s code in the frame.</p>' +
    '<button type="button" class="btn">Stop scanning</button>';
  document.body.appendChild(box);
  const note = box.querySelector(".scan-note");
  let stream = null, done = false;
  const stop = () => { done = true; if (stream) stream.getTracks().forEach((t) => t.stop()); box.remove(); };
  box.querySelector("button").addEventListener("click", stop);
  try {
    stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" } });
  } catch (e) {
    note.textContent = "The camera could not be opened here: open the link or import the file instead.";
    return;
  }
  const video = box.querySelector("video");
  video.srcObject = stream;
  await video.play();
  while (!done) {
    if (video.videoWidth) {
      const text = await decodeFrame(video, video.videoWidth, video.videoHeight);
      if (text && takeCode(text)) { stop(); return; }
      if (text) note.textContent = tooBig(text) ? "That code is larger than Pocketdeck draws: open the link or import a file instead."
        : "That code is not a Pocketdeck link.";
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

document.addEventListener("click", (e) => {
  if (e.target.closest && e.target.closest("#lib-scan")) scan();
});
Object.assign(window.pocketdeckLibrary, { decodeFrame, takeCode, tooBig, scan });
