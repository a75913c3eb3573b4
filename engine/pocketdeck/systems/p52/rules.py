"""P52 as a Pocketdeck game system: options, the first state, legal actions, apply,
the checks the simulator runs, and character records that carry over between sessions.
"""

from __future__ import annotations

import json
from typing import Any

from ...core import piles
from ...core.cards import standard_deck
from ...core.game import Action, Game, IllegalAction, State, register
from ...core.rng import Rng
from . import board, data
from .actions import active_char, apply_room, legal_room
from .common import keep_action_deck, refresh, stamina_pile
from .flow import between_rooms, lay_out, run
from .maths import CORE, learns_on, level_threshold
from .party import apply_queue_action, blank_character, creation_steps, queue_actions
from .room import layout_actions

MAX_PARTY = 6
QUEST_ITEMS = ("key", "relic")
RECORD_FORMAT = "p52-character"
FULL_DECK = sorted(standard_deck())
LAYOUTS = ("app", "player")
ROOM_SIDE = ("room", "room_flips", "layout", "enemy", "foes", "foes_out")


def split_decks(rng: Rng) -> dict[str, list[str]]:
    """Setting Up the Decks: one deck's 12 face cards are the Enemy deck, its 40 number
    cards the Room deck; the other whole deck is the Action deck. All three shuffled."""
    first = standard_deck()
    enemy_deck = [c for c in first if c[:-1] in ("J", "Q", "K")]
    room_deck = [c for c in first if c[:-1] not in ("J", "Q", "K")]
    action = standard_deck()
    for pile in (enemy_deck, room_deck, action):
        rng.shuffle(pile)
    return {"enemy": enemy_deck, "room": room_deck, "room_flips": [], "layout": [], "foes": [],
            "foes_out": [], "action": action, "action_discard": []}


# -- character records ------------------------------------------------------------------------
def export_characters(state: State, resurrect: bool = True) -> list[dict[str, Any]]:
    """JSON-safe records of the party after a session. Resurrection: a dead character
    comes back at full HP but without any item; everyone starts the next session at full
    HP. Quest items (keys, the lantern) stay behind. Without ``resurrect`` the dead are
    left out."""
    out = []
    for c in state["chars"]:
        dead = c["status"] == "dead"
        if dead and not resurrect:
            continue
        items = [] if dead else [i for i in c["items"] if i not in QUEST_ITEMS]
        abilities = dict(c["abilities"])
        if c.get("gizmo"):  # Gizmo lasts for the quest only
            abilities[c["gizmo"][0]] = max(1, abilities[c["gizmo"][0]] - c["gizmo"][1])
        equipped = {} if dead else dict(c["equipped"])
        out.append({"format": RECORD_FORMAT, "version": 1, "name": c["name"], "race": c["race"],
                    "class": c["class"], "quirk": c["quirk"], "custom_quirk": c["custom_quirk"],
                    "level": c["level"], "exp": c["exp"], "core": dict(c["core"]),
                    "abilities": abilities, "tuned": dict(c["tuned"]),
                    "items": items, "equipped": equipped, "resurrected": dead})
    return out


RECORD_KEYS = {"format", "version", "name", "race", "class", "quirk", "custom_quirk", "level", "exp",
               "core", "abilities", "items", "equipped"}
RECORD_OPTIONAL = {"tuned", "resurrected"}
SLOTS = ("head", "body", "arms", "legs", "feet", "weapon", "knife")
ARMOR_SLOTS = ("head", "body", "arms", "legs")
MAX_LEVEL = 100
MAX_ABILITY_LEVEL = 50
MAX_ITEMS = 60
NAME_MAX = 40
QUIRK_TEXT_MAX = {"name": 40, "bonus": 80, "penalty": 80}
LEVEL_FLIP_MAX = 6  # Leveling Up: a King / 2
BONUS_FLIP_MAX = 15  # Step 5: three Kings give 13 + 2
EXTRA_PER_LEVEL = 10  # attribute bonuses, quest rewards, Training Manual, Magic Tome


