"""The HTTP API (``/api/...``) and the calculator page (``/``), served by ``suanfan serve``.

Every rule set comes from the registry, so one added later shows up here and on the page without a change.
Errors are the contract's error object with a 4xx status; nothing here reads a file but the page's own static files.
"""

from __future__ import annotations

import os
import secrets
import socket
import sys
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import ValidationError
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException as StarletteHTTPException

from .. import __version__
from .. import rules as rules_mod
from ..api import score_dict, waits_of
from ..errors import InputError
from ..hand import context_controls
from ..match.api import error_response
from ..messages import say
from ..notes import Said
from ..result import Result
from ..tiles import format_tiles, is_flower, parse_tiles, tile_name
from .guard import CSP, MAX_BODY, Guard, is_loopback  # noqa: F401 (CSP, MAX_BODY: importable from here too)
from .models import BatchLine, ErrorOut, HandIn, ResultOut, RulesOut, WaitsIn, WaitsOut

STATIC = Path(__file__).parent / "static"
MAX_BATCH = 500  # hands in one POST /api/batch
ERRORS = {400: {"model": ErrorOut}, 413: {"model": ErrorOut}, 422: {"model": ErrorOut}}


def error(status: int, code: str, message: str) -> JSONResponse:
    """The error answer, its message in the request's language (a message of its own: its code's sentence there)."""
    return JSONResponse(InputError(code, message).to_dict(), status_code=status)


def _validation_message(errors: list[dict]) -> str:
    """Pydantic's errors as one sentence naming the field: ``tsumo: Input should be a valid boolean`` (in zh and ja:
    the field named, pydantic's English left out)."""
    parts = []
    for e in errors[:5]:
        where = ".".join(str(p) for p in e.get("loc", ()) if p != "body") or "body"
        parts.append(say("field_invalid", where=where, msg=e.get("msg", "invalid")))
    return Said("field_invalid", {lang: "; ".join(p.names[lang] for p in parts) for lang in ("en", "zh", "ja")})


def _tile_set(rs: rules_mod.RuleSet) -> dict:
    ts = rs.tile_set
    return {
        "name": ts.name,
        "kinds": [tile_name(k) for k in sorted(ts.kinds)],
        "copies": ts.copies,
        "red_fives": ts.red_fives,
        "flowers": ts.flowers,
    }


def _result(r: Result) -> dict:
    return r.to_dict()


def _score_batch(hands: list) -> list[dict]:
    out: list[dict] = []
    for obj in hands:
        try:
            body = HandIn.model_validate(obj)
            out.append(_result(score_dict(body.contract())))
        except ValidationError as e:
            out.append(InputError("bad_input", _validation_message(e.errors())).to_dict())
        except InputError as e:
            out.append(e.to_dict())
    return out


