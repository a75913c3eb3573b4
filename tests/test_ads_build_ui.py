"""The ADS Deck Builder (issue 17): the builder game (swaps, live violations, saving only a
legal deck), its screen (gallery, filters, counts, Rondel preview, ready-made decks), the
library it saves to, and starting an adventure with a saved deck."""

from __future__ import annotations

import json

import pytest

from pocketdeck.core.game import IllegalAction, get_game
from pocketdeck.core.saves import Session, from_link, to_link
from pocketdeck.core.simulate import simulate
from pocketdeck.systems.ads import data
from pocketdeck.systems.ads.build.game import gallery, rondel_counts
from pocketdeck.ui.ads.builder import rows_of
from pocketdeck.ui.app import App
from pocketdeck.ui.check import render_check

G = get_game("ads_build")


def test_swap_shows_a_violation_then_it_goes():
    s = G.new_game({"start": "warrior"}, 1)
    assert G.view(s, "player")["violations"] == []
    s = G.apply(s, {"type": "add", "card": "smite"})
    v = G.view(s, "player")["violations"]
    assert {x["section"] for x in v} == {"Your Combat Deck", "Card Icons and Mechanics: Requirement"}
    assert {"type": "save"} not in G.legal_actions(s)
    with pytest.raises(IllegalAction, match="cannot be saved yet: Your Combat Deck"):
        G.apply(s, {"type": "save"})
    s = G.apply(s, {"type": "remove", "card": "smite"})
    assert G.view(s, "player")["violations"] == [] and {"type": "save"} in G.legal_actions(s)
    s = G.apply(s, {"type": "save"})
    assert G.is_over(s) and s["outcome"] == "saved"


def test_ready_made_deck_in_one_tap_keeps_the_name():
    s = G.new_game({"start": "warrior", "name": "Hild"}, 1)
    s = G.apply(s, {"type": "class", "class": "mage"})
    s = G.apply(s, {"type": "ready", "deck": "mage"})
    assert s["deck"]["class"] == "mage" and s["deck"]["name"] == "Hild"
    assert G.view(s, "player")["violations"] == []


def test_filters_counts_and_rondel_preview():
    s = G.new_game({"start": "mage"}, 1)
    assert "smite" not in gallery(s)  # only cards this character can play
    s = G.apply(s, {"type": "filter", "key": "usable", "value": "all"})
    assert "smite" in gallery(s)
    s = G.apply(s, {"type": "filter", "key": "kind", "value": "spell"})
    s = G.apply(s, {"type": "filter", "key": "level", "value": "3"})
    assert gallery(s) == ["lightning_lance", "radiant_wrath"]
    s = G.apply(s, {"type": "filter", "key": "round", "value": "1"})
    assert gallery(s) == []
    v = G.view(s, "player")
    assert v["counts"]["spell"] == 20 and v["total"] == 52
    rows = rondel_counts(s["deck"])
    # Energy Bolt (PP----, 4 copies) plays on Rounds 1-2 only
    assert rows[0]["primary"] >= 4 and len(rows) == 6
    assert all(r["primary"] + r["secondary"] <= 52 for r in rows)


def test_builder_screen_and_saving_into_the_library_then_an_adventure():
    app = App()
    app.handle("new", json.dumps({"system": "ads_build"}), {"start": "ready:priest", "name": "Sister <b>Ash</b>"})
    page = app.render()
    assert "Sister &lt;b&gt;Ash&lt;/b&gt;" in page and "No broken rules" in page and "Card gallery" in page
    assert "Cards playable on each Round" in page and "Start again from a" in page and "ready-made deck" in page
    app.handle("play", json.dumps({"type": "add", "card": "longsword"}))
    page = app.render()
    assert "Broken rules (1)" in page and "Your Combat Deck" in page and "53" in page
    app.handle("play", json.dumps({"type": "remove", "card": "piety"}))
    assert "No broken rules" in app.render()
    effects = app.handle("play", json.dumps({"type": "save"}))
    keys = [e[1] for e in effects if e[0] == "put" and e[1].startswith("char:ads:")]
    assert keys == ["char:ads:sister-b-ash-b"]
    assert "saved to your library" in app.render()
    # the saved deck is offered to the adventure, and goes in
    app.handle("setup", "ads_adventure")
    assert "Sister &lt;b&gt;Ash&lt;/b&gt; (my deck" in app.render()
    app.handle("new", json.dumps({"system": "ads_adventure"}), {"hero": "lib:char:ads:sister-b-ash-b", "mode": "simple"})
    s = app.sessions["ads_adventure"].state
    assert s["heroes"][0]["name"] == "Sister <b>Ash</b>" and app.flash is None
    assert "The Listing Gate" in app.render()


def test_library_refuses_a_stored_deck_that_breaks_a_rule():
    app = App()
    bad = {"name": "X", "race": "elf", "class": "mage", "level": 1, "cards": [["energy_bolt", 52]]}
    app.restore({"char:ads:x": json.dumps(bad)})
    assert "char:ads:x" not in app.library and app.problems


