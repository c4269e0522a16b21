"""Names in three languages: the Japanese form of a Chinese name.

The Chinese rule sets' items are named in simplified Chinese; Japanese writes the same terms with its own kanji
(绿一色 -> 緑一色, 杠上开花 -> 槓上開花, 和绝张 -> 和絶張). ``japanese`` turns a simplified name into the form Japanese
writes, one character at a time: the table below covers every character the rule sets' names use that Japanese
writes differently (tests/test_names.py checks each name against the OpenCC s2t + t2jp conversion).

Three characters follow Japanese mahjong usage rather than the general shinjitai: 龍 (一色双龍会, 組合龍: mahjong
books keep the old form, as Riichi's 九蓮宝燈 keeps 燈) and 缺 (缺一門, where the general table would write 欠).
"""

from __future__ import annotations

_KANJI = str.maketrans(
    {
        "两": "両",
        "于": "於",
        "则": "則",
        "单": "単",
        "发": "発",
        "后": "後",
        "听": "聴",
        "圈": "圏",
        "对": "対",
        "带": "帯",
        "开": "開",
        "张": "張",
        "归": "帰",
        "战": "戦",
        "抢": "搶",
        "捞": "撈",
        "无": "無",
        "杠": "槓",
        "标": "標",
        "步": "歩",
        "每": "毎",
        "穷": "窮",
        "组": "組",
        "绝": "絶",
        "绿": "緑",
        "节": "節",
        "芜": "蕪",
        "莲": "蓮",
        "规": "規",
        "边": "辺",
        "连": "連",
        "钓": "釣",
        "钩": "鉤",
        "门": "門",
        "顺": "順",
        "风": "風",
        "齐": "斉",
        "龙": "龍",
        "灯": "燈",
        "财": "財",
        "罗": "羅",
        "汉": "漢",
        "猪": "豬",
        "转": "転",
        "庄": "荘",
        "查": "査",
        "头": "頭",
        "气": "気",
        "贯": "貫",
        "纯": "純",
        "满": "満",
        "个": "個",
        "岭": "嶺",
        "骑": "騎",
        "红": "紅",
        "东": "東",
        "报": "報",
        "过": "過",
        "杂": "雑",
        "亲": "親",
        "还": "還",
        "应": "応",
        "场": "場",
        "处": "処",
        "压": "圧",
        "划": "劃",
        "饼": "餅",
        "复": "複",
    }
)


def japanese(zh: str) -> str:
    """The Japanese writing of a simplified Chinese mahjong term."""
    return zh.translate(_KANJI)
