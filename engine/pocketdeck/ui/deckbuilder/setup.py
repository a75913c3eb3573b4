"""The Deckbuilder RPG's new-game screen (issues 24, 25): "Play now" first (a ready hero
alone in the lone hero's skirmish: two taps from home to a first turn), then the party form
where every hero and every choice of encounters says in one line what it means in play,
and the hero library carried from game to game."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.limits import excerpt
from ...systems.deckbuilder import data
from ...systems.deckbuilder.monstercard import made_id
from ...systems.deckbuilder.zonecard import made_id as zone_id
from ...systems.deckbuilder.records import export_heroes, record_problems
from ..flow import prompt
from ..html import button, esc
from ..learn_ui import term
from ..library.characters import CharacterLibrary

if TYPE_CHECKING:
    from ..shell import App

# what each starter hero is like in play, one line (the numbers are added from heroes.toml)
HERO_LINES = {
    "rogue": "Quick and hard to hit: a dagger up close and a shortbow from afar.",
    "warrior": "The toughest: a longsword, chainmail and the most health; made for Melee and Defend.",
    "wizard": "Fragile but deadly: spells charged with Mana over a turn or two.",
    "priest": "Fighter and healer: a mace, the Smite spell and Mend for the wounded.",
}
QUICK_FIRST = ("warrior",)  # the sturdiest hero leads "Play now": the kindest first game
ZONE_CHOICES = {"all": "Both encounters, one after the other"}


def hero_line(hid: str) -> str:
    """One line of what a starter hero is like, with the numbers that matter first."""
    h = data.heroes()[hid]
    gear = ", ".join(data.card_name(w) for w in h["equipped"])
    return f'{HERO_LINES.get(hid, "Equipped with " + gear + ".")} Health {h["health"]}, defense {h["defense"]}.'


def zone_line(zid: str) -> str:
    """One line of an encounter zone: its arenas, doors, boss and minions."""
    z = data.zones()[zid]
    arenas = z["arena"]
    doors = sum(1 for ln in z.get("link", []) if ln["kind"] == "door")
    bosses = [data.bosses()[a["boss"]]["name"] for a in arenas if a.get("boss")]
    kinds = sorted({data.minions()[m]["name"] for a in arenas for m in a.get("minions", [])})
    parts = [f'{len(arenas)} arenas' + (f', {doors} door{"s" if doors != 1 else ""}' if doors else "")]
    if bosses:
        parts.append("boss " + " and ".join(bosses))
    if kinds:
        parts.append("minions: " + ", ".join(kinds))
    return "; ".join(parts) + "."


def solo_label(zone: str) -> str:
    """A skirmish's choice says it is made for one hero: the other zones are tuned for a party."""
    return f'Lone hero: {data.zones()[zone]["name"]}'


def _zone_choices() -> list[tuple[str, str, str]]:
    order, solo = data.zone_order(), data.solo_zones()
    names = " then ".join(data.zones()[z]["name"] for z in order)
    out = [("all", ZONE_CHOICES["all"], f"{names}: a longer game for a party of 2 to 4, "
                                        "with spoils and upgrades between them.")]
    out += [(z, data.zones()[z]["name"] + " only", "For 2 to 4 heroes: " + zone_line(z)) for z in order]
    out += [(z, solo_label(z), "A short skirmish made for one hero: " + zone_line(z)) for z in solo]
    return out


def quick_options(hid: str) -> dict[str, Any]:
    """The "Play now" game: one ready hero alone in the first lone hero's skirmish."""
    solo = data.solo_zones()
    return {"heroes": [hid], "names": [], "zones": solo[:1] or data.zone_order(), "party": [], "gm": False}


