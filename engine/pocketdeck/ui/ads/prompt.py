"""The ADS fight's prompt (issue 24): what the player must answer or do NOW, in one box
near the top of the screen, with the Round, HP and Foes at a glance, the Up/Down cards the
last tap drew, and every choice as a button (a "?" beside those whose name alone does not
say what they do, issue 25). The rest of the fight screen (hand, Foe cards, log) is ui/ads/fight.py.
"""

from __future__ import annotations

import re
from typing import Any

from ...systems.ads import data
from ...systems.ads.fight import win_words
from ..flow import prompt
from ..html import button, esc
from ..learn_ui import term, why

GROUPS = (("play", "Play a card"), ("base", "Base Actions"), ("grapple", "Grapple"), ("recall", "Recall"),
          ("gear", "Gear"), ("move", "Move"), ("other", "Other"))


UD_PATHS = {"^": ("up", "Up", "M5 1.2 L9.4 9 L.6 9 Z"), "v": ("down", "Down", "M.6 1 L9.4 1 L5 8.8 Z")}


def ud(sym: str, named: bool = True) -> str:
    """One Up/Down symbol, drawn (issue 50: symbols are drawn, never spelt): a triangle
    pointing up or down, an empty circle for "any"; its name is the image's label, or, beside
    the word already (``named`` False: a button's "Declare Up"), it is hidden from readers."""
    cls, name, path = UD_PATHS.get(sym, ("any", "any", ""))
    shape = f'<path d="{path}"/>' if path else '<circle cx="5" cy="5" r="3.6"/>'
    who = f'role="img" aria-label="{name}"' if named else 'aria-hidden="true"'
    return f'<svg class="ud {cls}" viewBox="0 0 10 10" {who}>{shape}</svg>'


def pattern(p: str) -> str:
    return f'<span class="ud-p">{"".join(ud(s) for s in p)}</span>'


def draw_text(line: dict[str, Any], drawn: str = "") -> str:
    """A draw line in words (the engine's ``draw_lines``): what was drawn for, what was
    drawn (``drawn``, when the cards are not beside it), what matched of what was needed,
    and what followed ("1 match of 2 needed: it does nothing")."""
    needs, m, n, then = line["needs"], line["matched"], line["needed"], line["then"]
    if line["race"]:
        body = f"{m} of {n} matched"
    elif not needs:
        body = ""
    elif line.get("ok"):
        body = f"matched {pattern(needs[0])}"
    elif len(needs) > 1 or m == 0:
        body = "no match of " + " or ".join(pattern(x) for x in needs)
    else:
        body = f'{m} match{"" if m == 1 else "es"} of {n} needed ({pattern(needs[0])})'
    parts = [p for p in (f"drew {drawn}" if drawn else "", body) if p]
    return (f'<b>{esc(line["what"])}</b>' + (": " + ", ".join(parts) if parts else "")
            + (f": {esc(then)}" if then else ""))


def plain(label: str) -> str:
    """A label's Up/Down in words only, for what is read out (a "?"'s name)."""
    label = re.sub(r"\b(Up) \^", "Up", label)
    label = re.sub(r"\b(Down) v\b", "Down", label)
    return re.sub(r"\bmatch ([\^v*]+)(?= )", lambda m: "match " + " ".join(
        {"^": "Up", "v": "Down"}.get(x, "any") for x in m.group(1)), label)


def label_html(label: str) -> str:
    """A button's label with its Up/Down drawn: "Declare Up ^" shows the word and the
    triangle, never the caret; a pattern to match ("match ^v") is drawn."""
    out = esc(label)
    out = re.sub(r"\b(Up) \^", lambda m: f"Up {ud('^', False)}", out)
    out = re.sub(r"\b(Down) v\b", lambda m: f"Down {ud('v', False)}", out)
    return re.sub(r"\bmatch ([\^v*]+)(?= )", lambda m: "match " + pattern(m.group(1)), out)