def create_app(host: str | None = None, token: str | None = None) -> FastAPI:
    """The FastAPI app: the API under /api, the page at /, its files under /static.

    ``host``: the address the server is bound to; on a loopback one, a request with another Host is refused (421).
    None (an app embedded by a program of its own) checks no Host. ``token``: what every ``/api/match`` request must
    send as ``Authorization: Bearer TOKEN`` (None: nothing). ``serve`` always passes both (see ``guard``)."""
    app = FastAPI(
        docs_url=None,  # the interactive docs load their script from another site; /openapi.json is the API's doc
        redoc_url=None,
        title="suanfan",
        version=__version__,
        summary="算番: score mahjong hands under Riichi, MCR and Chinese local rule sets",
        description="A hand object in (see CONTRACT.md), a result out. Errors are "
        '`{"ok": false, "error": {"code", "message"}}` with a 4xx status.',
    )

    @app.exception_handler(InputError)
    async def input_error(request: Request, exc: InputError) -> JSONResponse:
        return error_response(exc)  # 400, or the match's own statuses (a busy file is 503)

    @app.exception_handler(RequestValidationError)
    async def validation_error(request: Request, exc: RequestValidationError) -> JSONResponse:
        errs = list(exc.errors())
        if any(e.get("type") == "json_invalid" for e in errs):
            return error(422, "bad_json", say("body_not_json"))
        return error(422, "bad_input", _validation_message(errs))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        code = {404: "not_found", 405: "method_not_allowed"}.get(exc.status_code, "http_error")
        return error(exc.status_code, code, str(exc.detail))

    @app.get("/api/rules", response_model=RulesOut, response_model_exclude_unset=True, tags=["api"])
    def get_rules() -> dict:
        """Every rule set: names, items (values, zh/ja/en names), options with defaults, presets, context flags."""
        out = []
        for rs in rules_mod.registry().values():
            d = rs.describe()
            d["tile_set"] = _tile_set(rs)
            out.append(d)
        return {"rules": out, "context": [c.to_dict() for c in context_controls()]}

    @app.post("/api/score", response_model=ResultOut, response_model_exclude_unset=True, responses=ERRORS, tags=["api"])
    def post_score(body: HandIn) -> dict:
        """Score one hand (the contract's hand object). A complete hand that does not win has `winning: false`
        and a `reason`."""
        return _result(score_dict(body.contract()))

    @app.post(
        "/api/batch",
        response_model=list[BatchLine],
        response_model_exclude_unset=True,
        responses=ERRORS,
        tags=["api"],
        openapi_extra={
            "requestBody": {
                "required": True,
                "content": {
                    "application/json": {
                        "schema": {
                            "type": "array",
                            "maxItems": MAX_BATCH,
                            "items": {"$ref": "#/components/schemas/HandIn"},
                        }
                    }
                },
            }
        },
    )
    async def post_batch(request: Request) -> Any:
        """Score a list of hands; each line is a result or, for a hand that cannot be read, an error object."""
        try:
            hands = await request.json()
        except ValueError:
            return error(422, "bad_json", say("body_not_json"))
        if not isinstance(hands, list):
            return error(422, "bad_input", say("batch_is_list"))
        if len(hands) > MAX_BATCH:
            return error(413, "too_large", say("batch_too_large", most=MAX_BATCH, n=len(hands)))
        return await run_in_threadpool(_score_batch, hands)  # off the event loop: other requests go on meanwhile

    @app.post("/api/waits", response_model=WaitsOut, response_model_exclude_unset=True, responses=ERRORS, tags=["api"])
    def post_waits(body: WaitsIn) -> dict:
        """The waits of a 13-tile hand (less 3 per meld), each with the result it would bring."""
        obj = body.contract()
        rules = obj.pop("rules", None) or "riichi"
        hand = obj.pop("hand")
        found = waits_of(hand, rules=rules, **obj)
        text = format_tiles(t for t in parse_tiles(hand) if not is_flower(t))
        return {
            "ok": True,
            "rules": rules,
            "hand": text,
            "waits": [{"tile": w["tile"], "result": _result(w["result"])} for w in found],
        }

    from ..match.api import router as match_router
    from .analysis import router as analysis_router

    app.include_router(match_router)
    app.include_router(analysis_router)

    @app.get("/", include_in_schema=False)
    def index() -> FileResponse:
        return FileResponse(STATIC / "index.html")  # ``Guard`` adds the CSP to it and to every static file

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.add_middleware(Guard, loopback=host is not None and is_loopback(host), token=token)
    return app


def server_token(host: str, token: str | None) -> tuple[str | None, bool]:
    """The token a server on ``host`` guards matches with, and whether it was made here (to be shown once): the one
    given (``--token``), else ``$SUANFAN_TOKEN``, else, on any address but loopback, a new random one."""
    token = token or os.environ.get("SUANFAN_TOKEN") or None
    if token is not None or is_loopback(host):
        return token, False
    return secrets.token_urlsafe(24), True


def _check_address(host: str, port: int) -> None:
    """The address can be listened on: a port taken by another program, or a host name that is no address of this
    machine, is the error ``no_server`` (exit 2) before uvicorn starts (it would log the failure and exit 3, the
    status of a fault in suanfan)."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
        family, kind, proto, _, address = infos[0]
        with socket.socket(family, kind, proto) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn binds
            probe.bind(address)
    except OSError as e:
        raise InputError("no_server", f"cannot listen on {host}:{port} ({e.strerror or e})") from None


def serve(host: str = "127.0.0.1", port: int = 8000, token: str | None = None) -> None:
    """Run the API and the page with uvicorn (``suanfan serve``); see ``server_token`` for the token."""
    import uvicorn

    _check_address(host, port)
    token, made = server_token(host, token)
    if made:
        # printed once, to the one who started the server; the players type it into the scorekeeper page
        print(f"suanfan: matches on this server need the token {token}", file=sys.stderr, flush=True)
    uvicorn.run(create_app(host, token), host=host, port=port, log_level="info")
