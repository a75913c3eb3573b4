"""Attacks, defences, damage, deaths and the exact hit chance.

Player Attacking: flip (+ Stamina played first, + aim) must be *over* the ability's
target; the enemy then flips to defend (higher blocks, equal halves); a King doubles
damage, an Ace fails and lets the enemy counter. Enemy Attacking mirrors it, and the
player may defend with an ability (meet or exceed its target).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ...core import odds
from ...core.rng import Rng
from . import board, data
from .common import (RESHUFFLE_BELOW, avg_level, bump, char, chest_items, enemy, flip, log,
                     play_stamina, stamina_pile)
from .maths import (attack_hits, defence_reduce, defence_succeeds, enemy_attack_bonus,
                    enemy_defence, enemy_flees, formula, over, player_state, power_damage, untrained_target,
                    value)

State = dict[str, Any]
ATTACK_KINDS = ("attack", "finisher", "area", "blast", "summon")


# -- numbers --------------------------------------------------------------------------------
def distance(state: State, a: int, b: int) -> int:
    sp = state["room"]["spots"]
    return board.manhattan(sp[a], sp[b])


def enemies_on(state: State, spot: int) -> list[dict[str, Any]]:
    return [e for e in state["room"]["enemies"] if e["pos"] == spot]


def ability_names(c: dict[str, Any], aid: str, dist: int, spot: int, state: State) -> dict[str, int]:
    names = dict(c["core"])
    names.update({"aLv": c["abilities"].get(aid, 1), "R": dist,
                  "E": len(enemies_on(state, spot))})
    return names


def ability_target(state: State, c: dict[str, Any], aid: str, dist: int, spot: int,
                   foe: dict[str, Any] | None = None, untrained: bool = False) -> int:
    """An ability's target with every modifier: tuner, quirks, untrained +3."""
    ab = data.ability(aid)
    names = ability_names(c, aid, dist, spot, state)
    if untrained:
        names["aLv"] = 1
    t = formula(ab["target"], names) - c["tuned"].get(aid, 0)
    if untrained:
        t = untrained_target(t)
    q = c.get("quirk")
    if q == "troll_raised" and "Balance" in ab["prereq"]:
        t += 2
    if foe is not None:
        if q == "dark_fright" and not state["room"]["lit"]:
            t += 1
        if q == "magic_fright" and (foe["kind"] in ("Q", "boss")):
            t -= 2
        if q == "bossy" and foe["first"] not in (None, c["id"]):
            t += 2
    return t


def weapon_bonus(c: dict[str, Any], aid: str) -> int:
    w = data.ability(aid).get("weapon")
    bonus = 0
    for iid in c["equipped"].values():
        it = data.item(iid)
        if it["kind"] == "weapon" and it.get("weapon") == w:
            bonus += it["per_alv"] * c["abilities"].get(aid, 1)
    return bonus


def ability_damage(state: State, c: dict[str, Any], aid: str, dist: int, spot: int, by: int) -> int:
    names = ability_names(c, aid, dist, spot, state)
    names["Over"] = by
    return max(0, formula(data.ability(aid)["damage"], names) + weapon_bonus(c, aid))


def aim_bonus(c: dict[str, Any], eid: str) -> int:
    aim = c.get("aim")
    return aim["bonus"] if aim and aim["target"] == eid else 0


# -- what may be attacked -----------------------------------------------------------------------
def can_hit(state: State, c: dict[str, Any], aid: str, e: dict[str, Any]) -> bool:
    """Attack/Item Range and Line of Sight; Double Tap only on a reeling foe."""
    ab = data.ability(aid)
    if ab["kind"] == "finisher" and e["hp"] * 4 >= e["max_hp"]:
        return False
    return board.in_range(state["room"]["spots"], c["pos"], e["pos"], ab["range"], state["room"]["geo"])


