"""The GM's table on screen (issues 24, 25), in CPython: one prompt per screen, the turn
order in compact rows, keypads that keep every key, distinct names for the Start combat
buttons, the ready games two taps from home, the glossary terms and the guide."""

from __future__ import annotations

import json
import re

from pocketdeck import learn
from pocketdeck.ui.app import App
from pocketdeck.ui.dofa_gm.setup import READY
from pocketdeck.ui.html import esc
from pocketdeck.ui.tables import LEARN_FOLDERS, rules_key

SYSTEM = "dofa-gm"


def ready(which: int) -> App:
    """Home -> Start -> a ready game: two taps."""
    app = App()
    app.handle("open", SYSTEM)
    assert app.screen == f"setup:{SYSTEM}"
    app.handle("new", json.dumps({"system": SYSTEM, "options": READY[which][3]}), {})
    assert app.screen == f"table:{SYSTEM}"
    return app


def legal(app: App) -> list[dict]:
    s = app.sessions[SYSTEM]
    return s.game.legal_actions(s.state)


def play(app: App, action: dict) -> str:
    app.handle("play", json.dumps(action))
    return app.render()


def prompts(html: str) -> list[str]:
    return re.findall(r'<[a-z]+ class="[^"]*" data-prompt', html)


def test_the_solo_skirmish_reaches_a_first_turn_in_two_taps_with_the_guide():
    app = ready(0)
    html = app.render()
    assert len(prompts(html)) == 2                    # the turn, and the guide box
    assert "gm-turn" in prompts(html)[0] and 'class="guide"' in html
    assert "Spades" in html and "acting" in html     # the acting one marked
    assert 'data-guide-target="[data-system=dofa-gm] .prompt"' in html
    assert len(learn.guide(SYSTEM)) in range(3, 7)


def test_the_setup_explains_every_choice_and_offers_play_now():
    app = App()
    app.handle("open", SYSTEM)
    html = app.render()
    assert 'data-prompt' in html and "Play now" in html
    for label, full, line, _ in READY:
        assert esc(full) in html and esc(line) in html
    assert "Alchemist1: Support, level 1" in html and "Alchemist2: Support, level 2" in html
    assert "Grunt (NPC, HP 2): A rank-and-file soldier" in html
    assert "premade heroes against creatures" in html


def test_the_form_still_begins_a_table_of_typed_in_players():
    app = App()
    app.handle("open", SYSTEM)
    app.handle("new", json.dumps({"system": SYSTEM}), {"mode": "table", "p0_name": "Xena", "p0_hp": "7",
                                                       "foe0": "Grunt"})
    s = app.sessions[SYSTEM].state
    assert [a["name"] for a in s["actors"]] == ["Xena", "Grunt"] and s["mode"] == "table"


def test_six_combatants_in_compact_rows_one_per_li_with_no_stray_bullet():
    html = ready(0).render()
    rows = re.findall(r'<li class="gm-row[^"]*">', html)
    assert len(rows) == 6
    order = html.split('<ol class="gm-order">', 1)[1].split("</ol>", 1)[0]
    assert order.count('class="gm-row now') == 1 and order.count("gm-mark") == 1
    assert "<br>" not in order                       # rows are grid cells, not a stack of lines


def test_the_three_start_combat_buttons_have_distinct_names():
    app = ready(1)
    html = app.render()
    names = re.findall(r'<span class="sr-only">(Start combat[^<]*)</span>', html)
    assert sorted(names) == ["Start combat", "Start combat: the foes surprise",
                             "Start combat: the party surprises"]
    assert len(prompts(html)) == 2 and "gm-start" in prompts(html)[0]


