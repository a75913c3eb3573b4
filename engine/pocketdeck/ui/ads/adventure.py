"""The ADS adventure table: the room's Map and Room cards, exits by room number, the
character's piles and Story cards, obstacles, loot choices and Rests; while a fight runs,
the fight's own screen (ui/ads/fight.py) under the room's card. Every choice is a button built
from legal_actions."""

from __future__ import annotations

import json
from typing import Any

from ...core.game import IllegalAction
from ...core.saves import Session
from .decks import LIB, chosen_deck, deck_select
from .fight import card_svg, pattern, quick_buttons, take_quick_hand
from .prompt import label_html, plain
from .fight import render as render_fight
from ..flow import prompt
from ..html import button, esc, log_list
from ..learn_ui import term, why
from ..tables import Table, register_table

LIGHT = {"dim": "Dim light", "dark": "Dark (match to see without Darksight)",
         "bright": "Bright (Darksight: match to see)"}


def _room(v: dict[str, Any]) -> str:
    r = v["room"]
    dist = ", ".join(d.title() for d in r["distances"]) or "any Distance"
    tags = [term("ads-lighting", LIGHT[r["light"]]), esc(r["place"].title()),
            f'Usable: {term("ads-distance", dist)}', f'{term("map-card", "Map")} {term("up-down", "Up/Down")} {pattern(r["updown"])}']
    if r["rest"]:
        tags.append(term("ads-rest", "Rest spot"))
    if r["boss"]:
        tags.append("Boss")
    return (f'<article class="adv-room" data-room="{esc(r["id"])}"><h2><span class="adv-num">{esc(r["id"])}</span> '
            f'{esc(r["name"])}</h2><p>{esc(r["text"])}</p>'
            f'<p class="muted">{" · ".join(tags)}</p></article>')


def _hero(v: dict[str, Any]) -> str:
    h = v["hero"]
    story = (f'XP {esc(h["xp"])} · Gold {esc(h["gold"])}' + (f' · Treasure: {esc(", ".join(h["treasure"]))}' if h["treasure"] else ""))
    piles = (f'Draw {h["draw"]} · Discard {h["discard"]} · Removed from the game {len(h["removed"])}'
             + (f' · Set aside {len(h["aside"])}' if h["aside"] else ""))
    return (f'<div class="adv-hero"><p><b>{esc(h["name"])}</b> <span class="muted">{esc(h["race"].title())} '
            f'{esc(h["class"].title())} L{esc(h["level"])}</span></p>'
            f'<p class="ads-stats"><b>HP {esc(h["hp"])}/{esc(h["max_hp"])}</b> · {term("ads-hand-maximum", "Hand max")} {h["hand_max"]} · '
            f'{term("ads-fatigue", "Fatigue")} {h["fatigue"]} · {term("ads-exhaustion", "Exhaustion")} {h["exhaustion"]}</p>'
            f'<p class="muted">{piles}</p>'
            f'<p class="muted">{term("story-cards", "Story cards")}: {story}</p></div>')


def _party(v: dict[str, Any]) -> str:
    """A party between fights: who leads (acts for the party), everyone's HP."""
    if not v["party"]:
        return ""
    rows = "".join(
        f'<li class="{"now" if h["lead"] else ""}{"" if h["alive"] else " out"}"><b>{esc(h["name"])}</b> '
        f'<span class="muted">{esc(h["class"].title())} L{esc(h["level"])}</span> HP {esc(max(h["hp"], 0))}/{esc(h["max_hp"])} · '
        f'hand max {h["hand_max"]}{" · leads" if h["lead"] else ""}{"" if h["alive"] else " · fallen"}</li>'
        for h in v["party"])
    return f'<div class="ads-party"><h2>The party</h2><ul class="ads-seats">{rows}</ul></div>'