def updown_card(sym: str) -> str:
    """One drawn Up/Down as a small card: the arrow is a shape (no text to shrink)."""
    up = sym == "^"
    arrow = "M20 12 L31 34 L9 34 Z" if up else "M9 14 L31 14 L20 36 Z"
    return (f'<svg class="ud-card {"up" if up else "down"}" viewBox="0 0 40 48" role="img" '
            f'aria-label="{"Up" if up else "Down"}"><rect x="1.5" y="1.5" width="37" height="45" rx="5" class="face"/>'
            f'<path d="{arrow}" class="arrow"/></svg>')


def fresh_draws(view: dict[str, Any]) -> str:
    """The Up/Down cards the last action drew (its result's deciding cards), as cards, each
    with its line in words."""
    n = view.get("fresh_draws") or 0
    if n <= 0:
        return ""
    k0 = len(view["draws"]) - min(n, 4)
    rows = "".join(
        f'<li class="{"ok" if d["ok"] else "miss"}"><span class="ud-cards">{"".join(updown_card(s) for s in d["drawn"])}</span>'
        f'<span>{draw_text(dict(view["draw_lines"][k0 + j], ok=d["ok"]))}</span></li>'
        for j, d in enumerate(view["draws"][k0:]))
    return f'<ul class="ads-fresh" aria-label="Up/Down cards drawn">{rows}</ul>'


# -- one line on each button that needs it (issue 25: "the button says why") ---------------------
def _card_why(card_id: str, what: str) -> str:
    c = data.cards().get(card_id)
    return f'{c["name"]}: {c["text"]} {what}' if c else what


def explain(action: dict[str, Any], label: str, pending: dict[str, Any] | None = None) -> str:
    """A one-line explanation of an action button, or "" when its name says it all.
    ``pending`` (the view's) tells apart the answers one type of button gives in several
    prompts (a Grapple's counter, or the Re-Counter after an escape)."""
    t = action.get("type")
    if t == "grapple_card" and pending and pending.get("kind") == "escape_counter":
        how = str(pending.get("how", "")).title()
        return (f"Re-Counter with {how} only: the Attribute of the card you escaped with (a Re-Counter matches "
                f"the card you originally played). It wins the escape unless the Foe Escalates.")
    if t == "grapple_card" and pending and pending.get("kind") == "foe_grapple" and pending.get("how") != "strength":
        return "Show a Strength or Agility card: the Foe's declared Grapple fails at once."
    if t == "react" and action.get("card"):
        return _card_why(action["card"], "Played as your one reaction to this attack: it blocks the value "
                         "shown; you draw back up at the end of the Foe's turn.")
    texts = {
        "take": "Take the blow: no card spent, you lose the HP shown.",
        "counter": "Counter: play an Attribute card the attack lists. It stops the whole attack "
                   "unless the Foe can Re-Counter.",
        "cover": "A shield you already raised this Round covers this Ranged attack too (whoever shot first): a "
                 "Small Shield covers 2 Ranged attacks a Round, a Tower Shield 3.",
        "updown_counter": "Draw as many cards as the spell's Up/Downs on the button (one or two): if they "
                          "match, in any order, you take half its damage (rounded down); if not, all of it. "
                          "It is your one reaction to this attack.",
        "exhaust": "Stay alive at 1 HP; your hand maximum drops by 1 from now on: in an adventure it stays "
                   "lower in the fights after this one too (a Rest does not lift it).",
        "die": "Refuse Exhaustion: your character falls.",
        "recounter": "Play an Attribute card matching your card's Attribute: your card works as if "
                     "never countered (the Foe may Escalate).",
        "accept": "Let the counter stand: your card has the effect the counter leaves it.",
        "draw_over": "Your hand is full: draw one more card, then discard one you choose.",
        "flee": "Leave the fight: every Foe gets one more turn at you this Round, and one that hurts "
                "you and matches an Up/Down holds you back.",
        "recall": "Take a card back from your discards by paying its Recall cost in Attribute cards.",
        "keep": "Keep the recalled card in your hand for a later turn (this turn is spent).",
        "grapple": "Grab the Foe at Melee: no spells or weapons in a Grapple, each side may hit for 1.",
        "escape": "Try to break the Foe's hold: it may answer with Strength.",
        "hold": "Answer the Foe's escape: keep your hold if you can.",
        "spot": "Play an Intellect card to see the Foe that slipped out of sight.",
        "presneak": "Declare an Up/Down; each Foe draws one, and those that miss do not see you.",
        "hamper": "Declare an Up/Down: a match stops the Foe from getting away this Round.",
        "declare": "Both sides draw three; whoever matches more goes first. Drawing an Agility card from your own "
                   "deck wins outright; a tie draws again.",
        "into": "Declare an Up/Down: a match hits the Foe, a miss hits your ally in its Grapple.",
        "aid": "Play a card to protect your ally; you draw back up at the end of this turn.",
        "strike_back": "Hit the Foe for 1 as it grabs at you.",
        "grapple_card": "Counter the Grapple with a Strength or Agility card.",
        "move": "One step closer or further: Ranged, Thrown, Melee.",
        "dual": "Take up a weapon in each hand again (no shield).",
    }
    if t in texts:
        return texts[t]
    if t == "choose":
        return _card_why(str(action.get("card")), "Taken into your starting hand (4 of your choice, never Fortitude).")
    return ""


