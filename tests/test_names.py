"""Every item of every rule set named as each language writes it: Japanese in Japanese kanji (緑一色, not 绿一色),
English without Chinese. The authority for the Japanese form is OpenCC's s2t + t2jp conversion (opencc-purepy),
with the mahjong usages named in ``suanfan.names`` (龍, 燈, 缺) and Riichi's own 么 and 發."""

from __future__ import annotations

import re

import pytest
from opencc_purepy import OpenCC

from suanfan import rules
from suanfan.names import japanese

_S2T = OpenCC("s2t")
_T2JP = OpenCC("t2jp")
# where OpenCC's general table and Japanese mahjong writing differ: 龍 (一色双龍会, 組合龍), 九蓮宝燈, 缺一門, and the
# 么 of 断么九 / 混全帯么九 and the tile name 發 that Riichi's names use
MAHJONG_USAGE = str.maketrans({"竜": "龍", "灯": "燈", "欠": "缺", "麼": "么"})
CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")


def _same_tile_name(text: str) -> str:
    """發 (the tile, as Riichi writes it) and 発 (the shinjitai) are both Japanese."""
    return text.replace("發", "発")


def as_japanese_writes(text: str) -> str:
    return _T2JP.convert(_S2T.convert(text)).translate(MAHJONG_USAGE)


ITEMS = [(rs.name, item) for rs in rules.registry().values() for item in rs.items]


@pytest.mark.parametrize(("rules_name", "item"), ITEMS, ids=[f"{n}-{i.id}" for n, i in ITEMS])
def test_japanese_name_in_japanese_kanji(rules_name, item):
    ja = item.names["ja"]
    assert _same_tile_name(as_japanese_writes(ja)) == _same_tile_name(ja), ja


@pytest.mark.parametrize(("rules_name", "item"), ITEMS, ids=[f"{n}-{i.id}" for n, i in ITEMS])
def test_english_name_has_no_chinese(rules_name, item):
    assert not CJK.search(item.names["en"]), item.names["en"]


def test_japanese_of_the_chinese_names():
    assert japanese("绿一色") == "緑一色"
    assert japanese("杠上开花") == "槓上開花"
    assert japanese("一色双龙会") == "一色双龍会"
    assert japanese("九莲宝灯") == "九蓮宝燈"
    assert japanese("缺一门") == "缺一門"