WHY = {"rest": "Full Hit Points and a Disease cured; your discards are shuffled back into your Draw Deck. "
              "It costs a level of Fatigue (hand maximum 1 less) and wandering Foes may come. Offered in any "
              "room once you have fought a fight (at a rest spot even before).",
       "attempt": "Declare Up or Down and draw as the obstacle's difficulty says: a match gets you past it.",
       "overcome": "The attempt failed: the right Attribute card still wins through (from the Combat Deck it "
                   "costs a level of Exhaustion).",
       "give_up": "Take the harm the obstacle does and stay where you are.",
       "loot": "Into the hand or the Draw Deck (another card of yours then leaves the game, so you keep 52), "
               "set aside in your Character Deck for later, or left here.",
       "lead": "The character who leads acts for the party between fights."}


def _choices(v: dict[str, Any]) -> str:
    acts = v["actions"]
    if not acts:
        return ""
    phase = v["phase"]
    title = {"room": "What now?", "obstacle": "The attempt failed", "trim": "Discard down to your hand maximum",
             "loot": "Loot: where does it go?", "remove_hand": "Remove a card of your hand from the game",
             "remove_draw": "Remove a card of your Draw Deck from the game"}.get(phase, "Choose")
    btns, whys = "", set()
    for e in acts:
        t = e["action"]["type"]
        b = button(label_html(e["label"]), "play", e["action"], raw_label=True,
                   cls="btn" + (" primary" if t in ("go", "attempt") else ""))
        if t in WHY and t not in whys:  # one "?" per kind of choice
            whys.add(t)
            b = f'<span class="act">{b}{why("adv-" + t, WHY[t], "What " + plain(e["label"]) + " does")}</span>'
        btns += b
    return f'<h2>{esc(title)}</h2><div class="choices">{btns}</div>'


def _obstacle(v: dict[str, Any]) -> str:
    ob = v["obstacle"]
    if not ob:
        return ""
    draw = ""
    if ob["draw"] and v["phase"] in ("obstacle", "room", "loot"):
        d = ob["draw"]
        from .prompt import updown_card
        draw = (f'<p class="adv-draw">Declared {pattern(d["declared"])}, drew '
                f'<span class="ud-cards">{"".join(updown_card(x) for x in d["drawn"])}</span>: '
                f'<b>{"success" if d["ok"] else "failure"}</b></p>')
    state = "overcome" if ob["passed"] else f'{esc(ob["difficulty"])}: {ob["chance"]}% to succeed'
    return (f'<article class="adv-obstacle"><h3>{term("ads-obstacle", ob["name"])} <span class="muted">({state})</span></h3>'
            f'<p>{esc(ob["text"])}</p>{draw}</article>')


def _place(view: dict[str, Any]) -> str:
    """Where the character is; before the first fight is over, the adventure's story intro
    above it (the first room's Foes start a fight at once: the intro must come first)."""
    r = view["room"]
    intro = (f'<p class="adv-intro"><b>{esc(view["adventure"])}.</b> {esc(view["intro"])}</p>'
             if view.get("intro") else "")
    return f'{intro}<p class="muted adv-place">{esc(view["adventure"])} · {esc(r["id"])} {esc(r["name"])}</p>'


