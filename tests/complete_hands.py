"""Random complete hands (four sets and a pair, all concealed) for the rule sets' sweep tests."""

from __future__ import annotations

import random
from collections.abc import Iterator

import suanfan


def random_wins(rules: str, honors: list[int], n: int = 500, seed: int = 4) -> Iterator[suanfan.Result]:
    """Score ``n`` random complete hands of suited tiles and the given honor kinds, with a random seat of the game
    and self-draw."""
    rng = random.Random(seed)
    done = 0
    while done < n:
        sets = [
            [t] * 3 if rng.random() < 0.5 else [t, t + 1, t + 2]
            for t in (rng.choice(range(27)) if rng.random() < 0.8 else rng.choice(honors) for _ in range(4))
        ]
        sets = [s if s[0] == s[1] or (s[0] < 27 and s[0] % 9 <= 6) else [s[0]] * 3 for s in sets]
        pair = rng.choice(list(range(27)) + honors)
        tiles = [t for s in sets for t in s] + [pair, pair]
        if any(tiles.count(t) > 4 for t in tiles) or sum(t >= 27 for t in tiles) > 4 * len(honors):
            continue
        done += 1
        win = tiles[rng.randrange(14)]
        yield suanfan.score(
            suanfan.format_tiles(tiles),
            win=suanfan.format_tiles([win]),
            rules=rules,
            seat_wind=rng.choice(suanfan.get_rules(rules).winds),  # the game's seats (two players: E and S)
            tsumo=rng.random() < 0.5,
        )
