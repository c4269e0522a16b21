"""Who may touch a match (issue 12, the contract's "The HTTP server"): off loopback every ``/api/match`` request
needs the token, sent as ``Authorization: Bearer TOKEN``, a missing or wrong one is 401 with the contract's error;
scoring, waits and rules stay open. On loopback a Host that is not a loopback name is 421 (DNS rebinding). Every
answer carries the CSP; the API docs page that loads its script from another site is not served."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("fastapi")
from fastapi.testclient import TestClient  # noqa: E402

from suanfan.match.api import get_store  # noqa: E402
from suanfan.match.store import Store  # noqa: E402
from suanfan.web.app import create_app, server_token  # noqa: E402
from suanfan.web.guard import CSP, is_loopback  # noqa: E402

TOKEN = "s3cret-token"
P4 = ["A", "B", "C", "D"]
HAND = {"hand": "123m456p789s11z222s", "win": "2s"}


def make_client(tmp_path, host: str | None, token: str | None, base_url: str = "http://testserver") -> TestClient:
    app = create_app(host, token)
    path = tmp_path / "sec.sqlite3"

    def store():
        with Store(path) as s:
            yield s

    app.dependency_overrides[get_store] = store
    return TestClient(app, base_url=base_url)


def is_error(r, status: int, code: str) -> bool:
    d = r.json()
    return r.status_code == status and d["ok"] is False and d["error"]["code"] == code and d["error"]["message"]


MATCH_CALLS = [
    ("GET", "/api/match", None),
    ("GET", "/api/match/games", None),
    ("POST", "/api/match", {"rules": "riichi", "players": P4}),
    ("GET", "/api/match/1", None),
    ("POST", "/api/match/1/rounds", {"events": [{"type": "draw"}]}),
    ("DELETE", "/api/match/1/rounds/last", None),
    ("GET", "/api/match/1/export", None),
    ("POST", "/api/match/import", {"format": "suanfan-match"}),
    ("POST", "/api/match/settle", {"rules": "riichi", "players": P4, "events": [{"type": "draw"}]}),
]


@pytest.mark.parametrize("method,path,body", MATCH_CALLS)
@pytest.mark.parametrize("auth", [None, "Bearer wrong", f"Basic {TOKEN}", f"Bearer {TOKEN}x", "Bearer "])
def test_match_needs_the_token(tmp_path, method, path, body, auth):
    c = make_client(tmp_path, "0.0.0.0", TOKEN)
    headers = {"authorization": auth} if auth else {}
    r = c.request(method, path, json=body, headers=headers)
    assert is_error(r, 401, "unauthorized")
    assert r.headers["www-authenticate"].startswith("Bearer")


def _match_routes() -> list[tuple[str, str]]:
    """Every route under /api/match the app serves, from its own schema (so a route added later is covered)."""
    paths = create_app().openapi()["paths"]
    return sorted(
        (method.upper(), path.replace("{match_id}", "1"))
        for path, ops in paths.items()
        if path == "/api/match" or path.startswith("/api/match/")
        for method in ops
    )


def test_the_call_list_above_is_every_match_route():
    assert sorted((m, p) for m, p, _ in MATCH_CALLS) == _match_routes()


@pytest.mark.parametrize(("method", "path"), _match_routes())
def test_every_match_route_refuses_a_missing_or_wrong_token(tmp_path, method, path):
    """settle saves nothing, but it is a match route like the others: with a token it is refused without it."""
    c = make_client(tmp_path, "0.0.0.0", TOKEN)
    for headers in ({}, {"authorization": "Bearer nope"}):
        assert is_error(c.request(method, path, json={}, headers=headers), 401, "unauthorized"), (path, headers)


@pytest.mark.parametrize(("method", "path"), _match_routes())
def test_create_app_without_a_token_guards_nothing(tmp_path, method, path):
    """``create_app()`` with no token (a program's own app, a TestClient) has no match access control: any route
    answers as its input says (docs/server.md). ``suanfan serve`` off loopback always passes a token."""
    c = make_client(tmp_path, None, None)
    assert c.request(method, path, json={}).status_code != 401, path


def test_the_token_opens_matches_and_scoring_stays_open(tmp_path):
    c = make_client(tmp_path, "0.0.0.0", TOKEN)
    ok = {"authorization": f"Bearer {TOKEN}"}
    r = c.post("/api/match", json={"rules": "riichi", "players": P4}, headers=ok)
    assert r.status_code == 200 and r.json()["ok"]
    mid = r.json()["id"]
    r = c.post(
        f"/api/match/{mid}/rounds", json={"events": [{"type": "draw"}]}, headers={"Authorization": ok["authorization"]}
    )
    assert r.status_code == 200
    assert c.get("/api/match", headers={"authorization": f"bearer {TOKEN}"}).status_code == 200
    for method, path, body in (
        ("GET", "/api/rules", None),
        ("POST", "/api/score", HAND),
        ("POST", "/api/batch", [HAND]),
        ("POST", "/api/waits", {"hand": "123m456p789s11z22s"}),
        ("GET", "/", None),
        ("GET", "/openapi.json", None),
    ):
        assert c.request(method, path, json=body).status_code == 200, path
    assert c.get("/api/matchless").status_code == 404  # only /api/match and below are guarded


def test_host_check_on_loopback(tmp_path):
    c = make_client(tmp_path, "127.0.0.1", None, base_url="http://127.0.0.1:8000")
    for host in ("127.0.0.1:8000", "localhost:8000", "localhost", "[::1]:8000", "127.0.0.2"):
        assert c.get("/api/rules", headers={"host": host}).status_code == 200, host
    for host in ("evil.example:8000", "evil.example", "192.168.1.5:8000", "127.0.0.1.evil.example", ""):
        r = c.get("/api/match", headers={"host": host})
        assert is_error(r, 421, "bad_host"), host
        assert is_error(c.post("/api/score", json=HAND, headers={"host": host}), 421, "bad_host")


def test_no_host_check_off_loopback_or_embedded(tmp_path):
    for host in ("0.0.0.0", None):
        c = make_client(tmp_path, host, TOKEN if host else None)
        assert c.get("/api/rules", headers={"host": "club-server.lan:8000"}).status_code == 200


def test_csp_on_every_answer_and_no_docs_page(tmp_path):
    c = make_client(tmp_path, None, None)
    statics = sorted(p.name for p in (Path(create_app.__code__.co_filename).parent / "static").iterdir())
    for path in ["/", "/api/rules", "/openapi.json", "/nope"] + [f"/static/{name}" for name in statics]:
        r = c.get(path)
        assert r.headers["content-security-policy"] == CSP, path
        assert r.headers["x-content-type-options"] == "nosniff"
    assert "default-src 'self'" in CSP and "frame-ancestors 'none'" in CSP and "http" not in CSP
    for path in ("/docs", "/redoc"):
        assert c.get(path).status_code == 404
    # the page itself loads nothing from another site
    html = c.get("/").text
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", html)


def test_server_token(monkeypatch):
    monkeypatch.delenv("SUANFAN_TOKEN", raising=False)
    assert server_token("127.0.0.1", None) == (None, False)
    assert server_token("localhost", "given") == ("given", False)
    made, shown = server_token("0.0.0.0", None)
    assert shown and len(made) >= 32 and made != server_token("0.0.0.0", None)[0]
    assert server_token("192.168.1.20", "club") == ("club", False)
    monkeypatch.setenv("SUANFAN_TOKEN", "from-env")
    assert server_token("0.0.0.0", None) == ("from-env", False)
    assert server_token("0.0.0.0", "flag") == ("flag", False)


def test_is_loopback():
    assert all(map(is_loopback, ["127.0.0.1", "127.9.9.9", "::1", "[::1]", "localhost", "LOCALHOST", "a.localhost"]))
    assert not any(map(is_loopback, ["0.0.0.0", "::", "192.168.0.1", "10.0.0.1", "example.com", "", "localhost.com"]))


def test_serve_off_loopback_prints_a_token_once_and_guards_matches(monkeypatch, capsys, tmp_path):
    """``suanfan serve --host 0.0.0.0`` prints the token it made, once, on standard error, and the app it runs holds
    /api/match behind it (uvicorn.run is replaced: no socket is opened off loopback by a test)."""
    import uvicorn

    from suanfan import cli

    ran = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: ran.update(app=app, **kw))
    monkeypatch.delenv("SUANFAN_TOKEN", raising=False)
    monkeypatch.setenv("SUANFAN_DB", str(tmp_path / "serve.sqlite3"))
    with pytest.raises(SystemExit) as e:
        cli.main(["serve", "--host", "0.0.0.0", "--port", "8123"])
    assert e.value.code == 0
    err = capsys.readouterr().err
    tokens = re.findall(r"token (\S+)", err)
    assert len(tokens) == 1 and ran["host"] == "0.0.0.0" and ran["port"] == 8123
    c = TestClient(ran["app"])
    assert c.get("/api/match").status_code == 401
    assert c.get("/api/match", headers={"authorization": f"Bearer {tokens[0]}"}).status_code == 200
    monkeypatch.setenv("SUANFAN_TOKEN", "club")
    with pytest.raises(SystemExit):
        cli.main(["serve", "--host", "0.0.0.0"])
    assert "club" not in capsys.readouterr().err  # a token given is never printed
    assert TestClient(ran["app"]).get("/api/match", headers={"authorization": "Bearer club"}).status_code == 200