def _whole(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _text(v: Any, most: int) -> bool:
    return (isinstance(v, str) and 0 < len(v) <= most and bool(v.strip())
            and all(ch.isprintable() for ch in v))


def core_most(race: str, cls: str, key: str, level: int) -> int:
    """The highest a core ability can be at ``level``: Step 3 (1 + race + class), every
    Step 5 point on it, the best level flip at each level gained, and a margin per level
    for attribute bonuses, quest rewards and the Training Manual / Magic Tome."""
    start = 1 + data.races()[race]["mods"].get(key, 0) + data.classes()[cls]["mods"].get(key, 0)
    return max(1, start) + BONUS_FLIP_MAX + LEVEL_FLIP_MAX * (level - 1) + EXTRA_PER_LEVEL * level


def abilities_allowed(cls: str, level: int) -> int:
    """Step 2's class abilities, Step 6's one more, and one on each odd level reached."""
    return len(data.classes()[cls]["abilities"]) + 1 + sum(learns_on(lv) for lv in range(2, level + 1))


def record_problems(rec: Any) -> list[str]:
    """Every way a character record breaks the rules, in player-readable words (empty when
    it is sound). Types are checked before values, so nothing here can raise."""
    if not isinstance(rec, dict) or rec.get("format") != RECORD_FORMAT:
        return ["a character record must come from export_characters (format p52-character)"]
    keys = set(rec)
    if not RECORD_KEYS <= keys or not keys <= RECORD_KEYS | RECORD_OPTIONAL:
        missing = sorted(RECORD_KEYS - keys)
        extra = sorted(map(str, keys - RECORD_KEYS - RECORD_OPTIONAL))
        return [f"a character record has exactly the fields of export_characters"
                f"{'; missing ' + ', '.join(missing) if missing else ''}"
                f"{'; unknown ' + ', '.join(extra) if extra else ''}"]
    p: list[str] = []
    if not _whole(rec["version"]) or rec["version"] != 1:
        p.append("unknown character record version")
    if not _text(rec["name"], NAME_MAX):
        p.append(f"name must be text of 1-{NAME_MAX} printable characters")
    race, cls, quirk = rec["race"], rec["class"], rec["quirk"]
    if not isinstance(race, str) or race not in data.races():
        p.append(f"Step 1: Choose a Race: unknown race {race!r}")
    if not isinstance(cls, str) or cls not in data.classes():
        p.append(f"Step 2: Choose a Class: unknown class {cls!r}")
    if quirk is not None and (not isinstance(quirk, str) or quirk not in data.quirks()):
        p.append(f"Step 4: Choose a Quirk: unknown quirk {quirk!r}")
    cq = rec["custom_quirk"]
    if cq is not None and not (isinstance(cq, dict) and set(cq) == set(QUIRK_TEXT_MAX)
                               and all(_text(cq[k], n) for k, n in QUIRK_TEXT_MAX.items())):
        p.append("Step 4: Choose a Quirk: your own quirk has a name (40), a bonus and a penalty (80 each)")
    if quirk is not None and cq is not None:
        p.append("Step 4: Choose a Quirk: one quirk, not two")
    level, exp = rec["level"], rec["exp"]
    level_ok = _whole(level) and 1 <= level <= MAX_LEVEL
    if not level_ok:
        p.append(f"level must be a whole number from 1 to {MAX_LEVEL}")
    if not _whole(exp) or exp < 0 or (level_ok and exp >= level_threshold(level)):
        top = f"below {level_threshold(level)} at level {level}" if level_ok else "below the next level's threshold"
        p.append(f"Leveling Up: exp must be a whole number from 0, {top} (the threshold is spent on the level)")
    known = isinstance(race, str) and race in data.races() and isinstance(cls, str) and cls in data.classes()
    core = rec["core"]
    if not isinstance(core, dict) or set(core) != set(CORE) or not all(_whole(v) for v in core.values()):
        p.append("core must give Lift, Think, Balance, Move and Lead as whole numbers")
        core = None
    else:
        for k in CORE:
            most = core_most(race, cls, k, level) if known and level_ok else None
            if core[k] < 1 or (most is not None and core[k] > most):
                p.append(f"Core Abilities: {k} {core[k]} is beyond what creation and levelling give "
                         f"(1 to {most if most is not None else '...'})")
    ab = rec["abilities"]
    if not isinstance(ab, dict) or not all(isinstance(a, str) and a in data.abilities() and _whole(v)
                                           and 1 <= v <= MAX_ABILITY_LEVEL for a, v in ab.items()):
        p.append(f"abilities must map known abilities to levels of 1 to {MAX_ABILITY_LEVEL}")
        ab = None
    elif known and level_ok:
        if len(ab) > abilities_allowed(cls, level):
            p.append(f"Step 6 / Leveling Up: {len(ab)} abilities is more than a level {level} "
                     f"{data.classes()[cls]['name']} can have ({abilities_allowed(cls, level)})")
        given = set(data.classes()[cls]["abilities"])
        for a in sorted(ab):
            if a in given:
                continue
            if not data.supported(a):
                p.append(f"{data.ability(a)['name']} cannot be learnt in Pocketdeck yet")
            elif core is not None and not all(core[k] >= v for k, v in data.ability(a)["prereq"].items()):
                p.append(f"Step 6: Add an Ability: {data.ability(a)['name']} needs "
                         + ", ".join(f"{k} {v}" for k, v in data.ability(a)["prereq"].items()))
    tuned = rec.get("tuned", {})
    if not isinstance(tuned, dict) or not all(
            isinstance(a, str) and ab is not None and a in ab and _whole(v) and 1 <= v <= 20
            for a, v in tuned.items()):
        p.append("tuned (Weapon Tuner) must map the character's abilities to 1 to 20")
    items = rec["items"]
    if (not isinstance(items, list) or len(items) > MAX_ITEMS
            or not all(isinstance(i, str) and i in data.items() for i in items)):
        p.append(f"items must list at most {MAX_ITEMS} known items")
    else:
        odd = sorted({i for i in items if i in QUEST_ITEMS
                      or data.item(i)["kind"] in ("bundle", "booby_trap", "old_trap")})
        if odd:
            p.append(f"items cannot be carried between sessions: {', '.join(odd)} (quest items stay "
                     "behind, bundles are unpacked, traps spring)")
    eq = rec["equipped"]
    if not isinstance(eq, dict) or not all(isinstance(k, str) and isinstance(i, str) and i in data.items()
                                           for k, i in eq.items()):
        p.append("equipped must map body parts to known items")
    else:
        for slot, iid in sorted(eq.items()):
            it = data.item(iid)
            if slot not in SLOTS:
                p.append(f"Equipping: {slot!r} is not a body part ({', '.join(SLOTS)})")
            elif it["kind"] == "armor":
                if slot not in ARMOR_SLOTS:
                    p.append(f"Equipping: {it['name']} is armor: head, body, arms or legs, not {slot}")
            elif it["kind"] in ("gear", "weapon"):
                if slot != it["slot"]:
                    p.append(f"Equipping: {it['name']} goes on {it['slot']}, not {slot}")
            else:
                p.append(f"Equipping: {it['name']} cannot be equipped (only items that are not consumable)")
    if "resurrected" in rec and not isinstance(rec["resurrected"], bool):
        p.append("resurrected must be true or false")
    return p


def check_record(rec: Any) -> None:
    """Refuse a character record (an import, the library, a share link) that the rules
    could not have produced: IllegalAction (a ValueError) naming every problem."""
    problems = record_problems(rec)
    if problems:
        name = rec.get("name") if isinstance(rec, dict) and isinstance(rec.get("name"), str) else None
        who = f"character record {name[:NAME_MAX]!r}" if name else "character record"
        raise IllegalAction(f"{who}: {'; '.join(problems)}")


def character_from_record(cid: str, rec: dict[str, Any]) -> dict[str, Any]:
    c = blank_character(cid)
    for k in ("name", "race", "class", "quirk", "custom_quirk", "level", "exp"):
        c[k] = rec[k]
    c["core"] = dict(rec["core"])
    c["abilities"] = dict(rec["abilities"])
    c["tuned"] = dict(rec.get("tuned", {}))
    c["items"] = list(rec["items"])
    c["equipped"] = dict(rec["equipped"])
    refresh(c)
    c["hp"] = c["max_hp"]  # Accomplishing Your Quest: max HP restored before the next session
    return c


# -- the game ----------------------------------------------------------------------------------
class P52Game(Game):
    name = "p52"
    title = "P52"
    schema_version = 2  # 2: issue 47 (a face-down Obstructed spot costs 2 movement once
    # turned; an item may be used after the move), so a game of format 1 may replay otherwise
    sim_step_cap = 4000
    # an enemy and a quest made on the phone (issue 49, systems/p52/made.py): the game keeps
    # them, so an edited or deleted one never changes a game under way, and a game without
    # them writes the options it always wrote
    optional_options = ("enemies", "quest")

    def new_game(self, options: dict[str, Any] | None = None, seed: int = 0) -> State:
        """A seed is a whole number; text ("12", "abc") or a float is refused by name."""
        if not _whole(seed) or not -2 ** 64 < seed < 2 ** 64:
            raise IllegalAction(f"the seed must be a whole number (below 2**64), got {seed!r}")
        return super().new_game(options, seed)

    def default_options(self) -> dict[str, Any]:
        return {"new_characters": 1, "characters": [], "names": [], "quirks": [], "layout": "app",
                "first_quest": False}

    def check_options(self, options: dict[str, Any]) -> None:
        n = options["new_characters"]
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise IllegalAction("new_characters must be a whole number of 0 or more")
        recs = options["characters"]
        if not isinstance(recs, list):
            raise IllegalAction("characters must be a list of exported character records")
        for i, rec in enumerate(recs):
            problems = record_problems(rec)
            if problems:
                raise IllegalAction(f"character record {i + 1}: {'; '.join(problems)}")
        if not 1 <= n + len(recs) <= MAX_PARTY:
            raise IllegalAction(f"a party has 1 to {MAX_PARTY} characters (the book: 2 to 6 players, "
                                f"or one person playing several); got {n + len(recs)}")
        names = options["names"]
        if not isinstance(names, list) or not all(isinstance(x, str) and len(x) <= 40 for x in names):
            raise IllegalAction("names must be a list of texts of at most 40 characters")
        quirks = options["quirks"]
        if not isinstance(quirks, list):
            raise IllegalAction("quirks must be a list")
        for q in quirks:
            if not isinstance(q, dict) or not all(isinstance(q.get(k), str) and q[k].strip()
                                                  for k in ("name", "bonus", "penalty")):
                raise IllegalAction("Step 4: Choose a Quirk: a quirk needs a name, a bonus AND a penalty")
        if not isinstance(options["first_quest"], bool):
            raise IllegalAction("first_quest must be true (Pocketdeck's first quest, content/p52/"
                                "first.toml) or false (the book's quests)")
        _check_made(options)
        if options["layout"] not in LAYOUTS:
            raise IllegalAction("Room/Space Layout: layout must be 'app' (the app lays out every room) "
                                f"or 'player' (you lay it out spot by spot); got {options['layout']!r}")

    def sim_options(self, rng: Rng) -> dict[str, Any]:
        # a quarter of the quests are laid out by hand (Room/Space Layout)
        return {"new_characters": rng.randint(1, 4), "layout": "player" if rng.below(4) == 0 else "app"}

    def _new(self, options: dict[str, Any], rng: Rng) -> State:
        p = split_decks(rng)
        chars = [character_from_record(f"c{i}", rec) for i, rec in enumerate(options["characters"])]
        first_new = len(chars)
        for i in range(options["new_characters"]):
            chars.append(blank_character(f"c{first_new + i}"))
        for c in chars:
            p[stamina_pile(c["id"])] = []
        queue: list[dict[str, Any]] = []
        for c in chars[first_new:]:
            queue.extend(creation_steps(c["id"]))
        state: State = {
            "phase": "creation" if queue else "setup", "piles": p, "chars": chars,
            "queue": queue if queue else [{"kind": "quest"}, {"kind": "env"}, {"kind": "items"}],
            "quest": {"kind": None, "name": None, "env": None, "day": True, "rooms_entered": 0,
                      "rooms_total": 0, "last_room": False, "found": False, "return_left": 0,
                      "boss_stage": 0, "extra_item": False, "done": None},
            "room": None, "turn": None, "stack": [], "pending": None, "leaving": False,
            "outcome": None, "next_id": 0, "log": ["Shuffled the Enemy (12), Room (40) and Action (52) decks."],
            "options": options,
        }
        between_rooms(state, rng)
        return state

    # -- rules ---------------------------------------------------------------------------------
    def is_over(self, state: State) -> bool:
        return state["phase"] == "over"

    def legal_actions(self, state: State) -> list[Action]:
        ph = state["phase"]
        if ph == "over":
            return []
        if ph == "room":
            return legal_room(state)
        if ph == "layout":
            return layout_actions(state)
        return queue_actions(state)

    def _apply(self, state: State, action: Action, rng: Rng) -> None:
        if state["phase"] == "room":
            apply_room(state, action, rng)
            run(state, rng)
        elif state["phase"] == "layout":
            lay_out(state, action, rng)
        else:
            apply_queue_action(state, action, rng)
            between_rooms(state, rng)
        if state["phase"] != "over":
            keep_action_deck(state, rng)

    def explain(self, state: State, action: Action) -> str:
        kind = action.get("type")
        ph = state["phase"]
        if ph == "over":
            return "the session is over (Accomplishing Your Quest / Failing Your Quest)"
        legal = self.legal_actions(state)
        same = [a for a in legal if a.get("type") == kind]
        if ph == "layout":
            return _explain_layout(state, action)
        if kind in ("place", "place_rest"):
            return "rooms are laid out only before the party enters them (Room/Space Layout)"
        if ph in ("creation", "setup", "levelup"):
            step = state["queue"][0]["kind"] if state["queue"] else "none"
            if not same:
                return f"'{kind}' is not possible now: the next step is '{step}' ({_section(step)})"
            return f"{action!r} is not one of the choices for '{step}' ({_section(step)})"
        pend = state.get("pending")
        if pend:
            return {"defend": "an enemy's attack must be answered first (Player Defending)",
                    "counter": "decide on the counter attack first (Counter Attacks)",
                    "found": "decide first whether to keep the item found or leave it on the spot "
                             "(Chests and Items)",
                    "flee": "choose first where the fleeing enemy runs (Determining Enemy Action, "
                            "rule 1)"}[pend["kind"]] + f"; {action!r} is not one of the choices"
        c = active_char(state)
        if c is not None and action.get("char") not in (None, c["id"]):
            return f"it is {c['name']}'s turn (Initiative)"
        t = state["turn"]
        if kind == "move" and t and t["moved"]:
            return "you have already moved this turn (On Your Turn: one thing a turn)"
        if kind == "move":
            return ("that spot is out of reach: no diagonal moves, obstructed spots cost 2 "
                    "(Player Movement)")
        if kind in ("give", "take_from", "equip", "unequip", "take") and t and not t["free"]:
            return "trading and equipping must come before any other action on your turn"
        if kind == "attack":
            return ("that attack is not possible: the target must be in range and in line of "
                    "sight, and a stunned character cannot attack (Attack/Item Range, Player Deaths)")
        if kind == "leave":
            return ("Leaving a Room: there is no leave action: the party leaves on its own once "
                    "every living character stands on an open exit (the enemies get one more turn)")
        if kind == "rest" and t and t.get("traded") == action.get("char"):
            return ("On Your Turn: no Stamina card for doing nothing after trading, equipping "
                    "or picking up this turn; end the turn instead")
        if kind == "open_chest":
            return "there is no closed chest on your spot, or no Lock Pick to use (Opening Chests)"
        if kind == "use":
            return ("that item cannot be used like that now (Using an Item; healing others needs "
                    "the same spot; stunned characters use items on themselves only)")
        if not same:
            return f"'{kind}' is not possible now (On Your Turn)"
        return f"{action!r} is not a legal action now (On Your Turn)"

    # -- checks ----------------------------------------------------------------------------------
    def card_total(self, state: State) -> int:
        return piles.total(state["piles"])

    def check_state(self, state: State) -> None:
        p = state.get("piles")
        if not isinstance(p, dict):
            raise ValueError("a P52 state needs its piles")
        room_side = sorted(c for k in ROOM_SIDE for c in p[k])
        action_side = sorted(c for k, v in p.items() if k not in ROOM_SIDE for c in v)
        full = FULL_DECK
        if room_side != full:
            raise ValueError("the Room and Enemy decks do not hold exactly one full deck")
        if action_side != full:
            raise ValueError("the Action deck and Stamina piles do not hold exactly one full deck")
        if state["phase"] not in ("creation", "setup", "layout", "room", "levelup", "over"):
            raise ValueError(f"unknown phase {state['phase']!r}")
        _check_placing(state)
        for key in ("pending", "stack", "turn", "room", "leaving"):
            if key not in state:
                raise ValueError(f"a P52 state needs its {key!r} entry (None when empty)")
        for c in state["chars"]:
            if len(p[stamina_pile(c["id"])]) > 10:
                raise ValueError(f"{c['name']} holds more than 10 Stamina cards")
            # what the shape check cannot see (issue 28): a status is one the rules give, and
            # an ability's level (keyed by ability, absent from a new game) a whole number
            if c.get("status") not in ("ok", "stunned", "dead"):
                raise ValueError("a character's status is ok, stunned or dead")
            levels = c.get("abilities")
            if not isinstance(levels, dict) or not all(type(v) is int and 0 <= v <= 99 for v in levels.values()):
                raise ValueError("a character's ability levels are whole numbers")
        room = state.get("room")
        if room:
            if [s["card"] for s in room["spots"]] != p["layout"]:
                raise ValueError("the laid-out spots and the layout pile disagree")
            cards = [e["card"] for e in room["enemies"] if e["card"]]
            if sorted(cards) != sorted(p["foes"]):
                raise ValueError("the enemies on the board and the foes pile disagree")

    def outcome(self, state: State) -> str:
        return state.get("outcome") or "unfinished"

    def sim_choose(self, state: State, legal: list[Action], rng: Rng) -> Action:
        from .sim import choose
        return choose(state, legal, rng)

    def view(self, state: State, seat: str = "player") -> dict[str, Any]:
        """The seat's view. It is remembered for the same state (the harness, the table
        and the App each ask for it on every step, and the exact hit chances are the
        costly part); callers treat views as read-only."""
        from .view import build_view
        memo = _memo(state)
        if memo is None:
            return build_view(self, state, seat)
        views = memo.setdefault("views", {})
        if seat not in views:
            views[seat] = build_view(self, state, seat)
        return views[seat]


_MEMO: dict[str, Any] = {}


def _memo(state: State) -> dict[str, Any] | None:
    """What was computed for this exact state: one entry, keyed by the state's JSON text
    (C-fast to build and compare), so a state edited in place, or any other state, never
    meets an answer computed for something else. None when the state is not JSON."""
    try:
        key = json.dumps(state, allow_nan=False)
    except (TypeError, ValueError):
        return None
    if _MEMO.get("key") != key:
        _MEMO.clear()
        _MEMO["key"] = key
    return _MEMO


def _check_made(options: dict[str, Any]) -> None:
    """The made enemies (``enemies``: at most one per face card, each by the enemy's own check,
    its id the hash of its card) and the made quest (``quest``) a game carries."""
    from .enemycard import card_problem, quest_card_problem
    made = options.get("enemies", [])
    if not isinstance(made, list) or len(made) > 3:
        raise IllegalAction("enemies: at most 3 enemies of your own, one for each face card (J, Q, K)")
    for i, card in enumerate(made):
        why = card_problem(card)
        if why:
            raise IllegalAction(f"enemies {i + 1}: not an enemy this app plays ({why})")
    if len({card["card"] for card in made}) != len(made):
        raise IllegalAction("enemies: two enemies for one face card: each face card of the Enemy deck is "
                            "one enemy (Enemies table)")
    if "quest" in options:
        why = quest_card_problem(options["quest"])
        if why:
            raise IllegalAction(f"quest: not a quest this app plays ({why})")


def _explain_layout(state: State, action: Action) -> str:
    """Why a tap is refused while the player lays out a room."""
    kind = action.get("type")
    left = state["placing"]["size"] - len(state["placing"]["cells"])
    if kind != "place":
        return (f"Room/Space Layout: the room is being laid out ({left} spot(s) left): place a spot "
                f"or let the app place the rest")
    x, y = action.get("x"), action.get("y")
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in (x, y)) or set(action) != {"type", "x", "y"}:
        return "Room/Space Layout: a place action is {\"type\": \"place\", \"x\": X, \"y\": Y} with whole numbers"
    cells = [(cx, cy) for cx, cy in state["placing"]["cells"]]
    why = board.why_not(cells, (x, y)) or "that spot cannot be placed now"
    return f"Room/Space Layout: a spot cannot go on ({x},{y}): {why}"