def test_the_target_card_keypad_keeps_every_key_and_presses_the_chosen_one():
    app = ready(1)
    play(app, {"type": "start_combat"})
    # a premade draws its own TC; a typed-in player would type theirs: use the check's keypad
    app = App()
    app.handle("open", SYSTEM)
    app.handle("new", json.dumps({"system": SYSTEM}), {"mode": "table", "p0_name": "Xena", "foe0": "Grunt"})
    html = play(app, {"type": "start_combat"})
    tc = next(a for a in legal(app) if a["type"] == "player_tc")
    html = play(app, tc)

    def keys(html: str) -> list[str]:
        pad = html.split('<div class="dofa-ranks">', 1)[1].split("</div>", 1)[0]
        return re.findall(r"<button[^>]*>([^<]*)</button>", pad)

    before = keys(html)
    assert len(before) == 13 and 'aria-pressed="true"' not in html.split("dofa-ranks")[1].split("</div>")[0]
    html = play(app, {"type": "entry_rank", "rank": "7"})
    after = keys(html)
    assert after == before                           # nothing moved
    pad = html.split('<div class="dofa-ranks">', 1)[1].split("</div>", 1)[0]
    assert re.search(r'aria-pressed="true"[^>]*>7<', pad)
    html = play(app, {"type": "entry_suit", "suit": "H"})
    suits = html.split('<div class="dofa-suits">', 1)[1].split("</div>", 1)[0]
    assert suits.count("<button") == 4 and re.search(r'aria-pressed="true"[^>]*><span class="sr-only">Suit: Hearts', suits)


def test_an_open_panel_is_the_prompt_and_closing_it_gives_the_turn_back():
    app = ready(0)
    html = play(app, {"type": "panel", "panel": "add"})
    assert len([p for p in prompts(html) if "gm-more" in p]) == 1
    html = play(app, {"type": "panel", "panel": "none"})
    assert "gm-turn" in prompts(html)[0]


def test_a_panel_left_open_gives_the_prompt_back_to_the_step_to_take_now():
    """Issue 50, item 2: the bestiary opened and a creature added, then Start combat: the
    acting one's turn is the prompt, the open panel stays below it (it was the prompt, and
    the turn stood 600-750 px above the screen)."""
    app = ready(1)
    app.render()
    app.handle("guide", "skip")
    html = play(app, {"type": "panel", "panel": "add"})
    assert "gm-more" in prompts(html)[0]
    add = next(a for a in legal(app) if a["type"] == "add_creature")
    html = play(app, add)
    assert "gm-more" in prompts(html)[0]            # still working in the panel
    start = next(a for a in legal(app) if a["type"] == "start_combat" and not a.get("surprise"))
    html = play(app, start)
    assert len(prompts(html)) == 1 and "gm-turn" in prompts(html)[0]
    assert html.index("data-prompt") < html.index('class="dofa-panel gm-more"')  # open, below
    assert app.sessions[SYSTEM].state["panel"] == "add"
    # the tools likewise: the prompt while used, not after a move of the turn
    s = app.sessions[SYSTEM].state
    html = play(app, {"type": "focus", "who": s["actors"][0]["id"]})
    assert "gm-tools-ask" in prompts(html)[0]
    move = next(a for a in legal(app) if a["type"] in ("end_turn", "attack", "power"))
    html = play(app, move)
    assert not any("gm-tools-ask" in p or "gm-more" in p for p in prompts(html))


def test_every_term_on_the_gm_screens_has_an_entry_and_gm_terms_are_prefixed():
    ours = [t for t in learn.glossary().values() if t["system"] == SYSTEM]
    assert ours and all(t["id"].startswith("gm-") for t in ours)
    assert "dofa-gm" in LEARN_FOLDERS and rules_key(SYSTEM) == SYSTEM
    app = ready(0)
    html = app.render()
    for key in re.findall(r'popovertarget="gl-([a-z0-9-]+)"', html):
        assert f'id="gl-{key}"' in html


def test_a_played_skirmish_keeps_one_prompt_a_screen():
    from pocketdeck.core.rng import Rng
    for seed in (1, 2):
        app = ready(seed % 2)
        app.render()
        app.handle("guide", "skip")
        rng = Rng(seed)
        for _ in range(120):
            acts = legal(app)
            if not acts:
                break
            html = play(app, acts[rng.below(len(acts))])
            assert len(prompts(html)) == 1, prompts(html)


def test_the_combatant_picker_keeps_every_name_in_place():
    app = ready(0)
    app.render()

    def picks(html: str) -> list[str]:
        tools = html.split('class="dofa-panel gm-tools"', 1)[1]
        pad = tools.split('<div class="dofa-grid">', 1)[1].split("</div>", 1)[0]
        return re.findall(r'<span aria-hidden="true">([^<]*)</span></button>', pad)

    before = picks(app.render())
    s = app.sessions[SYSTEM].state
    html = play(app, {"type": "focus", "who": s["actors"][1]["id"]})
    after = picks(html)
    assert after[:len(before)] == before and len(before) == 6
    assert re.search(r'aria-pressed="true"[^>]*><span class="sr-only">GM tools for ' + re.escape(s["actors"][1]["name"]) + "<", html)