def act_button(entry: dict[str, Any], cls: str = "btn", n: int = 0, pending: dict[str, Any] | None = None) -> str:
    """An action's button, and its "?" when it needs one."""
    text = explain(entry["action"], entry["label"], pending)
    btn = button(label_html(entry["label"]), "play", entry["action"], cls=cls, raw_label=True)
    if not text:
        return btn
    key = f'{entry["action"].get("type")}-{entry["action"].get("card") or n}'
    return f'<span class="act">{btn}{why(key, text, "What " + plain(entry["label"]) + " does")}</span>'


def _buttons(entries: list[dict[str, Any]], cls: str = "btn", pending: dict[str, Any] | None = None) -> str:
    return "".join(act_button(e, cls, i, pending) for i, e in enumerate(entries))


# -- the question of each phase ----------------------------------------------------------------
def _dmg(p: dict[str, Any]) -> str:
    kind = term("ethereal", "Ethereal") if p["ethereal"] else term("ethereal", "Physical")
    return f'<b>{p["damage"]}</b> {kind} damage'


def question(view: dict[str, Any]) -> str:
    """What the player is asked now, in words (HTML), or "" when it is their turn."""
    p = view["pending"]
    phase = view["phase"]
    counter, recounter, esc_t = term("ads-counter", "counter"), term("re-counter", "Re-Counter"), term("escalation")
    if phase == "react" and p and p["disarm"]:
        return (f'{esc(p["foe"])} tries to disarm you ({esc(p["name"])}): {counter} with Agility or Strength, '
                f'or your weapon is knocked away.')
    if phase == "react" and p and p["chain"]:
        return f'{esc(p["foe"])} {recounter}s your counter. {esc_t}: answer with another listed Attribute card?'
    if phase == "react" and p:
        only_take = all(e["action"]["type"] == "take" for e in view["actions"])
        listed = " or ".join(p.get("counters", []))
        hiding = ""
        if p["sneak"]:  # a Sneak attack allows no reaction, only a counter (docs/rules/ads.md, Sneak)
            hiding = (f" from hiding: only a {counter} with {esc(listed)} stops it" if listed else
                      f" from hiding: no {term('ads-reaction', 'reaction')}, only a {counter}, and its card "
                      f"lists no Attribute to {counter} it with")
        ask = (" Nothing you hold answers it: you take the blow." if only_take else
               f' Your {term("ads-reaction", "reaction")}?')
        return (f'{esc(p["foe"])} attacks you with {esc(p["name"])}: {_dmg(p)}'
                f'{" (Ranged)" if p["ranged"] else ""}{hiding}.{ask}'
                f'{" You are fleeing: only counters." if view["fleeing"] else ""}')
    if phase == "aid" and p:
        return (f'{esc(p["foe"])} attacks {esc(p["target"])} with {esc(p["name"])}: {_dmg(p)}'
                f'{" (Ranged)" if p["ranged"] else ""}. Play a card to protect them? '
                f'(You draw back up at the end of this turn.)')
    if phase == "into_grapple" and p:
        return (f'{esc(p["foe"])} is in a {term("grapple")} with {esc(p["ally"])}: declare an '
                f'{term("up-down")} for your {esc(p["name"])} ({p["damage"]}). A match hits {esc(p["foe"])}; '
                f'a miss hits {esc(p["ally"])}.')
    if phase == "recounter" and p:
        how = {"half": "half damage", "shield": "its Shield blocks half"}.get(p["how"], "no effect")
        return f'{esc(p["foe"])} {counter}s your {esc(p["name"])} ({how}). {recounter}?'
    if phase == "hold" and p:
        how = ("plays its attribute to break free" if p["how"] == "attr"
               else f'declares {"Up" if p["declared"] == "^" else "Down"}: you must match it to keep your hold')
        return f'{esc(p["foe"])} tries to escape your {term("grapple")}: it {how}.'
    if phase == "split" and p:
        return (f'Divide your {esc(p["name"])} between up to {p["max"]} Foes: so far {esc(", ".join(p["parts"]))}; '
                f'{p["left"]} more to place.')
    if phase == "ward_off" and p:
        how = "with Strength" if p["how"] == "strength" else f'declaring {"Up" if p["how"] == "^" else "Down"}'
        return (f'{esc(p["foe"])} tries to {term("grapple", "Grapple")} you {how} ({term("overwhelm")}). '
                f'Before it lands you may strike with a Melee weapon as a free action (else hit for 1).')
    if phase == "grapple_counter" and p:
        if p["kind"] == "escape_counter":
            return (f'{esc(p["foe"])} {counter}s your escape with Strength. {recounter} with '
                    f'{esc(str(p["how"]).title())}, the Attribute you escaped with?')
        if p["how"] == "strength":
            return (f'{esc(p["foe"])} grapples you with Strength'
                    f'{" again (Escalation)" if p["chain"] else ""}. Counter with Strength or Agility?')
        return (f'{esc(p["foe"])} declared {"Up" if p["how"] == "^" else "Down"} to Grapple you: a Strength '
                f'or Agility card beats it at once; otherwise draw and match.')
    if phase == "exhaust":
        return f'This blow would kill you. Take a level of {term("ads-exhaustion")} instead?'
    if phase == "hamper" and p:
        return f'{esc(p["foe"])} is fleeing and you hurt it: declare an {term("up-down")}; a match hampers it.'
    if phase == "spot" and p:
        return f'{esc(p["foe"])} slipped out of sight. Play an Intellect card to spot it?'
    if phase == "discard":
        return f'Discard down to your {term("ads-hand-maximum", "hand maximum")} of {view["hand_max"]}.'
    if phase == "player_presneak":
        return (f'You carry Sneak cards: {term("pre-sneak")}? Declare an Up/Down; each Foe draws one and a match '
                f'sees you. Unseen, your first attack gets no Foe reaction and +{term("r-half", "R/2")}.')
    if phase == "initiative":
        return (f'{term("ads-initiative")}: declare Up or Down. You and the Foes each draw three '
                f'{term("up-down")} cards; more matches goes first (an Agility card drawn from your own deck wins '
                f'outright; a tie draws again).')
    if phase == "recalled" and p:
        return f'You recalled {esc(p["name"])}: play it now or keep it.'
    return ""


