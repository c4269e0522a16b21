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
# a North kept in the hand a guest wind (オタ風), ツモ損 (the absent North's share is not paid; riichi.wiki "Mahjong
# Soul", 3P-Mahjong: "by default Tsumo-Loss is applied, and North-Bisection is provided as an alternative option").
# Honba: 100 from each other player, 200 by ron: Tenhou's own log sanma2.xml pays its self-draws' honba 100 from each
# of the two, and its game 2021010217gm-00b9-0000-3eb2e915 (tests/data/logs/tenhou6/mjai-reviewer3p) a 3900 ron on
# 1 honba as 4100; a Mahjong Soul game of the same folder (kokushi_peinuki.json) paid a 3900 ron on 1 honba as 4100,
# and a captured sanma log paid 3 han 40 fu + 1 honba by ron as 7900 (shinkuan/Akagi pull request 115).
_SANMA = {"players": 3, "sanma_tsumo": "loss", "sanma_honba": "loss", "north_yakuhai": False}

# The organisations' rules. Each value below is cited in PRESET_DOCS; what a source does not say keeps the default.
_MLEAGUE = {
    "aka_dora": True,
    "ura_dora": True,
    "ippatsu": True,
    "kan_dora": True,
    "open_tanyao": True,
    "kazoe_yakuman": False,
    "double_yakuman": False,
    "multiple_yakuman": True,
    "kiriage_mangan": True,
    "multiple_ron": "head_bump",
    "renhou": "off",
    "double_wind_pair_fu": 2,
    "ryuuiisou_hatsu": False,
}
_JPML = {
    "aka_dora": False,
    "ura_dora": False,
    "ippatsu": False,
    "kan_dora": False,
    "open_tanyao": True,
    "kazoe_yakuman": False,
    "double_yakuman": False,
    "multiple_yakuman": False,
    "kiriage_mangan": False,
    "multiple_ron": "head_bump",
    "renhou": "mangan",
    "nagashi_mangan": False,
    "double_wind_pair_fu": 4,
    "ryuuiisou_hatsu": True,
    "rinshan_tsumo_fu": False,
}
_SAIKOUISEN = {
    "aka_dora": False,
    "ura_dora": True,
    "ippatsu": True,
    "kan_dora": True,
    "open_tanyao": True,
    "kazoe_yakuman": False,
    "double_yakuman": False,
    "multiple_yakuman": False,
    "kiriage_mangan": True,
    "multiple_ron": "head_bump",
    "double_wind_pair_fu": 2,
    "nagashi_mangan": False,
    "pao": False,
}
_WRC = {
    "aka_dora": False,
    "ura_dora": True,
    "ippatsu": True,
    "kan_dora": True,
    "open_tanyao": True,
    "kazoe_yakuman": False,
    "double_yakuman": False,
    "multiple_yakuman": False,
    "kiriage_mangan": True,
    "multiple_ron": "head_bump",
    "renhou": "mangan",
}
_EMA = {
    "aka_dora": False,
    "ura_dora": True,
    "ippatsu": True,
    "kan_dora": True,
    "open_tanyao": True,
    "kazoe_yakuman": False,
    "double_yakuman": False,
    "multiple_yakuman": False,
    "kiriage_mangan": False,
    "multiple_ron": "all",
    "renhou": "strict_mangan",
    "nagashi_mangan": True,
}
# Riichi City (麻雀一番街) ranked rules, riichi.wiki "Riichi City" (Game rules, Ranked Match Rules): three red fives,
# ura, kan dora and ippatsu, kuitan and atozuke, the abortive draws including the triple ron (so two may ron one
# discard), yakuman pao, no renhou, yakuman at full scoring (an earlier revision of the page: "Yakuman (Full
# scoring) (e.g. Suuankou tanki = double)"). The page names no kiriage, kazoe, nagashi or double-wind pair rule: those
# keep the defaults (said in PRESET_DOCS).
_RIICHI_CITY = {
    "aka_dora": True,
    "ura_dora": True,
    "ippatsu": True,
    "kan_dora": True,
    "open_tanyao": True,
    "double_yakuman": True,
    "multiple_yakuman": True,
    "multiple_ron": "double",
    "pao": True,
    "renhou": "off",
}

