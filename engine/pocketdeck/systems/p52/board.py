"""A room's geometry: laying out connected spots, the exit, distances, line of sight and
what light reveals.

Spots are numbered 0..n-1 (spot 0 is the entrance: the party enters from the south, so
nothing lies straight below it). Each spot keeps its grid x/y and its orthogonal neighbours ("adj"), so
the hot paths never rebuild the grid. Empty grid cells are the book's impenetrable,
sight-blocking gaps.
"""

from __future__ import annotations

import heapq
from typing import Any

from ...core.rng import Rng

Spot = dict[str, Any]
MAX_HALF_WIDTH = 3  # the app's rooms stay at most 7 spots wide, to fit a phone screen
MAX_DEPTH = 9


def behind_entrance(cell: tuple[int, int]) -> bool:
    """Room/Space Layout: the cells straight below the entrance (x = 0, y > 0): the party
    comes in from the south and stands there, so no spot may be laid on them."""
    return cell[0] == 0 and cell[1] > 0


def frontier(cells: list[tuple[int, int]], bounded: bool = True) -> list[tuple[int, int]]:
    """Room/Space Layout: the empty cells where the next spot may go. A new spot touches a
    placed one on a side (no diagonal links, no islands) and is not behind the entrance
    (the entrance is (0, 0); the party comes in from the south and stands below it).
    ``bounded``: the app's own layouts stay on or above the entrance's row, within three
    columns of the entrance and MAX_DEPTH rows above it (a room that fits a phone screen;
    unchanged, so old games replay the same rooms). The player's layout is not bounded:
    "you can configure them in any pattern you like, but they must all be connected ...
    they get the final say" (the screen scrolls), so an L or U may dip below the
    entrance's row beside it. Sorted by (x, y)."""
    taken = set(cells)
    out: set[tuple[int, int]] = set()
    for (x, y) in cells:
        for nx, ny in ((x + 1, y), (x - 1, y), (x, y - 1), (x, y + 1)):
            if (nx, ny) in taken or behind_entrance((nx, ny)):
                continue
            if bounded and (ny > 0 or abs(nx) > MAX_HALF_WIDTH or ny < -MAX_DEPTH):
                continue
            out.add((nx, ny))
    return sorted(out)


def why_not(cells: list[tuple[int, int]], cell: tuple[int, int]) -> str:
    """Why the player may not lay a spot on ``cell`` (for explain); empty when it may."""
    if cell in set(cells):
        return "a spot is already there"
    if behind_entrance(cell):
        return ("no spot may lie straight below the entrance (the party enters from the bottom "
                "and stands behind it)")
    if cell not in frontier(cells, bounded=False):
        return "a new spot must touch a placed spot on a side (no diagonal links, no islands)"
    return ""


def grow(cells: list[tuple[int, int]], n: int, rng: Rng) -> list[tuple[int, int]]:
    """Grow ``cells`` (the entrance first, raw coordinates) at random to ``n`` cells, inside
    the app's frame; when a player's layout leaves no cell inside it, first on or above the
    entrance's row (the open cells before the player could lay below it, so old games
    replay the same rooms), then anywhere open."""
    cells = list(cells)
    while len(cells) < n:
        anywhere = frontier(cells, bounded=False)
        options = frontier(cells) or [c for c in anywhere if c[1] <= 0] or anywhere
        cells.append(options[rng.below(len(options))])
    return cells


