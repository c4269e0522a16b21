"""The words the front ends print around a result, in three languages: labels, units, limits, waits, payers, meld
kinds, hand forms, MCR's principles, the words of the analysis and of ``suanfan rules``.

Each word is a code (``limit.mangan``, ``payer.discarder``, ``label.total``) with its text in en / zh / ja
(``reasons.Text``; a ``{field}`` is filled in). ``word(code, lang, **fields)`` gives one. A code that is not here is
shown by ``said`` as the raw code only in English: ``tests/test_cli_lang.py`` fails when any word of a zh or ja
breakdown is left in English.
"""

from __future__ import annotations

import re

from .names import japanese
from .reasons import REASONS, Text, table

LANGS = ("en", "zh", "ja")


WORDS: dict[str, Text] = table(
    # the labels of a breakdown
    ("label.hand", "Hand", "手牌", "手牌"),
    ("label.reading", "Reading", "拆解", "面子構成"),
    ("label.wait", "Wait", "听牌", "待ち"),
    ("label.items", "Items", "番种", "役"),
    ("label.value_han", "Han", "翻数", "翻数"),
    ("label.value_fan", "Value", "番数", "番数"),
    ("label.fu", "Fu", "符", "符"),
    ("label.total", "Total", "合计", "合計"),
    ("label.points", "Points", "得点", "得点"),
    ("label.received", "Received", "实得", "受取"),
    ("label.payments", "Payments", "支付", "支払い"),
    ("label.not_winning", "Not a win", "不成和", "和了不成立"),
    ("label.note", "note", "注", "注"),
    ("label.error", "error", "错误", "エラー"),
    ("label.excludes", "{a} excludes {b}", "{a} 不计 {b}", "{a} は {b} を含む"),
    ("label.times", "{value} × {count}", "{value} × {count}", "{value} × {count}"),
    # units
    ("unit.han", "han", "翻", "翻"),
    ("unit.fu", "fu", "符", "符"),
    ("unit.fan", "fan", "番", "番"),
    # limits (Riichi's, and a Chinese rule set's cap)
    ("limit.mangan", "mangan", "满贯", "満貫"),
    ("limit.haneman", "haneman", "跳满", "跳満"),
    ("limit.baiman", "baiman", "倍满", "倍満"),
    ("limit.sanbaiman", "sanbaiman", "三倍满", "三倍満"),
    ("limit.yakuman", "yakuman", "役满", "役満"),
    ("limit.kazoe_yakuman", "counted yakuman", "累计役满", "数え役満"),
    ("limit.double_yakuman", "double yakuman", "双倍役满", "ダブル役満"),
    ("limit.triple_yakuman", "triple yakuman", "三倍役满", "トリプル役満"),
    ("limit.times_yakuman", "{n}x yakuman", "{n}倍役满", "{n}倍役満"),
    ("limit.capped", "capped", "封顶", "上限"),
    # Riichi's waits
    ("wait.ryanmen", "open wait", "两面", "両面"),
    ("wait.kanchan", "closed wait", "嵌张", "嵌張"),
    ("wait.penchan", "edge wait", "边张", "辺張"),
    ("wait.tanki", "pair wait", "单骑", "単騎"),
    ("wait.shanpon", "double pair wait", "双碰", "双碰"),
    # who pays
    ("payer.discarder", "discarder", "放铳者", "放銃者"),
    ("payer.dealer", "dealer", "庄家", "親"),
    ("payer.non_dealer", "non-dealer", "闲家", "子"),
    ("payer.each", "each other", "其他每家", "他家それぞれ"),
    ("payer.other", "other player", "其他玩家", "他家"),
    ("payer.opponent", "opponent", "对手", "相手"),
    ("payer.pao", "liable player", "包牌者", "責任払い"),
    ("payer.pao_seat", "liable player ({seat})", "包牌者（{seat}）", "責任払い（{seat}）"),
    ("payer.E", "East", "东家", "東家"),
    ("payer.S", "South", "南家", "南家"),
    ("payer.W", "West", "西家", "西家"),
    ("payer.N", "North", "北家", "北家"),
    ("seat.L", "left", "上家", "上家"),
    ("seat.A", "across", "对家", "対面"),
    ("seat.R", "right", "下家", "下家"),
    # meld kinds, as a hand line writes them (pon:777z)
    ("meld.chi", "chi", "吃", "チー"),
    ("meld.pon", "pon", "碰", "ポン"),
    ("meld.minkan", "minkan", "明杠", "大明槓"),
    ("meld.kakan", "kakan", "加杠", "加槓"),
    ("meld.ankan", "ankan", "暗杠", "暗槓"),
    # MCR's exclusion principles (their ids are the rulebook's Chinese names)
    ("principle.不重复", "non-repeat", "不重复", japanese("不重复")),
    ("principle.不拆移", "non-separation", "不拆移", japanese("不拆移")),
    ("principle.不得相同", "no identical sets", "不得相同", japanese("不得相同")),
    ("principle.就高不就低", "the higher one", "就高不就低", japanese("就高不就低")),
    ("principle.套算一次", "account once", "套算一次", japanese("套算一次")),
    # the forms of a hand (analysis)
    ("form.regular", "regular (4 sets + pair)", "一般型（四副面子一对将）", "一般形（四面子一雀頭）"),
    ("form.seven_pairs", "seven pairs", "七对", "七対子"),
    ("form.thirteen_orphans", "thirteen orphans", "十三幺", "国士無双"),
    ("form.honors_knitted", "honors and knitted", "全不靠", japanese("全不靠")),
    ("form.knitted_straight", "knitted straight", "组合龙", japanese("组合龙")),
    # waits and analysis
    ("analysis.not_tenpai", "not tenpai", "未听牌", "聴牌していない"),
    ("analysis.shanten", "shanten", "向听", "向聴"),
    ("analysis.complete", "complete", "和牌形", "和了形"),
    ("analysis.waiting", "waiting (0)", "听牌（0）", "聴牌（0）"),
    ("analysis.effective", "effective tiles ({n} left)", "有效牌（剩 {n} 张）", "有効牌（残り {n} 枚）"),
    ("analysis.effective_tiles", "effective tiles", "有效牌", "有効牌"),
    ("analysis.waits", "waits", "听牌", "待ち"),
    (
        "analysis.furiten_all",
        "waits (furiten: no win on a discard)",
        "听牌（振听：不能荣和）",
        "待ち（振聴：ロン不可）",
    ),
    ("analysis.furiten", "furiten", "振听", "振聴"),
    ("analysis.with_riichi", "with riichi {score}", "立直时 {score}", "リーチ時 {score}"),
    ("analysis.discard", "discard", "打牌", "打牌"),
    ("analysis.left", "left", "剩余", "残り"),
    ("analysis.visible", "visible {tiles}", "可见 {tiles}", "見えている牌 {tiles}"),
    ("analysis.wins", "wins", "和牌", "和了"),
    ("analysis.no_win", "no win", "不能和牌", "和了できない"),
    ("analysis.points", "{points}", "{points} 点", "{points} 点"),
    # suanfan rules
    ("rules.tiles", "{n} tiles", "{n} 张牌", "{n} 枚"),
    ("rules.items", "{n} items", "{n} 种番", "{n} 役"),
    ("rules.option", "option", "选项", "オプション"),
    ("rules.presets", "presets", "预设", "プリセット"),
    ("rules.preset", "preset", "预设", "プリセット"),
    ("rules.match_settings", "match settings", "对局设定", "対局設定"),
    ("rules.flags", "flags", "规则专用条件", "ルール固有の条件"),
    ("rules.default", "default", "默认", "既定値"),
    ("rules.yes", "true", "是", "あり"),
    ("rules.no", "false", "否", "なし"),
    # suanfan match show / add (the English as the commands printed it before --lang; the page has its own words)
    ("match.title", "match {id}: {rules}", "第 {id} 场比赛：{rules}", "対局 {id}：{rules}"),
    ("match.round", "round", "局", "局"),
    ("match.what", "what", "结果", "結果"),
    ("match.rank", "rank", "名次", "順位"),
    ("match.player", "player", "玩家", "プレイヤー"),
    ("match.points", "points", "点数", "点数"),
    ("match.final", "final", "最终得分", "最終スコア"),
    ("match.standard", "standard", "标准分", "標準点"),
    ("match.provisional", "{what} (provisional)", "{what}（暂定）", "{what}（暫定）"),
    ("match.finished", "finished", "已结束", "終了"),
    ("match.next", "next: {label}", "下一局：{label}", "次の局：{label}"),
    (
        "match.on_table",
        "on the table: {points} ({sticks} riichi sticks), honba {honba}",
        "场上供托：{points}（{sticks} 根立直棒），{honba} 本场",
        "供託：{points}（リーチ棒 {sticks} 本）、{honba} 本場",
    ),
    ("match.round_title", "round {n}: {label}", "第 {n} 局：{label}", "第 {n} 局：{label}"),
    ("match.from", "from", "付出", "支払い"),
    ("match.to", "to", "收取", "受け取り"),
    ("match.amount", "amount", "金额", "点数"),
    ("match.reason", "reason", "原因", "理由"),
    ("match.table", "table", "场上", "供託"),
    # what a round was (a settlement's outcome)
    ("outcome.ron", "ron", "荣和", "ロン"),
    ("outcome.tsumo", "tsumo", "自摸", "ツモ"),
    ("outcome.win", "win", "和牌", "和了"),
    ("outcome.draw", "draw", "流局", "流局"),
    ("outcome.abort", "abort", "途中流局", "途中流局"),
    ("outcome.chombo", "chombo", "错和（冲和）", "チョンボ"),
    ("outcome.penalty", "penalty", "罚分", "罰符"),
    # why a payment was made (a settlement line's reason)
    ("pay.ron", "ron", "荣和", "ロン"),
    ("pay.tsumo", "tsumo", "自摸", "ツモ"),
    ("pay.honba", "honba", "本场", "本場"),
    ("pay.riichi_deposit", "riichi_deposit", "立直棒", "リーチ棒"),
    ("pay.riichi_sticks", "riichi_sticks", "供托", "供託"),
    ("pay.pao", "pao", "包牌", "包"),
    ("pay.noten_penalty", "noten_penalty", "不听罚符", "ノーテン罰符"),
    ("pay.nagashi_mangan", "nagashi_mangan", "流局满贯", "流し満貫"),
    ("pay.chombo", "chombo", "错和", "チョンボ"),
    ("pay.penalty", "penalty", "罚分", "罰符"),
    ("pay.false_win", "false_win", "错和", "錯和"),
    ("pay.discard", "discard", "点炮", "放銃"),
    ("pay.base", "base", "底分", "基本点"),
    ("pay.self_draw", "self_draw", "自摸", "自摸"),
    ("pay.bao", "bao", "包牌", "包牌"),
    ("pay.kong_minkan", "kong_minkan", "明杠", "明槓"),
    ("pay.kong_kakan", "kong_kakan", "补杠", "加槓"),
    ("pay.kong_ankan", "kong_ankan", "暗杠", "暗槓"),
    ("pay.kong_refund", "kong_refund", "退税", japanese("退税")),
    ("pay.hu_jiao_zhuan_yi", "hu_jiao_zhuan_yi", "呼叫转移", japanese("呼叫转移")),
    ("pay.cha_da_jiao", "cha_da_jiao", "查大叫", japanese("查大叫")),
    ("pay.flower_pig", "flower_pig", "查花猪", japanese("查花猪")),
    ("pay.liang_dao_draw", "liang_dao_draw", "荒庄亮倒", "流局時の亮倒"),
    # suanfan log check
    (
        "log.summary",
        # English counts one and many apart: {x_s} is "s" but for one, {x_v} is "s" for one (one win agrees)
        "{files} file{files_s}, {games} game{games_s}, {rounds} round{rounds_s}, {wins} win{wins_s}: {wins_agree} "
        "win{wins_agree_s} agree{wins_agree_v}, {rounds_agree} round{rounds_agree_s} agree{rounds_agree_v}, "
        "{games_agree} game{games_agree_s} agree{games_agree_v}",
        "{files} 个文件，{games} 场，{rounds} 局，{wins} 次和牌：{wins_agree} 次和牌一致，{rounds_agree} 局一致，"
        "{games_agree} 场一致",
        "{files} ファイル、{games} 対局、{rounds} 局、{wins} 和了：和了 {wins_agree} 一致、局 {rounds_agree} 一致、"
        "対局 {games_agree} 一致",
    ),
    ("log.skipped", "skipped: {what}", "跳过：{what}", "スキップ：{what}"),
    ("log.skip.not_a_log", "not_a_log", "非牌谱", "牌譜でない"),
    ("log.skip.unreadable", "unreadable", "无法读取", "読めない"),
    # what differs (a mismatch's "what")
    ("log.what.hand", "hand", "手牌", "手牌"),
    ("log.what.winning", "winning", "和牌", "和了"),
    ("log.what.han", "han", "翻数", "翻数"),
    ("log.what.fu", "fu", "符", "符"),
    ("log.what.points", "points", "点数", "点数"),
    ("log.what.yaku", "yaku", "役", "役"),
    ("log.what.settlement", "settlement", "结算", "精算"),
    ("log.what.deltas", "deltas", "点数变动", "点数移動"),
    ("log.what.game_end", "game_end", "终局", "終局"),
    ("log.what.next_round", "next_round", "下一局", "次の局"),
    ("log.what.final_scores", "final_scores", "终局点数", "最終持ち点"),
    ("log.what.final_points", "final_points", "最终得分", "最終スコア"),
    ("log.says", "log {log}, suanfan {suanfan}", "牌谱 {log}，suanfan {suanfan}", "牌譜 {log}、suanfan {suanfan}"),
)