def _check_placing(state: State) -> None:
    """A room being laid out: connected distinct cells, the entrance first,
    one face-down Room card in the layout pile per placed spot, and no room yet."""
    pl = state.get("placing")
    if state["phase"] != "layout":
        if pl:
            raise ValueError("a room is being laid out outside the layout phase")
        return
    if not isinstance(pl, dict) or state.get("room"):
        raise ValueError("the layout phase needs the room being placed (and no room yet)")
    cells = [tuple(c) for c in pl["cells"]]
    if not cells or cells[0] != (0, 0) or not 1 <= len(cells) < pl["size"]:
        raise ValueError("a room being laid out starts from its entrance and is not yet complete")
    if len(state["piles"]["layout"]) != len(cells):
        raise ValueError("the placed spots and the layout pile disagree")
    for k in range(1, len(cells)):
        if cells[k] not in board.frontier(cells[:k], bounded=False):
            raise ValueError(f"placed spot {k} does not join the layout (Room/Space Layout)")


def _section(step: str) -> str:
    return {"race": "Step 1: Choose a Race", "class": "Step 2: Choose a Class",
            "quirk": "Step 4: Choose a Quirk", "points": "Step 5: Draw for Ability Bonuses",
            "learn": "Step 6: Add an Ability", "name": "Step 7: Determine Other Attributes",
            "quest": "Choose a Quest", "env": "Choose the Environment",
            "start_pick": "Starting Items", "attr": "Gaining Experience",
            "train": "Choose a Quest (Big Boss bonus)", "raise": "Increasing Other Abilities"}.get(step, step)


GAME = register(P52Game())
