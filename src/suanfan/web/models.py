"""The request and response bodies of the HTTP API, as pydantic models.

The same models validate the requests, shape the responses and generate ``/openapi.json``. They follow the
contract (../shared/CONTRACT.md): a hand object in, a result object out. Results keep every extra field a rule set
adds (``fu_parts``, exclusions, multipliers, ...), so the models allow extra keys instead of listing them.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, create_model

from ..controls import Control
from ..hand import context_controls

Tiles = Annotated[str | list[str], Field(description="tiles in mpsz (`123m0p55z`), Chinese names or Unicode tiles")]
Wind = Annotated[str, Field(description="E, S, W or N (东 南 西 北 also read)")]
Flag = Annotated[StrictBool | None, Field(description="win context flag, false when absent")]
Count = Annotated[StrictInt | None, Field(ge=0)]


class MeldIn(BaseModel):
    """A meld as an object; the string form `pon:777z` / `chi:123m@L` is accepted too."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    type: Literal["chi", "pon", "minkan", "kakan", "ankan"]
    tiles: str
    from_: Literal["L", "A", "R"] | None = Field(None, alias="from", description="who the claimed tile came from")


# A context control's type -> the field's type in a request (``hand.Context`` describes the fields).
_FIELD_TYPES: dict[str, Any] = {"bool": Flag, "wind": Wind | None, "tiles": Tiles | None, "count": Count}
# the contract lets flowers be a count as well as the tiles
_ALSO = {"flowers": StrictInt}


def _context_field(control: Control) -> tuple[Any, Any]:
    kind = _FIELD_TYPES[control.type]
    if control.name in _ALSO:
        kind = _ALSO[control.name] | kind
    return kind, Field(None, description=control.help["en"])


# The contract's win context, made from ``hand.Context``'s descriptions: a field added there is accepted here.
_ContextFields = create_model(
    "ContextFields",
    __config__=ConfigDict(extra="allow", populate_by_name=True),
    **{c.name: _context_field(c) for c in context_controls()},
)


class ContextIn(_ContextFields):
    """The contract's win context (all optional) and the options. A rule set's own context flags
    (`RuleSet.context_flags`, listed by `GET /api/rules`) are accepted as extra keys."""

    model_config = ConfigDict(extra="allow", populate_by_name=True)

    rules: str | None = Field(None, description="rule set name (GET /api/rules lists them); default riichi")
    melds: list[Annotated[str, Field(examples=["pon:777z"])] | MeldIn] = Field(default_factory=list, max_length=4)
    options: dict[str, Any] = Field(default_factory=dict, description="the rule set's options, by name")

    def contract(self) -> dict:
        """The contract's hand object: only the keys that were given, meld objects with their `from` key."""
        return self.model_dump(by_alias=True, exclude_unset=True)


class HandIn(ContextIn):
    """One hand (the contract's hand JSON): the concealed tiles with the winning tile, the melds, the context."""

    model_config = ConfigDict(
        extra="allow",
        populate_by_name=True,
        json_schema_extra={
            "examples": [
                {
                    "rules": "riichi",
                    "hand": "234567m34599p678s",
                    "win": "6s",
                    "tsumo": True,
                    "riichi": True,
                    "seat_wind": "S",
                    "dora_indicators": ["1m"],
                },
            ],  # the README's first example (a test sends each example)
        },
    )

    hand: Tiles
    win: str | None = Field(None, description="the winning tile, one of the hand's; default the last tile written")


class WaitsIn(ContextIn):
    """A waiting hand: 13 tiles less 3 per meld, no winning tile. The context scores each wait (ron unless tsumo)."""

    model_config = ConfigDict(
        extra="allow",
        populate_by_name=True,
        json_schema_extra={"examples": [{"rules": "riichi", "hand": "234567m34599p78s"}]},  # waits on 6s and 9s
    )

    hand: Tiles


class ErrorBody(BaseModel):
    code: str = Field(description="stable, for programs: bad_tile, bad_count, bad_meld, bad_rules, bad_option, ...")
    message: str = Field(description="for people: names the tile, the count or the meld that is wrong")


