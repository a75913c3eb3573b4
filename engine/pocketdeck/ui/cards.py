"""Playing cards drawn as SVG: rank and suit readable at phone size, no font glyphs for
the suits (drawn as paths, so every phone shows the same thing).

The mini card (mini_card) is one element, not an SVG: a screen listing fifty cards would
otherwise hold hundreds of elements the browser compares on every draw. Its suit is drawn
by CSS as a mask of the same paths (mini_card_css, kept in web/app.css)."""

from __future__ import annotations

import re
from functools import lru_cache

from ..core.cards import Card, Suit
from .html import esc

RED, BLACK = "#c0262f", "#1d1d22"

# suit shapes in a 0..100 box
_SUIT_PATHS = {
    Suit.HEARTS: "M50 92 C20 68 4 52 4 32 C4 16 16 6 29 6 C39 6 46 12 50 20 C54 12 61 6 71 6 C84 6 96 16 96 32 C96 52 80 68 50 92 Z",
    Suit.DIAMONDS: "M50 4 L88 50 L50 96 L12 50 Z",
    Suit.SPADES: "M50 4 C66 26 94 40 94 62 C94 76 84 84 72 84 C64 84 58 80 54 74 C55 84 58 90 66 96 L34 96 C42 90 45 84 46 74 C42 80 36 84 28 84 C16 84 6 76 6 62 C6 40 34 26 50 4 Z",
    Suit.CLUBS: "M50 4 A20 20 0 0 1 66 38 A20 20 0 1 1 56 70 C57 82 60 89 68 96 L32 96 C40 89 43 82 44 70 A20 20 0 1 1 34 38 A20 20 0 0 1 50 4 Z",
}


def suit_path(suit: Suit, x: float, y: float, size: float, colour: str) -> str:
    k = size / 100
    return (f'<path transform="translate({x:g} {y:g}) scale({k:g})" '
            f'd="{_SUIT_PATHS[suit]}" fill="{colour}"/>')


@lru_cache(maxsize=1024)
def card_svg(code: str, *, cls: str = "card") -> str:
    """A face-up card. Unknown codes are shown as a plain labelled card (escaped)."""
    try:
        card = Card.parse(code)
    except ValueError:
        # a short word (P52's Major Boss, who has no card) in letters of 22 of the 100 units:
        # 12.3 px on the 56 px card beside an enemy (16 drew 9 px, under the 12 px floor)
        fs = 22 if len(code) <= 5 else 16
        return (f'<svg class="{cls}" viewBox="0 0 100 140" role="img" aria-label="{esc(code)}">'
                f'<rect x="1.5" y="1.5" width="97" height="137" rx="8" class="face"/>'
                f'<text x="50" y="78" text-anchor="middle" font-size="{fs}">{esc(code)}</text></svg>')
    label = esc(card.name)
    if card.is_joker:
        colour = RED if card.colour == "red" else BLACK
        star = ("M50 38 L58 60 L81 60 L62 73 L69 96 L50 82 L31 96 L38 73 L19 60 L42 60 Z")
        letters = "".join(f'<text x="11" y="{22 + 13 * i}" font-size="12" font-weight="700" '
                          f'text-anchor="middle" fill="{colour}">{ch}</text>' for i, ch in enumerate("JOKER"))
        return (f'<svg class="{cls}" viewBox="0 0 100 140" role="img" aria-label="{label}" data-card="{esc(code)}">'
                f'<rect x="1.5" y="1.5" width="97" height="137" rx="8" class="face"/>{letters}'
                f'<path d="{star}" fill="{colour}"/></svg>')
    assert card.suit is not None and card.rank is not None
    colour = RED if card.colour == "red" else BLACK
    rank = card.rank.code
    fs = 24 if len(rank) == 1 else 21
    corner = (f'<text x="{13 if len(rank) == 1 else 15}" y="25" font-size="{fs}" font-weight="700" '
              f'text-anchor="middle" fill="{colour}">{rank}</text>'
              + suit_path(card.suit, 5, 30, 16, colour))
    centre = suit_path(card.suit, 26, 46, 48, colour)
    if card.rank.is_face:
        centre = (f'<rect x="24" y="26" width="52" height="88" rx="4" fill="none" stroke="{colour}" stroke-width="1.5" opacity=".55"/>'
                  f'<text x="50" y="86" font-size="44" font-weight="700" text-anchor="middle" fill="{colour}">{rank}</text>'
                  + suit_path(card.suit, 40, 92, 20, colour))
    return (f'<svg class="{cls}" viewBox="0 0 100 140" role="img" aria-label="{label}" data-card="{esc(code)}">'
            f'<rect x="1.5" y="1.5" width="97" height="137" rx="8" class="face"/>'
            f'{corner}<g transform="rotate(180 50 70)">{corner}</g>{centre}</svg>')


