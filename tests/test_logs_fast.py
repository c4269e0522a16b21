"""The Tenhou reader's fast path (``tenhou.fast_round``: a round read without a Python step per draw or discard)
against the move-by-move replay (``tenhou.read(..., fast=False)``), which stays the reference and the way to place an
error: on every test log the two give the same Game, and on mutated logs (tags dropped, duplicated, swapped, moved,
tile ids changed, a call's ``m`` or a seat changed) either the same Game or the same error.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from suanfan.logs import decode, files_of, tenhou

DATA = Path(__file__).parent / "data" / "logs" / "tenhou"
LOGS = [(f, decode(Path(f).read_bytes(), f)) for f in files_of([DATA])]


def _read(text: str, file: str, fast: bool) -> tuple[object, list[int]]:
    """The game (or the exception, as its type and message) and the rounds the fast reader replayed."""
    try:
        reader = tenhou._Reader(file, text, fast)
        return reader.game(), reader.replayed
    except Exception as e:  # noqa: BLE001 - the replay's own failures (an int() of a bad attribute) must match too
        return (type(e).__name__, getattr(e, "code", None), str(e)), []


def test_the_fast_path_reads_every_test_log_as_the_replay_does() -> None:
    assert len(LOGS) >= 40
    rounds = wins = 0
    for file, text in LOGS:
        fast, replayed = _read(text, file, True)
        slow, _ = _read(text, file, False)
        assert replayed == [], f"{file}: rounds at tags {replayed} were replayed, not read by the fast path"
        assert fast == slow, file
        rounds += len(fast.rounds)
        wins += sum(len(r.wins) for r in fast.rounds)
    # not vacuous: every round of the 47 games went by the fast path, and they hold hundreds of wins
    assert rounds >= 400 and wins >= 300


def _mutate(tags: list[str], rng: random.Random) -> list[str]:
    """One change to a log's tags (the first and last, <mjloggm> and </mjloggm>, kept)."""
    tags = list(tags)
    body = range(1, len(tags) - 1)
    i = rng.choice(body)
    moves = [k for k in body if tags[k][:1] in "TUVWDEFG" and tags[k][1:2].isdigit()]
    kind = rng.choice(
        ["drop", "duplicate", "swap", "swap_near", "move", "tile", "tile_kind", "meld", "who", "reach", "attr", "space"]
    )
    if kind == "drop":
        del tags[i]
    elif kind == "duplicate":
        tags.insert(i, tags[i])
    elif kind in ("swap", "swap_near"):
        j = min(max(1, i + rng.choice([-2, -1, 1, 2])), len(tags) - 2) if kind == "swap_near" else rng.choice(body)
        tags[i], tags[j] = tags[j], tags[i]
    elif kind == "move":
        tag = tags.pop(i)
        tags.insert(rng.choice(range(1, len(tags) - 1)), tag)
    elif kind in ("tile", "tile_kind") and moves:
        k = rng.choice(moves)
        x = int(tags[k][1:].split("/")[0])
        y = rng.randrange(136) if kind == "tile" else x // 4 * 4 + rng.randrange(4)  # any tile, or one of its kind
        tags[k] = f"{tags[k][0]}{y}/>"
    elif kind == "meld":
        calls = [k for k in body if tags[k].startswith("N ")]
        if calls:
            k = rng.choice(calls)
            m = int(tenhou.value(tags[k], ' m="') or 0)
            tags[k] = tags[k].replace(f'm="{m}"', f'm="{m ^ (1 << rng.randrange(16))}"')
    elif kind == "who":
        named = [k for k in body if ' who="' in tags[k]]
        if named:
            k = rng.choice(named)
            who = tenhou.value(tags[k], ' who="')
            tags[k] = tags[k].replace(f' who="{who}"', f' who="{rng.randrange(4)}"', 1)
    elif kind == "attr":  # an INIT, AGARI or RYUUKYOKU written another way (the fast path splits them at quotes)
        ends = [k for k in body if tags[k].startswith(("INIT ", "AGARI ", "RYUUKYOKU "))]
        if ends:
            k = rng.choice(ends)
            quotes = [at for at, c in enumerate(tags[k]) if c == '"']
            at = rng.choice(quotes)
            tags[k] = rng.choice([
                tags[k][:at] + tags[k][at + 1 :],  # a quote left out
                tags[k].replace('" ', '"', 1),  # no space before the next attribute
                tags[k].replace(" ", ' extra="1" ', 1),  # an attribute no reader knows
                tags[k][:at + 1] + "&#49;" + tags[k][at + 1 :],  # an escape in a value
                tags[k].replace('="', "='", 1),
                _twice(tags[k], rng),  # an attribute written again at the end (the last one counts)
                re.sub(' shuffle="[^"]*"', "", tags[k]),  # an INIT without its shuffle, as old logs write it
            ])  # fmt: skip
    elif kind == "space":  # white space after a tag (a log written one tag a line)
        tags[i] = tags[i] + rng.choice(["\n", " ", "\r\n"])
    else:  # a riichi declared where nobody did
        tags.insert(i, f'REACH who="{rng.randrange(4)}" step="{rng.choice("12")}"/>')
    return tags


