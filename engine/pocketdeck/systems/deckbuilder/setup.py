"""Setup: the Action Tableau, the heroes' information cards and piles, the GM's minion
deck, boss decks and dungeon deck, the encounter zone, and initiative."""

from __future__ import annotations

from typing import Any

from ...core.rng import Rng
from . import data
from .common import HAND_LIMIT, State, draw, log, own_cards, pile

START_HAND = 5
MAX_WEAPONS = 2
BOSS_HAND = 3  # a boss's opening hand (the book gives none; sized for balance, docs/rules/deckbuilder.md)
STATS = ("melee_attack", "melee_damage", "ranged_attack", "defense", "mana")


MADE_BAND = 3  # a made minion comes as a band of three ("lowly retainers"); a made boss alone


def cast(options: dict[str, Any], arena: dict[str, Any]) -> tuple[list[str], str | None]:
    """(minion types, boss type) an arena sets out: its own, or in the arena marked ``yours``
    the made monster the game was started with (option ``monster``; zones.toml "lair")."""
    made = options.get("monster")
    if arena.get("yours") and isinstance(made, dict):
        return ([made["id"]] * MADE_BAND, None) if made.get("rank") == "minion" else ([], made["id"])
    return list(arena.get("minions", [])), arena.get("boss")


def party_specs(options: dict[str, Any]) -> list[dict[str, Any]]:
    """One record per hero, in turn order: the heroes carried over from the library
    (``party``, records made by ``export_heroes``) first, then the new ones made from
    their information cards (``heroes``, with the optional ``names``)."""
    out = [dict(r) for r in options.get("party", [])]
    for i, hid in enumerate(options["heroes"]):
        h = data.heroes()[hid]
        names = options["names"]
        name = names[i] if i < len(names) and names[i] else h["name"]
        out.append({"name": name, "hero": hid, "stats": {k: h[k] for k in STATS},
                    "max_health": h["health"], "xp": 0,
                    "deck": [c for c, n in sorted(h["deck"].items()) for _ in range(n)],
                    "latent": list(h["latent"]), "equipped": list(h["equipped"]),
                    "armor": [h["armor"]], "at_hand": list(h["at_hand"]), "powers": list(h["powers"]),
                    "encounters": 0})
    return out


def new_state(options: dict[str, Any], rng: Rng) -> State:
    specs = party_specs(options)
    piles: dict[str, list[str]] = {}
    for s in data.STACKS:
        piles[f"tableau:{s}"] = [s] * data.stack_size()
    bosses = sum(1 for z in options["zones"] for a in data.zone(z)["arena"] if cast(options, a)[1])
    piles["fatigue"] = ["fatigue"] * (data.fatigue_per_hero() * (len(specs) + bosses))  # bosses tire too
    piles["training"] = [c for c, n in sorted(data.upgrade()["cards"].items()) for _ in range(n)]
    mdeck = [c["id"] for c in data.minion_cards().values() for _ in range(c["count"])]
    rng.shuffle(mdeck)
    piles["minion:draw"], piles["minion:discard"] = mdeck, []
    zones = options["zones"]
    piles["dungeon"] = [f"{z}/{a['id']}" for z in zones for a in data.zone(z)["arena"]]
    piles["zone"] = []
    for z in zones:  # each boss's deck waits with the GM until its arena is revealed
        for a in data.zone(z)["arena"]:
            boss = cast(options, a)[1]
            if boss:
                piles[f"boss:{z}/{a['id']}"] = [c for c, n in sorted(data.boss(boss)["deck"].items())
                                                for _ in range(n)]
    for z in zones:
        piles[f"treasure:{z}"] = list(data.zone(z).get("spoils", []))
        for a in data.zone(z)["arena"]:  # Encounter zone: arenas "may have associated ... items"
            if a.get("items"):
                piles[f"items:{z}/{a['id']}"] = list(a["items"])
    heroes = []
    for i, spec in enumerate(specs):
        me = f"h{i}"
        heroes.append({"id": me, "hero": spec["hero"], "name": spec["name"], "health": spec["max_health"],
                       "max_health": spec["max_health"], "arena": None, "counters": {}, "defense_counters": 0,
                       "stats": dict(spec["stats"]), "xp": spec["xp"], "down": False,
                       "encounters": spec.get("encounters", 0), "taken": {}})
        piles[f"{me}:draw"] = list(spec["deck"])
        for k in ("hand", "discard", "expended", "front"):
            piles[f"{me}:{k}"] = []
        for k in ("latent", "equipped", "armor", "at_hand", "powers"):
            piles[f"{me}:{k}"] = list(spec[k])
    state: State = {"phase": "battle", "zone_index": 0, "heroes": heroes, "monsters": [],
                    "links": [], "order": [], "at": 0, "turn": None, "pending": None, "mturn": None, "guard": None,
                    "attacks": [], "reactions": [], "piles": piles, "rolls": [], "round": 1, "outcome": None,
                    "next_monster": 0, "log": [], "spoils_left": [], "upgrade_left": [], "options": options}
    start_zone(state, rng)
    return state


