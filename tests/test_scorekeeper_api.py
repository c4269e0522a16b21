"""The endpoint the scorekeeper page builds its new-match form from: ``GET /api/match/games`` (the rule sets a match
can be played under, their number of players and their match settings), through the whole app so that the route
is not taken for a match id. Player counts come from the digests: Ka Wu Xing is a three-player game
(kawuxing.md: "Three players"), the two-player game two (two_player.md), the rest four."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("fastapi")
from fastapi.testclient import TestClient  # noqa: E402

from suanfan import rules as rules_mod  # noqa: E402
from suanfan.match.api import get_store  # noqa: E402
from suanfan.match.store import Store  # noqa: E402
from suanfan.web.app import create_app  # noqa: E402

SEATS = {"riichi": 4, "mcr": 4, "sichuan": 4, "wuhu": 4, "popular": 4, "kawuxing": 3, "twoplayer": 2}
# issue 6 / riichi.md "Draws and the match": east-only, hanchan or full game; start 25000 (seed 000); return 30000;
# uma off by default (R7); a player below zero ends the match.
RIICHI_DEFAULTS = {"length": "hanchan", "start": 25000, "return_points": 30000, "uma": None, "tobi": True}


@pytest.fixture
def client(tmp_path):
    app = create_app()
    path = tmp_path / "games.sqlite3"

    def store():
        with Store(path) as s:
            yield s

    app.dependency_overrides[get_store] = store
    with TestClient(app) as c:
        yield c


def test_games_lists_seats_and_settings(client):
    r = client.get("/api/match/games")
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["ok"] is True
    by_rules = {g["rules"]: g for g in body["games"]}
    assert {k: g["seats"] for k, g in by_rules.items()} == SEATS
    # every game is a rule set the page's /api/rules lists, so the page can name it
    assert set(by_rules) <= set(rules_mod.registry())
    riichi = {s["name"]: s for s in by_rules["riichi"]["settings"]}
    assert {k: riichi[k]["default"] for k in RIICHI_DEFAULTS} == RIICHI_DEFAULTS
    assert [c["value"] for c in riichi["length"]["choices"]] == ["east", "hanchan", "full"]
    assert all(s["doc"] for s in riichi.values())
    for name in ("mcr", "sichuan", "kawuxing"):
        assert by_rules[name]["settings"] == []


@pytest.mark.parametrize("rules", sorted(SEATS))
def test_a_match_from_the_listing(client, rules):
    """What the page does: as many names as the listing's seats, each setting at its default."""
    game = next(g for g in client.get("/api/match/games").json()["games"] if g["rules"] == rules)
    names = [f"P{i + 1}" for i in range(game["seats"])]
    settings = {s["name"]: s["default"] for s in game["settings"]}
    r = client.post("/api/match", json={"rules": rules, "players": names, "settings": settings})
    assert r.status_code == 200, r.text
    assert r.json()["players"] == names and r.json()["rounds"] == []
    r = client.post("/api/match", json={"rules": rules, "players": [*names, "X"]})
    assert r.status_code == 400 and r.json()["error"]["code"] == "bad_players"


def test_games_is_not_a_match_id(client):
    assert client.get("/api/match/games").json()["ok"] is True
    r = client.get("/api/match/1")
    assert r.status_code == 404 and r.json()["error"]["code"] == "not_found"
    r = client.get("/api/match/nope")
    assert r.status_code == 422 and r.json()["ok"] is False


def test_page_ships_the_scorekeeper(client):
    """The page loads match.js and match.css from its own static files; neither names another site."""
    page = client.get("/").text
    assert '<script src="/static/match.js"' in page and 'href="/static/match.css"' in page
    assert 'id="scorekeeper"' in page and 'href="#scorekeeper"' in page
    static = Path(create_app.__code__.co_filename).parent / "static"
    for name in ("match.js", "match.css"):
        r = client.get(f"/static/{name}")
        assert r.status_code == 200, name
        text = (static / name).read_text()
        assert "http://" not in text and "https://" not in text, name
    # the page calls only endpoints the API has (each one of the match router's paths)
    js = (static / "match.js").read_text()
    paths = set(client.get("/openapi.json").json()["paths"])
    for used in ("/api/rules", "/api/match", "/api/match/games", "/api/match/settle", "/api/match/import"):
        assert f'"{used}"' in js and used in paths, used
    for templated in ("/api/match/{match_id}", "/api/match/{match_id}/rounds", "/api/match/{match_id}/rounds/last",
                      "/api/match/{match_id}/export"):  # fmt: skip
        assert templated in paths


def test_defaults_by_the_number_of_players(client):
    """Three-player Riichi starts at 35000 and returns at 40000 (riichi.wiki "Sanma"; docs/rules/riichi.md), four at
    25000 / 30000: the page's form shows the defaults of the number of players picked, and a match made with them
    has those points."""
    riichi = next(g for g in client.get("/api/match/games").json()["games"] if g["rules"] == "riichi")
    by_seats = riichi["defaults_by_seats"]
    assert set(by_seats) == {"3", "4"}
    assert (by_seats["3"]["start"], by_seats["3"]["return_points"]) == (35000, 40000)
    assert (by_seats["4"]["start"], by_seats["4"]["return_points"]) == (25000, 30000)
    m = client.post(
        "/api/match", json={"rules": "riichi", "players": ["A", "B", "C"], "settings": by_seats["3"]}
    ).json()
    assert m["standings"]["points"] == {"A": 35000, "B": 35000, "C": 35000}
    assert m["next_names"] == {"en": "East 1, 0 honba", "zh": "东1局 0本场", "ja": "東1局 0本場"}
    settled = client.post(
        "/api/match/settle", json={"rules": "mcr", "players": ["A", "B", "C", "D"], "events": [{"type": "draw"}]}
    ).json()
    assert settled["names"]["ja"] == "東風圏 第1局（1/16局目）"