def attack_options(state: State, c: dict[str, Any]) -> list[tuple[str, str | None]]:
    """(ability, target enemy or None for area/summon) pairs usable now."""
    out: list[tuple[str, str | None]] = []
    room = state["room"]
    for aid in c["abilities"]:
        ab = data.ability(aid)
        if ab["kind"] not in ATTACK_KINDS or not data.supported(aid):
            continue
        if ab["kind"] == "area":
            if enemies_on(state, c["pos"]):
                out.append((aid, None))
        elif ab["kind"] == "summon":
            if summon_targets(state, c):
                out.append((aid, None))
        else:
            for e in room["enemies"]:
                if can_hit(state, c, aid, e):
                    out.append((aid, e["id"]))
    return out


def summon_targets(state: State, c: dict[str, Any]) -> list[dict[str, Any]]:
    spots = state["room"]["spots"]
    near = {c["pos"], *spots[c["pos"]]["adj"]}
    es = [e for e in state["room"]["enemies"] if e["pos"] in near]
    return sorted(es, key=lambda e: (e["hp"], e["id"]))[:3]


# -- player attacks -------------------------------------------------------------------------------
def player_attack(state: State, c: dict[str, Any], aid: str, target: str | None,
                  use_stamina: bool, rng: Rng, counter: bool = False) -> None:
    ab = data.ability(aid)
    room = state["room"]
    kind = ab["kind"]
    if kind == "area":
        foes = enemies_on(state, c["pos"])
        focus = foes[0]
    elif kind == "summon":
        foes = summon_targets(state, c)
        focus = foes[0]
    else:
        focus = enemy(state, target)  # type: ignore[arg-type]
        assert focus is not None
        foes = [focus]
    dist = distance(state, c["pos"], focus["pos"])
    tgt = ability_target(state, c, aid, dist, c["pos"], focus)
    s = play_stamina(state, c["id"]) if use_stamina else 0
    bonus = aim_bonus(c, focus["id"])
    c["aim"] = None  # Aiming: the bonus resets as soon as you attack
    f = flip(state, rng)
    fv = value(f)
    rec = c["rx"]
    for e in foes:
        attacked = rec.setdefault("attacked", [])
        if e["id"] not in attacked:
            attacked.append(e["id"])
        used = rec.setdefault("uses", {}).setdefault(aid, [])
        if e["id"] not in used:
            used.append(e["id"])
        if e["first"] is None:
            e["first"] = c["id"]
    if fv == 1:
        log(state, f"{c['name']} flips an Ace ({f}) with {ab['name']}: the attack fails.")
        if not counter:
            hidden_shot = room["spots"][c["pos"]]["kind"] == "hidden" and dist > 0
            if not hidden_shot and enemy_can_attack(state, focus, c):
                log(state, f"{focus['name']} counter-attacks.")
                state["stack"].append({"f": "enemy_attack", "enemy": focus["id"], "char": c["id"],
                                       "passing": False, "counter": True})
        return
    total = fv + s + bonus
    extra = f" + {s} Stamina" if s else ""
    extra += f" + {bonus} aim" if bonus else ""
    if not attack_hits(total, tgt):
        log(state, f"{c['name']} uses {ab['name']}: flip {f}{extra} = {total}, "
                   f"not over the target {tgt}. Miss.")
        return
    by = over(total, tgt)
    if kind == "blast":
        _blast(state, c, aid, focus, dist, total, by, fv == 13, rng)
        return
    for e in foes:
        d = distance(state, c["pos"], e["pos"])
        dmg = ability_damage(state, c, aid, d, c["pos"], by)
        _hit_enemy(state, c, e, ab, total, dmg, fv == 13, rng, f"flip {f}{extra} = {total} vs {tgt}")