def word(code: str, lang: str, **fields: object) -> str:
    """The word called ``code`` in ``lang``, its ``{field}`` places filled in."""
    return WORDS[code].names(**fields)[lang]


def has(code: str) -> bool:
    return code in WORDS


def coded(prefix: str, code: str, lang: str) -> str:
    """A code's word under ``prefix`` (``pay.honba``) in ``lang``; a code not listed is shown as it is (and
    ``tests/test_cli_lang.py`` fails on it in zh and ja)."""
    return word(f"{prefix}.{code}", lang) if has(f"{prefix}.{code}") else code


_TIMES = {"double": 2, "triple": 3, "quadruple": 4, "quintuple": 5, "sextuple": 6}
_TIMES_RE = re.compile(r"([a-z]+)_yakuman")


def limit_name(limit: str, lang: str) -> str:
    """A result's ``limit`` in ``lang``: mangan ... yakuman, and any ``<n-fold>_yakuman`` as "5倍役満"."""
    if has(f"limit.{limit}"):
        return word(f"limit.{limit}", lang)
    m = _TIMES_RE.fullmatch(limit)
    if m and m.group(1) in _TIMES:
        return word("limit.times_yakuman", lang, n=_TIMES[m.group(1)])
    return limit if lang == "en" else word("label.total", lang)  # pragma: no cover - every limit is listed


