"""The match HTTP API: ``router`` (prefix ``/api/match``), to mount with ``app.include_router(router)``.

- ``GET /api/match``: the saved matches.
- ``GET /api/match/games``: the rule sets a match can be played under, each with its number of players (``seats``)
  and its match settings (name, default, names, help, choices), with the defaults for each number of players
  (``defaults_by_seats``), so a page builds its new-match form from them.
- ``POST /api/match``: ``{"rules", "players", "options"?, "settings"?, "name"?}`` starts a match.
- ``GET /api/match/{id}``: the match: its rounds with their payments, the running totals and the standings.
- ``POST /api/match/{id}/rounds``: ``{"events": [...], "round_id"?: "..."}`` adds a round (settled, saved, then
  applied); a ``round_id`` already added answers that round again and adds nothing (a retry is safe).
- ``DELETE /api/match/{id}/rounds/last``: undo the last round.
- ``GET /api/match/{id}/export``, ``POST /api/match/import``: the match as JSON, and back.
- ``POST /api/match/settle``: ``{"rules", "players", "options"?, "settings"?, "rounds"?: [...], "events": [...]}``
  settles one round after the rounds given, saving nothing.

Errors are the contract's ``{"ok": false, "error": {"code", "message"}}``: 404 for a match that does not exist,
409 ``conflict``, 503 ``busy`` (with Retry-After) while another writer holds the file, 400 for the rest. The match
file is ``store.default_path()``; ``get_store`` is the dependency to override.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated, Any

from fastapi import APIRouter, Body, Depends, Path
from fastapi.responses import JSONResponse

from ..errors import InputError
from .core import Match, games
from .store import MAX_ID, Store

router = APIRouter(prefix="/api/match", tags=["match"])


def get_store() -> Iterator[Store]:
    store = Store()
    try:
        yield store
    finally:
        store.close()


StoreDep = Annotated[Store, Depends(get_store)]
JsonObject = Annotated[dict, Body()]
MatchId = Annotated[int, Path(ge=1, le=MAX_ID, description="the match number")]


STATUS = {"not_found": 404, "conflict": 409, "busy": 503}  # every other InputError is 400


def error_response(e: InputError) -> JSONResponse:
    """The error object with its status; ``busy`` says when to try again (Retry-After)."""
    status = STATUS.get(e.code, 400)
    headers = {"Retry-After": "1"} if status == 503 else None
    return JSONResponse(e.to_dict(), status_code=status, headers=headers)


def _name(body: dict) -> Any:
    """The match's name: absent or null is no name; anything else is checked by ``Match`` (text, not too long)."""
    name = body.get("name")
    return "" if name is None else name


def _summary(store: Store, match_id: int) -> dict:
    return {"ok": True, "id": match_id, **store.load(match_id).summary()}


@router.get("")
def list_matches(store: StoreDep) -> Any:
    return {"ok": True, "matches": store.list()}


@router.get("/games")
def list_games() -> Any:
    """Declared before ``/{match_id}`` so that ``games`` is not read as a match id."""
    out = [
        {
            "rules": name,
            "seats": cls.seats,
            "seat_counts": list(cls.seat_counts or (cls.seats,)),
            "settings": [o.to_dict() for o in cls.settings],
            # the settings' defaults by the number of players (three-player Riichi starts at 35000, returns 40000)
            "defaults_by_seats": {
                str(n): {o.name: o.default for o in cls.settings_for(cls.options_for(n, {}))}
                for n in cls.seat_counts or (cls.seats,)
            },
        }
        for name, cls in games().items()
    ]
    return {"ok": True, "games": out}


@router.post("")
def new_match(body: JsonObject, store: StoreDep) -> Any:
    try:
        match_id = store.create(
            body.get("rules"), body.get("players"), body.get("options"), body.get("settings"), _name(body)
        )
        return _summary(store, match_id)
    except InputError as e:
        return error_response(e)


@router.post("/settle")
def settle(body: JsonObject) -> Any:
    try:
        m = Match(
            body.get("rules"),
            body.get("players"),
            body.get("options"),
            body.get("settings"),
            rounds=body.get("rounds") or [],
        )
        s = m.check_round(body.get("events"))
        return {"ok": True, "label": m.game.label(m.state), "names": m.game.names(m.state), **s.to_dict()}
    except InputError as e:
        return error_response(e)


@router.post("/import")
def import_match(body: JsonObject, store: StoreDep) -> Any:
    try:
        return _summary(store, store.import_(body))
    except InputError as e:
        return error_response(e)


@router.get("/{match_id}")
def show_match(match_id: MatchId, store: StoreDep) -> Any:
    try:
        return _summary(store, match_id)
    except InputError as e:
        return error_response(e)


@router.post("/{match_id}/rounds")
def add_round(match_id: MatchId, body: Annotated[Any, Body()], store: StoreDep) -> Any:
    try:
        played = store.add_round(match_id, body)
        return {"ok": True, "id": match_id, "round": played.to_dict()}
    except InputError as e:
        return error_response(e)


@router.delete("/{match_id}/rounds/last")
def undo_round(match_id: MatchId, store: StoreDep) -> Any:
    try:
        events = store.undo(match_id)
        return {"ok": True, "id": match_id, "undone": events}
    except InputError as e:
        return error_response(e)


@router.get("/{match_id}/export")
def export_match(match_id: MatchId, store: StoreDep) -> Any:
    try:
        return store.export(match_id)
    except InputError as e:
        return error_response(e)
