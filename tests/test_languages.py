"""Every text suanfan shows a reader, in the reader's language: the notes of a result, the front ends' words and the
error messages, each in en / zh / ja; and the HTTP API answering an error's message in the request's language.

The authority for the Japanese forms is OpenCC's s2t + t2jp conversion (as for the items' names, tests/test_names.py):
a Japanese text must read the same after it. English texts hold no Chinese (the reasons excepted: their English
quotes the rules' own terms, as the seed examples they are checked against write them, tests/test_wuhu.py)."""

from __future__ import annotations

import re
import string

import pytest
from fastapi.testclient import TestClient

import suanfan
from suanfan.errors import READER_LANGUAGE, InputError
from suanfan.messages import CODES, MESSAGES
from suanfan.notes import NOTES
from suanfan.reasons import REASONS
from suanfan.web.app import create_app
from suanfan.web.guard import request_language
from suanfan.words import WORDS
from test_names import CJK, _same_tile_name, as_japanese_writes

TABLES = {"notes": NOTES, "reasons": REASONS, "words": WORDS, "messages": MESSAGES, "codes": CODES}
TEXTS = [(table, t) for table, rows in TABLES.items() for t in rows.values()]
LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z0-9_]{2,}")
ZH_OR_JA = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")  # kana and kanji
# what a program sends, which a message may list as it is: rule-set names, options, their values, presets
SENT_IDS = frozenset(
    word
    for rs in suanfan.rules.registry().values()
    for d in [rs.describe()]
    for word in [
        rs.name,
        *(o["name"] for o in d["options"]),
        *d["presets"],
        *(str(c["value"]) for o in d["options"] for c in o.get("choices", ())),
    ]
)


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


@pytest.mark.parametrize(("table", "text"), TEXTS, ids=[f"{t}-{x.code}" for t, x in TEXTS])
def test_each_text_in_each_language(table, text):
    assert text.en and text.zh and text.ja
    # a translation fills in no field the English does not have (it may leave one out: "with 1 meld")
    assert _fields(text.zh) <= _fields(text.en) and _fields(text.ja) <= _fields(text.en)
    assert _same_tile_name(as_japanese_writes(text.ja)) == _same_tile_name(text.ja), text.ja
    if table != "reasons":
        assert not CJK.search(text.en), text.en


def test_every_error_code_of_the_contract_has_its_sentence():
    """The contract's table of codes (docs/contract.md, Errors) and ``messages.CODES`` name the same codes."""
    from pathlib import Path

    doc = (Path(__file__).parent.parent / "docs" / "contract.md").read_text(encoding="utf-8")
    table = doc[doc.index("| code | what was wrong |") :].split("\n\n")[0]
    documented = set(re.findall(r"^\| `(\w+)` \|", table, re.M))
    assert documented == set(CODES)


# inputs a player of the page can send, and the error code each must keep in every language
BAD = [
    ({"hand": "123m456p789s11p23x"}, "bad_tile"),
    ({"hand": "123m456p789s0z11z1"}, "bad_tile"),
    ({"hand": "11112m456p789s11z"}, "bad_count"),
    ({"hand": "11111m456p789s112z"}, "too_many_copies"),
    ({"hand": "123m456p789s11z", "melds": ["pon:778m"]}, "bad_meld"),
    ({"hand": "123m456p789s11z", "melds": ["chi:135m"]}, "bad_meld"),
    ({"hand": "123m456p789s11z222z", "win": "5s"}, "bad_win"),
    ({"hand": "123m456p789s11z222z", "seat_wind": "X"}, "bad_context"),
    ({"hand": "123m456p789s11z222z", "honba": -1}, "bad_input"),
    ({"hand": "123m456p789s11z222z", "no_such_field": 1}, "bad_context"),
    ({"hand": "123m456p789s11z222z", "options": {"no_such": 1}}, "bad_option"),
    ({"hand": "123m456p789s11z222z", "options": {"preset": "nope"}}, "bad_option"),
    ({"hand": "123m456p789s11z222z", "options": {"renhou": "sometimes"}}, "bad_option"),
    ({"hand": "123m456p789s11z222z", "rules": "nosuch"}, "bad_rules"),
    ({"hand": "123m456p789s11z222z", "rules": "sichuan"}, "bad_tile"),
    ({"hand": "123m456p789s11z222z", "tsumo": "yes"}, "bad_input"),
]
client = TestClient(create_app())


