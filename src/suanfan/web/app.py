"""The HTTP API (``/api/...``) and the calculator page (``/``), served by ``suanfan serve``.

Every rule set comes from the registry, so one added later shows up here and on the page without a change.
Errors are the contract's error object with a 4xx status; nothing here reads a file but the page's own static files.
"""

from __future__ import annotations

from dataclasses import fields
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import ValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .. import __version__
from .. import rules as rules_mod
from ..api import score_dict, waits_of
from ..errors import InputError
from ..hand import Context
from ..result import Result
from ..tiles import format_tiles, is_flower, parse_tiles, tile_name
from .models import BatchLine, ErrorOut, HandIn, ResultOut, RulesOut, WaitsIn, WaitsOut

STATIC = Path(__file__).parent / "static"
MAX_BODY = 64 * 1024  # bytes; a batch of a few hundred hands fits, anything bigger is refused with 413
MAX_BATCH = 500  # hands in one POST /api/batch
ERRORS = {400: {"model": ErrorOut}, 413: {"model": ErrorOut}, 422: {"model": ErrorOut}}
# The page's own files only: no script, style, font or image from anywhere else.
CSP = "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; object-src 'none'"


def error(status: int, code: str, message: str) -> JSONResponse:
    return JSONResponse({"ok": False, "error": {"code": code, "message": message}}, status_code=status)


def _validation_message(errors: list[dict]) -> str:
    """Pydantic's errors as one sentence naming the field: ``tsumo: Input should be a valid boolean``."""
    parts = []
    for e in errors[:5]:
        where = ".".join(str(p) for p in e.get("loc", ()) if p != "body") or "body"
        parts.append(f"{where}: {e.get('msg', 'invalid')}")
    return "; ".join(parts)


class BodyLimit:
    """Refuse request bodies over ``limit`` bytes (413), by Content-Length and by counting a streamed body."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        too_big = error(413, "too_large", f"the request body is over {self.limit // 1024} KiB")
        length = dict(scope.get("headers") or ()).get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > self.limit):
            await too_big(scope, receive, send)
            return
        seen = 0

        async def limited() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    raise _TooLarge
            return message

        try:
            await self.app(scope, limited, send)
        except _TooLarge:
            await too_big(scope, receive, send)


class _TooLarge(Exception):
    pass


def _tile_set(rs: rules_mod.RuleSet) -> dict:
    ts = rs.tile_set
    return {
        "name": ts.name,
        "kinds": [tile_name(k) for k in sorted(ts.kinds)],
        "copies": ts.copies,
        "red_fives": ts.red_fives,
        "flowers": ts.flowers,
    }


def _context_fields() -> list[dict]:
    """The contract's win context, read off ``Context`` so a field added there appears on the page."""
    kinds = {"bool": "bool", "str": "wind", "int": "count"}
    out = []
    for f in fields(Context):
        t = str(f.type)
        if f.name == "extra" or not f.init:  # rule sets' own fields; ``flags``, worked out from the others
            continue
        out.append({"name": f.name, "type": kinds.get(t, "tiles" if t.startswith("tuple") else "bool")})
    return out


def _result(r: Result) -> dict:
    return r.to_dict()


def create_app() -> FastAPI:
    """The FastAPI app: the API under /api, the page at /, its files under /static."""
    app = FastAPI(
        title="suanfan",
        version=__version__,
        summary="算番: score mahjong hands under Riichi, MCR and Chinese local rule sets",
        description="A hand object in (see CONTRACT.md), a result out. Errors are "
        '`{"ok": false, "error": {"code", "message"}}` with a 4xx status.',
    )

    @app.exception_handler(InputError)
    async def input_error(request: Request, exc: InputError) -> JSONResponse:
        return error(400, exc.code, exc.message)

    @app.exception_handler(RequestValidationError)
    async def validation_error(request: Request, exc: RequestValidationError) -> JSONResponse:
        errs = list(exc.errors())
        if any(e.get("type") == "json_invalid" for e in errs):
            return error(422, "bad_json", "the request body is not valid JSON")
        return error(422, "bad_input", _validation_message(errs))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        code = {404: "not_found", 405: "method_not_allowed"}.get(exc.status_code, "http_error")
        return error(exc.status_code, code, str(exc.detail))

    @app.exception_handler(Exception)
    async def internal_error(request: Request, exc: Exception) -> JSONResponse:  # pragma: no cover - a bug
        return error(500, "internal", f"{type(exc).__name__}: {exc}")

    @app.get("/api/rules", response_model=RulesOut, response_model_exclude_unset=True, tags=["api"])
    def get_rules() -> dict:
        """Every rule set: names, items (values, zh/ja/en names), options with defaults, presets, context flags."""
        out = []
        for rs in rules_mod.registry().values():
            d = rs.describe()
            d["tile_set"] = _tile_set(rs)
            out.append(d)
        return {"rules": out, "context": _context_fields()}

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
            return error(422, "bad_json", "the request body is not valid JSON")
        if not isinstance(hands, list):
            return error(422, "bad_input", "the body is a list of hand objects")
        if len(hands) > MAX_BATCH:
            return error(413, "too_large", f"at most {MAX_BATCH} hands a batch, not {len(hands)}")
        out: list[dict] = []
        for obj in hands:
            try:
                body = HandIn.model_validate(obj)
                out.append(_result(score_dict(body.contract())))
            except ValidationError as e:
                out.append({"ok": False, "error": {"code": "bad_input", "message": _validation_message(e.errors())}})
            except InputError as e:
                out.append(e.to_dict())
        return out

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

    app.include_router(match_router)

    @app.get("/", include_in_schema=False)
    def index() -> FileResponse:
        return FileResponse(STATIC / "index.html", headers={"Content-Security-Policy": CSP})

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.add_middleware(BodyLimit)
    return app


def serve(host: str = "127.0.0.1", port: int = 8000) -> None:
    """Run the API and the page with uvicorn (``suanfan serve``)."""
    import uvicorn

    uvicorn.run(create_app(), host=host, port=port, log_level="info")
