"""Riichi options and presets (digest ../shared/rules/riichi.md; defaults follow the seeds)."""

from __future__ import annotations

from ...controls import RELATIVE_SEATS, text
from .. import Option, resolve_options

OPTIONS: tuple[Option, ...] = (
    Option(
        "open_tanyao",
        True,
        "断幺九 counts on an open hand (食断, kuitan)",
        names=text("Open tanyao (kuitan)", "食断 (副露断幺九)", "喰いタン"),
        help=text("All Simples counts on an open hand", "副露后也算断幺九", "鳴いた手でも断么九がつく"),
    ),
    Option(
        "double_yakuman",
        True,
        "纯正九莲宝灯, 四暗刻单骑, 大四喜 and 国士无双十三面 count as double yakuman (seed 001); "
        "off: each counts once (Tenhou)",
        names=text("Double yakuman", "双倍役满", "ダブル役満"),
        help=text(
            "True Nine Gates, single-wait Four Concealed Triplets, Big Four Winds and 13-wait Thirteen Orphans count "
            "twice",
            "纯正九莲宝灯、四暗刻单骑、大四喜、国士无双十三面算双倍役满",
            "純正九蓮宝燈・四暗刻単騎・大四喜・国士無双十三面待ちをダブル役満とする",
        ),
    ),
    Option(
        "kazoe_yakuman",
        True,
        "13 or more counted han are a yakuman (数え役満); off caps them at sanbaiman",
        names=text("Counted yakuman (kazoe)", "累计役满", "数え役満"),
        help=text(
            "13 han or more is a yakuman; off: sanbaiman at most",
            "13 翻以上算役满；关闭时最多三倍满",
            "13翻以上を役満とする（なしなら三倍満まで）",
        ),
    ),
    Option(
        "kiriage_mangan",
        False,
        "30 fu 4 han and 60 fu 3 han are rounded up to mangan (切り上げ満貫)",
        names=text("Round up to mangan (kiriage)", "切上满贯", "切り上げ満貫"),
        help=text(
            "4 han 30 fu and 3 han 60 fu are paid as a mangan",
            "4 翻 30 符和 3 翻 60 符按满贯计",
            "4翻30符と3翻60符を満貫とする",
        ),
    ),
    Option(
        "renhou",
        "off",
        "人和: a non-dealer's ron before the first draw: off, mangan (5 han that add to the other yaku), "
        "strict_mangan (a mangan limit hand: the hand is paid as a mangan unless its own yaku and dora pay more; "
        "EMA 2016) or yakuman",
        ("off", "mangan", "strict_mangan", "yakuman"),
        names=text("Blessing of man", "人和", "人和"),
        help=text(
            "What a non-dealer's ron before the first draw is worth",
            "闲家第一次摸牌前荣和算什么",
            "子の第一ツモ前のロン和了の扱い",
        ),
        choice_names={
            "off": text("Not counted", "不计", "なし"),
            "mangan": text("Mangan (5 han, adds up)", "满贯（5 翻，可复合）", "満貫（5翻・複合あり）"),
            "strict_mangan": text("Mangan, not added to", "满贯（不复合）", "満貫（複合なし）"),
            "yakuman": text("Yakuman", "役满", "役満"),
        },
    ),
    Option(
        "local_yaku",
        False,
        "the local yaku of seed 001: 三连刻 (2 han), 四连刻 and 八连庄 (yakuman)",
        names=text("Local yaku", "地方役", "ローカル役"),
        help=text(
            "Three consecutive triplets (2 han), four consecutive triplets and eight dealer wins (yakuman)",
            "三连刻（2 翻）、四连刻和八连庄（役满）",
            "三連刻（2翻）・四連刻・八連荘（役満）を採用",
        ),
    ),
    Option(
        "nagashi_mangan",
        True,
        "流局满贯 is paid at an exhaustive draw as a mangan self-draw",
        names=text("Nagashi mangan", "流局满贯", "流し満貫"),
        help=text(
            "At an exhaustive draw, a river of only terminals and honours, none called, is paid as a mangan",
            "荒牌时舍牌全是幺九牌且未被鸣牌，按满贯自摸支付",
            "流局時、鳴かれていない么九牌だけの河は満貫ツモ扱い",
        ),
    ),
    Option(
        "five_honba_two_han",
        False,
        "from the 5th honba a hand needs 2 han of yaku to win (二翻缚り, seed 001)",
        names=text("Two han from the 5th honba", "五本场二翻缚", "5本場から二翻縛り"),
        help=text(
            "From the 5th honba a hand needs 2 han of yaku, dora not counted",
            "第 5 本场起需要 2 翻役（宝牌不算）才能和",
            "5本場以上はドラを除いて2翻以上が必要",
        ),
    ),
    Option(
        "double_wind_pair_fu",
        4,
        "fu of a pair of a wind that is both seat and round wind",
        (2, 4),
        names=text("Fu of a double-wind pair", "连风雀头的符", "連風牌の雀頭の符"),
        help=text(
            "Fu of a pair of the wind that is both seat and round wind",
            "既是门风又是圈风的雀头算几符",
            "自風かつ場風の雀頭の符",
        ),
        choice_names={2: text("2 fu", "2 符", "2符"), 4: text("4 fu", "4 符", "4符")},
    ),
    Option(
        "aka_dora",
        True,
        "each red five (0m 0p 0s) is a dora",
        names=text("Red fives", "赤宝牌", "赤ドラ"),
        help=text("Each red five is a dora", "每张红五算一张宝牌", "赤五をドラとする"),
    ),
    Option(
        "ura_dora",
        True,
        "ura dora count on a riichi win",
        names=text("Ura dora", "里宝牌", "裏ドラ"),
        help=text("Ura dora count on a riichi win", "立直和牌时计算里宝牌", "リーチ和了で裏ドラを数える"),
    ),
    Option(
        "pao_suukantsu",
        False,
        "pao (責任払い) applies to 四杠子 as it does to 大三元 and 大四喜",
        names=text("Liability for Four Kongs", "四杠子包牌", "四槓子の責任払い"),
        help=text(
            "The player who let the fourth kong be made pays, as for Big Three Dragons and Big Four Winds",
            "让第四个杠成立的人负责支付，与大三元、大四喜相同",
            "大三元・大四喜と同じく四槓子にも責任払いを適用",
        ),
    ),
    Option(
        "ippatsu",
        True,
        "一発 counts (1 han); off, as the JPML's official rule plays, the flag adds nothing",
        names=text("Ippatsu counts", "计一发", "一発あり"),
        help=text(
            "A win within one go-around after riichi adds 1 han",
            "立直后一巡内和牌加 1 翻",
            "リーチ後一巡以内の和了で1翻",
        ),
    ),
    Option(
        "kan_dora",
        True,
        "a kong turns a new dora indicator (槓ドラ); off: one dora and one ura indicator at most",
        names=text("Kong dora", "杠宝牌", "槓ドラ"),
        help=text(
            "Each kong turns a new dora indicator; off: one dora indicator only",
            "每开一杠翻一张新的宝牌指示牌；关闭则只有一张",
            "槓ごとに新しいドラ表示牌をめくる（なしなら一枚のみ）",
        ),
    ),
    Option(
        "multiple_yakuman",
        True,
        "different yakuman in one hand add up (複合); off: a hand is paid as one yakuman at most (EMA, 最高位戦)",
        names=text("Yakuman add up", "役满复合", "役満の複合"),
        help=text(
            "Different yakuman in one hand add up; off: one yakuman at most",
            "一手牌中的不同役满相加；关闭则最多一倍役满",
            "一つの手の複数の役満を合計する（なしなら役満一つまで）",
        ),
    ),
    Option(
        "pao",
        True,
        "pao (責任払い) for 大三元 and 大四喜; off, as 最高位戦 plays: no one is liable",
        names=text("Liability (pao)", "包牌", "責任払い（パオ）"),
        help=text(
            "Who fed the last set of Big Three Dragons or Big Four Winds is liable for it",
            "让大三元、大四喜成立的放牌者负责支付",
            "大三元・大四喜を確定させた人が責任を負う",
        ),
    ),
    Option(
        "multiple_ron",
        "double",
        "several ron on one discard: head_bump (only the first winner "
        "counterclockwise from the discarder), double (two winners; three is an abortive draw) or all",
        ("head_bump", "double", "all"),
        names=text("Several rons on one discard", "一炮多响", "ダブロン・トリロン"),
        help=text(
            "Who wins when several players ron the same discard",
            "几家同时荣和同一张牌时谁和",
            "同じ捨て牌に複数人がロンしたときの扱い",
        ),
        choice_names={
            "head_bump": text("First in turn only (atamahane)", "截和（只有最近的一家）", "頭ハネ"),
            "double": text("Up to two; three is a draw", "最多两家，三家流局", "ダブロンまで（トリロンは流局）"),
            "all": text("Everyone who called", "全部和牌", "全員和了"),
        },
    ),
    Option(
        "players",
        4,
        "4, or 3 for three-player Riichi (三麻): 108 tiles without 2m-8m (a 1m indicator makes 9m the dora), no chi, "
        "seats East, South and West, North tiles set aside as dora (context kita, item nukidora)",
        (4, 3),
        names=text("Players", "人数", "人数"),
        help=text(
            "Four players, or three (108 tiles without 2m-8m, no chi, Norths set aside as dora)",
            "四人，或三人麻将（去掉 2m-8m 共 108 张，不能吃，北作拔北宝牌）",
            "四人打ち、または三人打ち（2萬-8萬を抜いた108枚、チーなし、北抜き）",
        ),
        choice_names={4: text("Four", "四人", "四人打ち"), 3: text("Three (sanma)", "三人 (三麻)", "三人打ち (三麻)")},
    ),
    Option(
        "sanma_tsumo",
        "loss",
        "three players, a self-draw: loss (ツモ損: the two others pay their four-player share, the absent North's "
        "share is not paid) or split (北家折半: the absent share split between the two payers)",
        ("loss", "split"),
        names=text("Three players: self-draw", "三麻自摸", "三麻のツモ"),
        help=text(
            "Whether the absent North's share of a self-draw is lost or split between the two payers",
            "自摸时缺席北家的那份：不付（自摸损），或由两家平分",
            "ツモ和了での北家の分：ツモ損か北家折半か",
        ),
        choice_names={
            "loss": text("Lost (tsumo-zon)", "自摸损", "ツモ損"),
            "split": text("Split between the two", "两家平分", "北家折半"),
        },
    ),
    Option(
        "sanma_honba",
        "loss",
        "three players, each honba: loss (100 from each other player: 200 by ron, 100 each by self-draw) or "
        "full (300 by ron, 100 each by self-draw)",
        ("loss", "full"),
        names=text("Three players: honba", "三麻本场", "三麻の本場"),
        help=text(
            "Each honba pays 100 from each other player, or the full 300 on a ron",
            "每本场由其他每家付 100，或荣和时付足 300",
            "一本場ごとに各自100点か、ロンで300点",
        ),
        choice_names={
            "loss": text("100 from each other player", "每家 100", "各自100点"),
            "full": text("300 on a ron", "荣和 300", "ロンで300点"),
        },
    ),
    Option(
        "north_yakuhai",
        False,
        "three players: North is a value tile for everyone (共通役牌: a triplet 1 han, a pair 2 fu); off it is a guest "
        "wind (オタ風), as on Tenhou and Mahjong Soul",
        names=text("Three players: North is a value tile", "三麻北为役牌", "三麻の北を役牌に"),
        help=text(
            "North counts as a value tile for everyone; off: a guest wind",
            "北对所有人都是役牌；关闭则为客风",
            "北を全員の役牌とする（なしならオタ風）",
        ),
    ),
    Option(
        "ryuuiisou_hatsu",
        False,
        "緑一色 needs 發 (6z) among its tiles, as the JPML official rule says; off: green tiles only, 6z or not "
        "(Tenhou, M-League)",
        names=text("All Green needs the green dragon", "绿一色须有发", "緑一色は發が必要"),
        help=text(
            "All Green counts only with the green dragon (6z) in the hand",
            "绿一色必须含有发（6z）才算",
            "發を含む場合のみ緑一色とする",
        ),
    ),
    Option(
        "rinshan_tsumo_fu",
        True,
        "a win on a kong's replacement tile (嶺上開花) gets the self-draw's 2 fu; off, as the JPML official rule says "
        "(嶺上牌にツモ符はつかない), it gets none",
        names=text("Self-draw fu on a kong's replacement tile", "岭上开花计自摸符", "嶺上開花にツモ符"),
        help=text(
            "A win on the replacement tile of a kong counts the 2 fu of a self-draw; off: no self-draw fu",
            "岭上开花和牌计自摸的2符；关闭则不计",
            "嶺上牌での和了にツモ符2符をつける（なしならつけない）",
        ),
    ),
    Option(
        "variant",
        "standard",
        "standard, or baochong: the 包铳制 electronic table of seed 000 (明花 / 暗花 for "
        "dora / ura dora, only an added kong can be robbed)",
        ("standard", "baochong"),
        names=text("Variant", "玩法", "方式"),
        help=text(
            "Standard rules, or the discarder-pays electronic table",
            "标准规则，或包铳制电子桌",
            "標準ルール、または包銃制の電子卓",
        ),
        choice_names={
            "standard": text("Standard", "标准", "標準"),
            "baochong": text("Discarder pays all", "包铳制", "包銃制"),
        },
    ),
)

