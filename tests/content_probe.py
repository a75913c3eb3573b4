"""Run inside Pyodide (tests/pyodide_run.mjs) and in CPython by test_content_props: the
content checks of the shipped files, a wrongly typed row and a too deeply nested file give
the same listed problems in both, never a crash."""

import json
import sys

from pocketdeck import content
from pocketdeck.content import ContentError, check, parse

out = {"python": list(sys.version_info[:2]), "valid": content.validate_all()}
out["typed"] = check("p52/abilities.toml", {"source": {"origin": "o", "licence": "l"},
                                            "ability": [{"kind": ["attack"]}, "zap"]})
out["deck"] = check("deck/decks.toml", {"source": {"origin": "o", "licence": "l"}, "deck": "x"})
for depth in (3_000, 100_000):
    try:
        parse("p52/quirks.toml", "x = " + "[" * depth + "]" * depth)
        out[f"deep{depth}"] = "parsed"
    except ContentError as exc:
        out[f"deep{depth}"] = str(exc)
print(json.dumps(out))