def _play_now() -> str:
    solo = data.solo_zones()
    where = data.zones()[solo[0]]["name"] if solo else "both encounters"
    rows = []
    first = [h for h in QUICK_FIRST if h in data.heroes()]
    for i, hid in enumerate(first + [h for h in data.heroes() if h not in first]):
        h = data.heroes()[hid]
        rows.append(f'<li class="choice">'
                    + button(h["name"], "new", {"system": "deckbuilder", "options": quick_options(hid)},
                             cls="btn primary" if i == 0 else "btn", title=f'Play now: {h["name"]} alone in {where}')
                    + f'<p class="muted">{esc(hero_line(hid))}</p></li>')
    return prompt(f'<h2>Play now</h2><p>A ready hero alone in <b>{esc(where)}</b>, a short skirmish '
                  f'made for one hero. Pocketdeck runs the monsters.</p>'
                  f'<ul class="db-quick">{"".join(rows)}</ul>',
                  cls="db-play-now", label="Play now: pick a ready hero")


MADE_PREFIX = "item:monster:deckbuilder:"   # the Library's monsters of your own (ui/make/monster.py)
ZONE_PREFIX = "item:zone:deckbuilder:"      # the Library's zones of your own (ui/make/zone.py)


def made_zones(app: Any) -> list[tuple[str, dict[str, Any]]]:
    """(library key, zone) of each zone the player made and kept, by name."""
    lib = getattr(app, "library", None) or {}
    return sorted(((k, r) for k, r in lib.items() if k.startswith(ZONE_PREFIX) and isinstance(r, dict)),
                  key=lambda kr: (str(kr[1].get("name")), kr[0]))


def made_zone_record(z: dict[str, Any]) -> dict[str, Any]:
    """A kept zone as a game starts from it: its id the hash of it as it is now (renamed,
    say); the game carries it in its options (``zone``), so editing it never changes a game."""
    return dict(z, id=zone_id(z))


def zone_options(record: dict[str, Any], heroes: list[str]) -> dict[str, Any]:
    return {"heroes": heroes, "names": [], "zones": [record["id"]], "party": [], "gm": False, "zone": record}


def made_zone_line(z: dict[str, Any]) -> str:
    """One line of a zone of your own: its arenas, doors and boss (names as the player typed them)."""
    arenas = z.get("arena") or []
    doors = sum(1 for ln in z.get("link") or [] if isinstance(ln, dict) and ln.get("kind") == "door")
    carried = {c.get("id"): c.get("name") for c in z.get("made_bosses") or [] if isinstance(c, dict)}
    boss = next((a.get("boss") for a in arenas if isinstance(a, dict) and a.get("boss")), None)
    name = carried.get(boss) or (data.bosses().get(boss) or {}).get("name") if boss else None
    return f'{len(arenas)} arenas, {doors} door{"s" if doors != 1 else ""}' + (f"; boss {name}" if name else "")


def _play_zone(app: Any) -> str:
    """Play your zone now: a zone just kept or opened from the Library, one tap away (shown
    unless a monster was kept or opened since)."""
    key = getattr(app, "db_zone", None)
    mine = dict(made_zones(app)).get(key) if key and getattr(app, "db_monster", None) is None else None
    if mine is None:
        return ""
    record = made_zone_record(mine)
    rows = party_buttons(lambda party: zone_options(record, party), f'Play {mine.get("name")}')
    return prompt(f'<h2>Play your zone now</h2><p><b>{esc(mine.get("name"))}</b> (yours: '
                  f'{esc(made_zone_line(mine))}). Pick the party:</p><ul class="db-quick">{rows}</ul>',
                  cls="db-play-now", label=f'Play {mine.get("name")} now: pick the party')