def back_svg(*, cls: str = "card", label: str = "Face-down card") -> str:
    return (f'<svg class="{cls}" viewBox="0 0 100 140" role="img" aria-label="{esc(label)}">'
            '<defs><pattern id="pdback" width="10" height="10" patternUnits="userSpaceOnUse" '
            'patternTransform="rotate(45)"><rect width="10" height="10" class="back-a"/>'
            '<rect width="5" height="10" class="back-b"/></pattern></defs>'
            '<rect x="1.5" y="1.5" width="97" height="137" rx="8" class="back-edge"/>'
            '<rect x="8" y="8" width="84" height="124" rx="5" fill="url(#pdback)"/></svg>')


def empty_slot(label: str, *, cls: str = "card") -> str:
    return (f'<svg class="{cls} empty" viewBox="0 0 100 140" role="img" aria-label="{esc(label)}">'
            '<rect x="3" y="3" width="94" height="134" rx="8" class="slot"/></svg>')


# a Joker's star on the mini card, in the suits' 0..100 box
_STAR_PATH = "M50 4 L61 38 L96 38 L68 59 L79 94 L50 73 L21 94 L32 59 L4 38 L39 38 Z"
_MINI_SHAPES = {"s-" + s.value.lower(): p for s, p in _SUIT_PATHS.items()} | {"s-j": _STAR_PATH}


def path_shape(path: str) -> str:
    """An SVG path of the 0..100 box as CSS ``shape()`` in percentages of the box (M, L, C,
    A and Z: all the suit and star paths use). Why: a CSS mask of an SVG image is painted
    as an image, 1-2 ms for each new mini card at a phone's speed (a P52 attack flips three,
    docs/BENCHMARK.md "The screen"); a clip path is plain geometry."""
    toks = re.findall(r"[A-Za-z]|-?\d+(?:\.\d+)?", path)

    def at(k: int) -> str:  # the point whose x is toks[k]
        return f"{toks[k]}% {toks[k + 1]}%"

    out: list[str] = []
    i = 0
    while i < len(toks):
        op = toks[i]
        if op == "M":
            out.append("from " + at(i + 1))
            i += 3
        elif op == "L":
            out.append("line to " + at(i + 1))
            i += 3
        elif op == "C":
            out.append(f"curve to {at(i + 5)} with {at(i + 1)} / {at(i + 3)}")
            i += 7
        elif op == "A":  # rx ry rotation large-arc sweep x y; sweep 1 is clockwise on screen
            rx, ry, _rotation, large, sweep = toks[i + 1:i + 6]
            out.append(f"arc to {at(i + 6)} of {rx}% {ry}% {'large' if large == '1' else 'small'} "
                       f"{'cw' if sweep == '1' else 'ccw'}")
            i += 8
        elif op == "Z":
            out.append("close")
            i += 1
        else:
            raise ValueError(f"path_shape: unsupported path command {op!r} in {path!r}")
    return "shape(" + ", ".join(out) + ")"


def mini_card_css() -> str:
    """The mini card's suit shapes as CSS, made from the same paths as the SVG cards: per
    suit class a --shape (a clip path, what browsers with CSS ``shape()`` draw) and a
    --suit (an SVG mask image, the fallback for the others; web/app.css picks by @supports).
    web/app.css holds this text; a test checks it is current."""
    def url(path: str) -> str:
        return ("url(\"data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' "
                f"viewBox='0 0 100 100'%3E%3Cpath d='{path}'/%3E%3C/svg%3E\")")
    return "".join(f"span.mini.{k} {{ --suit: {url(p)};\n  --shape: {path_shape(p)}; }}\n"
                   for k, p in _MINI_SHAPES.items())


@lru_cache(maxsize=1024)
def mini_card(code: str, *, cls: str = "mini") -> str:
    """A small face-up card drawn as ONE element: the rank is its text, the suit a CSS mask
    (class s-h/s-d/s-s/s-c, s-j for a Joker's star; red or black), the card's name its label.
    A Joker shows "Jk" over a star (the full card's JOKER letters would be under 12 px);
    an unknown code shows as escaped text."""
    try:
        card = Card.parse(code)
    except ValueError:
        return f'<span class="{cls} unknown" role="img" aria-label="{esc(code)}">{esc(code)}</span>'
    if card.is_joker:
        shape, text = "s-j", "Jk"
    else:
        assert card.suit is not None and card.rank is not None
        shape, text = "s-" + card.suit.value.lower(), card.rank.code
    return (f'<span class="{cls} {shape} {card.colour}" role="img" aria-label="{esc(card.name)}" '
            f'data-card="{esc(code)}">{text}</span>')


def mini_back(*, cls: str = "mini", label: str = "Face-down card") -> str:
    """A small face-down card drawn as ONE element, like ``mini_card``'s face-up ones: the
    back's panel and its diamond are the background, four gradients, inside a card-coloured
    inset edge (web/app.css span.mini.back). It was an SVG of four elements, eleven
    of them on a P52 board (44 elements the browser parsed, compared and laid out)."""
    return f'<span class="{cls} back" role="img" aria-label="{esc(label)}"></span>'
