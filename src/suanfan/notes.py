"""What a result says beside its numbers, in three languages: each note a code with its text in en / zh / ja.

A note is written where the rule decides it (``said("ura_needs_riichi")``, ``said("rounded_up", before=26,
after=30)``) and is a ``Said``: a ``str`` holding the English text, so every reader of ``note`` / ``notes`` still
reads the text it always did, that also carries its ``code`` and its ``names`` in each language. The JSON result
writes them beside the text: an item's, a payment's or a fu part's ``note`` gets ``note_code`` and ``note_names``,
and a result's ``notes`` get ``note_codes`` and ``note_names`` (one per note, in order; ``explained``).

The table below lists every note any rule set writes; ``suanfan rules --json`` lists them (``notes``), and the
command line, the page and the docs show a note in the reader's language from its names.
"""

from __future__ import annotations

from collections.abc import Iterable

from .reasons import Text

NOTES: dict[str, Text] = {
    t.code: t
    for t in (
        # Riichi: a flag an option turns off (rules/riichi/__init__.py)
        Text(
            "renhou_off",
            "renhou given, but the option renhou is off: it adds nothing",
            "给了人和，但规则不计人和：不加番",
            "人和が指定されたが、人和なしのルール：加算しない",
        ),
        Text(
            "ippatsu_off",
            "ippatsu given, but the option ippatsu is off: it adds nothing",
            "给了一发，但规则不计一发：不加番",
            "一発が指定されたが、一発なしのルール：加算しない",
        ),
        Text(
            "ura_off",
            "ura dora indicators given, but the option ura_dora is off: they add nothing",
            "给了里宝牌指示牌，但规则不用里宝牌：不加番",
            "裏ドラ表示牌が指定されたが、裏ドラなしのルール：加算しない",
        ),
        Text(
            "ura_needs_riichi",
            "ura dora indicators given, but ura dora count only on a riichi win",
            "给了里宝牌指示牌，但里宝牌只在立直和牌时计算",
            "裏ドラ表示牌が指定されたが、裏ドラは立直した和了だけに数える",
        ),
        Text(
            "pao_off",
            "pao {seat} given, but the option pao is off: the hand is paid as any other",
            "给了包牌者（{seat}），但规则不用包牌：照常支付",
            "責任払い（{seat}）が指定されたが、包なしのルール：通常どおり支払う",
        ),
        # Riichi: a yakuman item, and the parts of the fu (rules/riichi/fu.py)
        Text("yakuman", "yakuman", "役满", "役満"),
        Text("yakuman_times", "{n}x yakuman", "{n}倍役满", "{n}倍役満"),
        Text("fu_fixed", "fixed", "固定", "固定"),
        Text("open_no_fu", "open hand with no fu is 30", "无符的副露手按 30 符计", "副露して符がない手は 30 符"),
        Text("wait_kanchan", "closed wait", "嵌张", "嵌張"),
        Text("wait_penchan", "edge wait", "边张", "辺張"),
        Text("wait_tanki", "pair wait", "单骑", "単騎"),
        Text("open_simple_pung", "open simple pung", "明刻（中张）", "明刻（中張牌）"),
        Text("open_terminal_pung", "open terminal/honor pung", "明刻（幺九）", "明刻（么九牌）"),
        Text("concealed_simple_pung", "concealed simple pung", "暗刻（中张）", "暗刻（中張牌）"),
        Text("concealed_terminal_pung", "concealed terminal/honor pung", "暗刻（幺九）", "暗刻（么九牌）"),
        Text("open_simple_kong", "open simple kong", "明杠（中张）", "明槓（中張牌）"),
        Text("open_terminal_kong", "open terminal/honor kong", "明杠（幺九）", "明槓（么九牌）"),
        Text("concealed_simple_kong", "concealed simple kong", "暗杠（中张）", "暗槓（中張牌）"),
        Text("concealed_terminal_kong", "concealed terminal/honor kong", "暗杠（幺九）", "暗槓（么九牌）"),
        Text("pair_dragon", "dragon", "三元牌", "三元牌"),
        Text("pair_double_wind", "double wind", "连风", "連風牌"),
        Text("pair_value_wind", "value wind", "役风", "役風牌"),
        Text("pair_seat_wind", "seat wind", "自风", "自風"),
        Text("pair_round_wind", "round wind", "场风", "場風"),
        Text("rounded_up", "{before} -> {after}", "{before} → {after}", "{before} → {after}"),
        # MCR (rules/mcr/__init__.py, division.py, fans.py)
        Text(
            "last_copy_held",
            "Last Tile does not count: the hand holds another copy of the winning tile (consensus)",
            "不计和绝张：手中还有另一张和牌张（通行解释）",
            "和絶張は数えない：和了牌がもう一枚手にある（通説）",
        ),
        Text(
            "last_copy_in_melds",
            "Last Tile: the other three copies of the winning tile are in the hand's own melds",
            "和绝张：和牌张的另外三张都在自己的副露中",
            "和絶張：和了牌の残り三枚が自分の副露にある",
        ),
        Text(
            "pung_by_discard_melded",
            "the pung completed by the discard counts as melded",
            "点和所成的刻子算作明刻",
            "ロンで完成した刻子は明刻として数える",
        ),
        Text(
            "wind_pungs_no_yaojiu",
            "the pungs of Big Three Winds / Little Four Winds / Big Four Winds count no Pung of Terminals or Honors "
            "(non-repeat)",
            "三风刻、小四喜、大四喜的风刻不计幺九刻（不重复）",
            "三風刻・小四喜・大四喜の風牌の刻子は幺九刻を数えない（不重複）",
        ),
        Text(
            "round_wind_pung_no_yaojiu",
            "the prevalent wind pung counts no Pung of Terminals or Honors (non-repeat)",
            "圈风刻不计幺九刻（不重复）",
            "圏風刻は幺九刻を数えない（不重複）",
        ),
        Text(
            "seat_wind_pung_no_yaojiu",
            "the seat wind pung counts no Pung of Terminals or Honors (non-repeat)",
            "门风刻不计幺九刻（不重复）",
            "門風刻は幺九刻を数えない（不重複）",
        ),
        # Sichuan (rules/sichuan.py)
        Text("multiplier", "x{n}", "×{n}", "×{n}"),
        Text("self_draw_adds_base", "a self-draw adds one base", "自摸加底", "自摸加底（ツモは一底加算）"),
        Text(
            "robbed_kong_pays",
            "robbing a kong: the player whose added kong was robbed; that kong pays nothing",
            "抢杠：被抢补杠者支付，该杠不收杠钱",
            "搶槓：加槓を搶槓された者が払い、その槓の槓代はない",
        ),
        Text(
            "call_transfer",
            "transfer on a call: the money of his {kong}",
            "呼叫转移：转来他的{kong}杠钱",
            "呼叫転移：その人の{kong}の槓代を移す",
        ),
        Text("kong_minkan_wind", "direct kong (wind money)", "直杠（刮风）", "直槓（刮風）"),
        Text("kong_kakan_wind", "added kong (wind money)", "补杠（刮风）", "加槓（刮風）"),
        Text("kong_ankan_rain", "concealed kong (rain money)", "暗杠（下雨）", "暗槓（下雨）"),
        # Ka Wu Xing (rules/kawuxing.py)
        Text("laid_open", "declared hand", "亮倒", "亮倒"),
        Text("kong_minkan", "exposed kong", "明杠", "明槓"),
        Text("kong_kakan", "added kong", "补杠", "加槓"),
        Text("kong_ankan", "concealed kong", "暗杠", "暗槓"),
        # Wuhu (rules/wuhu.py)
        Text("zhi_and_ya", "suit count {zhi}, closed-wait rank {ya}", "支数 {zhi}，押 {ya}", "支数 {zhi}、押 {ya}"),
        Text("double_sihuo", "two Four alive", "双四活", "双四活"),
        Text("jiaopai_of", "{items}", "{items}", "{items}"),
        Text("bao_pays_all", "the liable player (bao) pays every share", "包牌：包付全部", "包牌：全員分を払う"),
        Text("dealer_share", "dealer", "庄家", "親"),
    )
}