def _hit_enemy(state: State, c: dict[str, Any], e: dict[str, Any], ab: dict[str, Any],
               total: int, dmg: int, king: bool, rng: Rng, how: str) -> None:
    """Enemy Defending, Power Attacks, then the damage."""
    if e["frozen"]:
        if not e.get("thaw"):
            # the Ice Elixir freezes "until attacked"; Ice Storm's "freeze ... for 3
            # rounds" (``thaw``) lasts its rounds, attacked or not (review 2026-11-26)
            e["frozen"] = False
        result = "hit"
        dtext = "frozen, no defence"
    else:
        d = flip(state, rng)
        dv = value(d) + e["defence"][ab["rtype"]]
        result = enemy_defence(total, dv)
        dtext = f"defence {d}{e['defence'][ab['rtype']]:+d} = {dv}"
    if result == "blocked":
        log(state, f"{c['name']} uses {ab['name']} on {e['name']} ({how}); {dtext}: blocked.")
        return
    if result == "half":
        dmg //= 2
    dmg = power_damage(dmg, king)
    log(state, f"{c['name']} uses {ab['name']} on {e['name']} ({how}); {dtext}: "
               f"{'half damage, ' if result == 'half' else ''}{'King: double, ' if king and dmg else ''}"
               f"{dmg} damage.")
    tip = c.get("poison")
    if dmg > 0 and tip and tip[0] == ab["id"]:
        e["poisoned"] = [tip[1], 3, c["id"]]  # Poison Tip: 2 x aLv for 3 turns
        c.pop("poison")
        log(state, f"The poisoned tip bites: {e['name']} will take {tip[1]} a turn for 3 turns.")
    damage_enemy(state, e, dmg, c, rng)


def _blast(state: State, c: dict[str, Any], aid: str, focus: dict[str, Any], dist: int,
           total: int, by: int, king: bool, rng: Rng) -> None:
    """Meteor Strike: the target spot and the neighbouring spot with most foes (fewest
    friends); party members there are hurt too (-3 exp to the caster each)."""
    spots = state["room"]["spots"]
    centre = focus["pos"]

    def score(j: int) -> tuple[int, int, int]:
        foes = len(enemies_on(state, j))
        friends = sum(1 for o in state["chars"] if o["pos"] == j and o["status"] != "dead")
        return (-foes, friends, j)

    side = min(spots[centre]["adj"], key=score) if spots[centre]["adj"] else None
    area = [centre] + ([side] if side is not None else [])
    ab = data.ability(aid)
    for j in area:
        for e in list(enemies_on(state, j)):
            dmg = ability_damage(state, c, aid, dist, c["pos"], by)
            _hit_enemy(state, c, e, ab, total, dmg, king, rng, f"total {total}")
        for o in state["chars"]:
            if o["pos"] == j and o["status"] != "dead":
                dmg = power_damage(ability_damage(state, c, aid, dist, c["pos"], by), king)
                log(state, f"The meteor also strikes {o['name']}: {dmg} damage.")
                hurt_char(state, o, dmg, rng, by_friend=c)


def damage_enemy(state: State, e: dict[str, Any], dmg: int, by: dict[str, Any] | None, rng: Rng) -> None:
    e["hp"] -= dmg
    if e["hp"] > 0:
        return
    if e["boss"] == "major" and e["hp"] < 0:
        # the scenario: "Below 0 HP: flip; 6 or less revives him" (at exactly 0 he falls);
        # every time he falls below 0, not only the first (the table says no "once";
        # review 2026-11-26). ``revived`` stays as the record that he came back at least once
        f = flip(state, rng)
        e["revived"] = True
        if value(f) <= data.enemies()["boss"]["revive_at_most"]:
            e["hp"] = value(f)
            log(state, f"{e['name']} falls, but the flip {f} raises him again with {e['hp']} HP.")
            return
    defeat(state, e, by, rng)


