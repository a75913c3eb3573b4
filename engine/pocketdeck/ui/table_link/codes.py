"""The two codes of a table link (issue 29): the host's invite (a WebRTC offer) and the
guest's answer, each small enough for one QR code the app draws (version 25, level M).

A browser's session description is about 700 characters, most of it the same in every
data-channel offer. A code keeps only what differs between two connections: the ICE user
fragment and password, the DTLS certificate fingerprint, and the host candidates (address
and port); ``sdp()`` rebuilds the rest from a fixed template. The invite also names the
table and the seat offered, so the guest can be asked "Join <table> as <seat>?".

A code is ``t=`` + base64url(JSON). The JSON is checked field by field on the way in: a
code arrives from a scanner or a pasted link, from anyone. No server name of any kind is
ever put in a code or in the rebuilt description (no STUN, no TURN): the two phones must
share a network, and the app works with no internet at all.

Pure Python (no browser import): the browser glue (web/tablelink.js) hands the description
the browser made to ``from_sdp`` through the App, and gets ``sdp()`` back.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
from dataclasses import dataclass
from typing import Any

from ..library.items import QR_MAX_FRAGMENT

PREFIX = "t="
MAX_CANDIDATES = 4            # host candidates kept (a phone has one or two interfaces)
MAX_CODE = QR_MAX_FRAGMENT    # what one QR code the app draws holds, less the page address
# ICE: ufrag 4-256, pwd 22-256 ice-chars (RFC 8839); Chromium uses 4 and 24, Firefox 8 and
# 32: 32 keeps the largest code within one QR code (tests/test_table_link.py)
_ICE = re.compile(r"[A-Za-z0-9+/]{4,32}")
_ADDR = re.compile(r"[A-Za-z0-9.:-]{1,64}")   # an IP (v4/v6) or an mDNS name (<uuid>.local)
_SEAT = re.compile(r"[a-z0-9_-]{1,12}")
_SYSTEM = re.compile(r"[a-z0-9_-]{1,24}")
FINGERPRINT_ALGS = ("sha-256", "sha-384", "sha-512")


class CodeError(ValueError):
    """A code that is not one the app made; the message is for the player."""


@dataclass(frozen=True)
class Code:
    """One side of a connection: ``kind`` is "o" (the host's invite) or "a" (the answer)."""

    kind: str
    seat: str
    ufrag: str
    pwd: str
    alg: str
    fingerprint: bytes
    candidates: tuple[tuple[str, int], ...]
    system: str = ""          # the invite only: the table's system, its title, the seat's name
    title: str = ""
    seat_name: str = ""

    def text(self) -> str:
        """The code as it goes into a link or a QR code (``t=...``)."""
        body: dict[str, Any] = {"k": self.kind, "s": self.seat, "u": self.ufrag, "p": self.pwd,
                                "h": self.alg, "f": _b64(self.fingerprint),
                                "c": [[a, p] for a, p in self.candidates]}
        if self.kind == "o":
            body.update(y=self.system, t=self.title, n=self.seat_name)
        raw = json.dumps(body, separators=(",", ":"), ensure_ascii=False).encode()
        out = PREFIX + _b64(raw)
        if len(out) > MAX_CODE:  # cannot happen with the caps above; kept as the promise
            raise CodeError("this connection code would not fit one QR code")
        return out

    def sdp(self) -> str:
        """The session description the browser needs, rebuilt around the kept parts."""
        fp = ":".join(f"{b:02X}" for b in self.fingerprint)
        lines = ["v=0", "o=- 1 2 IN IP4 127.0.0.1", "s=-", "t=0 0", "a=group:BUNDLE 0",
                 "a=msid-semantic: WMS", "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
                 "c=IN IP4 0.0.0.0"]
        for i, (addr, port) in enumerate(self.candidates):
            prio = 2122260223 - i * 256
            lines.append(f"a=candidate:{i + 1} 1 udp {prio} {addr} {port} typ host generation 0")
        if self.candidates:
            lines.append("a=end-of-candidates")
        lines += [f"a=ice-ufrag:{self.ufrag}", f"a=ice-pwd:{self.pwd}",
                  f"a=fingerprint:{self.alg} {fp}",
                  f"a=setup:{'actpass' if self.kind == 'o' else 'active'}", "a=mid:0",
                  "a=sctp-port:5000", "a=max-message-size:262144"]
        return "\r\n".join(lines) + "\r\n"


def _b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def from_sdp(sdp: str, kind: str, seat: str, *, system: str = "", title: str = "",
             seat_name: str = "") -> Code:
    """The parts of a browser's description a code keeps. Only UDP host candidates are
    kept (with no STUN or TURN server there are no others), at most ``MAX_CANDIDATES``."""
    if not isinstance(sdp, str) or len(sdp) > 20_000:
        raise CodeError("the browser's connection offer could not be read")
    found: dict[str, str] = {}
    cands: list[tuple[str, int]] = []
    for line in sdp.splitlines():
        key, _, value = line.partition(":")
        if key in ("a=ice-ufrag", "a=ice-pwd", "a=fingerprint") and key not in found:
            found[key] = value.strip()
        elif key == "a=candidate":
            f = value.split()
            if len(f) >= 8 and f[2].lower() == "udp" and f[6] == "typ" and f[7] == "host" \
                    and f[5].isdigit() and (f[4], int(f[5])) not in cands:
                cands.append((f[4], int(f[5])))
    alg, _, hexed = found.get("a=fingerprint", "").partition(" ")
    try:
        fingerprint = bytes.fromhex(hexed.replace(":", ""))
    except ValueError:
        raise CodeError("the browser's connection offer has no readable fingerprint") from None
    return check(Code(kind, seat, found.get("a=ice-ufrag", ""), found.get("a=ice-pwd", ""),
                      alg.lower(), fingerprint, tuple(cands[:MAX_CANDIDATES]),
                      system, title[:40], seat_name[:40]))


def check(code: Code) -> Code:
    """Every field as the app makes it; else CodeError."""
    if code.kind not in ("o", "a"):
        raise CodeError("that is not a table code")
    if not _SEAT.fullmatch(code.seat):
        raise CodeError("that table code names no seat")
    if not (_ICE.fullmatch(code.ufrag) and _ICE.fullmatch(code.pwd) and len(code.pwd) >= 22):
        raise CodeError("that table code has no connection password")
    if code.alg not in FINGERPRINT_ALGS or len(code.fingerprint) not in (32, 48, 64):
        raise CodeError("that table code has no certificate fingerprint")
    if not 1 <= len(code.candidates) <= MAX_CANDIDATES:
        raise CodeError("that table code has no network address: are both phones on one Wi-Fi?")
    for addr, port in code.candidates:
        if not _ADDR.fullmatch(addr) or type(port) is not int or not 1 <= port <= 65535:
            raise CodeError("that table code has a network address that is not one")
    if code.kind == "o":
        if not _SYSTEM.fullmatch(code.system):
            raise CodeError("that table code names no table")
        for text in (code.title, code.seat_name):
            if not isinstance(text, str) or not 1 <= len(text) <= 40 or any(ord(ch) < 32 for ch in text):
                raise CodeError("that table code names its table or seat in a way the app does not")
    return code


def read(text: str) -> Code:
    """A code from a link or a scanned QR code (``t=...``, or the whole address): the
    checked Code, or CodeError saying why not."""
    if not isinstance(text, str):
        raise CodeError("that is not a table code")
    text = text.strip()
    if "#" in text:
        text = text.split("#", 1)[1]
    if not text.startswith(PREFIX) or len(text) > MAX_CODE:
        raise CodeError("that is not a table code (it starts with t= and fits one QR code)")
    body = text[len(PREFIX):]
    try:
        raw = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        value = json.loads(raw.decode())
        if not isinstance(value, dict):
            raise ValueError
        cands = value["c"]
        if not isinstance(cands, list) or len(cands) > MAX_CANDIDATES:
            raise ValueError
        code = Code(value["k"], value["s"], value["u"], value["p"], value["h"],
                    base64.urlsafe_b64decode(value["f"] + "=" * (-len(value["f"]) % 4)),
                    tuple((c[0], c[1]) for c in cands if isinstance(c, list) and len(c) == 2),
                    value.get("y", ""), value.get("t", ""), value.get("n", ""))
        if len(code.candidates) != len(cands) or not all(isinstance(v, str) for v in
                                                         (code.kind, code.seat, code.ufrag, code.pwd, code.alg,
                                                          code.system, code.title, code.seat_name)):
            raise ValueError
    except (ValueError, KeyError, TypeError, UnicodeDecodeError, binascii.Error, AttributeError):
        raise CodeError("that table code is damaged: scan it again or copy it whole") from None
    return check(code)