def _zone_maker(app: Any) -> str:
    """Every zone, ours and yours, and the way to make one from the zone chosen."""
    made = made_zones(app)
    key = getattr(app, "db_zone", None)
    ours = [z for z, v in data.zones().items() if v.get("made") is not True]
    chosen = key if any(k == key for k, _ in made) else ours[0]
    def opt(v: str, words: str) -> str:
        return f'<option value="{esc(v)}"{" selected" if v == chosen else ""}>{esc(words)}</option>'
    groups = '<optgroup label="Our zones">' + "".join(opt(z, data.zones()[z]["name"]) for z in ours) + "</optgroup>"
    if made:
        groups += ('<optgroup label="Your own zones">'
                   + "".join(opt(k, f'{z.get("name")} ({made_zone_line(z)}, yours)') for k, z in made) + "</optgroup>")
    make = button("Make your own from this zone", "make", {"kind": "zone-deckbuilder", "field": "zone"},
                  cls="btn", fill="zone", title="Make your own encounter zone from a copy of the zone chosen")
    return (f'<h2>Zones, ours and yours</h2><div class="form db-zones">'
            f'<label>Zone <select name="zone">{groups}</select></label>'
            f'<p class="muted">Make your own encounter zone, its arenas, links, minions and boss (ours or your '
            f'own monsters), from a copy; once kept, play it from Encounters above or from "Play your zone '
            f'now".</p><div class="ads-make">{make}</div></div>')


def made_monsters(app: Any) -> list[tuple[str, dict[str, Any]]]:
    """(library key, monster) of each monster the player made and kept, by name."""
    lib = getattr(app, "library", None) or {}
    return sorted(((k, r) for k, r in lib.items() if k.startswith(MADE_PREFIX) and isinstance(r, dict)),
                  key=lambda kr: (str(kr[1].get("name")), kr[0]))


def monster_line(m: dict[str, Any]) -> str:
    """One line of a monster's numbers, ours or yours: a minion's hits, a boss's health."""
    if m.get("rank") == "minion" or "hits" in m:
        return (f'minion, {m.get("hits")} hit{"s" if m.get("hits") != 1 else ""}, defense {m.get("defense")}, '
                f'attack {m.get("attack")}, damage {m.get("damage")}')
    return f'boss, health {m.get("health")}, defense {m.get("defense")}'


def made_card(m: dict[str, Any]) -> dict[str, Any]:
    """A kept monster as a game starts from it: its id the hash of it as it is now (renamed,
    say); the game carries it in its options (``monster``), so editing it never changes a game."""
    return dict(m, id=made_id(m))


def fight_options(card: dict[str, Any], heroes: list[str]) -> dict[str, Any]:
    return {"heroes": heroes, "names": [], "zones": [data.made_zone()], "party": [], "gm": False, "monster": card}


FIGHT_PARTIES = (("warrior", "priest"), ("warrior", "rogue", "wizard", "priest"), ("warrior",))


def party_buttons(options_of: Any, title: str) -> str:
    """One button a ready party (FIGHT_PARTIES) starting the game ``options_of(heroes)``
    makes: a monster or a zone of your own, one tap away."""
    rows = []
    for i, party in enumerate(p for p in FIGHT_PARTIES if all(h in data.heroes() for h in p)):
        names = " and ".join(data.heroes()[h]["name"] for h in party) if len(party) < 4 else "All four heroes"
        rows.append('<li class="choice">' + button(names, "new", {"system": "deckbuilder",
                                                                  "options": options_of(list(party))},
                                                   cls="btn primary" if i == 0 else "btn",
                                                   title=f'{title}: {names}') + "</li>")
    return "".join(rows)


def _fight_yours(app: Any) -> str:
    """Fight your monster now: a monster just kept or opened from the Library, one tap away."""
    key = getattr(app, "db_monster", None)
    mine = dict(made_monsters(app)).get(key) if key else None
    if mine is None:
        return ""
    card = made_card(mine)
    zone = data.zones()[data.made_zone()]
    rows = party_buttons(lambda party: fight_options(card, party), f'Fight {mine.get("name")}')
    return prompt(f'<h2>Fight your monster now</h2><p><b>{esc(mine.get("name"))}</b> (yours: '
                  f'{esc(monster_line(mine))}) waits in {esc(zone["name"])}, behind a door. Pick the party:</p>'
                  f'<ul class="db-quick">{rows}</ul>',
                  cls="db-play-now", label=f'Fight {mine.get("name")} now: pick the party')