def defeat(state: State, e: dict[str, Any], by: dict[str, Any] | None, rng: Rng) -> None:
    """Gaining Experience (+3/+5/+7), Enemy Items (a face-card flip drops an item)."""
    from .room import remove_enemy
    log(state, f"{e['name']} is defeated.")
    if by is not None:
        bump(by, "kills")
        bump(by, "kill_exp", e["exp"])
        for o in state["chars"]:
            if o is not by and o.get("quirk") == "bloodthirsty":
                bump(o, "rivals")
    remove_enemy(state, e)
    q = state["quest"]
    if e["boss"] == "minor":
        q["boss_stage"] = 1
        q.pop("minor_boss", None)
        state["room"]["boss_here"] = None
        log(state, "The Minor Boss is beaten; the Major Boss waits behind the next Ace.")
    elif e["boss"] == "major":
        q["boss_stage"] = 2
        state["room"]["boss_here"] = None
        q["done"] = "won"
        log(state, "The Major Boss is defeated: the quest is accomplished!")
        return
    f = flip(state, rng)
    if value(f) >= 11:
        got = chest_items(state, rng, 0)
        state["room"]["spots"][e["pos"]].setdefault("items", []).extend(got)
        names = ", ".join(data.item(i)["name"] for i in got)
        log(state, f"Drop flip {f}: {e['name']} leaves {names} on its spot.")


def hurt_char(state: State, c: dict[str, Any], dmg: int, rng: Rng,
              by_friend: dict[str, Any] | None = None) -> None:
    """Player Deaths: exactly 0 stuns, below 0 kills and drops every item on the spot."""
    if dmg <= 0:
        return
    if by_friend is not None and by_friend is not c:
        bump(by_friend, "hurt")
    c["hp"] -= dmg
    c["aim"] = None  # Aiming: any hit resets the bonus
    old = c["status"]
    c["status"] = player_state(c["hp"])
    if c["status"] == "dead" and old != "dead":
        spot = state["room"]["spots"][c["pos"]] if state.get("room") and c["pos"] is not None else None
        dropped = list(c["items"]) + list(c["equipped"].values())
        c["items"], c["equipped"] = [], {}
        if spot is not None:
            spot.setdefault("items", []).extend(dropped)
        c["stance"] = 0
        log(state, f"{c['name']} falls below 0 HP and dies; their items lie on the spot.")
    elif c["status"] == "stunned" and old != "stunned":
        log(state, f"{c['name']} is at exactly 0 HP: stunned.")


# -- enemy attacks --------------------------------------------------------------------------
def sees(state: State, e: dict[str, Any], c: dict[str, Any]) -> bool:
    """Hidden spots: a foe sees you there only from the same spot; invisible is unseen."""
    if c["status"] == "dead" or c["pos"] is None or c.get("cloak", 0) > 0:
        return False
    spot = state["room"]["spots"][c["pos"]]
    return spot["kind"] != "hidden" or e["pos"] == c["pos"]


def boss_attack(e: dict[str, Any], dist: int) -> dict[str, Any]:
    for atk in data.enemies()["boss"]["attack"]:
        if atk["min"] <= dist <= atk["max"]:
            return atk
    return data.enemies()["boss"]["attack"][-1]


def enemy_reach(e: dict[str, Any]) -> int:
    return e["range"]


def enemy_can_attack(state: State, e: dict[str, Any], c: dict[str, Any]) -> bool:
    """Enemy Attacking: "An enemy will attack any player in its range (unless it has less
    than 1/4 of its maximum HP)": its turn's attack, a passing attack ("behaves exactly like
    a normal attack") and a counter attack alike."""
    if e["frozen"] or not sees(state, e, c) or enemy_flees(e["hp"], e["max_hp"]):
        return False
    spots = state["room"]["spots"]
    if e["boss"] == "major":
        d = board.manhattan(spots[e["pos"]], spots[c["pos"]])
        return d >= 4 or board.in_range(spots, e["pos"], c["pos"], 3, state["room"]["geo"])
    return board.in_range(spots, e["pos"], c["pos"], enemy_reach(e), state["room"]["geo"])


