"""``POST /api/analyze``: the hand analysis (``suanfan.analyze``) over HTTP; the body is ``Analysis.to_dict()``."""

from __future__ import annotations

from typing import Any, Literal

from fastapi import APIRouter
from pydantic import BaseModel, ConfigDict, Field

from ..analysis import analyze
from .models import ContextIn, ErrorOut, Tiles

router = APIRouter()


class AnalyzeIn(ContextIn):
    """A hand of 13 or 14 tiles (less 3 a meld), the tiles seen elsewhere, and the context its waits are scored
    with. Riichi also reads `own_discards` and `passed` (furiten)."""

    model_config = ConfigDict(
        extra="allow",
        populate_by_name=True,
        json_schema_extra={"examples": [{"rules": "riichi", "hand": "1245m3368p235899s", "visible": "1m9p"}]},
    )

    hand: Tiles
    visible: Tiles | None = Field(None, description="tiles seen elsewhere: rivers, others' melds, dora indicators")


class EffectiveOut(BaseModel):
    tile: str
    remaining: int = Field(description="copies not in the hand, the melds or visible")


class DiscardOut(BaseModel):
    model_config = ConfigDict(extra="allow")

    discard: str
    shanten: int | None
    ukeire: list[EffectiveOut]
    remaining: int


class AnalysisOut(BaseModel):
    """The contract's analysis: shanten in all and per form, effective tiles, and the waits (13 tiles) or the
    discards ranked best first (14 tiles)."""

    model_config = ConfigDict(extra="allow")

    ok: Literal[True] = True
    rules: str
    hand: str
    shanten: int | None = Field(description="-1 complete, 0 waiting; null when no form is in reach")
    forms: dict[str, int | None]
    ukeire: list[EffectiveOut]
    remaining: int
    waits: list[dict[str, Any]] | None = None
    discards: list[DiscardOut] | None = None


@router.post(
    "/api/analyze",
    response_model=AnalysisOut,
    response_model_exclude_unset=True,
    responses={400: {"model": ErrorOut}, 413: {"model": ErrorOut}, 422: {"model": ErrorOut}},
    tags=["api"],
)
def post_analyze(body: AnalyzeIn) -> dict:
    """Shanten per form, effective tiles with the copies that remain, every discard ranked, the waits scored."""
    obj = body.contract()
    rules = obj.pop("rules", None) or "riichi"
    hand = obj.pop("hand")
    visible = obj.pop("visible", None) or ()
    return analyze(hand, rules=rules, visible=visible, **obj).to_dict()