def _monster_maker(app: Any) -> str:
    """Every monster, ours and yours, and the way to make one from the monster chosen."""
    def opt(v: str, words: str, chosen: str) -> str:
        return f'<option value="{esc(v)}"{" selected" if v == chosen else ""}>{esc(words)}</option>'
    made = made_monsters(app)
    key = getattr(app, "db_monster", None)
    chosen = key if any(k == key for k, _ in made) else "boss:ogre"
    minions = "".join(opt(f"minion:{k}", f'{m["name"]} ({monster_line(m)})', chosen) for k, m in data.minions().items())
    bosses = "".join(opt(f"boss:{k}", f'{b["name"]} ({monster_line(b)})', chosen) for k, b in data.bosses().items())
    mine = "".join(opt(k, f'{m.get("name")} ({monster_line(m)}, yours)', chosen) for k, m in made)
    groups = (f'<optgroup label="Our minions">{minions}</optgroup><optgroup label="Our bosses">{bosses}</optgroup>'
              + (f'<optgroup label="Your own monsters">{mine}</optgroup>' if mine else ""))
    make = button("Make your own from this monster", "make", {"kind": "monster-deckbuilder", "field": "monster"},
                  cls="btn", fill="monster", title="Make your own monster from a copy of the monster chosen")
    return (f'<h2>Monsters, ours and yours</h2><div class="form db-monsters">'
            f'<label>Monster <select name="monster">{groups}</select></label>'
            f'<p class="muted">Make your own minion or boss from a copy; once kept, fight it from '
            f'Encounters below or from "Fight your monster now".</p><div class="ads-make">{make}</div></div>')


def setup(app: "App" = None) -> str:  # type: ignore[assignment]
    lib = LIB.entries(app) if app is not None else {}
    saved = LIB.picks(app, "Heroes from your library", lambda r: (
        f'{data.heroes()[r["hero"]]["name"]}, health {r["max_health"]}, {r["xp"]} experience, '
        f'{len(r["deck"])} cards, {r["encounters"]} encounter{"s" if r["encounters"] != 1 else ""}')) if lib else ""
    rows = []
    for hid, h in data.heroes().items():
        checked = " checked" if hid in ("warrior", "priest") and not lib else ""
        rows.append(f'<div class="db-pick"><label class="check"><input type="checkbox" name="heroes" value="{esc(hid)}"{checked}> '
                    f'<span><b>{esc(h["name"])}</b> <span class="muted">{esc(hero_line(hid))}</span></span></label>'
                    f'<label>Name for {esc(h["name"])} (optional)<input name="name_{esc(hid)}" maxlength="40" autocomplete="off"></label></div>')
    choices = _zone_choices()
    opts = "".join(f'<option value="{esc(v)}"{" selected" if v == "all" else ""}>{esc(t)}</option>'
                   for v, t, _ in choices)
    made, zones_made = made_monsters(app), made_zones(app)
    if made or zones_made:  # a monster of your own (in its own zone, zones.toml "lair"); a zone of your own
        opts = (f'<optgroup label="Our encounters">{opts}</optgroup>'
                + (f'<optgroup label="Your own monsters">'
                   + "".join(f'<option value="yours:{esc(k)}">{esc(m.get("name"))} (yours)</option>' for k, m in made)
                   + "</optgroup>" if made else "")
                + (f'<optgroup label="Your own zones">'
                   + "".join(f'<option value="yours:{esc(k)}">{esc(z.get("name"))} (yours)</option>'
                             for k, z in zones_made) + "</optgroup>" if zones_made else ""))
    lines = "".join(f'<li><b>{esc(t)}</b>: {esc(line)}</li>' for _, t, line in choices)
    zones = (f'<label>Encounters <select name="zones" aria-describedby="db-zones-note">{opts}</select></label>'
             f'<ul class="db-zone-lines muted" id="db-zones-note">{lines}</ul>')
    fill = "heroes,zones,gm,library," + ",".join(f"name_{hid}" for hid in data.heroes())
    return (f'<section class="setup db-setup"><h1>New Deckbuilder battle</h1>{_play_zone(app) or _fight_yours(app) or _play_now()}'
            f'<h2>Or build a party</h2>'
            f'<p class="muted">Pick 1 to 4 heroes and pass the phone around. Each turn a hero takes a card '
            f'from the {term("action-tableau")}; allies in the same {term("arena", "arena")} join in with '
            f'{term("synergy")}.</p>'
            f'<form class="form" data-form>{saved}<fieldset><legend>New heroes (in seat order: initiative picks who starts, then play goes clockwise)</legend>{"".join(rows)}</fieldset>'
            f'{zones}'
            f'<label class="check"><input type="checkbox" name="gm" value="yes"> '
            f'<span>A Game Master runs the monsters (hot-seat: the GM chooses each monster\'s tableau card, '
            f'cards and target)</span></label>'
            f'{button("Begin", "new", {"system": "deckbuilder"}, cls="btn primary", fill=fill, submit=True, title="Begin the battle with this party")}'
            f'</form>{_monster_maker(app)}{_zone_maker(app)}</section>')


