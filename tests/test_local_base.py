"""The local base's exclusion word and context fields (rules/local.py), on rows made for the test; every rule set held
to one declaration of settings and one exclusion word."""

from __future__ import annotations

import pytest

from suanfan import rules
from suanfan.errors import InputError
from suanfan.rules import ItemTable, Option
from suanfan.rules.local import Rows, counted

T = ItemTable()
for id_, excludes in (
    ("low", ()),
    ("root", ()),
    ("mouth_a", ()),
    ("mouth_b", ()),
    ("mouth_c", ()),
    ("high", ("low",)),  # after what it excludes in the table: read first all the same
    ("dragon", (("root", 1),)),
    ("two_mouths", ((("mouth_a", "mouth_b", "mouth_c"), 2),)),
    ("top", ("high",)),
):
    T(id_, 1, en=id_, zh=id_, excludes=excludes)(None)
ROWS = Rows(T)


def _count(held: dict[str, int]) -> dict[str, int]:
    return {row.id: n for row, n in ROWS.count(lambda row: held.get(row.id, 0))}


def test_an_id_switches_a_row_off_and_a_row_switched_off_excludes_nothing() -> None:
    assert _count({"low": 1, "high": 1}) == {"high": 1}
    assert _count({"low": 1, "high": 1, "top": 1}) == {"low": 1, "top": 1}  # high is off: low counts


def test_a_pair_takes_counts_away() -> None:
    assert _count({"root": 2, "dragon": 1}) == {"root": 1, "dragon": 1}
    assert _count({"root": 1, "dragon": 1}) == {"dragon": 1}


def test_a_group_takes_counts_from_any_of_its_rows() -> None:
    assert _count({"mouth_a": 1, "mouth_c": 1, "two_mouths": 1}) == {"two_mouths": 1}
    assert _count({"mouth_a": 1, "mouth_b": 1, "mouth_c": 1, "two_mouths": 1}) == {"mouth_c": 1, "two_mouths": 1}


def test_rows_are_counted_in_table_order() -> None:
    assert list(_count({"top": 1, "root": 1, "low": 1})) == ["low", "root", "top"]
    assert [row.id for row in ROWS.order].index("high") < [row.id for row in ROWS.order].index("low")


def test_counted_reads_a_profile_s_own_exclusions() -> None:
    hits = [(T["high"], 1), (T["low"], 1)]
    assert [row.id for row, _ in counted(hits, {"high": ()})] == ["high", "low"]


def test_a_flag_checks_its_choices_with_their_type() -> None:
    f = Option("n", 3, "a count", (1, 2, 3), what="1, 2 or 3", type="count")
    assert f.value({}) == 3 and f.value({"n": None}) == 3 and f.value({"n": 2}) == 2
    with pytest.raises(InputError) as e:
        f.value({"n": True})
    assert e.value.code == "bad_context" and "1, 2 or 3" in e.value.message
    b = Option("b", False, "a switch", (True, False), type="bool")
    with pytest.raises(InputError):
        b.value({"b": 1})


@pytest.mark.parametrize("name", sorted(rules.registry()))
def test_every_rule_set_declares_settings_one_way_and_excludes_with_one_word(name: str) -> None:
    """What a player sets is an ``Option`` (options and the rule set's own context fields alike), and a row that
    switches others off says so with ``excludes``, naming rows of its own table (docs/architecture.md)."""
    rs = rules.get(name)
    assert all(isinstance(o, Option) for o in (*rs.options, *rs.flags))
    ids = {row.id for row in rs.items}
    for row in rs.items:
        assert not {"replaces", "absorbs_root", "uses"} & set(row.facts), row.id
        for x in row.facts.get("excludes", ()):
            named = [x] if isinstance(x, str) else [x[0]] if isinstance(x[0], str) else list(x[0])
            assert set(named) <= ids, (row.id, named)
