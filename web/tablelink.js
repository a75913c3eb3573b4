// The table link's transport (issue 29): one WebRTC data channel per guest, opened by two
// codes carried by hand (a QR code or a pasted link). Loaded only when a table link is
// used (web/main.py imports it on the first "tl" effect): the home screen never loads it.
//
// No STUN or TURN server is named: iceServers is empty, so only the phones' own addresses
// (host candidates) are tried, and the app works on a Wi-Fi or hotspot with no internet.
// Python decides everything (pocketdeck/ui/table_link/screens.py, table_link.py); this file
// makes connections, carries text, and reports what happened through
// window.pocketdeckTableEvent(kind, seat, data): offer, answer, open, msg, close, error.
// It also drops what no person sends before Python sees it: a message over MAX_CHARS, or
// more than BURST messages a second on one channel (Python checks both again).

const MAX_CHARS = 24000;  // a guest's message (a hello may bring a DofA sheet); Python's own limits are lower
const BURST = 50;         // messages a second passed on to Python per channel
const GATHER_MS = 3000;   // the longest wait for the phone's own addresses

const peers = new Map();  // seat ("" on a guest phone) -> {pc, dc, gen}
let generation = 0;

function report(kind, seat, data) {
  const fn = window.pocketdeckTableEvent;
  if (fn) fn(kind, seat, data === undefined ? "" : String(data));
}

function gathered(pc) {
  return new Promise((resolve) => {
    if (pc.iceGatheringState === "complete") return resolve();
    const done = () => { if (pc.iceGatheringState === "complete") resolve(); };
    pc.addEventListener("icegatheringstatechange", done);
    setTimeout(resolve, GATHER_MS);
  });
}

function drop(seat) {
  const old = peers.get(seat);
  if (!old) return;
  peers.delete(seat);  // its events are stale from now on (gen no longer matches)
  try { if (old.dc) old.dc.close(); } catch (e) { /* already closed */ }
  try { old.pc.close(); } catch (e) { /* already closed */ }
}

function wire(seat, peer, dc) {
  peer.dc = dc;
  const live = () => peers.get(seat) === peer;
  let windowStart = 0, count = 0;
  dc.onopen = () => { if (live()) report("open", seat); };
  dc.onclose = () => { if (live()) report("close", seat); };
  dc.onmessage = (e) => {
    if (!live()) return;
    const now = performance.now();
    if (now - windowStart >= 1000) { windowStart = now; count = 0; }
    count += 1;
    if (count > BURST) return;  // a flood: not one of these reaches Python
    const text = typeof e.data === "string" ? e.data : "";
    if (seat !== "" && text.length > MAX_CHARS) { report("msg", seat, text.slice(0, MAX_CHARS + 1)); return; }
    report("msg", seat, text);
  };
}

function newPeer(seat) {
  drop(seat);
  const pc = new RTCPeerConnection({ iceServers: [] });
  const peer = { pc, dc: null, gen: ++generation };
  peers.set(seat, peer);
  pc.addEventListener("connectionstatechange", () => {
    if (peers.get(seat) !== peer) return;
    if (pc.connectionState === "failed" || pc.connectionState === "closed") report("close", seat);
  });
  return peer;
}

async function offer(seat) {
  const peer = newPeer(seat);
  wire(seat, peer, peer.pc.createDataChannel("pocketdeck", { ordered: true }));
  await peer.pc.setLocalDescription(await peer.pc.createOffer());
  await gathered(peer.pc);
  if (peers.get(seat) === peer) report("offer", seat, peer.pc.localDescription.sdp);
}

async function accept(seat, sdp) {
  const peer = peers.get(seat);
  if (!peer) throw new Error("no invite is open for that seat");
  await peer.pc.setRemoteDescription({ type: "answer", sdp });
}

async function answer(sdp) {
  const peer = newPeer("");
  peer.pc.ondatachannel = (e) => { if (peers.get("") === peer) wire("", peer, e.channel); };
  await peer.pc.setRemoteDescription({ type: "offer", sdp });
  await peer.pc.setLocalDescription(await peer.pc.createAnswer());
  await gathered(peer.pc);
  if (peers.get("") === peer) report("answer", "", peer.pc.localDescription.sdp);
}

function send(seat, text) {
  const peer = peers.get(seat);
  if (peer && peer.dc && peer.dc.readyState === "open") peer.dc.send(text);
}

// one effect of Python's: {op, seat?, sdp?, text?}
export async function run(effect) {
  const seat = effect.seat || "";
  try {
    if (typeof RTCPeerConnection === "undefined") {
      if (effect.op !== "close") report("unsupported", seat);
      return;
    }
    if (effect.op === "offer") await offer(seat);
    else if (effect.op === "accept") await accept(seat, effect.sdp);
    else if (effect.op === "answer") await answer(effect.sdp);
    else if (effect.op === "send") send(seat, effect.text);
    else if (effect.op === "close") drop(seat);
  } catch (e) {
    report("error", seat, (e && e.message) || "unknown");
  }
}

// for the tests: how many peers are open, by seat
export function state() {
  return [...peers.entries()].map(([seat, p]) => [seat, p.pc.connectionState, p.dc ? p.dc.readyState : "none"]);
}