class ErrorOut(BaseModel):
    """Input that cannot be read (the contract's error object)."""

    ok: Literal[False] = False
    error: ErrorBody


class ItemOut(BaseModel):
    model_config = ConfigDict(extra="allow")

    id: str
    value: Any = Field(description="han, fan, multiplier, ... as the rule set counts it; per count")
    names: dict[str, str] = Field(description="en, zh, ja")
    count: int | None = None
    note: str | None = None


class PaymentOut(BaseModel):
    model_config = ConfigDict(extra="allow", populate_by_name=True)

    from_: str = Field(alias="from", description="discarder, dealer, non_dealer, each, ...")
    amount: int | float
    note: str | None = None


class PointsOut(BaseModel):
    model_config = ConfigDict(extra="allow")

    hand: int | float = Field(description="what the winner gains from the hand, without honba and sticks")
    received: int | float
    payments: list[PaymentOut]


class ResultOut(BaseModel):
    """A scored hand (the contract's result object). Rule-set extras (e.g. Riichi's `fu_parts`) are extra keys."""

    model_config = ConfigDict(extra="allow")

    ok: Literal[True] = True
    winning: bool
    rules: str
    hand: str
    melds: list[str]
    decomposition: list[Any]
    items: list[ItemOut]
    han: int | None
    fu: int | None
    fan: int | float | None
    limit: str | None
    points: PointsOut | None
    reason: str | None = Field(None, description="why a complete hand does not win (not_winning: not complete)")


BatchLine = Annotated[ResultOut | ErrorOut, Field(discriminator="ok")]


class WaitOut(BaseModel):
    tile: str
    result: ResultOut


class WaitsOut(BaseModel):
    ok: Literal[True] = True
    rules: str
    hand: str
    waits: list[WaitOut] = Field(description="the tiles that complete the hand, each with what it would score")


class ChoiceOut(BaseModel):
    value: Any
    names: dict[str, str] = Field(description="en, zh, ja")


class ControlOut(BaseModel):
    """A typed control: an option, a rule set's context flag, or a field of the contract's win context."""

    model_config = ConfigDict(extra="allow")

    name: str
    type: Literal["bool", "int", "choice", "seat", "wind", "tile", "tiles", "count", "list", "object"]
    default: Any = Field(description="null: not set")
    names: dict[str, str] = Field(description="en, zh, ja")
    help: dict[str, str] = Field(description="one line in en, zh, ja")
    choices: list[ChoiceOut] | None = Field(None, description="the values a choice, seat or wind takes")
    minimum: int | None = None
    maximum: int | None = None
    keys: str | None = Field(None, description="an object's keys: items = the rule set's item ids")


class OptionOut(ControlOut):
    doc: str


class ItemDefOut(BaseModel):
    model_config = ConfigDict(extra="allow")

    id: str
    value: Any
    names: dict[str, str]
    doc: str | None = None


class TileSetOut(BaseModel):
    name: str
    kinds: list[str] = Field(description="every tile kind in play, mpsz")
    copies: int
    red_fives: bool
    flowers: bool


class RuleSetOut(BaseModel):
    """A rule set as `RuleSet.describe()` gives it, plus its tile set spelled out."""

    model_config = ConfigDict(extra="allow")

    name: str
    names: dict[str, str]
    doc: str
    tiles: str
    tile_set: TileSetOut
    options: list[OptionOut]
    presets: dict[str, dict[str, Any]]
    preset_names: dict[str, dict[str, str]]
    context_flags: list[ControlOut] = Field(description="the rule set's own context fields")
    context_fields: list[str] = Field(description="the contract's win-context fields the rule set reads")
    winds: list[str] = Field(description="the seat winds in play")
    items: list[ItemDefOut]


class RulesOut(BaseModel):
    rules: list[RuleSetOut]
    context: list[ControlOut] = Field(description="the contract's win-context fields, as typed controls")