def test_the_check_panel_keeps_the_difficulty_pressed_and_cancel_is_secondary():
    """Issue 50: the difficulty picked stayed out of sight (its button removed); now every
    "How hard", success and tool key keeps its place, the chosen one pressed, and "Cancel
    the check" is drawn as a secondary button, never like the step to take."""
    app = ready(1)
    app.render()
    who = app.sessions[SYSTEM].state["actors"][0]["id"]
    play(app, {"type": "call", "who": who})
    html = play(app, {"type": "call_aim", "aim": "hard"})
    assert re.search(r'class="btn on" aria-pressed="true"[^>]*>hard<', html)
    for aim in ("extremely hard", "moderate", "easy", "very easy"):
        assert re.search(r'aria-pressed="false">' + aim + "<", html)
    assert "How hard (now hard)" in html
    html = play(app, {"type": "call_needs", "needs": "color"})
    assert re.search(r'aria-pressed="true"[^>]*>Requires a Color Success<', html)
    assert re.search(r'aria-pressed="false">Any success<', html)
    assert re.search(r'aria-pressed="true"[^>]*>No tool needed<', html)
    cancel = re.search(r'<button[^>]*class="([^"]*)"[^>]*>Cancel the check<', html)
    assert cancel and "primary" not in cancel.group(1) and "ghost" in cancel.group(1)


def test_the_end_of_a_skirmish_offers_fight_again_another_game_and_home():
    """Issue 50: every end has a way on (the skirmish won or lost, a session ended)."""
    from pocketdeck.core.rng import Rng
    app = ready(0)
    app.render()
    app.handle("guide", "skip")
    s = app.sessions[SYSTEM]
    rng = Rng(3)
    for _ in range(3000):
        if s.game.is_over(s.state):
            break
        acts = legal(app)
        non_end = [a for a in acts if a["type"] != "end_session"]
        app.handle("play", json.dumps(s.game.sim_choose(s.state, acts, rng) if hasattr(s.game, "sim_choose")
                                      else non_end[rng.below(len(non_end))]))
    assert s.game.is_over(s.state)
    html = app.render()
    assert len(prompts(html)) == 1 and "gm-over" in prompts(html)[0]
    over = html.split("gm-over", 1)[1]
    assert 'data-action="new"' in over and 'data-action="setup"' in over and 'data-action="home"' in over
    again = json.loads(re.search(r'data-action="new" data-arg="([^"]+)"', over).group(1).replace("&quot;", '"'))
    assert again["options"] == s.options


def test_a_draw_says_its_result_in_plain_words_before_it_is_accepted():
    """Issue 50, item 10: the GM sees the degree by the book (linked to the glossary) and
    what it means for the card kept, and a called check's chance in words."""
    app = ready(0)
    app.render()
    s = app.sessions[SYSTEM]
    for _ in range(30):
        if s.state.get("draw") and not s.state["draw"].get("to_go"):
            break
        acts = legal(app)
        from pocketdeck.systems.dofa_gm.policy import suggest
        pick = suggest(s.state, acts) or next(a for a in acts if a["type"] not in ("end_session", "end_combat"))
        play(app, pick)
    html = app.render()
    result = re.search(r'<p class="gm-result">(.*?)</p>', html, re.S)
    assert result, "no result words on the draw"
    text = re.sub(r"<[^>]+>", "", result.group(1))
    assert re.match(r"(Critical Success|Major Success|Suited Success|Color Success|Success|Suited Miss|Color Miss|Miss): "
                    r"the .+ (is|has) ", text), text
    assert "popovertarget=\"gl-" in result.group(1)
    # a called check: the chance first, in words
    app2 = ready(1)
    app2.render()
    who = app2.sessions[SYSTEM].state["actors"][0]["id"]
    play(app2, {"type": "call", "who": who})
    play(app2, {"type": "call_aim", "aim": "moderate"})
    html = play(app2, {"type": "call_stat", "stat": "Athletics"})
    odds = re.search(r'<p class="gm-odds">(.*?)</p>', html, re.S)
    assert odds and re.sub(r"<[^>]+>", "", odds.group(1)).startswith("Chance of success: ")
    assert "GMG chart" not in html