def enemy_attack(state: State, frame: dict[str, Any], rng: Rng) -> None:
    """Enemy Attacking: flip + 1 per 5 average levels, over the target hits; Ace gives the
    player a counter attack; King doubles the damage (Pocketdeck's choice for the table)."""
    e = enemy(state, frame["enemy"])
    c = char(state, frame["char"])
    if e is None or c["status"] == "dead" or not enemy_can_attack(state, e, c):
        if e is not None and c["status"] != "dead" and enemy_flees(e["hp"], e["max_hp"]):
            log(state, f"{e['name']} is under a quarter of its HP: it does not attack.")
        return
    lv = avg_level(state)
    dist = distance(state, e["pos"], c["pos"])
    if e["boss"] == "major":
        atk = boss_attack(e, dist)
        t_expr, d_expr, rtype, aname = atk["target"], atk["damage"], atk["rtype"], atk["name"]
    else:
        t_expr, d_expr, rtype = e["target"], e["damage"], e["rtype"]
        aname = data.enemy_row(state, e["kind"])["attack"]
    tgt = formula(t_expr, {"Lv": lv, "R": dist, "Over": 0}) + e["tmod"] + (1 if frame["passing"] else 0)
    f = flip(state, rng)
    fv = value(f)
    bonus = enemy_attack_bonus(lv)
    total = fv + bonus
    tag = "passing attack" if frame["passing"] else "counter attack" if frame["counter"] else aname
    if fv == 1:
        log(state, f"{e['name']} attacks {c['name']} ({tag}) and flips an Ace ({f}): it fails.")
        hidden_shot = state["room"]["spots"][e["pos"]]["kind"] == "hidden" and dist > 0
        if not frame["counter"] and c["status"] != "dead" and not hidden_shot:
            opts = [a for a, t in attack_options(state, c) if t == e["id"]]
            if opts and c["status"] == "ok":
                state["pending"] = {"kind": "counter", "char": c["id"], "enemy": e["id"],
                                    "passing": frame["passing"]}
        return
    if not attack_hits(total, tgt):
        log(state, f"{e['name']} attacks {c['name']} ({tag}): flip {f}"
                   f"{f' + {bonus}' if bonus else ''} = {total}, not over {tgt}. Miss.")
        return
    by = over(total, tgt)
    dmg = max(0, formula(d_expr, {"Lv": lv, "R": dist, "Over": by}) + e["dplus"])
    king = fv == 13
    if king:
        dmg *= data.enemies()["king_flip"]
    log(state, f"{e['name']} hits {c['name']} ({tag}): flip {f}{f' + {bonus}' if bonus else ''}"
               f" = {total} over {tgt}{', King!' if king else ''} for {dmg} damage unless defended.")
    state["pending"] = {"kind": "defend", "char": c["id"], "enemy": e["id"], "damage": dmg,
                        "rtype": rtype, "passing": frame["passing"], "king": king}


def defence_options(state: State, c: dict[str, Any], rtype: str) -> list[str]:
    """Player Defending: every defensive ability that can stop this kind of attack,
    trained or not (Additional Defensive Abilities)."""
    out = []
    for aid, ab in data.abilities().items():
        if ab["kind"] != "defend":
            continue
        if ab["mode"] == "block" and rtype == "magic":
            continue
        if ab["mode"] == "counter_spell" and rtype != "magic":
            continue
        out.append(aid)
    return out