class Said(str):
    """A note: its English text (so it is the ``str`` it always was), its ``code`` and its ``names`` in en / zh /
    ja. Made by ``said``."""

    __slots__ = ("code", "names")
    code: str
    names: dict[str, str]

    def __new__(cls, code: str, names: dict[str, str]) -> Said:
        s = super().__new__(cls, names["en"])
        s.code = code
        s.names = names
        return s

    def __reduce__(self):  # pickle and copy keep the code and the names
        return (Said, (self.code, dict(self.names)))

    def fields(self) -> dict:
        """The note as an item, a payment or a fu part writes it: ``note``, ``note_code``, ``note_names``."""
        return {"note": str(self), "note_code": self.code, "note_names": dict(self.names)}


def said(code: str, **fields: object) -> Said:
    """The note called ``code``, its ``{field}`` places filled in (a field given as a dict of languages, a name, is
    filled in with its word in each). A code not in the table is a programming error: every note is listed."""
    return Said(code, NOTES[code].names(**fields))


def explained(notes: Iterable[str]) -> dict:
    """A result's notes as ``explain`` holds them: ``notes`` (the English texts), ``note_codes`` and ``note_names``
    (in en / zh / ja), each note once, in the order said."""
    kept = list(dict.fromkeys(notes))
    d: dict = {"notes": kept}
    if all(isinstance(n, Said) for n in kept):
        d["note_codes"] = [n.code for n in kept]
        d["note_names"] = [dict(n.names) for n in kept]
    return d


def note_fields(note: str | None) -> dict:
    """An item's, a payment's or a fu part's note as its JSON writes it: nothing, ``note`` alone (a plain text), or
    ``note`` with ``note_code`` and ``note_names`` (a ``Said``)."""
    if not note:
        return {}
    if isinstance(note, Said):
        return note.fields()
    return {"note": note}