def _foe_line(f: dict[str, Any]) -> str:
    state = "defeated" if f["down"] else "fled" if f["fled"] else "hidden" if f["hidden"] else ""
    pct = 0 if f["max_hp"] == 0 else round(100 * f["hp"] / f["max_hp"])
    return (f'<li class="{"gone" if state in ("defeated", "fled") else ""}"><b>{esc(f["name"])}</b> '
            f'HP {esc(f["hp"])}/{esc(f["max_hp"])} <span class="hpbar" aria-hidden="true"><span style="width:{pct}%"></span></span>'
            f' <span class="muted">{esc(f["distance"].title())}{(" · " + state) if state else ""}</span></li>')


def status(view: dict[str, Any], rondel: str) -> str:
    """Round, HP, hand and the Foes in two lines: what a player glances at before choosing."""
    foes = "".join(_foe_line(f) for f in view["foes"])
    return (f'<div class="ads-now">{rondel}<div><p class="ads-stats">{term("ads-round")} <b>{esc(view["round"])}</b>'
            f' · HP <b>{esc(view["hp"])}/{esc(view["max_hp"])}</b> · hand {len(view["hand"])}/{esc(view["hand_max"])}</p>'
            f'<ul class="ads-foeline">{foes}</ul></div></div>')


def dual_offers(view: dict[str, Any]) -> str:
    """Dual Wield, declared at the beginning of an adventure's Combat: one tap each."""
    entries = [e for e in view["actions"] if e["group"] == "dual"]
    if not entries:
        return ""
    return (f'<h3>{term("dual-wield")}</h3><p class="muted">Declared now, before the Initiative: '
            f'a weapon in each hand, no shield, for this fight.</p><div class="choices">{_buttons(entries)}</div>')


