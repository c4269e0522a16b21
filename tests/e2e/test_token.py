"""The scorekeeper against a server that keeps its matches behind a token (``SUANFAN_TOKEN``; docs/server.md): the
page asks for the token once, on the first 401, keeps it for the session, and every later match request carries it;
a wrong token is asked for again."""

from __future__ import annotations

import os

import pytest
from servers import serve_app

TOKEN = "club-token-7f3a"


@pytest.fixture(scope="module")
def token_server(server_url, tmp_path_factory):
    db = tmp_path_factory.mktemp("token") / "matches.sqlite3"
    env = {**os.environ, "SUANFAN_DB": str(db), "SUANFAN_TOKEN": TOKEN}
    yield from serve_app("/api/rules", env)


def test_page_asks_for_the_token_once(browser_context, token_server):
    page = browser_context.new_page()
    asked: list[str] = []
    answers = iter(["wrong", TOKEN])

    def answer(dialog) -> None:
        asked.append(dialog.message)
        dialog.accept(next(answers))

    page.on("dialog", answer)
    page.goto(token_server + "/#scorekeeper")
    # the wrong token: the page shows the contract's 401 error (it asked once for this request)
    page.wait_for_function("() => document.body.textContent.includes('unauthorized')")
    page.reload()
    page.wait_for_function(f"() => sessionStorage.getItem('suanfan-token') === '{TOKEN}'")
    status = page.evaluate(
        "async (t) => (await fetch('/api/match', {headers: {authorization: `Bearer ${t}`}})).status", TOKEN
    )
    assert status == 200
    n = len(asked)
    page.reload()  # the same session: the token is kept, nothing is asked
    page.wait_for_function(
        "() => document.querySelector('#scorekeeper') && !document.querySelector('#scorekeeper').hidden"
    )
    page.wait_for_timeout(500)
    assert len(asked) == n == 2 and all("token" in m for m in asked)
    assert page.evaluate("async () => (await fetch('/api/match')).status") == 401  # the server still guards it
    page.close()