def normalise(cells: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Shift cells to x, y >= 0 (the grid the room keeps)."""
    minx = min(x for x, _ in cells)
    miny = min(y for _, y in cells)
    return [(x - minx, y - miny) for x, y in cells]


def grow_layout(n: int, rng: Rng) -> list[tuple[int, int]]:
    """Room/Space Layout: ``n`` connected cells (no diagonal links, no islands), grown at
    random from the entrance. Returns cells with the entrance first, normalised to x, y >= 0."""
    return normalise(grow([(0, 0)], n, rng))


def link(spots: list[Spot]) -> None:
    where = {(s["x"], s["y"]): i for i, s in enumerate(spots)}
    for s in spots:
        s["adj"] = [where[c] for c in ((s["x"], s["y"] - 1), (s["x"] + 1, s["y"]),
                                       (s["x"], s["y"] + 1), (s["x"] - 1, s["y"])) if c in where]


def choose_exit(spots: list[Spot], direction: str) -> int:
    """Determining the Exit: "a 2-4 indicates the exit is to the left of the starting side,
    a 5-7 ... across ..., and a 8-10 ... to the right ... The actual exit spot will be the
    furthest card away from the starting spot". Left (right) takes the spots left (right)
    of the entrance's column, and among them the furthest in steps through the room (gaps
    cannot be crossed), then the leftmost (rightmost). Across, or a side with no spot,
    takes the furthest of the whole room: the flip's side breaks ties, across the top-most
    and then the leftmost ("furthest to the left of the start if the exit is across").
    Never the entrance when there is another spot."""
    dist = walk_distances(spots, 0, cost_of=lambda s: 1)
    cands = [i for i in range(1, len(spots)) if dist[i] < 10 ** 6] or [0]
    x0 = spots[0]["x"]
    side = {"left": [i for i in cands if spots[i]["x"] < x0],
            "right": [i for i in cands if spots[i]["x"] > x0]}.get(direction)
    cands = side or cands
    far = max(dist[i] for i in cands)
    cands = [i for i in cands if dist[i] == far]
    if direction == "left":
        key = lambda i: (spots[i]["x"], spots[i]["y"], i)  # noqa: E731
    elif direction == "right":
        key = lambda i: (-spots[i]["x"], spots[i]["y"], i)  # noqa: E731
    else:
        key = lambda i: (spots[i]["y"], spots[i]["x"], i)  # noqa: E731
    return min(cands, key=key)


def obstructed_cost(s: Spot) -> int:
    return 2 if s["kind"] == "obstructed" else 1


def walk_routes(spots: list[Spot], start: int, cost_of=obstructed_cost) -> tuple[list[int], dict[int, int]]:
    """Cheapest walking cost from ``start`` to every spot (no diagonals), and for each
    reached spot the one before it on a cheapest route."""
    inf = 10 ** 6
    dist = [inf] * len(spots)
    prev: dict[int, int] = {}
    dist[start] = 0
    heap = [(0, start)]
    while heap:
        d, i = heapq.heappop(heap)
        if d > dist[i]:
            continue
        for j in spots[i]["adj"]:
            nd = d + cost_of(spots[j])
            if nd < dist[j]:
                dist[j] = nd
                prev[j] = i
                heapq.heappush(heap, (nd, j))
    return dist, prev


def walk_distances(spots: list[Spot], start: int, cost_of=obstructed_cost) -> list[int]:
    """Cheapest walking cost from ``start`` to every spot (no diagonals)."""
    return walk_routes(spots, start, cost_of)[0]


def manhattan(a: Spot, b: Spot) -> int:
    return abs(a["x"] - b["x"]) + abs(a["y"] - b["y"])


def chebyshev(a: Spot, b: Spot) -> int:
    return max(abs(a["x"] - b["x"]), abs(a["y"] - b["y"]))


def line_of_sight(spots: list[Spot], a: int, b: int, where: dict[tuple[int, int], int] | None = None) -> bool:
    """Line of Sight: the straight line between two spot centres may not cross a gap.
    The line is sampled finely; a sample exactly on a cell corner counts as open if
    either neighbouring cell is a spot (the line grazes, it does not cross a gap)."""
    if a == b:
        return True
    if where is None:
        where = {(s["x"], s["y"]): i for i, s in enumerate(spots)}
    ax, ay, bx, by = spots[a]["x"], spots[a]["y"], spots[b]["x"], spots[b]["y"]
    steps = 8 * max(abs(bx - ax), abs(by - ay))
    for k in range(1, steps):
        # exact rational sampling: position = a + (b - a) * k / steps, in units of 1/(2*steps)
        px2 = 2 * ax * steps + 2 * (bx - ax) * k + steps  # 2*steps*(x + 0.5)
        py2 = 2 * ay * steps + 2 * (by - ay) * k + steps
        den = 2 * steps
        cx, rx = divmod(px2, den)
        cy, ry = divmod(py2, den)
        xs = [cx - 1, cx] if rx == 0 else [cx]
        ys = [cy - 1, cy] if ry == 0 else [cy]
        if not any((x, y) in where for x in xs for y in ys):
            return False
    return True


_LOS: dict[str, dict[int, bool]] = {}


def geo_key(spots: list[Spot]) -> str:
    """The room's shape as one string: the cache key for line of sight (a string costs
    nothing to copy with the state)."""
    return ";".join(f"{s['x']},{s['y']}" for s in spots)


def los(spots: list[Spot], a: int, b: int, geo: str | None) -> bool:
    """Line of sight, remembered per room shape (rooms are small; shapes repeat rarely)."""
    if geo is None:
        return line_of_sight(spots, a, b)
    cache = _LOS.get(geo)
    if cache is None:
        if len(_LOS) > 64:
            _LOS.clear()
        cache = _LOS[geo] = {}
    k = a * 64 + b if a <= b else b * 64 + a
    hit = cache.get(k)
    if hit is None:
        hit = cache[k] = line_of_sight(spots, a, b)
    return hit


def reveal_set(spots: list[Spot], at: int, lit: bool, geo: str | None = None) -> list[int]:
    """Revealing the Room: lit, everything within 2 spots (diagonals included) in line of
    sight; dark, the spot itself and its orthogonal neighbours."""
    if not lit:
        return [at] + list(spots[at]["adj"])
    me = spots[at]
    return [i for i, s in enumerate(spots) if chebyshev(me, s) <= 2 and los(spots, at, i, geo)]


def in_range(spots: list[Spot], a: int, b: int, reach: int, geo: str | None = None) -> bool:
    """Attack/Item Range (orthogonal steps; diagonal is not adjacent) plus Line of Sight."""
    if a == b:
        return True
    return manhattan(spots[a], spots[b]) <= reach and los(spots, a, b, geo)


def path_to(spots: list[Spot], start: int, goal: int, hazard) -> list[int]:
    """The cheapest route (fewest movement points, then fewest hazards) as spots after
    ``start``; empty if unreachable."""
    best: dict[int, tuple[int, int]] = {start: (0, 0)}
    prev: dict[int, int] = {}
    heap = [(0, 0, start)]
    while heap:
        c, h, i = heapq.heappop(heap)
        if (c, h) > best[i]:
            continue
        if i == goal:
            break
        for j in spots[i]["adj"]:
            nc, nh = c + obstructed_cost(spots[j]) if spots[j]["rev"] else c + 1, h + hazard(j)
            if j not in best or (nc, nh) < best[j]:
                best[j] = (nc, nh)
                prev[j] = i
                heapq.heappush(heap, (nc, nh, j))
    if goal not in prev:
        return []
    out = [goal]
    while out[-1] != start:
        out.append(prev[out[-1]])
    out.reverse()
    return out[1:]