def payer_name(who: str, lang: str) -> str:
    """Who pays, in ``lang``: a role (discarder, dealer, ...), a seat (E S W N), a liable player (``pao``, ``pao:L``)."""
    if has(f"payer.{who}"):
        return word(f"payer.{who}", lang)
    if who.startswith("pao"):
        seat = who.partition(":")[2]
        if has(f"seat.{seat}"):
            return word("payer.pao_seat", lang, seat=word(f"seat.{seat}", lang))
        return word("payer.pao", lang)
    return word("payer.other", lang)


def meld_text(meld: str, lang: str) -> str:
    """A meld as the contract writes it (``pon:777z``, ``chi:123m@L``) with its kind in ``lang`` (``碰:777z``)."""
    kind, sep, tiles = meld.partition(":")
    if sep and has(f"meld.{kind}"):
        tiles, _, source = tiles.partition("@")
        shown = f"{word(f'meld.{kind}', lang)}:{tiles}"
        if source and has(f"seat.{source}"):
            shown += f"({word(f'seat.{source}', lang)})" if lang != "en" else f"@{source}"
        return shown
    return meld


def reason_text(d: dict, lang: str) -> str:
    """Why a result does not win, in ``lang``: its ``reason_names``, else the reason's text (English: the code)."""
    code = d.get("reason") or "not_winning"
    if lang == "en":
        return code
    known = REASONS.get(code)
    return (d.get("reason_names") or {}).get(lang) or (known.templates()[lang] if known else code)


def wait_score(d: dict, lang: str = "en") -> str:
    """What a wait scores, in one line: the points and the totals (han and fu, or fan, and the limit), or why it
    does not win."""
    if not d.get("winning"):
        return reason_text(d, lang)
    total = f"{d['points']['hand']}" if d.get("points") else word("analysis.wins", lang)
    units = []
    yakuman = str(d.get("limit") or "").endswith("yakuman")
    if d.get("han") is not None and not yakuman:
        units.append(f"{d['han']} {word('unit.han', lang)} {d['fu']} {word('unit.fu', lang)}")
    if d.get("fan") is not None:
        units.append(f"{d['fan']} {word('unit.fan', lang)}")
    if d.get("limit"):
        units.append(limit_name(d["limit"], lang))
    return total + (f"  ({', '.join(units)})" if units else "")
