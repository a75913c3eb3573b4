"""Command line: ``python -m pocketdeck simulate SYSTEM --games N --seed S`` and
``python -m pocketdeck validate-content``."""

from __future__ import annotations

import argparse
import json
import sys


# `simulate ads` plays whole adventures (1-4 characters, issue 17); the lone fight of
# part 1 (the game "ads") stays reachable as `simulate ads_fight`
SIM_ALIASES = {"ads": "ads_adventure", "ads_fight": "ads"}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m pocketdeck")
    sub = parser.add_subparsers(dest="command", required=True)
    sim = sub.add_parser("simulate", help="play random games and check every step")
    sim.add_argument("system")
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--step-cap", type=int, default=None)
    sim.add_argument("--no-render", action="store_true",
                     help="skip drawing every seat's view and the whole screen on every step")
    sub.add_parser("validate-content", help="check every content file")
    sub.add_parser("systems", help="list the game systems")
    vdeck = sub.add_parser("validate-deck", help="check a deck file (the JSON the app exports)")
    vdeck.add_argument("system")
    vdeck.add_argument("file")
    # `odds SYSTEM ...`: each system parses its own arguments (its package's odds_cli)
    odds = sub.add_parser("odds", help="exact odds of a system's checks (odds SYSTEM --help)")
    odds.add_argument("system")
    odds.add_argument("rest", nargs=argparse.REMAINDER)
    args, extra = parser.parse_known_args(argv)
    if args.command == "odds":
        return _odds(args.system, list(args.rest) + extra)
    if extra:
        parser.error(f"unrecognized arguments: {' '.join(extra)}")

    if args.command == "simulate":
        from .core.simulate import simulate
        observers = []
        if not args.no_render:
            from .ui.check import render_check
            observers.append(render_check)
        system = SIM_ALIASES.get(args.system, args.system)
        summary = simulate(system, args.games, args.seed, step_cap=args.step_cap,
                           observers=observers)
        print(json.dumps(summary, indent=2))
        return 1 if summary["errors"] else 0
    if args.command == "validate-content":
        from .content import validate_all
        from .ui.learn_ui import check_all
        problems = validate_all()
        problems += [] if problems else check_all()  # terms on screens need sound content first
        for p in problems:
            print(p, file=sys.stderr)
        print(json.dumps({"problems": len(problems)}))
        return 1 if problems else 0
    if args.command == "validate-deck":
        return _validate_deck(args.system, args.file)
    if args.command == "systems":
        from .core.game import systems
        for name, game in sorted(systems().items()):
            print(f"{name}\t{game.title}")
        return 0
    return 2


def _validate_deck(system: str, path: str) -> int:
    """``validate-deck SYSTEM FILE``: every broken deck-building rule with its book
    section; exit 1 when there is any, 2 when the file cannot be read."""
    if system != "ads":
        print(f"validate-deck knows the ads system only, not {system!r}", file=sys.stderr)
        return 2
    from .systems.ads.build import deck_from_json, validate
    try:
        with open(path, encoding="utf-8") as f:
            deck = deck_from_json(f.read())
    except (OSError, ValueError) as exc:
        print(f"{path}: cannot be read as a deck ({type(exc).__name__})", file=sys.stderr)
        return 2
    found = validate(deck)
    for v in found:
        print(str(v))
    print(json.dumps({"violations": len(found)}))
    return 1 if found else 0


def _odds(system: str, rest: list[str]) -> int:
    """Generic dispatcher: ``odds SYSTEM`` calls ``odds_cli(args)`` in the system's package."""
    import importlib

    from .core.game import systems
    if system not in systems():
        print(f"unknown game system {system!r}", file=sys.stderr)
        return 2
    module = importlib.import_module(f"pocketdeck.systems.{system}")
    cli = getattr(module, "odds_cli", None)
    if cli is None:
        print(f"{system} has no odds command", file=sys.stderr)
        return 2
    return int(cli(rest) or 0)


if __name__ == "__main__":
    sys.exit(main())