def start_zone(state: State, rng: Rng) -> None:
    """A new battle: lay out the whole encounter zone (every arena with its monsters;
    the dungeon deck keeps the other zones), place the party in its first arena, begin a
    new battle deck for each hero (the character deck, shuffled, expended and Fatigue
    cards back first), draw opening hands, roll initiative."""
    zid = current_zone(state)
    zone = data.zone(zid)
    state["links"] = [{"a": ln["a"], "b": ln["b"], "kind": ln["kind"], "open": ln["kind"] == "open"}
                      for ln in zone.get("link", [])]
    state["monsters"] = []
    first = zone["arena"][0]["id"]
    for h in state["heroes"]:
        h["arena"] = first
        h["counters"], h["defense_counters"] = {}, 0
        h["health"], h["down"] = h["max_health"], False
        h["taken"] = {}
        me = h["id"]
        deck = pile(state, f"{me}:draw")
        for k in ("hand", "discard", "expended", "front"):
            deck.extend(pile(state, f"{me}:{k}"))
            state["piles"][f"{me}:{k}"] = []
        fat = [c for c in deck if c == "fatigue"]
        state["piles"][f"{me}:draw"] = [c for c in deck if c != "fatigue"]
        state["piles"]["fatigue"].extend(fat)
        rng.shuffle(state["piles"][f"{me}:draw"])
        for _ in range(START_HAND):
            draw(state, h, rng)
    for a in zone["arena"]:
        reveal(state, a["id"], rng)
    roll_initiative(state, rng)
    state["at"], state["turn"], state["pending"], state["attacks"], state["mturn"] = 0, None, None, [], None
    state["guard"], state["reactions"] = None, []
    state.setdefault("battles", []).append(
        {"zone": zid, "cards": [len(own_cards(state, h)) for h in state["heroes"]],
         "tableau": sum(len(state["piles"][f"tableau:{s}"]) for s in data.STACKS)})
    log(state, f"{zone['name']}: the battle begins. {actor_name(state, state['order'][0])} has the initiative; "
        "play goes clockwise: " + ", ".join(actor_name(state, a) for a in state["order"]) + ".")


def reveal(state: State, arena: str, rng: Rng) -> list[str]:
    """Turn an arena card up from the dungeon deck and set its monsters out; returns the
    new monsters' ids (the caller rolls their initiative)."""
    zid = current_zone(state)
    code = f"{zid}/{arena}"
    dungeon = state["piles"]["dungeon"]
    if code not in dungeon:
        return []
    dungeon.remove(code)
    state["piles"]["zone"].append(code)
    spec = next(a for a in data.zone(zid)["arena"] if a["id"] == arena)
    new = []
    minions, boss = cast(state["options"], spec)
    for mt in minions:
        m = data.minion(mt)
        mid = f"m{state['next_monster']}"
        state["next_monster"] += 1
        state["monsters"].append({"id": mid, "kind": "minion", "type": mt, "name": m["name"],
                                  "arena": arena, "hits": m["hits"], "dead": False})
        new.append(mid)
    if boss:
        b = data.boss(boss)
        mid = f"m{state['next_monster']}"
        state["next_monster"] += 1
        state["monsters"].append({"id": mid, "kind": "boss", "type": b["id"], "name": b["name"],
                                  "arena": arena, "health": b["health"], "max_health": b["health"],
                                  "counters": {}, "defense_counters": 0, "dead": False, "taken": {}})
        deck = state["piles"].pop(f"boss:{code}")
        rng.shuffle(deck)
        state["piles"][f"{mid}:draw"], state["piles"][f"{mid}:discard"] = deck, []
        state["piles"][f"{mid}:hand"], state["piles"][f"{mid}:front"] = [], []
        state["piles"][f"{mid}:expended"] = []
        boss_draw(state, mid, rng)
        new.append(mid)
    names = ", ".join(m["name"] for m in state["monsters"] if m["id"] in new)
    log(state, f"{spec['name']} is revealed" + (f": {names}." if names else ", empty."))
    return new


