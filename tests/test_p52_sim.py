"""P52 random playthroughs: legal play only, 104 cards on every step, the harness's
checks (JSON round trip, replay, refused illegal actions), and quests that end."""

from pocketdeck.core.simulate import simulate


def test_random_quests_finish_without_errors():
    """Playing a Session to the end: 100 quests with 1 to 4 characters; zero errors and at
    least 90% of them won or failed within the step cap."""
    summary = simulate("p52", 100, seed=1000)
    assert summary["errors"] == 0, summary["failures"]
    finished = summary["outcomes"].get("won", 0) + summary["outcomes"].get("failed", 0)
    assert finished >= 90, summary["outcomes"]