PRESETS: dict[str, dict] = {
    "mleague": _MLEAGUE,
    "jpml": _JPML,
    "saikouisen": _SAIKOUISEN,
    "wrc": _WRC,
    "ema": _EMA,
    "tenhou": _TENHOU,
    "mahjongsoul": _MAHJONGSOUL,
    "riichi_city": _RIICHI_CITY,
    # 包铳制 electronic table (seed 000 日本麻将打法; digest riichi_variants_from_seeds.md §7): 明花/暗花 read as
    # dora/ura dora, the discarder pays a ron in full (R8), no red fives are named.
    "baochong": {"variant": "baochong", "aka_dora": False, "multiple_ron": "double"},
    "tenhou_sanma": {**_TENHOU, **_SANMA},
    "mahjongsoul_sanma": {**_MAHJONGSOUL, **_SANMA},
    # riichi.wiki "Riichi City", 3-Player: two red tiles (0p 0s, the set's own), kita on; the page gives no self-draw
    # or honba rule for three, so the sanma defaults (ツモ損, 100 a honba from each) are kept and said so.
    "riichi_city_sanma": {**_RIICHI_CITY, "players": 3},
}

PRESET_DOCS: dict[str, str] = {
    "mleague": "M-League (Mリーグ): red fives (one a suit), ippatsu, ura and kan dora; no kazoe (13 han is a "
    "sanbaiman); no double yakuman but different yakuman add up; kiriage (7700 -> mangan); no double ron (head "
    "bump); a double wind pair is 2 fu and 緑一色 needs no 發 (m-league.jp/about as otamajakusi/mahjong-c yaku.h "
    "quotes it: 連風牌の対子 2符, 「緑發が入っていなくてもよい」); match: hanchan, 25000 / 30000, uma +30 / +10 / -10 / "
    "-30 with the oka +20 (順位点 +50 / +10 / -10 / -30), tied places share it; no busting; no abortive draws and no "
    "agari-yame (majannavi.com 'Mリーグ公式ルールまとめ': 途中流局なし, アガリ止め無し; it names no tenpai-yame rule, "
    "so the default is kept); a chombo is 20000 points off the final score. Sources: k-bys.work 'Mリーグルール', "
    "majyan-item.com 'Mリーグルール' and majannavi.com (summarising m-league.jp's rule page), and m-league.jp/about "
    "as quoted above.",
    "jpml": "日本プロ麻雀連盟 official rule (公式ルール): 30000 start, no ippatsu, no ura or kan dora, no red fives; 人和 "
    "is a mangan; a hand is one yakuman at most (役満 = 四倍満) and 13 han a sanbaiman (三倍満 十三翻以上); no "
    "nagashi, no kiriage, head bump; match: 30000 / 30000, floating uma (浮きウマ: one up +12 / -1 / -3 / -8, two up "
    "+8 / +4 / -4 / -8, three up +8 / +3 / +1 / -12), no busting, a chombo 20000 points off the final score. Sources: "
    "the league's rule page ma-jan.or.jp/guide/game_rule.php (archived 2012: the yaku table has no 一発, 人和 満貫, "
    "三倍満 十三翻以上); the Pantheon tournament system's JPML rule set (MahjongPantheon/pantheon RulesetJpmlA: "
    "head bump, no kazoe, no nagashi, no kiriage, the floating uma, chombo 200 x 100). Where Pantheon's two JPML "
    "versions disagree (kazoe, chombo paid in the hand), the newer one (Mimir) is followed. 緑一色 needs 發 (the same "
    "archived rule page's yaku table: 緑一色 發を含まなければならない; its current page, as otamajakusi/mahjong-c yaku.h "
    "quotes it: 「緑一色は發が含まれなければいけない」), a double wind pair is 4 fu (連風牌の対子 4符, as quoted there) and a "
    "win on a kong's replacement tile gets no self-draw fu (嶺上牌のツモ符 0符: 「嶺上牌にツモ符はつかない」, the current "
    "page ma-jan.or.jp/guide/game_rule.html as quoted there; the same page's WRC rule, 「嶺上牌にツモ符が２符つく」, "
    "is not this preset's).",
    "saikouisen": "最高位戦日本プロ麻雀協会 rule (最高位戦ルール): ippatsu, ura and kan dora, no red fives; no kazoe "
    "(13 han is a sanbaiman) and yakuman never add up; kiriage (30 fu 4 han = mangan); head bump (上家優先); a double "
    "wind pair 2 fu; no nagashi, no pao; match: 30000 / 30000, uma +30 / +10 / -10 / -30, no oka, no agari-yame or "
    "tenpai-yame, no abortive draws, a chombo 20000 points off the final score. Sources: jan39.com '最高位戦日本プロ"
    "麻雀協会 競技ルール (概要)' and west-one-cup.com rules 2015 (played to 最高位戦 rules, with its points). The 場ゾロ "
    "(two han counted on every win) of its 競技規定 is a way of counting the same points: 30 fu 6 han there is 30 fu "
    "4 han here.",
    "wrc": "World Riichi Championship rules: no red fives (the EMA 2016 rules dropped them 'to resemble the WRC'); "
    "ippatsu, ura and kan dora; no kazoe (sanbaiman at 13+, WRC 2014 errata); every yakuman counts once and a "
    "yakuman hand's base value is 8000 (WRCR 2015 §6.1: no double yakuman, none added up); kiriage (WRCR 2015 §6.1: "
    "'A base value of 1920 points, being close to mangan, is rounded up to 2,000 points'); head bump (WRCR 2015 "
    "§5.7.6: 'If two or three players declare a win on the same discarded tile, only the player closer to the "
    "discarder, according to the turn order, will win'); renhou is a yaku added to the others (WRC 2014 precisions); "
    "match: 30000 / 30000, no oka, uma +15 / +5 / -5 / -15 averaged "
    "on ties, no abortive draws, no agari-yame (WRCR 2015 §5.9.1), a negative score ends the game, penalties taken off "
    "the overall score (chombo 20000 points). Sources: riichi.wiki 'World Riichi Championship rules'; the WRC 2015 "
    "rule book (Sylvain Malbec, CC BY-NC-SA) as ooyamaneko.net's WRC_2015 text gives it (§5.7.6, §6.1); "
    "reachmahjong.com 'World Riichi Championship 2014 - rules!' errata.",
    "ema": "EMA Riichi Competition Rules 2016: no red fives, open tanyao, renhou a strict mangan (riichi.wiki 'EMA "
    "Riichi Competition Rules', changes of 2016: 'renhou is now a strict mangan only'; riichi.wiki 'Yaku variations', "
    "renhou as a mangan: no other yaku needed, and the hand is scored by its own yaku and dora only when those reach "
    "6 han or more), no kiriage (RCR 2016 §4.3 scoring example 2: 4 han 30 fu is 7700), the maximum a single "
    "yakuman (no double yakuman, no yakuman added up, no kazoe), ippatsu, ura, kan and kan ura dora, double and triple "
    "ron each paid by the discarder, nagashi mangan (RCR 2016 §4.2.4, as ja.wikipedia 流し満貫 cites it); match: "
    "30000 / 30000, no oka, uma +15 / +5 / -5 / -15 equalised on ties, no abortive draws, no busting, chombo 20000 "
    "points off the final score. Sources: riichi.wiki 'EMA Riichi Competition Rules' (2016+); the Pantheon rule set "
    "RulesetEma (MahjongPantheon/pantheon); ooyamaneko.net RCR_2016 (the rule text, §4.3). Pantheon has no "
    "nagashi: the rule text is followed.",
    "tenhou": "Tenhou (天鳳) ranked rules: no double yakuman (each yakuman counts once), kazoe on, kiriage off, "
    "open tanyao, red fives, double ron (three ron is an abortive draw). Source: tenhou.net/man (ルール), "
    "checked against Tenhou's own game logs (tests/data/logs, suanfan log check).",
    "mahjongsoul": "Mahjong Soul (雀魂) ranked rules: double yakuman for 四暗刻単騎, 国士十三面, 純正九蓮, 大四喜; "
    "kazoe on, kiriage off, open tanyao, red fives (3, one a suit), a double wind pair 4 fu, every ron on one discard "
    "wins (riichi.wiki 'Majsoul', Rules: 'Multiple rons: Available', no 三家和 abortive draw). Source: riichi.wiki "
    "'Mahjong Soul' rules and the riichienv-core engine's MJSoul preset.",
    "riichi_city": "Riichi City (麻雀一番街) ranked rules: three red fives, ura and kan dora, ippatsu, kuitan, the "
    "abortive draws including the triple ron (so a double ron stands), yakuman pao, no renhou, yakuman at full scoring "
    "(四暗刻単騎 a double yakuman, yakuman added up); match: 25000 / 30000, uma +30 / +10 / -10 / -30 with the oka "
    "(+20 to the first), into the West round (South for an East-only game) while no one has 30000. Source: riichi.wiki "
    "'Riichi City' (Game rules, Ranked Match Rules, 4-Player; the double yakuman from its earlier revision: "
    "'Yakuman (Full scoring) (e.g. Suuankou tanki = double)'). The platform's own rule text is in-game only and was "
    "not found; the page names no kiriage, kazoe, nagashi mangan, double-wind pair, busting or agari-yame rule, so "
    "those keep suanfan's defaults (no kiriage, kazoe on, nagashi on, 4 fu, busting below zero, agari-yame), unsourced.",
    "riichi_city_sanma": "Riichi City three-player ranked rules: riichi_city's options with 108 tiles, two red fives "
    "(0p 0s), kita on (North set aside as 抜きドラ); match: 35000 / 40000, uma +20 / 0 / -20 with the oka, into the "
    "next wind while no one has 40000. Source: riichi.wiki 'Riichi City' (3-Player). The page gives no self-draw or "
    "honba rule for three: ツモ損 and 100 a honba from each (suanfan's sanma defaults) are kept, unsourced.",
    "baochong": "The 包铳制 electronic table of seed 000 (日本麻将打法): 明花 / 暗花 for dora / ura dora, the "
    "discarder pays a ron in full, no red fives. Source: seed 000 日本麻将打法 (digest riichi_variants_from_seeds.md §7).",
    "tenhou_sanma": "Tenhou three-player ranked rules (段位戦3人打ち): tenhou's options with 108 tiles (2m-8m out), "
    "red 0p and 0s, no chi, North set aside as 抜きドラ (kita; a kept North is a guest wind), ツモ損 self-draws, "
    "honba 100 from each other player (Tenhou's log tests/data/logs/tenhou/dnovikoff/sanma2.xml: two self-draws at "
    "2 and 3 honba paid 200 and 300 more by each of the two; Tenhou's game 2021010217gm-00b9-0000-3eb2e915, "
    "tests/data/logs/tenhou6/mjai-reviewer3p/double_nukidora.json: a 3900 ron at 1 honba moved 4100, and all 12 "
    "rounds check). Sources: the Tenhou manual's ルール/段位戦3人打ち as quoted by tenhou.club "
    "(天鳳三麻攻略); riichi.wiki 'Sanma'; irilyuu.com (天鳳・雀魂の点数計算一覧: ツモ損 on both platforms).",
    "mahjongsoul_sanma": "Mahjong Soul three-player (三人麻将) ranked rules: mahjongsoul's options with 108 tiles, red "
    "0p and 0s, no chi, North set aside as 抜きドラ (kita), ツモ損 self-draws (riichi.wiki 'Mahjong Soul', 3P-Mahjong: "
    "'by default Tsumo-Loss is applied, and North-Bisection is provided as an alternative option'), honba 100 from "
    "each other player (a captured Mahjong Soul sanma log: 3 han 40 fu ron at 1 honba paid 7900, shinkuan/Akagi pull "
    "request 115). Checked on four Mahjong Soul games converted to tenhou.net/6 (tests/data/logs/tenhou6/"
    "mjai-reviewer3p, from hidacow/mjai-reviewer3p): every win agrees, among them a ron with two kita at 1 honba "
    "('30符3飜3900点', '役牌:自風牌(1飜)', '抜きドラ(2飜)', 4100 moved), a dealer's self-draw with three kita (4000 "
    "from each of the two), other ツモ損 self-draws (2000-3900, 4000-8000) and a double ron on a North set aside. "
    "Agari-yame: the converted game chankan.json ends at 東3局 on the win of its dealer, first with 59000. "
    "Sources: riichi.wiki 'Sanma'; irilyuu.com (天鳳・雀魂の点数計算一覧: ツモ損 on both platforms); the "
    "riichienv-core engine's MJSoul three-player rules (kita, tenpai pool 2000, honba).",
}