def defend(state: State, c: dict[str, Any], aid: str | None, use_stamina: bool, rng: Rng) -> None:
    p = state["pending"]
    state["pending"] = None  # the key stays: every reader (view, explain) expects it
    dmg = p["damage"]
    c["aim"] = None  # Aiming: defending, or being hit, loses the aim bonus
    if aid is not None:
        ab = data.ability(aid)
        trained = aid in c["abilities"]
        tgt = ability_target(state, c, aid, 0, c["pos"], None, untrained=not trained)
        if c.get("quirk") == "magic_fright" and p["rtype"] == "magic":
            tgt += 2
        s = play_stamina(state, c["id"]) if use_stamina else 0
        f = flip(state, rng)
        total = value(f) + s + c["stance"]
        # the result in the prompt's words (issue 50): what was needed, what was drawn, and
        # what it means for the player
        stance = f" + {c['stance']} stance" if c["stance"] else ""
        drew = f"{f}{f' + {s} Stamina' if s else ''}{stance}"
        name = f"{c['name']}'s {ab['name']}{'' if trained else ' (untrained)'}"
        if defence_succeeds(total, tgt):
            alv = c["abilities"].get(aid, 1) if trained else 1
            full = dmg
            dmg = defence_reduce(ab["mode"], dmg, alv, over(total, tgt), p["rtype"])
            bump(c, "defended")
            defends = c["rx"].setdefault("defends", {})
            defends[aid] = defends.get(aid, 0) + 1
            stops = (f"it stops all {full} damage" if not dmg else
                     f"it stops {full - dmg} of the {full} damage; {dmg} gets through")
            log(state, f"{name} works: needed {tgt} or more, drew {drew} = {total}; {stops}.")
        else:
            c["stance"] = 0
            log(state, f"{name} fails: needed {tgt} or more, drew {drew} = {total}; "
                       f"all {dmg} damage gets through.")
    else:
        c["stance"] = 0
    shield = state["room"].get("shields", {}).get(str(c["pos"]))
    if shield and dmg:
        dmg = max(0, dmg - shield[0])
        log(state, f"The Magic Shield takes {shield[0]}: {dmg} damage.")
    reduce = sum(a["reduce_per_level"] for a in _armor(c)) * c["level"]
    if reduce and dmg:
        dmg = max(0, dmg - reduce)
        log(state, f"Armor takes {reduce}: {dmg} damage.")
    if dmg:
        log(state, f"{c['name']} takes {dmg} damage.")
    hurt_char(state, c, dmg, rng)
    if p["passing"] and p["king"]:
        stop_moving(state, c["id"])


def _armor(c: dict[str, Any]) -> list[dict[str, Any]]:
    return [data.item(i) for i in c["equipped"].values() if data.item(i)["kind"] == "armor"]


def stop_moving(state: State, cid: str) -> None:
    """Passing Attacks: a King, or a counter attack, ends the move on this spot."""
    if state.get("turn"):
        state["turn"]["more"] = 0
    for fr in reversed(state["stack"]):
        if fr["f"] == "move" and fr["char"] == cid:
            fr["path"] = []
            fr["left"] = 0  # the Movement left is lost too (no going on after a reveal)
            log(state, f"{char(state, cid)['name']} must stop on this spot.")
            break


def enemy_can_counter(state: State, c: dict[str, Any], aid: str, e: dict[str, Any]) -> bool:
    return can_hit(state, c, aid, e)


# -- exact odds -----------------------------------------------------------------------------------
def _counts(cards: list[str]) -> list[int]:
    n = [0] * 14
    for code in cards:
        n[value(code)] += 1
    return n


def hit_chance(state: State, attacker_id: str, target_id: str, ability: str | None = None,
               stamina: bool = False) -> Fraction:
    """The chance this attack deals damage, exactly, over the Action deck as it stands: the
    attack flip is not an Ace, beats the target, and the foe's defence flip does not beat
    it. Shuffling comes first where the game does it: a flip from fewer than 13 cards
    shuffles the discard pile back in (``keep_action_deck``), before the attack flip or
    between the two flips (then the attack card goes back in too). With Stamina the
    face-down card is one of the cards in the Stamina piles, any of them alike (the draw
    pile is counted as it is, so the rest of the unseen cards are those piles); it is
    played onto the discard pile before the flip."""
    c = char(state, attacker_id)
    e = enemy(state, target_id)
    if e is None:
        return Fraction(0)
    if ability is None:
        opts = [a for a, t in attack_options(state, c) if t == target_id]
        if not opts:
            return Fraction(0)
        ability = opts[0]
    ab = data.ability(ability)
    dist = distance(state, c["pos"], e["pos"])
    tgt = ability_target(state, c, ability, dist, c["pos"], e)
    bonus = aim_bonus(c, target_id)
    dmod = None if e["frozen"] else e["defence"][ab["rtype"]]
    p = state["piles"]
    cd, rd = _counts(p["action"]), _counts(p["action_discard"])
    if not stamina:
        return _chance_flips(cd, rd, bonus, tgt, dmod)
    cs = _counts([x for k, v in p.items() if k.startswith("stamina_") for x in v])
    n_s = sum(cs)
    total = Fraction(0)
    for v in range(1, 14):
        if cs[v]:
            rd[v] += 1  # the Stamina card is played onto the discard pile
            total += cs[v] * _chance_flips(cd, rd, bonus + v, tgt, dmod) / n_s
            rd[v] -= 1
    return total


