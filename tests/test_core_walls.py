"""What the speed machinery may not do to the core (docs/architecture.md, "Speed behind walls")."""

from __future__ import annotations

import dataclasses

import pytest

from suanfan.hand import Context
from suanfan.rules.riichi import _spec
from suanfan.rules.riichi.options import OPTIONS, resolve
from suanfan.rules.riichi.view import KEY_FLAGS, KONGS, NO_YAOCHU, ONE_SUIT, OUTSIDE, YAOCHU_ONLY


def _other(option) -> object:
    """A value of ``option`` other than its default."""
    if option.choices:
        return next(c for c in option.choices if c != option.default)
    if isinstance(option.default, bool):
        return not option.default
    if isinstance(option.default, int):
        return option.default + 1
    raise AssertionError(f"no other value known for {option.name}")


@pytest.mark.parametrize("option", OPTIONS, ids=lambda o: o.name)
def test_every_riichi_option_is_part_of_the_rows_cache_key(option) -> None:
    """A Riichi option changed gives other rows (its own _Spec), whatever the option: none can leave a stale cache."""
    default = resolve(None)
    changed = {**default, option.name: _other(option)}
    for closed in (True, False):
        assert _spec(closed, default) is not _spec(closed, changed)
        assert _spec(closed, dict(default)) is _spec(closed, default)


def test_the_riichi_key_bits_are_its_own() -> None:
    """HandFacts.key's bits are named by view.py (one a flag of KEY_FLAGS, then the gate facts), not by the order of
    Context's fields: each flag of KEY_FLAGS is a Context field, and no two bits meet."""
    names = {f.name for f in dataclasses.fields(Context)}
    assert set(KEY_FLAGS) <= names
    bits = [1 << i for i in range(len(KEY_FLAGS))] + [NO_YAOCHU, YAOCHU_ONLY, OUTSIDE, ONE_SUIT, KONGS]
    assert sum(bits) == (1 << len(bits)) - 1
