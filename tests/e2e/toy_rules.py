"""A throwaway rule set for the web tests: it exercises every field the page renders (options of each kind, a
context flag, items with counts, extras like ``fu_parts``, payments, a complete hand that does not win) without
depending on a real rule set's scoring. Registered by the tests only, never shipped in src/."""

from __future__ import annotations

from suanfan import rules as rules_mod
from suanfan.controls import text
from suanfan.hand import TILES_144, Context, Hand
from suanfan.result import Payment, Points, Result
from suanfan.rules import ItemTable, Option, RuleSet
from suanfan.tiles import format_tiles, is_honor

ITEMS = ItemTable()
ITEMS("base", 1, en="Base", zh="底", ja="基本")(None)
ITEMS("self_draw", 1, en="Self-draw", zh="自摸", ja="ツモ")(None)
ITEMS("lucky", 2, en="Lucky", zh="运气", ja="幸運")(None)
ITEMS("flower", 1, en="Flower", zh="花牌", ja="花")(None)


class ToyRules(RuleSet):
    name = "webtoy"
    names = {"en": "Web toy", "zh": "网页玩具", "ja": "ウェブ玩具"}
    tile_set = TILES_144
    options = (
        Option(
            "double",
            False,
            "double every value",
            names=text("Double", "加倍", "倍付け"),
            help=text("Double every value", "每项加倍", "すべて倍にする"),
        ),
        Option(
            "scheme",
            "plain",
            "how points are paid",
            choices=("plain", "each"),
            names=text("Payment scheme", "支付方式", "支払い方式"),
            help=text("How points are paid", "怎么付分", "支払いの方式"),
            choice_names={"plain": text("Plain", "普通", "普通"), "each": text("Each pays", "每家付", "各自払い")},
        ),
        Option(
            "unit",
            1000,
            "points per fan",
            names=text("Points per fan", "每番点数", "一番の点数"),
            help=text("Points per fan", "每番多少点", "一番あたりの点数"),
        ),
    )
    flags = (
        Option(
            "lucky",
            False,
            "a lucky win adds 2",
            names=text("Lucky", "运气好", "幸運"),
            help=text("A lucky win adds 2", "运气好加 2", "幸運なら 2 を加える"),
        ),
    )
    context_fields = ("tsumo", "seat_wind", "flowers")
    items = ITEMS
    doc = "test-only rule set"

    def score(self, hand: Hand, ctx: Context, opts: dict) -> Result:
        text = hand.text()
        melds = tuple(str(m) for m in hand.melds)
        found = self.readings(hand, opts)
        if not found:
            return Result(winning=False, rules=self.name, hand=text, melds=melds, reason="not_winning")
        reading = found[0]
        mult = 2 if opts["double"] else 1
        items = [ITEMS["base"].item(1 * mult)]
        if ctx.tsumo:
            items.append(ITEMS["self_draw"].item(1 * mult))
        if ctx.extra.get("lucky"):
            items.append(ITEMS["lucky"].item(2 * mult))
        if hand.flowers:
            items.append(ITEMS["flower"].item(1 * mult, count=len(hand.flowers)))
        fan = sum(i.value * (i.count or 1) for i in items)
        decomposition = tuple(
            format_tiles([b.tile] * (2 if b.kind == "pair" else 3))
            if b.kind != "chow"
            else format_tiles([b.tile, b.tile + 1, b.tile + 2])
            for b in reading.blocks
        )
        extra = {"fu_parts": [{"name": "base", "fu": 20}, {"name": "tsumo", "fu": 2 if ctx.tsumo else 0}]}
        if not any(is_honor(t) for t in hand.all_tiles()):
            return Result(
                winning=False,
                rules=self.name,
                hand=text,
                melds=melds,
                decomposition=decomposition,
                items=tuple(items),
                fan=fan,
                reason="needs an honor tile",
                explain=extra,
            )
        amount = fan * opts["unit"]
        if opts["scheme"] == "each" or ctx.tsumo:
            payments = (Payment("each", amount),)
            received = 3 * amount
        else:
            payments = (Payment("discarder", amount),)
            received = amount
        return Result(
            winning=True,
            rules=self.name,
            hand=text,
            melds=melds,
            decomposition=decomposition,
            items=tuple(items),
            fan=fan,
            limit=None,
            points=Points(amount, received, payments),
            explain=extra,
        )


TOY = ToyRules()


def register() -> None:
    rules_mod.registry()
    rules_mod._REGISTRY[TOY.name] = TOY


def unregister() -> None:
    rules_mod._REGISTRY.pop(TOY.name, None)