def current_zone(state: State) -> str:
    return str(state["options"]["zones"][state["zone_index"]])


def init_scores(state: State, actor: str) -> tuple[int, int]:
    """(initiative base, defense for ties): defense score minus armor defense; ties go to
    the higher defense (base + armor)."""
    if actor.startswith("h"):
        h = hero(state, actor)
        base = h["stats"]["defense"]
        arm = armor_bonus(state, actor)
        return base - arm, base + arm
    m = monster(state, actor)
    if m["kind"] == "boss":
        b = data.boss(m["type"])
        arm = data.boss_armor(b)
        return b["defense"] - arm, b["defense"] + arm
    d = data.minion(m["type"])["defense"]
    return d, d


def initiative_rank(state: State, actors: list[str], rng: Rng) -> list[str]:
    """Initiative: defense - armor + 1d6, highest first; ties to the higher defense; a
    tie still left is rerolled among the tied."""
    if len(actors) <= 1:
        return list(actors)
    rolls = {a: init_scores(state, a)[0] + rng.randint(1, 6) for a in actors}
    out: list[str] = []
    for score in sorted(set(rolls.values()), reverse=True):
        tied = [a for a in actors if rolls[a] == score]
        by_def: dict[int, list[str]] = {}
        for a in tied:
            by_def.setdefault(init_scores(state, a)[1], []).append(a)
        for d in sorted(by_def, reverse=True):
            out.extend(initiative_rank(state, by_def[d], rng) if len(by_def[d]) > 1 else by_def[d])
    return out


def seats(state: State) -> list[str]:
    """Around the table: the heroes in their seats, then the Game Master's monsters in the
    order they were set out."""
    return [h["id"] for h in state["heroes"]] + [m["id"] for m in state["monsters"]]


def roll_initiative(state: State, rng: Rng) -> None:
    """Initiative: "The highest total is the start player ... After the starting player's
    turn, play continues clockwise around the table": the turn order is the seats, starting
    from the winner."""
    around = seats(state)
    start = around.index(initiative_rank(state, around, rng)[0])
    state["order"] = around[start:] + around[:start]


def hero(state: State, hid: str) -> dict[str, Any]:
    return next(h for h in state["heroes"] if h["id"] == hid)


def monster(state: State, mid: str) -> dict[str, Any]:
    return next(m for m in state["monsters"] if m["id"] == mid)


def actor_name(state: State, actor: str) -> str:
    return hero(state, actor)["name"] if actor.startswith("h") else monster(state, actor)["name"]


def armor_bonus(state: State, hid: str) -> int:
    return sum(data.armors()[a]["defense"] for a in state["piles"][f"{hid}:armor"])


def boss_draw(state: State, mid: str, rng: Rng, upto: int = BOSS_HAND) -> int:
    """A boss draws up to ``upto`` cards in hand, never above the hand limit (its opening
    hand of BOSS_HAND; after its turn one card, as a hero's "Draw"; Rest's draw 3),
    shuffling its discard pile into an empty draw pile (its deck, like a hero's, holds the
    tableau cards it took) and, like a hero's, one Fatigue card from the supply ("decks
    just like the player characters"). Returns the number of cards drawn."""
    hand, deck, disc = (state["piles"][f"{mid}:{k}"] for k in ("hand", "draw", "discard"))
    n = 0
    while len(hand) < min(upto, HAND_LIMIT):
        if not deck:
            if not disc:
                break
            deck.extend(disc)
            disc.clear()
            if state["piles"]["fatigue"]:
                deck.append(state["piles"]["fatigue"].pop())
                log(state, f"{monster(state, mid)['name']} reshuffles and gains a Fatigue card.")
            rng.shuffle(deck)
        hand.append(deck.pop())
        n += 1
    return n
