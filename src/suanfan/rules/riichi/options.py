"""Riichi options and presets (digest ../shared/rules/riichi.md; defaults follow the seeds)."""

from __future__ import annotations

from .. import Option, resolve_options

OPTIONS: tuple[Option, ...] = (
    Option("open_tanyao", True, "断幺九 counts on an open hand (食断, kuitan)"),
    Option(
        "double_yakuman",
        True,
        "纯正九莲宝灯, 四暗刻单骑, 大四喜 and 国士无双十三面 count as double yakuman (seed 001); "
        "off: each counts once (Tenhou)",
    ),
    Option("kazoe_yakuman", True, "13 or more counted han are a yakuman (数え役満); off caps them at sanbaiman"),
    Option("kiriage_mangan", False, "30 fu 4 han and 60 fu 3 han are rounded up to mangan (切り上げ満貫)"),
    Option(
        "renhou",
        "off",
        "人和: a non-dealer's ron before the first draw: off, mangan (5 han) or yakuman",
        ("off", "mangan", "yakuman"),
    ),
    Option("local_yaku", False, "the local yaku of seed 001: 三连刻 (2 han), 四连刻 and 八连庄 (yakuman)"),
    Option("nagashi_mangan", True, "流局满贯 is paid at an exhaustive draw as a mangan self-draw"),
    Option("five_honba_two_han", False, "from the 5th honba a hand needs 2 han of yaku to win (二翻缚り, seed 001)"),
    Option("double_wind_pair_fu", 4, "fu of a pair of a wind that is both seat and round wind", (2, 4)),
    Option("aka_dora", True, "each red five (0m 0p 0s) is a dora"),
    Option("ura_dora", True, "ura dora count on a riichi win"),
    Option("ippatsu", True, "一発 counts (1 han); off, as the JPML's official rule plays, the flag adds nothing"),
    Option("kan_dora", True, "a kong turns a new dora indicator (槓ドラ); off: one dora and one ura indicator at most"),
    Option(
        "multiple_yakuman",
        True,
        "different yakuman in one hand add up (複合); off: a hand is paid as one yakuman at most (EMA, 最高位戦)",
    ),
    Option("pao", True, "pao (責任払い) for 大三元 and 大四喜; off, as 最高位戦 plays: no one is liable"),
    Option("pao_suukantsu", False, "pao (責任払い) applies to 四杠子 as it does to 大三元 and 大四喜"),
    Option(
        "multiple_ron",
        "double",
        "several ron on one discard: head_bump (only the first winner "
        "counterclockwise from the discarder), double (two winners; three is an abortive draw) or all",
        ("head_bump", "double", "all"),
    ),
    Option(
        "players",
        4,
        "4, or 3 for three-player Riichi (三麻): 108 tiles without 2m-8m (a 1m indicator makes 9m the dora), no chi, "
        "seats East, South and West, North tiles set aside as dora (context kita, item nukidora)",
        (4, 3),
    ),
    Option(
        "sanma_tsumo",
        "loss",
        "three players, a self-draw: loss (ツモ損: the two others pay their four-player share, the absent North's "
        "share is not paid) or split (北家折半: the absent share split between the two payers)",
        ("loss", "split"),
    ),
    Option(
        "sanma_honba",
        "loss",
        "three players, each honba: loss (100 from each other player: 200 by ron, 100 each by self-draw) or "
        "full (300 by ron, 100 each by self-draw)",
        ("loss", "full"),
    ),
    Option(
        "north_yakuhai",
        False,
        "three players: North is a value tile for everyone (共通役牌: a triplet 1 han, a pair 2 fu); off it is a guest "
        "wind (オタ風), as on Tenhou and Mahjong Soul",
    ),
    Option(
        "variant",
        "standard",
        "standard, or baochong: the 包铳制 electronic table of seed 000 (明花 / 暗花 for "
        "dora / ura dora, only an added kong can be robbed)",
        ("standard", "baochong"),
    ),
)

from .presets import PRESET_DOCS, PRESETS, SANMA_OF  # noqa: E402  (the presets read the option names above)

__all__ = ["OPTIONS", "PRESETS", "PRESET_DOCS", "resolve"]


def resolve(given: dict | None) -> dict:
    """Riichi's options (``rules.resolve_options``), ``players: 3`` with a platform preset being that platform's
    three-player preset."""
    if isinstance(given, dict) and given.get("players") == 3 and given.get("preset") in SANMA_OF:
        given = {**given, "preset": SANMA_OF[given["preset"]]}
    return resolve_options("riichi", OPTIONS, PRESETS, given)