@pytest.mark.parametrize(("body", "code"), BAD, ids=[f"{c}-{b['hand']}" for b, c in BAD])
@pytest.mark.parametrize("lang", ["en", "zh", "ja"])
def test_score_errors_in_the_request_language(body, code, lang):
    en = client.post("/api/score", json=body).json()["error"]
    by_query = client.post(f"/api/score?lang={lang}", json=body)
    by_header = client.post("/api/score", json=body, headers={"Accept-Language": f"{lang};q=0.9"})
    assert by_query.status_code == by_header.status_code and by_query.status_code in (400, 422)
    for got in (by_query.json()["error"], by_header.json()["error"]):
        assert got["code"] == en["code"] == code
        if lang == "en":
            assert got["message"] == en["message"]
        else:
            assert ZH_OR_JA.search(got["message"]), got["message"]
            # no English sentence left: only what was sent (tiles, a field or option name) and the ids one may send
            # instead (the options, presets and rule sets it lists) are in Latin letters
            sent = " ".join(str(v) for v in [*body.values(), *(body.get("options") or {}), *body])
            shown = re.sub(r"(?:[0-9]+[mpszf])+|\w+…", " ", got["message"])  # tiles; a word cut at 300 characters
            left = [w for w in LATIN_WORD.findall(shown) if w not in sent and w not in SENT_IDS]
            assert not left, got["message"]


@pytest.mark.parametrize("lang", ["zh", "ja"])
def test_every_route_and_the_guard_answer_in_the_language(lang):
    answers = [
        client.post(f"/api/waits?lang={lang}", json={"hand": "123m456p789s11p2x"}),
        client.post(f"/api/analyze?lang={lang}", json={"hand": "123m456p789s11p2x"}),
        client.post(f"/api/score?lang={lang}", content=b"{", headers={"content-type": "application/json"}),
        client.post(f"/api/score?lang={lang}", content=b"[" * 40 + b"]" * 40),  # nested too deeply: the guard
        client.post(f"/api/score?lang={lang}", content=b"x" * 70_000),  # too large: the guard
        client.get(f"/api/nope?lang={lang}"),
    ]
    for res in answers:
        error = res.json()["error"]
        assert res.status_code >= 400 and ZH_OR_JA.search(error["message"]), (res.status_code, error)
    lines = client.post(f"/api/batch?lang={lang}", json=[{"hand": "1m"}, {"hand": 5}]).json()
    assert [x["error"]["code"] for x in lines] == ["bad_count", "bad_input"]
    assert all(ZH_OR_JA.search(x["error"]["message"]) for x in lines)


def test_the_language_of_a_request_is_its_own():
    """The language is set for one request only: the next request without one is answered in English, and so is the
    Python API outside any request."""
    client.post("/api/score?lang=ja", json={"hand": "1m"})
    assert client.post("/api/score", json={"hand": "1m"}).json()["error"]["message"].startswith("hand '1m' has 1")
    assert READER_LANGUAGE.get() == "en"
    with pytest.raises(InputError) as e:
        suanfan.score("1m")
    assert (
        e.value.message.startswith("hand '1m' has 1 tiles") and e.value.to_dict()["error"]["message"] == e.value.message
    )
    assert "枚" in e.value.message_in("ja") and "张" in e.value.to_dict("zh")["error"]["message"]


@pytest.mark.parametrize(
    ("query", "header", "lang"),
    [
        ("", "", "en"),
        ("", "zh-CN,zh;q=0.9,en;q=0.8", "zh"),
        ("", "fr-FR, ja;q=0.5, zh;q=0.4", "ja"),
        ("", "ja;q=0, zh;q=0.1", "zh"),
        ("", "de, fr", "en"),
        ("", "en-US,en;q=0.9,ja;q=0.8", "en"),
        ("lang=ja", "zh", "ja"),
        ("a=1&lang=zh", "", "zh"),
        ("lang=fr", "ja", "ja"),
        ("", "ja;q=abc, zh", "zh"),
    ],
)
def test_request_language(query, header, lang):
    scope = {"query_string": query.encode(), "headers": [(b"accept-language", header.encode())] if header else []}
    assert request_language(scope) == lang


def test_a_message_without_its_own_sentence_is_told_by_its_code():
    e = InputError("bad_event", "event 'x': start with its type (ron, tsumo, win, draw, ...)")
    assert e.message_in("en") == e.message
    assert e.message_in("zh") == CODES["bad_event"].zh and e.message_in("ja") == CODES["bad_event"].ja