def now(view: dict[str, Any], rondel: str, hand_cards: str, ways_on: str = "") -> str:
    """The prompt: the status, the last tap's Up/Down cards, and what to do now; at the
    end, the result and ``ways_on`` (what to play next)."""
    phase = view["phase"]
    top = status(view, rondel) + fresh_draws(view)
    if phase == "over":
        gone = [f for f in view["foes"] if f["fled"] or f["down"]]
        won = win_words([f["name"] for f in gone if f["down"]], [f["name"] for f in gone if not f["down"]],
                        view["xp"], view["gold"])
        words = {"won": won, "lost": "You have fallen.",
                 "fled": "You fled the fight."}
        body = f'<p class="banner">{esc(words.get(view["outcome"], "The fight is over."))}</p>' + ways_on
        return prompt(top + body, cls="ads-prompt ads-over", label="The fight is over")
    if view.get("waiting"):
        return prompt(top + '<p class="muted">Your hand shows when the phone comes to you.</p>', cls="ads-prompt",
                      label="Waiting for your turn")
    if phase == "choose":
        picks = [e for e in view["actions"] if e["group"] == "choose"]
        body = (f'<h2>Choose 4 starting cards ({len(view["chosen"])} of 4)</h2>'
                f'<p class="muted">Any 4 of your {term("combat-deck")} but Fortitude; then you draw 3 more.</p>'
                + (f'<div class="ads-hand">{hand_cards}</div>' if hand_cards else "")
                + f'<div class="choices ads-picks">{_buttons(picks)}</div>' + dual_offers(view))
        return prompt(top + body, cls="ads-prompt", label="Choose your starting hand")
    head = question(view)
    if head:
        # a recalled card: play it now (its plays, in the play group) or keep it
        answers = ("play", "prompt") if phase == "recalled" else ("prompt",)
        entries = [e for e in view["actions"] if e["group"] in answers]
        return prompt(f'{top}<p class="ads-q">{head}</p><div class="choices">{_buttons(entries, pending=view["pending"])}</div>'
                      + dual_offers(view),
                      cls="ads-prompt ads-answer", label="Answer the Foe")
    groups = ""
    heads = {"base": term("base-action", "Base Actions"), "recall": term("recall"), "grapple": term("grapple")}
    for g, title in GROUPS:
        entries = [e for e in view["actions"] if e["group"] == g]
        if entries:
            groups += f'<h3>{heads.get(g, esc(title))}</h3><div class="choices">{_buttons(entries)}</div>'
    return prompt(f'{top}<h2 class="ads-yt">Your turn: one action</h2>{groups}', cls="ads-prompt ads-actions",
                  label="Your turn: choose an action")
