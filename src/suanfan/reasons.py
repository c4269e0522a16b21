"""Why a complete hand does not win: each reason a code (the result's ``reason``) with its text in en / zh / ja.

A result never carries prose in ``reason``: it carries one of the codes below, and ``explain.reason_text`` the
English text (``explain.reason_names`` all three), filled in with the hand's own numbers where the text has a
``{field}``. ``suanfan rules`` lists each rule set's reasons with their texts, so a page or a program shows them in
its reader's language.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Text:
    """A code and its text in three languages (``{field}`` filled in from the hand): a reason here, a note in
    ``notes.py``, a word of the command line in ``words.py``."""

    code: str
    en: str
    zh: str
    ja: str

    def names(self, **fields: object) -> dict[str, str]:
        """The text in each language, its ``{field}`` places filled in from ``fields``; a field given as a dict of
        languages (a suit's name: ``controls.SUITS``) is filled in with its word in each."""

        def said(value: object, lang: str) -> object:
            return value.get(lang, value.get("en", "")) if isinstance(value, dict) else value

        return {
            lang: text.format(**{k: said(v, lang) for k, v in fields.items()})
            for lang, text in self.templates().items()
        }

    def templates(self) -> dict[str, str]:
        """The text in each language as written, ``{field}`` places left in."""
        return {"en": self.en, "zh": self.zh, "ja": self.ja}


Reason = Text  # a reason is a code and its text


def table(*rows: tuple[str, str, str, str]) -> dict[str, Text]:
    """Texts by code, from rows of (code, en, zh, ja): how ``messages.py`` and ``words.py`` write theirs."""
    return {code: Text(code, en, zh, ja) for code, en, zh, ja in rows}


REASONS: dict[str, Reason] = {
    r.code: r
    for r in (
        Reason(
            "not_winning",
            "the tiles do not make a winning shape (four sets and a pair, or a special hand the rules know)",
            "牌不成和牌型（四副面子一对将，或规则认可的特殊牌型）",
            "和了形になっていない（四面子一雀頭、またはルールが認める特殊形）",
        ),
        Reason("no_yaku", "the hand has no yaku", "没有役", "役がない"),
        Reason(
            "furiten",
            "furiten: the hand waits on a tile it discarded or let pass, so it cannot win on a discard",
            "振听：听的牌自己打过或放过，不能荣和",
            "振聴：待ち牌を自分で捨てたか見逃したので、ロン和了できない",
        ),
        Reason("below_minimum", "the hand is below the minimum value", "未达起和番数", "最低番数に届かない"),
        # Sichuan (../shared/rules/sichuan.md, seed item 3 缺门; modern 定缺)
        Reason(
            "missing_suit_not_void",
            "Missing suit: a winning hand holds at most two suits; this one holds all three",
            "缺门：和牌最多只能有两门花色，此牌三门俱全",
            "缺門：和了には二種類の数牌までしか使えないが、三種類ともある",
        ),
        Reason(
            "void_suit_held",
            "Void suit: the hand still holds the suit declared void ({suit})",
            "定缺：手中仍有所定缺的{suit}",
            "定缺：宣言した{suit}がまだ手牌にある",
        ),
        # Ka Wu Xing (../shared/rules/kawuxing.md §3)
        Reason(
            "pi_hu_on_discard",
            "A plain win (x1) wins on a discard only from a player who laid his hand open",
            "屁胡不能胡别人打出的牌，除非放炮者已亮倒",
            "屁胡（役なし×1）は亮倒した相手の捨て牌でしか和了れない",
        ),
        # Wuhu (../shared/rules/wuhu.md §2)
        Reason(
            "too_few_suit_tiles",
            "支数 = {zhi} < 8 (八支 required: at least 8 tiles of one number suit)",
            "支数 {zhi} 不足八支（同一门数牌至少八张）",
            "支数 {zhi} が八支に届かない（同じ数牌が八枚以上必要）",
        ),
        Reason(
            "discard_win_not_allowed",
            "discard win not allowed: these rules (可点炮胡 off) win by self-draw only",
            "不可点炮胡，只能自摸",
            "ロン和了なしのルール：ツモのみ",
        ),
        # the two-player game (../shared/rules/two_player.md §3, T3)
        Reason(
            "robbed_kong_not_kakan",
            "抢杠 only on a 蓄杠 (加杠): a concealed or exposed kong cannot be robbed",
            "只能抢蓄杠（加杠），暗杠和明杠不能抢",
            "槍槓は加槓のみ：暗槓・大明槓は槍槓できない",
        ),
        Reason(
            "no_fan",
            "no fan (a win needs one fan besides 花牌, T3)",
            "没有番（和牌须有花牌以外的一番）",
            "役がない（花牌以外に一翻必要）",
        ),
        Reason(
            "only_flowers",
            "only 花牌, no real fan (T3)",
            "只有花牌，没有真正的番",
            "花牌だけで、役がない",
        ),
    )
}


def reason(code: str) -> Reason:
    """The reason called ``code`` (a code not in the table is a programming error: every reason is listed)."""
    return REASONS[code]