# A preset's match settings (match.riichi reads them as the settings' defaults), cited in PRESET_DOCS. Three players
# start at 35000 and return at 40000 on both platforms (mahjong-portal.com 三人麻雀: 配原 35000, 一位必要点数 40000,
# 南入 / 西入 until someone has them); Tenhou and Mahjong Soul go into the West round while no one has the return
# points (mahjong-portal.com; mjstars.net 4-player ranking rules: sudden death, ends when a player exceeds 30000).
# Tenhou's ranked lobbies as their game logs record them (suanfan.logs.tenhou.game_rules, checked against the owari
# records of tests/data/logs/tenhou/, sanma2.xml among them): uma +20 +10 -10 -20 (three players +20 0 -20), the
# first taking what the others' rounded scores leave (rounding tenhou), agari-yame without tenpai-yame.
_TENHOU_END = {"extension": True, "rounding": "tenhou", "agari_yame": True, "tenpai_yame": False}
PRESET_MATCH: dict[str, dict] = {
    "tenhou": {"start": 25000, "return_points": 30000, "uma": [20, 10, -10, -20], **_TENHOU_END},
    "mahjongsoul": {"start": 25000, "return_points": 30000, "extension": True},
    "tenhou_sanma": {"start": 35000, "return_points": 40000, "uma": [20, 0, -20], **_TENHOU_END},
    # agari-yame as the converted Mahjong Soul game tests/data/logs/tenhou6/mjai-reviewer3p/chankan.json shows: an
    # East game that ends at 東3局 on the win of its dealer, first with 59000
    "mahjongsoul_sanma": {"start": 35000, "return_points": 40000, "extension": True, "agari_yame": True},
    # riichi.wiki "Riichi City": 4-Player 25,000 / kaeshi 30,000, uma [+30, +10, -10, -30], oka on, extension into
    # South / West, min. points to win 30,000; 3-Player 35,000 / 40,000, uma [+20, 0, -20], oka on.
    "riichi_city": {"start": 25000, "return_points": 30000, "uma": [30, 10, -10, -30], "extension": True},
    "riichi_city_sanma": {"start": 35000, "return_points": 40000, "uma": [20, 0, -20], "extension": True},
    "mleague": {
        "start": 25000,
        "return_points": 30000,
        "uma": [30, 10, -10, -30],
        "uma_ties": "split",
        "tobi": False,
        "agari_yame": False,
        "abortive_draws": False,
        "chombo": "points",
        "chombo_points": 20000,
    },
    "jpml": {
        "start": 30000,
        "return_points": 30000,
        "uma": {
            "0": [8, 4, -4, -8],
            "1": [12, -1, -3, -8],
            "2": [8, 4, -4, -8],
            "3": [8, 3, 1, -12],
            "4": [8, 4, -4, -8],
        },
        "tobi": False,
        "chombo": "points",
        "chombo_points": 20000,
    },
    "saikouisen": {
        "start": 30000,
        "return_points": 30000,
        "uma": [30, 10, -10, -30],
        "agari_yame": False,
        "tenpai_yame": False,
        "abortive_draws": False,
        "chombo": "points",
        "chombo_points": 20000,
    },
    "wrc": {
        "start": 30000,
        "return_points": 30000,
        "uma": [15, 5, -5, -15],
        "uma_ties": "split",
        "agari_yame": False,
        "tenpai_yame": False,
        "abortive_draws": False,
        "chombo": "points",
        "chombo_points": 20000,
    },
    "ema": {
        "start": 30000,
        "return_points": 30000,
        "uma": [15, 5, -5, -15],
        "uma_ties": "split",
        "tobi": False,
        "abortive_draws": False,
        "chombo": "points",
        "chombo_points": 20000,
    },
}

# ``players: 3`` with a platform preset: that platform's three-player preset.
SANMA_OF = {"tenhou": "tenhou_sanma", "mahjongsoul": "mahjongsoul_sanma", "riichi_city": "riichi_city_sanma"}