def render(view: dict[str, Any], session: Session) -> str:
    sheet = (f'<details class="adv-sheet"><summary>Character Deck: HP, story cards and piles</summary>'
             f'<p class="muted">The whole {term("character-deck", "Character Deck")}:</p>{_hero(view)}</details>')
    if view["fight"] is not None:
        return (f'<section class="table adv-table" data-system="ads_adventure" data-phase="fight">{_place(view)}'
                f'{render_fight(view["fight"], session)}{_room(view)}{sheet}</section>')
    over = ""
    if view["phase"] == "over":
        words = {"won": "The adventure is won!", "lost": "Your character has fallen. The adventure is over."}
        over = f'<p class="banner">{esc(words.get(view["outcome"], "The adventure is over."))}</p>' + ways_on(session)
    last = ""
    if view["last_fight"] and view["phase"] != "over":
        last = f'<p class="muted">Last fight: {esc(view["last_fight"]["outcome"])}.</p>'
    pending = ""
    if view["pending"]:
        pending = (f'<h2>{term("ads-loot", "Loot")}</h2><div class="ads-hand">' + "".join(card_svg(c, 1) for c in view["pending"][:1])
                   + (f'<p class="muted">and {len(view["pending"]) - 1} more</p>' if len(view["pending"]) > 1 else "")
                   + "</div>")
    h = view["hero"]
    hand = "".join(card_svg(c, 1) for c in h["hand"]) or '<p class="muted">empty (drawn in the next fight)</p>'
    removed = ""
    if h["removed"] or h["aside"]:
        removed = (f'<p class="muted">Removed from the game: {esc(", ".join(h["removed"]) or "none")}. '
                   f'Set aside in the Character Deck: {esc(", ".join(h["aside"]) or "none")}.</p>')
    export = ""
    if view["deck_json"] is not None:
        text = json.dumps(view["deck_json"], sort_keys=True)
        export = (f'<details class="adv-export"><summary>Character Deck as JSON (validate-deck)</summary>'
                  f'<textarea readonly rows="4" aria-label="Character Deck as JSON">{esc(text)}</textarea></details>')
    status = (f'<p class="ads-stats">{esc(h["name"])}: <b>HP {esc(h["hp"])}/{esc(h["max_hp"])}</b> · hand max {h["hand_max"]}'
              f' · XP {esc(h["xp"])} · Gold {esc(h["gold"])}</p>')
    body = f'{over}{status}{last}{_obstacle(view)}{pending}{_choices(view)}'
    label = {"over": "The adventure is over"}.get(view["phase"], "What to do in this room")
    return (f'<section class="table adv-table" data-system="ads_adventure" data-phase="{esc(view["phase"])}">'
            f'{_place(view)}' + prompt(body, cls="ads-prompt adv-prompt", label=label)
            + f'{_room(view)}{_party(view)}<details class="adv-sheet" open><summary>Character Deck'
            f'</summary>{_hero(view)}</details>'
            f'<h2>Hand ({len(h["hand"])})</h2><div class="ads-hand">{hand}</div>{removed}'
            f'{log_list(view["log"], "Adventure log")}{export}</section>')


def ways_on(session: Session) -> str:
    """The adventure's end is never a dead end (issue 50): the keep again with the same
    characters, a lone fight, a new adventure's setup, Home."""
    # a guest's phone at a table of phones draws the host's game with no session: the keep
    # again is the host's to start
    chosen = session.options.get("adventure") if session is not None else None
    words = "Enter the keep again" if chosen is None else \
        f"Play {chosen['name'] if isinstance(chosen, dict) else _builtin_name(chosen)} again"
    again = button(words, "new", {"system": "ads_adventure", "options": dict(session.options)},
                   cls="btn primary", fill="quick") if session is not None else ""
    return ('<h2>What next?</h2><input type="hidden" name="quick" value="yes"><div class="choices adv-ways">'
            f'{again}{button("A lone fight", "setup", "ads", cls="btn")}'
            f'{button("Set up another adventure", "setup", "ads_adventure", cls="btn")}'
            f'{button("Home", "home", cls="btn")}</div>')


def _builtin_name(aid: Any) -> str:
    from ...systems.ads.adventure.content import BUILTIN, adventure
    return adventure(aid)["info"]["name"] if aid in BUILTIN else "it"


def _after_play(app: Any, session: Session) -> list[tuple[str, ...]]:
    """The Character Deck an adventure ends with (XP, Gold, Treasure, loot) joins the library."""
    quick, app.ads_quick = getattr(app, "ads_quick", None), None
    effects = take_quick_hand(app, session, str(session.state["options"].get("hero"))) if quick else []
    return LIB.after_play(app, session) + effects