def _twice(tag: str, rng: random.Random) -> str:
    """``tag`` with one of its attributes written again before its end, with a value another attribute has."""
    found = tenhou.ATTR.findall(tag)
    name, value = rng.choice(found)[0], rng.choice(found)[1]
    end = tag.rstrip()
    cut = len(end) - 2 if end.endswith("/>") else len(end)
    return f'{tag[:cut]} {name}="{value}"{tag[cut:]}'


def test_init_values_are_the_attributes_the_regular_expression_reads() -> None:
    """``init_values`` reads an INIT by its quotes where Tenhou's layout allows it and by ``fast_attrs`` elsewhere:
    either way the seven values ``attrs`` (the replay's regular expression) gives, on every INIT of the test logs
    and on those INITs written other ways."""
    names = ["seed", "ten", "oya", "hai0", "hai1", "hai2", "hai3"]
    inits = [f"INIT {t}" for _, text in LOGS for t in text.split("<INIT ")[1:]]
    inits = [t[: t.index("<")] if "<" in t else t for t in inits]
    rng = random.Random(7)
    general: list[str] = []  # the tags init_values left to fast_attrs
    real = tenhou.fast_attrs
    tenhou.fast_attrs = lambda tag: general.append(tag) or real(tag)
    try:
        for tag in inits:
            tenhou.init_values(tag)
    finally:
        tenhou.fast_attrs = real
    assert len(inits) >= 400 and general == []  # every INIT of the test logs is read the quick way
    for tag in inits:
        variants = [
            tag, tag.rstrip(), re.sub(' shuffle="[^"]*"', "", tag), tag.replace("/>", " />"), tag.replace('"/>', '&amp;"/>'),
            tag.replace(" shuffle=", " shuffle2="), tag.replace('"/>', ' "/>'), tag.replace(" shuffle=", ' x="1" shuffle='),
            tag.replace(' hai3="', ' hai3=" '), tag.replace(' oya="', ' oya=""'), _twice(tag, rng), _twice(tag, rng),
            tag.replace('"/>', '" seed="9,9,9,9,9,9"/>'), tag.replace('"/>', '" hai0="1"/>'), tag[:-3],
        ]  # fmt: skip
        for variant in variants:
            assert tenhou.init_values(variant) == [tenhou.attrs(variant).get(k) for k in names], variant


def _fuzz(cases: int, seed: int) -> None:
    rng = random.Random(seed)
    same_game = same_error = replayed_rounds = 0
    for _ in range(cases):
        file, text = rng.choice(LOGS)
        pieces = text.split("<")
        head, tags = pieces[0], pieces[1:]
        for _ in range(rng.choice([1, 1, 2, 3])):
            tags = _mutate(tags, rng)
        mutated = "<".join([head, *tags])
        fast, replayed = _read(mutated, file, True)
        slow, _ = _read(mutated, file, False)
        assert fast == slow, f"{file} mutated (seed {seed}): the fast path and the replay differ"
        if isinstance(fast, tuple):
            same_error += 1
        else:
            same_game += 1
            replayed_rounds += len(replayed)
    # not vacuous: many mutated logs still read (the fast path vouching for most of their rounds, replaying the
    # rounds it does not), and many are refused with the replay's own error
    assert same_game >= cases // 5 and same_error >= cases // 5, (same_game, same_error)
    assert replayed_rounds > 0


def test_the_fast_path_and_the_replay_agree_on_mutated_logs() -> None:
    _fuzz(300, seed=13)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(5))
def test_the_fast_path_and_the_replay_agree_on_many_mutated_logs(seed: int) -> None:
    _fuzz(1000, seed=100 + seed)


def test_the_fast_path_makes_a_whole_table() -> None:
    """The table a win is told from holds every attribute a Table has (the fast path writes them all at once)."""
    made = []
    real = tenhou.table_at
    try:
        tenhou.table_at = lambda state: made.append(state) or real(state)
        file, text = LOGS[0]
        tenhou.read(text, file)
    finally:
        tenhou.table_at = real
    fresh = tenhou.Table(4, 0, 0, [[]] * 4, [0])
    assert made and all(state.keys() == vars(fresh).keys() for state in made)
