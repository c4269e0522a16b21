"""What stands between the network and the API: one ASGI middleware, ``Guard``, in front of every request.

In the order it acts:

1. **Host** (DNS rebinding): a server bound to loopback answers only requests whose ``Host`` is a loopback name
   (``localhost``, ``127.x.x.x``, ``[::1]``); any other gets 421 ``bad_host``. A page on another site that points
   its own name at 127.0.0.1 cannot reach the API through the visitor's browser.
2. **Token**: when the server has one (``suanfan serve`` on any address but loopback always has), every
   ``/api/match`` request carries ``Authorization: Bearer TOKEN``; a missing or wrong one gets 401 ``unauthorized``.
   Scoring, analysis, waits and rules stay open.
3. **Body**: at most ``MAX_BODY`` bytes, by ``Content-Length`` and by counting a streamed (chunked) body (413
   ``too_large``); a JSON body under ``/api`` is read by ``jsontext.loads`` first, so one nested too deeply or holding
   a lone surrogate is 422 ``bad_json`` before any endpoint sees it.
4. **Errors**: an exception no handler turned into an answer is logged on the server, with its traceback, and
   answered 500 ``internal`` with a message that shows nothing of the server (no path, no exception text); the
   connection stays open for the client's next request.
5. **Headers**: every answer, page, static file and JSON alike, carries the Content-Security-Policy (the page's own
   files only) and ``X-Content-Type-Options: nosniff``.
6. **Language**: the request's language (``?lang=en|zh|ja``, else its ``Accept-Language``, else English) is the
   reader's (``errors.READER_LANGUAGE``) while it is answered, so every error's ``message`` is in it; ``code`` stays.
"""

from __future__ import annotations

import hmac
import ipaddress
import json
import logging

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..errors import READER_LANGUAGE, InputError
from ..jsontext import loads
from ..messages import say

LANGS = ("en", "zh", "ja")

MAX_BODY = 64 * 1024  # bytes; a batch of a few hundred hands fits, anything bigger is refused with 413
# The page's own files only: no script, style, font or image from anywhere else; never framed by another site.
CSP = (
    "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; object-src 'none'; "
    "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
SECURITY_HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
]
GUARDED = "/api/match"  # the paths a token guards
log = logging.getLogger("suanfan.web")


def is_loopback(host: str) -> bool:
    """``127.0.0.1``, ``::1``, ``localhost`` (and every 127.x address): the addresses only this machine reaches."""
    host = host.strip("[]").lower()
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _host_name(header: bytes) -> str:
    """The name in a Host header, without its port: ``localhost:8000`` -> ``localhost``, ``[::1]:80`` -> ``::1``."""
    text = header.decode("latin-1").strip()
    if text.startswith("["):
        return text[1 : text.find("]")] if "]" in text else text
    return text.rsplit(":", 1)[0] if text.count(":") == 1 else text


def error_body(code: str, message: str) -> bytes:
    return json.dumps({"ok": False, "error": {"code": code, "message": message}}, ensure_ascii=False).encode()


def request_language(scope: Scope) -> str:
    """The language a request's errors are answered in: ``?lang=`` (en, zh, ja), else the first of those its
    ``Accept-Language`` names (``zh-CN``, ``ja;q=0.8`` ...; q=0 refuses one), else English."""
    for part in scope.get("query_string", b"").decode("latin-1").split("&"):
        name, _, value = part.partition("=")
        if name == "lang" and value in LANGS:
            return value
    header = dict(scope.get("headers") or ()).get(b"accept-language", b"").decode("latin-1")
    ranked = []
    for n, item in enumerate(header.split(",")):
        tag, _, params = item.strip().partition(";")
        q = 1.0
        if params.strip().startswith("q="):
            try:
                q = float(params.strip()[2:])
            except ValueError:
                q = 0.0
        lang = tag.strip().lower().split("-")[0]
        if lang in LANGS and q > 0:
            ranked.append((-q, n, lang))
    return min(ranked)[2] if ranked else "en"


async def _answer(send: Send, status: int, code: str, message: str, headers: list | None = None) -> None:
    """The error answer, its message in the reader's language (a server's own message: its code's sentence)."""
    await _answer_error(send, status, InputError(code, message), headers)


async def _answer_error(send: Send, status: int, e: InputError, headers: list | None = None) -> None:
    body = error_body(e.code, e.message_in())
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                *SECURITY_HEADERS,
                *(headers or []),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


class Guard:
    """The middleware described above. ``loopback``: the server is bound to a loopback address (check Host);
    ``token``: the token ``/api/match`` requests need (None: none needed)."""

    def __init__(self, app: ASGIApp, loopback: bool = False, token: str | None = None, limit: int = MAX_BODY) -> None:
        self.app = app
        self.loopback = loopback
        self.token = token.encode() if token else None
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        language = READER_LANGUAGE.set(request_language(scope))  # every error of this request, in its language
        try:
            await self._guarded(scope, receive, send)
        finally:
            READER_LANGUAGE.reset(language)

    async def _guarded(self, scope: Scope, receive: Receive, send: Send) -> None:
        headers = dict(scope.get("headers") or ())
        if self.loopback and not is_loopback(_host_name(headers.get(b"host", b""))):
            await _answer(send, 421, "bad_host", "this server answers only to a loopback Host (localhost, 127.0.0.1)")
            return
        path = scope.get("path", "")
        if self.token is not None and (path == GUARDED or path.startswith(GUARDED + "/")):
            given = headers.get(b"authorization", b"")
            scheme, _, value = given.partition(b" ")
            if scheme.lower() != b"bearer" or not hmac.compare_digest(value.strip(), self.token):
                await _answer(
                    send,
                    401,
                    "unauthorized",
                    "matches on this server need its token: send the header Authorization: Bearer TOKEN",
                    [(b"www-authenticate", b'Bearer realm="suanfan"')],
                )
                return
        body = await self._body(scope, receive, send, headers)
        if body is None:
            return
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()  # after the body: the disconnect, when it comes

        started = False

        async def send_with_headers(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                message = {**message, "headers": [*message.get("headers", []), *SECURITY_HEADERS]}
            await send(message)

        try:
            await self.app(scope, replay, send_with_headers)
        except Exception:
            log.exception("internal error on %s %s", scope.get("method"), path)
            if not started:
                await _answer(send, 500, "internal", "an internal error; it is logged on the server")

    async def _body(self, scope: Scope, receive: Receive, send: Send, headers: dict) -> bytes | None:
        """The whole request body, or None when it was refused (the answer is sent)."""
        length = headers.get(b"content-length")
        too_big = say("body_too_large", kib=self.limit // 1024)
        if length is not None and (not length.isdigit() or len(length) > 12 or int(length) > self.limit):
            await _answer(send, 413, "too_large", too_big)
            return None
        chunks = []
        seen = 0
        more = True
        while more:
            message = await receive()
            if message["type"] != "http.request":  # the client went away
                return None
            chunk = message.get("body", b"")
            seen += len(chunk)
            if seen > self.limit:
                await _answer(send, 413, "too_large", too_big)
                return None
            chunks.append(chunk)
            more = message.get("more_body", False)
        body = b"".join(chunks)
        if body and scope.get("path", "").startswith("/api/") and _is_json(headers):
            try:
                loads(body, "the request body")
            except InputError as e:
                await _answer_error(send, 422, e)
                return None
        return body


def _is_json(headers: dict) -> bool:
    kind = headers.get(b"content-type", b"application/json").split(b";")[0].strip().lower()
    return kind == b"application/json" or kind.endswith(b"+json")
