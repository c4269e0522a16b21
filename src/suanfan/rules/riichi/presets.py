"""Riichi presets: the option values of a platform or an organisation, each with where they come from.

A preset sets scoring options (``PRESETS``, the names of ``options.OPTIONS``); ``PRESET_DOCS`` says what each one is
and cites its source. The match settings of a preset (start and return points, uma, oka, chombo, the West round)
live beside the match, in ``match.riichi.MATCH_PRESETS``. ``players: 3`` given with a platform preset means that
platform's three-player rules (``SANMA_OF``).
"""

from __future__ import annotations

_TENHOU = {
    "double_yakuman": False,
    "kazoe_yakuman": True,
    "kiriage_mangan": False,
    "open_tanyao": True,
    "renhou": "off",
    "aka_dora": True,
    "multiple_ron": "double",
    "double_wind_pair_fu": 4,
}
_MAHJONGSOUL = {
    "double_yakuman": True,
    "kazoe_yakuman": True,
    "kiriage_mangan": False,
    "open_tanyao": True,
    "renhou": "off",
    "aka_dora": True,
    "multiple_ron": "all",
    "double_wind_pair_fu": 4,
}
# Three players on both platforms (riichi.wiki "Sanma"; the Tenhou manual's ルール/段位戦3人打ち as tenhou.club
# "天鳳三麻攻略" quotes it; irilyuu.com "天鳳・雀魂の点数計算一覧"): 2m-8m out, no chi, North set aside as 抜きドラ and
# a North kept in the hand a guest wind (オタ風), ツモ損 (the absent North's share is not paid). Honba: 100 from
# each other player, as the riichienv-core engine's Tenhou and Mahjong Soul presets count them (score.rs).
_SANMA = {"players": 3, "sanma_tsumo": "loss", "sanma_honba": "loss", "north_yakuhai": False}

PRESETS: dict[str, dict] = {
    "tenhou": _TENHOU,
    "mahjongsoul": _MAHJONGSOUL,
    # 包铳制 electronic table (seed 000 日本麻将打法; digest riichi_variants_from_seeds.md §7): 明花/暗花 read as
    # dora/ura dora, the discarder pays a ron in full (R8), no red fives are named.
    "baochong": {"variant": "baochong", "aka_dora": False, "multiple_ron": "double"},
    "tenhou_sanma": {**_TENHOU, **_SANMA},
    "mahjongsoul_sanma": {**_MAHJONGSOUL, **_SANMA},
}

PRESET_DOCS: dict[str, str] = {
    "tenhou": "Tenhou (天鳳) ranked rules: no double yakuman (each yakuman counts once), kazoe on, kiriage off, "
    "open tanyao, red fives, double ron (three ron is an abortive draw). Source: tenhou.net/man (ルール), "
    "checked against Tenhou's own game logs (tests/data/tenhou_agari.jsonl).",
    "mahjongsoul": "Mahjong Soul (雀魂) ranked rules: double yakuman for 四暗刻単騎, 国士十三面, 純正九蓮, 大四喜; "
    "kazoe on, kiriage off, open tanyao, red fives, every ron on one discard wins. Source: riichi.wiki "
    "'Mahjong Soul' rules and the riichienv-core engine's MJSoul preset.",
    "baochong": "The 包铳制 electronic table of seed 000 (日本麻将打法): 明花 / 暗花 for dora / ura dora, the "
    "discarder pays a ron in full, no red fives.",
    "tenhou_sanma": "Tenhou three-player ranked rules (段位戦3人打ち): tenhou's options with 108 tiles (2m-8m out), "
    "red 0p and 0s, no chi, North set aside as 抜きドラ (kita; a kept North is a guest wind), ツモ損 self-draws, "
    "honba 100 from each other player. Sources: the Tenhou manual's ルール/段位戦3人打ち as quoted by tenhou.club "
    "(天鳳三麻攻略); riichi.wiki 'Sanma'; irilyuu.com (天鳳・雀魂の点数計算一覧: ツモ損 on both platforms).",
    "mahjongsoul_sanma": "Mahjong Soul three-player (三人麻将) ranked rules: mahjongsoul's options with 108 tiles, red "
    "0p and 0s, no chi, North set aside as 抜きドラ (kita), ツモ損 self-draws, honba 100 from each other player. "
    "Sources: riichi.wiki 'Sanma'; irilyuu.com (天鳳・雀魂の点数計算一覧: ツモ損 on both platforms); the "
    "riichienv-core engine's MJSoul three-player rules (kita, tenpai pool 2000, honba).",
}

# ``players: 3`` with a platform preset: that platform's three-player preset.
SANMA_OF = {"tenhou": "tenhou_sanma", "mahjongsoul": "mahjongsoul_sanma"}