def _chance_flips(cd: list[int], rd: list[int], bonus: int, tgt: int, dmod: int | None) -> Fraction:
    """The attack and defence flips over a draw pile counted by value in ``cd`` and a
    discard pile in ``rd``, with Shuffling's rule before each flip (``keep_action_deck``)."""
    n, m = sum(cd), sum(rd)
    if n < RESHUFFLE_BELOW and m:  # the attack flip comes from the shuffled deck
        cd, rd, n, m = [a + b for a, b in zip(cd, rd)], [0] * 14, n + m, 0
    if n == 0:
        return Fraction(0)
    if n - 1 >= RESHUFFLE_BELOW or dmod is None:
        num, den = _chance_given(cd, n, bonus, tgt, dmod)
        return Fraction(num, den) if den else Fraction(0)
    # the defence flip comes after a shuffle: draw and discard (the attack card with
    # them) are one deck again, counted in ``full``
    full = [a + b for a, b in zip(cd, rd)]
    pre = [0] * 14
    for d in range(1, 14):
        pre[d] = pre[d - 1] + full[d]
    hits = 0
    for a in range(2, 14):
        if cd[a] and attack_hits(a + bonus, tgt):
            lim = min(13, a + bonus - dmod)  # the defence d fails when d + dmod <= total
            if lim >= 1:
                hits += cd[a] * pre[lim]
    return Fraction(hits, n * (n + m))


def _chance_given(cd: list[int], n: int, bonus: int, tgt: int, dmod: int | None) -> tuple[int, int]:
    """(numerator, denominator) of the chance over ``n`` cards counted by value in ``cd``:
    the attack flip (not an Ace) beats the target and the defence flip (from the n - 1
    left) does not beat the total. A denominator of 0 means no card to flip."""
    if n <= 0:
        return 0, 0
    if dmod is None or n == 1:
        hits = 0
        for a in range(2, 14):
            if cd[a] and attack_hits(a + bonus, tgt):
                hits += cd[a]
        return hits, n
    pre = [0] * 14  # pre[k]: cards of value 1..k
    for d in range(1, 14):
        pre[d] = pre[d - 1] + cd[d]
    hits = 0
    for a in range(2, 14):
        if not cd[a]:
            continue
        total = a + bonus
        if not attack_hits(total, tgt):
            continue
        lim = min(13, total - dmod)  # the defence d fails when d + dmod <= total
        if lim < 1:
            continue
        hits += cd[a] * (pre[lim] - (1 if a <= lim else 0))
    return hits, n * (n - 1)


def hit_chance_by_enumeration(state: State, attacker_id: str, target_id: str, ability: str) -> Fraction:
    """The same number through pocketdeck.core.odds (slower; used to check the fast one)."""
    c = char(state, attacker_id)
    e = enemy(state, target_id)
    assert e is not None
    ab = data.ability(ability)
    dist = distance(state, c["pos"], e["pos"])
    tgt = ability_target(state, c, ability, dist, c["pos"], e)
    bonus = aim_bonus(c, target_id)
    dmod = None if e["frozen"] else e["defence"][ab["rtype"]]

    def ok(seq: tuple[str, ...]) -> bool:
        a = value(seq[0])
        total = a + bonus
        if a == 1 or not attack_hits(total, tgt):
            return False
        return dmod is None or value(seq[1]) + dmod <= total

    return odds.chance(state["piles"]["action"], ok, draws=2)


def stamina_count_of(state: State, cid: str) -> int:
    return len(state["piles"][stamina_pile(cid)])
