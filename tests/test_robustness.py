"""Bad input never escapes as a traceback: whatever a user sends, every rule set answers with a result or the
contract's error object (score_many turns InputError into ``ok: false``; anything else would propagate here)."""

from __future__ import annotations

import string

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import suanfan

RULES = sorted(suanfan.rule_sets())
TILES = st.sampled_from(
    [f"{d}{s}" for s in "mps" for d in range(10)]
    + [f"{d}z" for d in range(1, 8)]
    + [f"{d}f" for d in range(1, 9)]
    + ["9z", "0z", "x", "东", "🀄", "五筒"]
)
HANDISH = st.one_of(
    st.lists(TILES, min_size=0, max_size=16).map("".join),
    st.text(alphabet=string.ascii_letters + string.digits + " 东南西北中发白万筒条", max_size=20),
    st.integers(),
    st.none(),
    st.lists(st.integers(-2, 50), max_size=15),
)
MELD = st.one_of(
    st.builds(
        lambda k, t: f"{k}:{t}",
        st.sampled_from(["chi", "pon", "minkan", "kakan", "ankan", "bad", ""]),
        st.lists(TILES, min_size=0, max_size=5).map("".join),
    ),
    st.integers(),
    st.dictionaries(st.sampled_from(["type", "tiles", "from"]), st.text(max_size=5), max_size=3),
)
VALUE = st.one_of(st.booleans(), st.integers(-3, 20), st.text(max_size=4), st.none(), st.lists(TILES, max_size=6))
FIELDS = [
    "tsumo",
    "seat_wind",
    "round_wind",
    "riichi",
    "ippatsu",
    "rinshan",
    "chankan",
    "haitei",
    "houtei",
    "tenhou",
    "chiihou",
    "renhou",
    "last_copy",
    "after_kong_discard",
    "declared",
    "dora_indicators",
    "ura_indicators",
    "honba",
    "riichi_sticks",
    "flowers",
    "bogus",
]


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    rules=st.sampled_from(RULES + ["nope", 3]),
    hand=HANDISH,
    win=st.one_of(TILES, st.none(), st.integers()),
    melds=st.one_of(st.lists(MELD, max_size=5), st.text(max_size=6), st.none()),
    context=st.dictionaries(st.sampled_from(FIELDS), VALUE, max_size=6),
    options=st.one_of(st.none(), st.dictionaries(st.text(max_size=8), VALUE, max_size=3), st.integers()),
)
def test_garbage_gives_a_result_or_an_error(rules, hand, win, melds, context, options) -> None:
    obj = {"rules": rules, "hand": hand, "win": win, "melds": melds, "options": options, **context}
    (result,) = suanfan.score_many([obj])
    d = result.to_dict()
    if not d["ok"]:
        assert d["error"]["code"] and d["error"]["message"]


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    rules=st.sampled_from(RULES),
    hand=st.lists(TILES, min_size=13, max_size=14).map("".join),
    context=st.dictionaries(st.sampled_from(FIELDS[:-1]), st.booleans(), max_size=5),
)
def test_tile_soup_is_scored_or_refused(rules, hand, context) -> None:
    """Plausible hands of the right length with random flags."""
    (result,) = suanfan.score_many([{"rules": rules, "hand": hand, **context}])
    assert "ok" in result.to_dict()


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=st.sampled_from(RULES), hand=st.lists(TILES, min_size=10, max_size=14).map("".join))
def test_waits_of_soup(rules, hand) -> None:
    try:
        for w in suanfan.waits_of(hand, rules=rules):
            assert w["result"].ok
    except suanfan.InputError as e:
        assert e.code and e.message
