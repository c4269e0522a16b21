"""Riichi: suanfan against the `mahjong` library on the same random hands, in one run.

    python bench/bench_riichi.py [--hands 2000] [--seed 1] [--repeat 3]

Hands come from tests/riichi_gen.py (closed, open, kong, seven pairs, rare yaku). Two like-for-like comparisons:

- end to end: both libraries from the hand as text. suanfan.score_dict takes the contract's hand object; the
  `mahjong` side (from_text below) converts the same mpsz strings with its own TilesConverter, builds its Meld
  objects and HandConfig, then calls estimate_hand_value. Both sides' timings include everything.
- scoring: both from prepared inputs, built before the clock starts (suanfan: a built Hand, Context and options;
  mahjong: the exact 136-tile arrays, melds and HandConfig tests/riichi_gen.oracle passes).

Prints hands per second for each and the ratios.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import riichi_gen  # noqa: E402
import suanfan  # noqa: E402


def prepared_oracle_calls(hands: list[dict]) -> list:
    """Capture the exact arguments riichi_gen.oracle passes to HandCalculator, to time the call alone."""
    from mahjong.hand_calculating.hand import HandCalculator

    calls = []
    real = HandCalculator.estimate_hand_value

    def capture(*args, **kwargs):
        calls.append((args, kwargs))
        return real(*args, **kwargs)

    HandCalculator.estimate_hand_value = staticmethod(capture)
    try:
        for h in hands:
            riichi_gen.oracle(h)
    finally:
        HandCalculator.estimate_hand_value = staticmethod(real)
    return calls


def from_text(hand: dict, options: dict | None = None):
    """Score a contract hand object with the `mahjong` library the way its users start: from mpsz text, through its own
    TilesConverter, Meld and HandConfig. This is the `mahjong` side of the end-to-end column, the counterpart of
    suanfan.score_dict, and is timed whole. The default options of riichi_gen.oracle (the ones our defaults match)."""
    from mahjong.constants import EAST
    from mahjong.hand_calculating.hand import HandCalculator
    from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
    from mahjong.meld import Meld
    from mahjong.tile import TilesConverter

    def convert(text: str) -> list[int]:
        return TilesConverter.one_line_string_to_136_array(text, has_aka_dora=True)

    kinds = {"chi": Meld.CHI, "pon": Meld.PON, "kakan": Meld.SHOUMINKAN, "minkan": Meld.KAN, "ankan": Meld.KAN}
    melds = []
    text = hand["hand"]
    for spec in hand.get("melds", ()):
        kind, tiles = spec.split(":")
        melds.append(Meld(kinds[kind], convert(tiles), kind != "ankan"))
        text += tiles
    win = convert(hand["win"])[0]
    tiles = convert(text)
    if win not in tiles:  # the winning tile's own number, as the library expects it among the hand's tiles
        win = next(t for t in tiles if t // 4 == win // 4)
    winds = {"E": EAST, "S": EAST + 1, "W": EAST + 2, "N": EAST + 3}
    get = hand.get
    config = HandConfig(
        is_tsumo=get("tsumo", False),
        is_riichi=get("riichi", False) or get("double_riichi", False),
        is_ippatsu=get("ippatsu", False),
        is_rinshan=get("rinshan", False),
        is_chankan=get("chankan", False),
        is_haitei=get("haitei", False),
        is_houtei=get("houtei", False),
        is_daburu_riichi=get("double_riichi", False),
        is_tenhou=get("tenhou", False),
        is_chiihou=get("chiihou", False),
        player_wind=winds[get("seat_wind", "E")],
        round_wind=winds[get("round_wind", "E")],
        kyoutaku_number=get("riichi_sticks", 0),
        tsumi_number=get("honba", 0),
        options=OptionalRules(
            has_open_tanyao=True,
            has_aka_dora=True,
            has_double_yakuman=True,
            kazoe_limit=HandConfig.KAZOE_LIMITED,
            fu_for_open_pinfu=True,
            fu_for_pinfu_tsumo=False,
        ),
    )
    ura = get("ura_indicators")
    return HandCalculator.estimate_hand_value(
        tiles,
        win,
        melds=melds,
        dora_indicators=convert("".join(get("dora_indicators", ()))),
        config=config,
        ura_dora_indicators=convert("".join(ura)) if ura else None,
    )


def prepared_hands(hands: list[dict]) -> tuple:
    """(rule set, default options, [(Hand, Context)]): suanfan's input built beforehand, for the scoring timing."""
    from suanfan.hand import Hand, build_context

    rs = suanfan.get_rules("riichi")
    keys = ("rules", "hand", "win", "melds", "options", "flowers")
    prepared = [
        (
            Hand.build(h["hand"], h["win"], h.get("melds", ()), tile_set=rs.tile_set),
            build_context(rs.context_flags, **{k: v for k, v in h.items() if k not in keys}),
        )
        for h in hands
    ]
    return rs, rs.resolve_options(None), prepared


def run(label: str, hands: list[dict], repeat: int) -> dict:
    """Time both libraries on the same hands, both ways (see the module's docstring), with timing.race."""
    from mahjong.hand_calculating.divider import HandDivider
    from mahjong.hand_calculating.hand import HandCalculator
    from timing import race

    calls = prepared_oracle_calls(hands)
    rs, opts, prepared = prepared_hands(hands)
    score, score_dict, estimate = rs.score, suanfan.score_dict, HandCalculator.estimate_hand_value

    def ours(part):
        for h in part:
            score_dict(h)

    def ours_scoring(part):
        for hand, ctx in part:
            score(hand, ctx, opts)

    def theirs(part):
        for h in part:
            from_text(h)

    def theirs_scoring(part):
        for args, kwargs in part:
            estimate(*args, **kwargs)

    sides = {"suanfan": (ours, hands), "suanfan_scoring": (ours_scoring, prepared), "mahjong": (theirs, hands),
             "mahjong_scoring": (theirs_scoring, calls)}  # fmt: skip
    # mahjong keeps its last 128 hand divisions (an lru_cache): emptied before each chunk, as the hands were new to it
    rate = race(sides, repeat, before=HandDivider._divide_hand_impl.cache_clear)
    n = len(hands)
    print(
        f"{label:<7} {n:>5} hands   end to end: mahjong {rate['mahjong']:>7.0f}/s  suanfan {rate['suanfan']:>7.0f}/s "
        f"({rate['suanfan'] / rate['mahjong']:4.2f}x)   scoring: mahjong {rate['mahjong_scoring']:>7.0f}/s  "
        f"suanfan {rate['suanfan_scoring']:>7.0f}/s ({rate['suanfan_scoring'] / rate['mahjong_scoring']:4.2f}x)"
    )
    return {"label": label, "hands": n, **rate}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    rnd = random.Random(args.seed)
    groups = {"closed": ["closed"], "open": ["open"], "kong": ["kong"], "mixed": list(riichi_gen.MODES)}
    for label, modes in groups.items():
        hands = [riichi_gen.random_hand(rnd, rnd.choice(modes)) for _ in range(args.hands)]
        run(label, hands, args.repeat)


if __name__ == "__main__":
    main()
