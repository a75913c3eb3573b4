"""``python -m pocketdeck odds ads --difficulty NAME [--json]``: the chance of a declared
Up/Down check with the balanced Up/Down deck, exact."""

from __future__ import annotations

import argparse
import json

from .maths import DIFFICULTIES, difficulty_chance, truncated_percent


def odds_cli(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m pocketdeck odds ads")
    parser.add_argument("--difficulty", required=True, choices=sorted(DIFFICULTIES))
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    p = difficulty_chance(args.difficulty)
    d = DIFFICULTIES[args.difficulty]
    if args.json:
        print(json.dumps({"system": "ads", "difficulty": args.difficulty, "draw": d["draw"],
                          "success": f"{p.numerator}/{p.denominator}",
                          "percent": truncated_percent(p)}))
    else:
        print(f"{d['title']}: draw {d['draw']}, success {p.numerator}/{p.denominator} "
              f"= {float(p) * 100:.1f}% (the book prints {truncated_percent(p)}%)")
    return 0
