"""Every control a player sets is typed and named once: ``hand.Context``'s fields, each rule set's flags and options.

``GET /api/rules`` and the page read these, the CLI and the HTTP models are made from ``Context``'s descriptions.
The tests: every registered rule set names every option, choice, flag and preset in en / zh / ja (no raw id left for
the page to show); each rule set's ``context_fields`` are fields of the contract, and a field it does not list really
changes nothing in its results (so the page may leave it out); the CLI and the request model have one option /
field per context field."""

from __future__ import annotations

import re
from dataclasses import fields

import pytest
from typer.testing import CliRunner

import suanfan
from suanfan import rules
from suanfan.cli import app
from suanfan.controls import LANGS, TYPES
from suanfan.hand import Context, context_controls
from suanfan.web.models import ContextIn

RULE_SETS = sorted(rules.registry())
CONTEXT = {c.name: c for c in context_controls()}


def _named(words: dict, what: str, raw: str) -> None:
    assert set(words) == set(LANGS), what
    for lang in LANGS:
        assert words[lang] and words[lang] != raw, f"{what}: no {lang} name (shows the id '{raw}')"


def test_every_context_field_is_described():
    declared = [f.name for f in fields(Context) if f.init and f.name != "extra"]
    assert [c.name for c in context_controls()] == [*declared, "flowers"]
    for c in context_controls():
        assert c.type in ("bool", "wind", "tiles", "count"), c.name
        _named(c.names, c.name, c.name)
        _named(c.help, c.name, c.name)
        if c.type == "wind":
            assert [ch.value for ch in c.choices] == ["E", "S", "W", "N"]


@pytest.mark.parametrize("name", RULE_SETS)
def test_options_flags_and_presets_are_typed_and_named(name):
    rs = rules.get(name)
    d = rs.describe()
    for o in d["options"] + d["context_flags"]:
        assert o["type"] in TYPES, o["name"]
        _named(o["names"], o["name"], o["name"])
        _named(o["help"], o["name"], o["name"])
        if o["type"] in ("choice", "seat", "wind"):
            assert o["choices"], o["name"]
            for c in o["choices"]:
                _named(c["names"], f"{o['name']}={c['value']}", str(c["value"]))
    assert [f["name"] for f in d["context_flags"]] == list(rs.context_flags)
    for preset in rs.presets:
        _named(d["preset_names"][preset], f"preset {preset}", preset)
        for key in rs.presets[preset]:
            assert key in {o.name for o in rs.options}, (preset, key)


@pytest.mark.parametrize("name", RULE_SETS)
def test_context_fields_are_contract_fields(name):
    rs = rules.get(name)
    assert rs.context_fields, "a rule set lists the contract fields it reads"
    assert set(rs.context_fields) <= set(CONTEXT)
    assert set(rs.winds) <= {"E", "S", "W", "N"}
    if "flowers" in rs.context_fields:
        assert rs.tile_set.flowers


# a winning hand per rule set, with the context that makes it win; the fields a rule set does not list are then set
# one at a time and must change nothing
WINS = {
    "riichi": ("123m456p789s23455m", "5m", {"riichi": True}),
    "mcr": ("123m456p789s11122z", "2z", {}),
    "sichuan": ("123m456m789m11p234p", "4p", {}),
    "wuhu": ("123m456m789m11s234m", "4m", {}),
    "kawuxing": ("123p456p789p11s234s", "4s", {"tsumo": True}),
    "popular": ("123m456p789s11122z", "2z", {}),
    "twoplayer": ("123m456p789s23455m", "5m", {"declared": True}),
}
SET_TO = {"bool": True, "wind": "S", "tiles": ["1p"], "count": 2}


@pytest.mark.parametrize("name", [n for n in RULE_SETS if n in WINS])
def test_fields_a_rule_set_does_not_list_change_nothing(name):
    hand, win, ctx = WINS[name]
    base = suanfan.score(hand, win=win, rules=name, **ctx)
    assert base.winning
    for field, control in CONTEXT.items():
        if field in rules.get(name).context_fields or field in ctx or field == "flowers":
            continue
        try:
            got = suanfan.score(hand, win=win, rules=name, **{**ctx, field: SET_TO[control.type]})
        except suanfan.InputError as e:  # refusing a field it has no use for is fine too
            assert e.code == "bad_context", (field, e)
            continue
        assert got.to_dict() == base.to_dict(), f"{name} reads {field}: list it in context_fields"


def test_every_context_field_is_a_cli_option_and_a_request_field():
    text = CliRunner().invoke(app, ["score", "--help"], env={"COLUMNS": "300"}).output
    for c in context_controls():
        assert re.search(rf"--{c.name.replace('_', '-')}\b", text), c.name
        assert c.name in ContextIn.model_fields, c.name
    # the spellings the CLI always had still work
    out = CliRunner().invoke(
        app, ["score", "123m456p789s23455m", "--riichi", "--seat", "S", "--dora", "4m", "--sticks", "1", "--json"]
    )
    r = suanfan.score("123m456p789s23455m", riichi=True, seat_wind="S", dora_indicators=["4m"], riichi_sticks=1)
    assert out.exit_code == 0 and out.output.strip() == __import__("json").dumps(r.to_dict(), ensure_ascii=False)


@pytest.mark.parametrize("lang", ["zh", "ja"])
def test_cli_breakdown_in_the_language(lang):
    """``--lang zh/ja``: no English word of the breakdown is left (han, fu, mangan, a wait, a payer)."""
    runs = [
        ["111m999m111p999p11z", "--tsumo", "--seat", "S"],  # a yakuman, self-drawn by a non-dealer
        ["123m456p789s23455m", "--riichi"],  # a ron: the discarder pays, a pair wait
        ["22456m456p456s789p", "--riichi", "--tsumo"],  # a dealer's self-draw
        ["123m456p789s11122z", "--rules", "mcr", "--tsumo"],  # MCR with an exclusion, each other player pays
    ]
    english = re.compile(r"\b(han|fu|fan|mangan|yakuman|tanki|kanchan|penchan|ryanmen|dealer|discarder|other|note)\b")
    for args in runs:
        out = CliRunner().invoke(app, ["score", *args, "--lang", lang], env={"COLUMNS": "200"})
        assert out.exit_code == 0, out.output
        # item ids (the id column), tile texts and the word riichi of Riichi's own item id are not prose
        text = re.sub(r"\b[a-z]+(_[a-z0-9]+)+\b|\b\d*[mpszf]\b|\b(riichi|id)\b", "", out.output)
        assert not english.search(text), (args, out.output)