PARTY_FIELDS = (2, 3, 4)
MODE_LINES = (("Simple", "distances ignored: every card reaches every Foe. The quickest."),
              ("One Dimensional", "each Foe at Melee, Thrown or Ranged on a line; Move is an action."),
              ("Two Dimensional", "the room as 9x9 squares: 1 square Melee, 2-4 Thrown, 5+ Ranged; "
                                  "with cover, some squares block shots."))
PENALTY = ('<option value="no">Cannot be played (the book)</option>'
           '<option value="yes">Optional Penalty: draw to match the Map card</option>')


def made_adventures(app: Any) -> list[tuple[str, dict[str, Any]]]:
    """(library key, record) of each adventure the player made and kept (the maker's)."""
    from ..make.adventure import made_adventures as kept
    return kept(app) if getattr(app, "library", None) else []


def _adventure_picker(app: Any) -> str:
    """The adventure select: ours, then the player's own (marked as yours), and the way to
    make one from the adventure chosen (ui/make/: a copy in a form, kept in the Library)."""
    from ...systems.ads.adventure.content import BUILTIN, DEFAULT, adventure
    made = made_adventures(app)
    chosen = getattr(app, "ads_adventure", None)
    chosen = chosen if chosen in BUILTIN or any(k == chosen for k, _ in made) else DEFAULT

    def row(k: str, name: str, rooms: int, yours: bool) -> str:
        words = f'{name} ({rooms} rooms{", yours" if yours else ""})'
        return f'<option value="{esc(k)}"{" selected" if k == chosen else ""}>{esc(words)}</option>'
    ours = "".join(row(k, adventure(k)["info"]["name"], len(adventure(k)["rooms"]), False) for k in BUILTIN)
    mine = "".join(row(k, str(r.get("name")), len(r.get("rooms", [])), True) for k, r in made)
    groups = (f'<optgroup label="Ours">{ours}</optgroup><optgroup label="Your own">{mine}</optgroup>'
              if mine else ours)
    make = button("Make your own from this adventure", "make", {"kind": "adventure-ads", "field": "adventure"},
                  cls="btn", fill="adventure", title="Make your own adventure from a copy of the one chosen")
    return f'<label>Adventure <select name="adventure">{groups}</select></label><div class="ads-make">{make}</div>'


def setup(app: Any = None) -> str:
    mode = ('<option value="simple">Simple (distances ignored)</option>'
            '<option value="line">One Dimensional (Ranged / Thrown / Melee)</option>'
            '<option value="grid">Two Dimensional (the room as a grid of squares)</option>'
            '<option value="cover">Two Dimensional with cover (the Map cards\' cover squares)</option>')
    quick = quick_buttons("ads_adventure", lambda k: {"hero": k}, "into the Drowned Lantern Keep")
    head = ('<h2>Play now</h2><p class="muted">One ready-made character, Simple play, a suggested '
            'starting hand: one tap into the first room.</p>')
    label = "Play now: pick a ready-made character"
    key = getattr(app, "ads_adventure", None)
    mine = dict(made_adventures(app)).get(key) if key else None
    if mine is not None:  # an adventure just kept or opened from the Library: the next step is to play it
        quick = (f'<input type="hidden" name="yours" value="{esc(key)}">'
                 + quick_buttons("ads_adventure", lambda k: {"hero": k}, f"into {mine['name']}", fill="quick,yours"))
        head = (f'<h2>Play your adventure now</h2><p class="muted">{esc(mine["name"])} (yours: '
                f'{len(mine["rooms"])} rooms), one ready-made character, Simple play, a suggested starting '
                f'hand: one tap into its first room.</p>')
        label = f"Play {mine['name']} now: pick a ready-made character"
    lines = "".join(f"<li><b>{n}</b>: {esc(t)}</li>" for n, t in MODE_LINES)
    return (f'<section class="setup ads-setup adv-setup"><h1>New ADS adventure</h1>'
            f'<p class="muted">Carry your Character Decks through an adventure: rooms, obstacles, a rest '
            f'spot, loot and a boss, alone or as a party of up to 4 on this one phone (pass it round: each '
            f'sees their own hand on their turn). Ours are the Drowned Lantern Keep and the Brine Pits of '
            f'Harrow Moor; make your own from either. Build your own deck on the ADS Deck Builder.</p>'
            + prompt(f'{head}{quick}', cls="ads-quick", label=label)
            + f'<h2>Or set up the adventure yourself</h2><form class="form" data-form>{_adventure_picker(app)}'
            + f'{deck_select(app, "hero", "Character 1")}'
            + "".join(deck_select(app, f"hero{k}", f"Character {k} (a party)", nobody=True) for k in PARTY_FIELDS)
            + f'<label>Way to play <select name="mode">{mode}</select></label><ul class="ads-lines">{lines}</ul>'
            f'<label>Cards off the Map card\'s Distances <select name="map_penalty">{PENALTY}</select></label>'
            f'{button("Enter the keep", "new", {"system": "ads_adventure"}, cls="btn primary", fill="adventure,hero,hero2,hero3,hero4,mode,map_penalty", submit=True)}'
            f'</form></section>')