from .presets import PRESET_DOCS, PRESETS, SANMA_OF  # noqa: E402  (the presets read the option names above)

__all__ = ["CONTEXT_FIELDS", "FLAGS", "OPTIONS", "PRESETS", "PRESET_DOCS", "PRESET_NAMES", "resolve"]


def resolve(given: dict | None) -> dict:
    """Riichi's options (``rules.resolve_options``), ``players: 3`` with a platform preset being that platform's
    three-player preset."""
    if isinstance(given, dict) and given.get("players") == 3 and given.get("preset") in SANMA_OF:
        given = {**given, "preset": SANMA_OF[given["preset"]]}
    return resolve_options("riichi", OPTIONS, PRESETS, given)


# The rule set's own context fields (beside the contract's win context), declared as the options are.
_SEATS = {c.value: c.names for c in RELATIVE_SEATS}
FLAGS: tuple[Option, ...] = (
    Option(
        "pao",
        None,
        "the liable player (pao, 包牌) of Big Three Dragons or Big Four Winds: L, A or R",
        tuple(_SEATS),
        type="seat",
        names=text("Liable player (pao)", "包牌者", "責任払い"),
        help=text(
            "Who fed the last set of Big Three Dragons or Big Four Winds and so shares the payment",
            "让大三元或大四喜成立的放牌者，与人分担支付",
            "大三元・大四喜を確定させる牌を鳴かせた人",
        ),
        choice_names=_SEATS,
    ),
    Option(
        "discarder",
        None,
        "who discarded the winning tile: L, A or R (needed with a liable player)",
        tuple(_SEATS),
        type="seat",
        names=text("Discarder", "放铳者", "放銃者"),
        help=text(
            "Who discarded the winning tile (needed with a liable player)",
            "打出和牌张的人（有包牌者时需要）",
            "和了牌を捨てた人（責任払いのとき）",
        ),
        choice_names=_SEATS,
    ),
    Option(
        "kita",
        0,
        "three players: the Norths set aside as dora (抜きドラ), 0-4",
        type="count",
        maximum=4,
        names=text("Norths set aside (kita)", "拔北", "抜きドラ（北）"),
        help=text(
            "Three players: how many North tiles you set aside as dora",
            "三麻：拔出作宝牌的北的张数",
            "三人打ち：抜いた北の枚数",
        ),
    ),
    Option(
        "own_discards",
        None,
        "the tiles the player has discarded: a wait among them is furiten (analysis)",
        type="tiles",
        names=text("Your discards", "自己的舍牌", "自分の捨て牌"),
        help=text(
            "The tiles you have discarded: a wait among them is furiten (analysis)",
            "自己打出的牌：听的牌在其中即为振听（分析用）",
            "自分の捨て牌。待ち牌が含まれるとフリテン（分析用）",
        ),
    ),
    Option(
        "passed",
        None,
        "tiles others discarded that the player let pass since his last discard or riichi (furiten)",
        type="tiles",
        names=text("Tiles let pass", "放过的牌", "見逃した牌"),
        help=text(
            "Tiles others discarded that you did not call since your last discard (or since riichi)",
            "自上次打牌（或立直）以来别人打出而你没和的牌",
            "自分の最後の打牌（またはリーチ）以降に見逃した他家の捨て牌",
        ),
    ),
    Option(
        "paarenchan",
        False,
        "八連荘: the dealer wins an eighth hand in a row (with option local_yaku)",
        names=text("Eighth dealer win in a row", "八连庄", "八連荘"),
        help=text(
            "The dealer wins an eighth hand in a row (local yaku)",
            "庄家连续第八次和牌（地方役）",
            "親の8連続和了（ローカル役）",
        ),
    ),
)
CONTEXT_FIELDS = (
    "tsumo",
    "seat_wind",
    "round_wind",
    "riichi",
    "double_riichi",
    "ippatsu",
    "rinshan",
    "chankan",
    "haitei",
    "houtei",
    "tenhou",
    "chiihou",
    "renhou",
    "dora_indicators",
    "ura_indicators",
    "honba",
    "riichi_sticks",
)
PRESET_NAMES = {
    "mleague": text("M-League", "M 联赛", "Mリーグ"),
    "jpml": text("JPML official rules", "日本职业麻将联盟 公式规则", "日本プロ麻雀連盟 公式ルール"),
    "saikouisen": text("Saikouisen rules", "最高位战规则", "最高位戦ルール"),
    "wrc": text("World Riichi Championship", "世界立直麻将锦标赛 (WRC)", "世界リーチ麻雀選手権 (WRC)"),
    "ema": text("EMA (European) rules", "欧洲麻将协会 (EMA) 规则", "欧州麻雀協会 (EMA) ルール"),
    "tenhou": text("Tenhou", "天凤", "天鳳"),
    "mahjongsoul": text("Mahjong Soul", "雀魂", "雀魂"),
    "riichi_city": text("Riichi City", "麻雀一番街", "麻雀一番街"),
    "tenhou_sanma": text("Tenhou, three players", "天凤三麻", "天鳳三麻"),
    "mahjongsoul_sanma": text("Mahjong Soul, three players", "雀魂三麻", "雀魂三麻"),
    "riichi_city_sanma": text("Riichi City, three players", "麻雀一番街三麻", "麻雀一番街三麻"),
    "baochong": text("Discarder-pays table", "包铳制电子桌", "包銃制の電子卓"),
}
