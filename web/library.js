// What only the browser can do for the Library screen (ui/library_screen.py): a file to
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

async function sendFile(name, text) {
  const file = new File([text], name, { type: "application/json" });
  if (navigator.canShare && navigator.canShare({ files: [file] })) {
    try {
      await navigator.share({ files: [file], title: name });
      return "shared";
    } catch (e) {
      if (e && e.name === "AbortError") return "cancelled";
    }
  }
  download(name, text);
  return "downloaded";
}

async function shareLink(fragment, title) {
  const url = location.href.split("#")[0] + "#" + fragment;
  if (navigator.share) {
    try {
      await navigator.share({ url, title });
      return "shared";
    } catch (e) {
      if (e && e.name === "AbortError") return "cancelled";
    }
  }
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

// effect: ["download", name, text] | ["send", name, text] | ["share", fragment, title] | ["copy", fragment]
function act(effect) {
  const [what, a, b] = effect;
  document.documentElement.setAttribute("data-lib-last", what);
  if (what === "download") { download(a, b); return Promise.resolve("downloaded"); }
  if (what === "send") return sendFile(a, b);
  if (what === "share") return shareLink(a, b);
  if (what === "copy") return copyLink(a);
  return Promise.resolve("unknown");
}

// persisted (true/false/null where the browser has no storage manager), usage, quota
async function status(ask) {
  const s = navigator.storage;
  if (!s) return { persisted: null, usage: null, quota: null };
  let persisted = s.persisted ? await s.persisted() : null;
  if (ask && persisted === false && s.persist) {
    try { persisted = await s.persist(); } catch (e) { /* refused: said on the screen */ }
  }
  const est = s.estimate ? await s.estimate() : {};
  return { persisted, usage: est.usage ?? null, quota: est.quota ?? null };
}

window.pocketdeckLibrary = { act, status };

// QR codes: every [data-qr] element on the screen gets its link drawn as an SVG by the
// vendored encoder (dist/vendor/qrcode.mjs, pinned in build.py), error correction level M,
// version 25 at most (ui/library_screen.py QR_MAX_FRAGMENT says why).
const QR_MAX_VERSION = 25;
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
