"""The platforms' names for yaku, mapped to suanfan's Riichi item ids.

- Tenhou mjlog ids (the AGARI tag's ``yaku="id,han,..."`` and ``yakuman="id,..."``): 0-54, in the order of
  Tenhou's own yaku table; 10-13 are the seat winds (自風 東南西北), 14-17 the round winds (場風), 18-20 the dragons.
- tenhou.net/6 JSON: the same table by its Japanese names, written ``名前(n飜)`` or ``名前(役満)``.
- MJAI (the ``yakus`` of a ``hora`` event): mjai's names. MJAI names a dragon pung ``sangenpai`` without saying
  which dragon, and one name covers 四暗刻 and its single wait (likewise 九蓮宝燈, 国士無双); ``COARSE`` folds
  suanfan's ids the same way before the two are compared.
"""

from __future__ import annotations

# Tenhou's table: index = Tenhou id.
TENHOU_IDS: tuple[str, ...] = (
    "menzen_tsumo", "riichi", "ippatsu", "chankan", "rinshan", "haitei", "houtei", "pinfu", "tanyao", "iipeikou",
    "seat_wind", "seat_wind", "seat_wind", "seat_wind", "round_wind", "round_wind", "round_wind", "round_wind",
    "haku", "hatsu", "chun", "double_riichi", "chiitoitsu", "chanta", "ittsu", "sanshoku", "sanshoku_doukou",
    "sankantsu", "toitoi", "sanankou", "shousangen", "honroutou", "ryanpeikou", "junchan", "honitsu", "chinitsu",
    "renhou", "tenhou", "chiihou", "daisangen", "suuankou", "suuankou_tanki", "tsuuiisou", "ryuuiisou",
    "chinroutou", "chuuren", "junsei_chuuren", "kokushi", "kokushi_13", "daisuushii", "shousuushii", "suukantsu",
    "dora", "ura_dora", "aka_dora",
)  # fmt: skip

# The Japanese names tenhou.net/6 writes, in the same order as the ids.
TENHOU_JA: tuple[str, ...] = (
    "門前清自摸和", "立直", "一発", "槍槓", "嶺上開花", "海底摸月", "河底撈魚", "平和", "断幺九", "一盃口",
    "自風 東", "自風 南", "自風 西", "自風 北", "場風 東", "場風 南", "場風 西", "場風 北",
    "役牌 白", "役牌 發", "役牌 中", "両立直", "七対子", "混全帯幺九", "一気通貫", "三色同順", "三色同刻",
    "三槓子", "対々和", "三暗刻", "小三元", "混老頭", "二盃口", "純全帯幺九", "混一色", "清一色",
    "人和", "天和", "地和", "大三元", "四暗刻", "四暗刻単騎", "字一色", "緑一色",
    "清老頭", "九蓮宝燈", "純正九蓮宝燈", "国士無双", "国士無双１３面", "大四喜", "小四喜", "四槓子",
    "ドラ", "裏ドラ", "赤ドラ",
)  # fmt: skip

JAPANESE: dict[str, str] = dict(zip(TENHOU_JA, TENHOU_IDS, strict=True))
JAPANESE.update(
    {
        "搶槓": "chankan",
        "国士無双13面": "kokushi_13",
        "国士無双十三面": "kokushi_13",
        "四暗刻単騎待ち": "suuankou_tanki",
        # tenhou.net/6 logs converted from Mahjong Soul (tests/data/logs/tenhou6/mjai-reviewer3p): the North set
        # aside named apart from the dora (Tenhou counts it among them), the winds by their role
        "抜きドラ": "nukidora",
        "役牌:場風牌": "round_wind",
        "役牌:自風牌": "seat_wind",
        # tenhou.net/6 logs converted from Mahjong Soul write some names in English
        "Riichi": "riichi",
        "Dora": "dora",
        "Ura Dora": "ura_dora",
        "Red Five": "aka_dora",
    }
)

MJAI: dict[str, str] = {
    "menzenchin_tsumoho": "menzen_tsumo", "reach": "riichi", "ippatsu": "ippatsu", "chankan": "chankan",
    "rinshankaiho": "rinshan", "haiteiraoyue": "haitei", "hoteiraoyui": "houtei", "pinfu": "pinfu",
    "tanyaochu": "tanyao", "ipeko": "iipeikou", "jikaze": "seat_wind", "bakaze": "round_wind",
    "sangenpai": "dragons", "double_reach": "double_riichi", "chitoitsu": "chiitoitsu", "honchantaiyao": "chanta",
    "ikkitsukan": "ittsu", "sanshokudojun": "sanshoku", "sanshokudoko": "sanshoku_doukou",
    "sankantsu": "sankantsu", "toitoiho": "toitoi", "sananko": "sanankou", "shosangen": "shousangen",
    "honroto": "honroutou", "ryanpeko": "ryanpeikou", "junchantaiyao": "junchan", "honiso": "honitsu",
    "chiniso": "chinitsu", "renho": "renhou", "tenho": "tenhou", "chiho": "chiihou", "daisangen": "daisangen",
    "suanko": "suuankou", "tsuiso": "tsuuiisou", "ryuiso": "ryuuiisou", "chinroto": "chinroutou",
    "churenpoton": "chuuren", "kokushimuso": "kokushi", "daisushi": "daisuushii", "shosushi": "shousuushii",
    "sukantsu": "suukantsu", "dora": "dora", "uradora": "ura_dora", "akadora": "aka_dora",
}  # fmt: skip

# suanfan ids folded as MJAI names them (see the module docstring)
COARSE: dict[str, str] = {
    "haku": "dragons",
    "hatsu": "dragons",
    "chun": "dragons",
    "suuankou_tanki": "suuankou",
    "junsei_chuuren": "chuuren",
    "kokushi_13": "kokushi",
}

YAKUMAN_HAN = 13  # a yakuman counts 13 in the comparison, as Tenhou's own records have it

LIMITS = {0: None, 1: "mangan", 2: "haneman", 3: "baiman", 4: "sanbaiman", 5: "yakuman"}