def test_a_build_travels_as_a_link():
    s = Session.start("ads_build", {"start": "rogue"}, seed=5)
    s.play({"type": "add", "card": "backstab"})
    s.play({"type": "level", "level": 3})
    back = from_link(to_link(s))
    assert back.state["deck"] == s.state["deck"]


def test_simulated_builds_drawn_on_every_step():
    summary = simulate("ads_build", 12, 0, observers=[render_check])
    assert summary["errors"] == 0, summary["failures"][:1]
    assert summary["outcomes"].get("saved", 0) >= 10


def test_a_fresh_start_checks_stored_decks_with_the_builders_rules():
    """Tables load lazily: on a fresh start nothing has imported the Deck Builder, yet a
    stored char:ads: deck is checked by its rules (the builder's table is loaded for it),
    a good one joins the library and a bad one is refused with a reason."""
    import subprocess
    import sys
    from pathlib import Path
    code = """
import json
from pocketdeck.ui.ads.builder import rows_of
from pocketdeck.ui.app import App
from pocketdeck.systems.ads.build.variants import ready_made
bad = {"name": "X", "race": "elf", "class": "mage", "level": 1, "cards": [["energy_bolt", 52]]}
app = App()
app.restore({"char:ads:x": json.dumps(bad), "char:ads:w": json.dumps(ready_made("warrior"))})
print(json.dumps({"library": sorted(app.library), "problems": app.problems}))
"""
    engine = str(Path(__file__).resolve().parents[1] / "engine")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env={"PYTHONPATH": engine, "PATH": "/usr/bin:/bin"}, check=True).stdout
    result = json.loads(out)
    assert result["library"] == ["char:ads:w"], result
    assert len(result["problems"]) == 1 and "Spell Card Maximum" in result["problems"][0], result


def _app_building() -> App:
    app = App()
    app.handle("new", json.dumps({"system": "ads_build"}), {"start": "ready:warrior", "name": ""})
    return app


def test_flow_a_row_stays_when_its_last_card_is_taken_out():
    """Issue 24, nothing moves under the thumb: the deck list keeps a card's row at 0 (its
    − disabled, its + still there), so the rows below it stay where they were."""
    app = _app_building()
    session = app.sessions["ads_build"]
    rows = rows_of(session)
    cid = rows[0]
    names = [data.cards()[c]["name"] for c in rows]
    for _ in range(dict(session.state["deck"]["cards"])[cid]):
        app.handle("play", json.dumps({"type": "remove", "card": cid}))
    assert rows_of(session) == rows and cid not in dict(session.state["deck"]["cards"])
    page = app.render()
    assert f'0 \u00d7 {names[0]}' in page
    at = [page.index(f" \u00d7 {name}</span>") for name in names]
    assert at == sorted(at)  # every row where it was
    # a new card joins at the end; starting again from a ready-made deck resets the rows
    app.handle("play", json.dumps({"type": "add", "card": "smite"}))
    assert rows_of(session) == rows + ["smite"]
    app.handle("play", json.dumps({"type": "ready", "deck": "warrior"}))
    assert rows_of(session) == rows
    # the saved state is as it always was: the words change in the view only
    assert "+1 Smite" in session.state["log"] and "Added one Smite." in G.view(session.state, "player")["log"]


def test_flow_keys_stay_in_place_the_chosen_one_pressed():
    app = _app_building()
    first = app.sessions["ads_build"].state["deck"]["level"]
    before = app.render()
    other = 1 if first != 1 else 2
    app.handle("play", json.dumps({"type": "level", "level": other}))
    after = app.render()
    for page, chosen in ((before, first), (after, other)):
        assert page.count('aria-label="Level"') == 1
        for n in range(1, 6):
            assert f"Level: {n}" in page  # every key drawn, always
        assert f'aria-pressed="true" type="button" class="btn small on" data-action="play" data-arg="{{&quot;level&quot;: {chosen}' in page


def test_flow_the_action_bar_is_the_prompt_with_the_result_and_save():
    """Issue 24: the working area's action (Save) in a bar that stays on screen, the tap's
    result at its top in words; issue 25: the builder's terms are in the glossary."""
    app = _app_building()
    app.render()  # the log as the player saw it: the tap's new lines are its result
    app.handle("play", json.dumps({"type": "add", "card": "longsword"}))
    page = app.render()
    bar = page[page.index('class="prompt adb-bar"'):]
    assert bar.index('data-result') < bar.index("Save ")
    assert "Added one Longsword" in bar and "53 of 52 cards" in bar and "1 " in bar
    assert "broken rule" in bar and '<button type="button" class="btn primary" data-action="play" data-arg="{&quot;type&quot;: &quot;save&quot;}" disabled' in bar
    for key in ("combat-deck", "rondel", "primary-rounds", "build-information-cards", "build-ready-made",
                "build-broken-rule"):
        assert f'popovertarget="gl-{key}"' in page and f'id="gl-{key}"' in page
    assert page.count("data-prompt") == 1 + page.count('class="guide"')