def record_problem(record: Any) -> str | None:
    """None when ``record`` is a hero the rules accept, else the reason, short."""
    try:
        problems = record_problems(record)
    except Exception as exc:  # noqa: BLE001 - a record the check itself trips on
        return f"not a valid hero ({type(exc).__name__})"
    return excerpt("; ".join(problems), 200) if problems else None


LIB = CharacterLibrary("deckbuilder", record_problem, export_heroes)


def options_from_form(fields: dict[str, Any], app: "App") -> dict[str, Any]:
    """The form's options; a "Play now" tap sends no form (its options are in the button,
    and the engine checks them like any other)."""
    if not any(k in fields for k in ("heroes", "library", "zones")):
        app.pending_library = []
        return {}
    picked = fields.get("heroes") or []
    if isinstance(picked, str):
        picked = [picked]
    heroes = [h for h in data.heroes() if h in picked]
    chosen = fields.get("library") or []
    if isinstance(chosen, str):
        chosen = [chosen]
    lib = LIB.entries(app)
    keys = [k for k in lib if k in chosen]
    if not heroes and not keys:
        raise ValueError("choose at least one hero: a new one or one from your library")
    if len(heroes) + len(keys) > 4:
        raise ValueError("a party has at most 4 heroes")
    names = [str(fields.get(f"name_{h}", "") or "").strip()[:40] for h in heroes]
    zone = str(fields.get("zones") or "all")
    gm = fields.get("gm")
    app.pending_library = keys
    if zone.startswith("yours:" + ZONE_PREFIX):  # a zone of your own: the game carries it
        mine_zone = dict(made_zones(app)).get(zone[len("yours:"):])
        if mine_zone is None:
            raise ValueError("Encounters: that zone of yours is not in the library")
        record = made_zone_record(mine_zone)
        return {"heroes": heroes, "names": names, "zones": [record["id"]], "party": [lib[k] for k in keys],
                "gm": bool(gm) and gm not in ("", "no", "false"), "zone": record}
    if zone.startswith("yours:"):  # a monster of your own, in its zone: the game carries it
        mine = dict(made_monsters(app)).get(zone[len("yours:"):])
        if mine is None:
            raise ValueError("Encounters: that monster of yours is not in the library")
        return {"heroes": heroes, "names": names, "zones": [data.made_zone()],
                "party": [lib[k] for k in keys], "gm": bool(gm) and gm not in ("", "no", "false"),
                "monster": made_card(mine)}
    if zone != "all" and zone not in data.zones():
        raise ValueError("Encounters: choose both zones, one of them or a lone hero's skirmish")
    gm = fields.get("gm")
    app.pending_library = keys
    return {"heroes": heroes, "names": names, "zones": data.zone_order() if zone == "all" else [zone],
            "party": [lib[k] for k in keys], "gm": bool(gm) and gm not in ("", "no", "false")}
