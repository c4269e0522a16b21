"""Typed controls: what a player sets, described once for the CLI, the HTTP models and the page.

A ``Control`` is one field a player sets: a win-context field of ``hand.Context``, a rule set's own context flag,
or a rule set's option. It carries its ``type``, its ``default``, its ``choices`` (each with names), its names and
a one-line help in English, Chinese and Japanese. ``GET /api/rules`` gives every control as ``to_dict()`` shapes
it (the contract's "The HTTP server"), the page builds its controls from that alone, the CLI makes its options from
the context controls and the HTTP models their fields.

The types:

- ``bool``: true or false. ``int``: a whole number (``minimum`` / ``maximum`` where there are bounds).
  ``count``: a whole number 0 or more (``maximum`` where there is one).
- ``choice``: one of ``choices``. ``seat``: another player, by ``choices`` (Riichi: L left, A across, R right).
  ``wind``: a wind, E S W N (``choices`` name them).
- ``tile``: one tile in mpsz. ``tiles``: a list of tiles. ``list`` / ``object``: JSON, for the rare expert option.

A ``default`` of ``None`` means "not set": the control then offers that as its first state, and a request leaves the
field out.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

TYPES = ("bool", "int", "choice", "seat", "wind", "tile", "tiles", "count", "list", "object")
LANGS = ("en", "zh", "ja")


def text(en: str, zh: str, ja: str) -> dict[str, str]:
    """A text in the three languages, as the names and helps are kept."""
    return {"en": en, "zh": zh, "ja": ja}


@dataclass(frozen=True)
class Choice:
    """One value a ``choice`` / ``seat`` / ``wind`` control takes, with its names."""

    value: Any
    names: dict[str, str]

    def to_dict(self) -> dict:
        return {"value": self.value, "names": dict(self.names)}


@dataclass(frozen=True)
class Control:
    """One field a player sets: its name, type, default, choices, names and one-line help in three languages."""

    name: str
    type: str
    default: Any
    names: dict[str, str]
    help: dict[str, str]
    choices: tuple[Choice, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    keys: str | None = None  # an ``object``'s keys: "items" (the rule set's item ids, each with a whole number)

    def __post_init__(self) -> None:
        if self.type not in TYPES:
            raise ValueError(f"control {self.name}: type {self.type!r} is not one of {', '.join(TYPES)}")
        for what, words in (("names", self.names), ("help", self.help)):
            if set(words) != set(LANGS) or not all(words.values()):
                raise ValueError(f"control {self.name}: {what} needs en, zh and ja")

    def to_dict(self) -> dict:
        d: dict[str, Any] = {
            "name": self.name,
            "type": self.type,
            "default": self.default,
            "names": dict(self.names),
            "help": dict(self.help),
        }
        if self.choices:
            d["choices"] = [c.to_dict() for c in self.choices]
        if self.minimum is not None:
            d["minimum"] = self.minimum
        if self.maximum is not None:
            d["maximum"] = self.maximum
        if self.keys is not None:
            d["keys"] = self.keys
        return d


WINDS = (
    Choice("E", text("East", "东", "東")),
    Choice("S", text("South", "南", "南")),
    Choice("W", text("West", "西", "西")),
    Choice("N", text("North", "北", "北")),
)
# Riichi names the other players from the winner's seat (the contract's meld suffix @L / @A / @R)
RELATIVE_SEATS = (
    Choice("L", text("Left (kamicha)", "上家", "上家")),
    Choice("A", text("Across (toimen)", "对家", "対面")),
    Choice("R", text("Right (shimocha)", "下家", "下家")),
)
SUITS = (
    Choice("m", text("Characters", "万", "萬子")),
    Choice("p", text("Dots", "筒", "筒子")),
    Choice("s", text("Bamboo", "条", "索子")),
)
KONGS = (
    Choice("minkan", text("Open kong on a discard", "直杠 (明杠)", "大明槓")),
    Choice("kakan", text("Added kong", "补杠 (加杠)", "加槓")),
    Choice("ankan", text("Concealed kong", "暗杠", "暗槓")),
)