def options_from_form(fields: dict[str, Any], app: Any) -> dict[str, Any]:
    if app is not None:
        app.pending_library = []
        app.ads_quick = None
    if fields.get("quick") == "yes":  # Play now: the button's own options name the ready-made deck
        if app is not None:
            app.ads_quick = "ready"
        return _chosen_adventure(fields.get("yours"), app)  # Play your adventure now: the kept one
    picks = [fields.get("hero", "ready:warrior")] + [fields[f"hero{k}"] for k in PARTY_FIELDS
                                                      if fields.get(f"hero{k}", "none") != "none"]
    # decks from the library first: the library's entries pair with the first characters
    picks.sort(key=lambda v: not str(v).startswith("lib:"))
    heroes = [chosen_deck(v, app, f"Character {n}") for n, v in enumerate(picks, 1)]
    out: dict[str, Any] = {"hero": heroes[0] if len(heroes) == 1 else heroes}
    if "mode" in fields:
        if fields["mode"] not in ("simple", "line", "grid", "cover"):
            raise IllegalAction("Way to play: Simple, One Dimensional, Two Dimensional (with or without cover)")
        out["mode"] = str(fields["mode"])
    out.update(_chosen_adventure(fields.get("adventure"), app))
    if "map_penalty" in fields:
        if fields["map_penalty"] not in ("no", "yes"):
            raise IllegalAction("Combat Conditions ~ Distance: the optional Penalty is yes or no")
        out["map_penalty"] = fields["map_penalty"] == "yes"
    return out


def _chosen_adventure(value: Any, app: Any) -> dict[str, Any]:
    """The adventure option of the picker's choice: none for the Drowned Lantern Keep (as
    every game before there were others), ours by id, or a kept one's record (the game keeps
    it: an edited adventure never changes a game under way)."""
    from ...systems.ads.adventure.content import BUILTIN, DEFAULT
    from ...systems.ads.adventure.spec import made_id
    if value in (None, "", DEFAULT):
        return {}
    if not isinstance(value, str):
        raise IllegalAction("Adventure: choose one of the list")
    if value in BUILTIN:
        return {"adventure": value}
    mine = dict(made_adventures(app)).get(value) if isinstance(value, str) else None
    if mine is None:
        raise IllegalAction("Adventure: that adventure is not on this phone")
    return {"adventure": dict(mine, id=made_id(mine))}


register_table(Table(
    system="ads_adventure", title="ADS Adventure",
    blurb="Carry your Character Deck through an adventure, ours or your own: fights, obstacles, rests, loot.",
    render=render, setup=setup, options_from_form=options_from_form, after_play=_after_play))
