"""Random complete Riichi hands (contract form) and the `mahjong` library as an oracle, for tests and bench/."""

from __future__ import annotations

import random

from suanfan.tiles import format_tiles, tile_name

GREEN = [19, 20, 21, 23, 25, 32]
YAOCHU = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]
MODES = (
    "closed",
    "closed",
    "open",
    "open",
    "kong",
    "chiitoi",
    "kokushi",
    "honors",
    "flush",
    "terminals",
    "green",
    "triplets",
    "nine_gates",
)


def _pool(mode: str, rnd: random.Random) -> list[int]:
    if mode == "honors":
        s = rnd.randrange(3)
        return list(range(s * 9, s * 9 + 9)) + list(range(27, 34))
    if mode in ("flush", "nine_gates"):
        s = rnd.randrange(3)
        return list(range(s * 9, s * 9 + 9))
    if mode == "terminals":
        return YAOCHU
    if mode == "green":
        return GREEN
    return list(range(34))


def random_hand(rnd: random.Random, mode: str | None = None) -> dict:
    """A complete hand with its win context, as the contract's hand object (rules riichi)."""
    mode = mode or rnd.choice(MODES)
    for _ in range(200):
        h = _try(rnd, mode)
        if h is not None:
            return h
    raise RuntimeError(f"could not build a {mode} hand")


def _try(rnd: random.Random, mode: str) -> dict | None:
    counts = [0] * 34
    concealed: list[int] = []
    melds: list = []

    def take(tiles: list[int]) -> bool:
        for t in tiles:
            counts[t] += 1
        if any(counts[t] > 4 for t in tiles):
            for t in tiles:
                counts[t] -= 1
            return False
        return True

    if mode == "kokushi":
        tiles = YAOCHU + [rnd.choice(YAOCHU)]
        take(tiles)
        concealed = tiles
    elif mode == "chiitoi":
        kinds = rnd.sample(_pool(rnd.choice(["closed", "honors", "flush", "terminals"]), rnd), 7)
        concealed = [t for k in kinds for t in (k, k)]
        take(concealed)
    elif mode == "nine_gates":
        s = rnd.randrange(3) * 9
        concealed = [s, s, s] + [s + i for i in range(1, 8)] + [s + 8] * 3 + [s + rnd.randrange(9)]
        take(concealed)
    else:
        pool = _pool(mode, rnd)
        n_melds = {"open": rnd.randint(1, 4), "kong": rnd.randint(1, 4)}.get(mode, 0)
        if mode in ("triplets", "honors", "terminals", "green") and rnd.random() < 0.5:
            n_melds = rnd.randint(0, 3)
        sets = []
        for i in range(4):
            for _ in range(20):
                chow_ok = mode not in ("triplets", "terminals")
                if chow_ok and rnd.random() < (0.25 if mode == "kong" else 0.6):
                    starts = [t for t in pool if t < 27 and t % 9 <= 6 and t + 1 in pool and t + 2 in pool]
                    if not starts:
                        continue
                    s = rnd.choice(starts)
                    tiles = [s, s + 1, s + 2]
                    kind = "chow"
                else:
                    t = rnd.choice(pool)
                    tiles = [t] * 3
                    kind = "pung"
                    if mode == "kong" and i < n_melds and rnd.random() < 0.7:
                        tiles = [t] * 4
                        kind = "kong"
                if take(tiles):
                    sets.append((kind, tiles))
                    break
            else:
                return None
        pair = None
        for _ in range(20):
            t = rnd.choice(pool)
            if take([t, t]):
                pair = t
                break
        if pair is None:
            return None
        rnd.shuffle(sets)
        for i, (kind, tiles) in enumerate(sets):
            if i < n_melds:
                if kind == "chow":
                    melds.append(("chi", tiles))
                elif kind == "pung":
                    melds.append(("pon", tiles))
                else:
                    melds.append((rnd.choice(["ankan", "minkan", "kakan"]), tiles))
            elif kind == "kong":
                melds.append(("ankan", tiles))
            else:
                concealed.extend(tiles)
        concealed.extend([pair, pair])
    for s in range(3):  # with red fives in play a suit has three plain fives
        five = s * 9 + 4
        if counts[five] == 4:
            if five in concealed:
                concealed[concealed.index(five)] = 42 + s
            else:
                tiles = next(t for _, t in melds if five in t)
                tiles[tiles.index(five)] = 42 + s
    win = rnd.choice(concealed)
    # red fives: one per suit at most, in the concealed part
    for s in range(3):
        five = s * 9 + 4
        if five in concealed and 42 + s not in concealed and rnd.random() < 0.3:
            concealed[concealed.index(five)] = 42 + s
            if win == five and rnd.random() < 0.5:
                win = 42 + s
    if win not in concealed:
        win = rnd.choice(concealed)
    closed = all(k == "ankan" for k, _ in melds)
    has_kong = any("kan" in k for k, _ in melds)
    melds = [f"{k}:{format_tiles(t)}" for k, t in melds]
    tsumo = rnd.random() < 0.5
    ctx: dict = {"tsumo": tsumo, "seat_wind": rnd.choice("ESWN"), "round_wind": rnd.choice("ESWN")}
    if closed and rnd.random() < 0.5:
        if rnd.random() < 0.1:
            ctx["double_riichi"] = True
        else:
            ctx["riichi"] = True
        if rnd.random() < 0.2:
            ctx["ippatsu"] = True
    r = rnd.random()
    if tsumo and not melds and r < 0.03:
        ctx["tenhou" if ctx["seat_wind"] == "E" else "chiihou"] = True
        for k in ("riichi", "double_riichi", "ippatsu"):
            ctx.pop(k, None)
    elif tsumo and r < 0.08:
        ctx["haitei"] = True
    elif tsumo and has_kong and r < 0.16:
        ctx["rinshan"] = True
    elif not tsumo and r < 0.08:
        ctx["houtei"] = True
    elif not tsumo and r < 0.14 and counts[win if win < 42 else 4 + 9 * (win - 42)] == 1:
        ctx["chankan"] = True  # the robbed kong holds the other three copies of the winning tile
    seen = list(counts)
    dora = []
    for _ in range(rnd.choice([0, 1, 1, 1, 2, 3])):
        t = rnd.randrange(34)
        if seen[t] < 4:
            seen[t] += 1
            dora.append(tile_name(t))
    if dora:
        ctx["dora_indicators"] = dora
    if (ctx.get("riichi") or ctx.get("double_riichi")) and dora:
        ura = []
        for _ in dora:
            t = rnd.randrange(34)
            if seen[t] < 4:
                seen[t] += 1
                ura.append(tile_name(t))
        if ura:
            ctx["ura_indicators"] = ura
    if rnd.random() < 0.3:
        ctx["honba"] = rnd.randint(1, 4)
    if rnd.random() < 0.2:
        ctx["riichi_sticks"] = rnd.randint(1, 3)
    return {"rules": "riichi", "hand": format_tiles(concealed), "win": tile_name(win), "melds": melds, **ctx}


# ---- the `mahjong` library as an oracle ----------------------------------------------------------------------


def oracle(obj: dict, options: dict | None = None):
    """Score a contract hand object with the `mahjong` library; returns its HandResponse."""
    from mahjong.constants import EAST
    from mahjong.hand_calculating.hand import HandCalculator
    from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
    from mahjong.meld import Meld

    from suanfan.hand import Meld as OurMeld
    from suanfan.tiles import kind, parse_tile, parse_tiles

    options = options or {}
    free = {k: [k * 4 + i for i in range(4)] for k in range(34)}  # copy 0 of each five is the red one

    def to136(t: int) -> int:
        k = kind(t)
        if t >= 42:
            free[k].remove(k * 4)
            return k * 4
        plain = [x for x in free[k] if not (k in (4, 13, 22) and x == k * 4)] or free[k]
        x = plain[0]
        free[k].remove(x)
        return x

    hand_tiles = parse_tiles(obj["hand"])
    win = parse_tile(obj["win"])
    # the red five, if present, takes copy 0 of its five
    tiles136 = [to136(t) for t in hand_tiles]
    win136 = next(
        x for t, x in zip(hand_tiles, tiles136, strict=True) if kind(t) == kind(win) and (t >= 42) == (win >= 42)
    )
    melds = []
    for spec in obj.get("melds", []):
        m = OurMeld.parse(spec)
        t136 = [to136(t) for t in m.tiles]
        tiles136 += t136
        if m.kind == "chi":
            melds.append(Meld(Meld.CHI, t136, True))
        elif m.kind == "pon":
            melds.append(Meld(Meld.PON, t136, True))
        elif m.kind == "kakan":
            melds.append(Meld(Meld.SHOUMINKAN, t136, True))
        else:
            melds.append(Meld(Meld.KAN, t136, m.kind == "minkan"))
    winds = {"E": EAST, "S": EAST + 1, "W": EAST + 2, "N": EAST + 3}

    def ind(key: str) -> list[int]:
        return [to136(t) for t in parse_tiles(obj.get(key, []))]

    config = HandConfig(
        is_tsumo=obj.get("tsumo", False),
        is_riichi=obj.get("riichi", False) or obj.get("double_riichi", False),
        is_ippatsu=obj.get("ippatsu", False),
        is_rinshan=obj.get("rinshan", False),
        is_chankan=obj.get("chankan", False),
        is_haitei=obj.get("haitei", False),
        is_houtei=obj.get("houtei", False),
        is_daburu_riichi=obj.get("double_riichi", False),
        is_tenhou=obj.get("tenhou", False),
        is_chiihou=obj.get("chiihou", False),
        player_wind=winds[obj.get("seat_wind", "E")],
        round_wind=winds[obj.get("round_wind", "E")],
        kyoutaku_number=obj.get("riichi_sticks", 0),
        tsumi_number=obj.get("honba", 0),
        options=OptionalRules(
            has_open_tanyao=options.get("open_tanyao", True),
            has_aka_dora=True,
            has_double_yakuman=options.get("double_yakuman", True),
            kazoe_limit=HandConfig.KAZOE_LIMITED if options.get("kazoe_yakuman", True) else HandConfig.KAZOE_SANBAIMAN,
            kiriage=options.get("kiriage_mangan", False),
            fu_for_open_pinfu=True,
            fu_for_pinfu_tsumo=False,
        ),
    )
    return HandCalculator.estimate_hand_value(
        tiles136,
        win136,
        melds=melds,
        dora_indicators=ind("dora_indicators"),
        config=config,
        ura_dora_indicators=ind("ura_indicators") or None,
    )


ORACLE_YAKU = {
    "Menzen Tsumo": "menzen_tsumo", "Riichi": "riichi", "Ippatsu": "ippatsu", "Chankan": "chankan",
    "Rinshan Kaihou": "rinshan", "Haitei Raoyue": "haitei", "Houtei Raoyui": "houtei", "Double Riichi": "double_riichi",
    "Renhou": "renhou", "Pinfu": "pinfu", "Tanyao": "tanyao", "Iipeiko": "iipeikou", "Yakuhai (haku)": "haku",
    "Yakuhai (hatsu)": "hatsu", "Yakuhai (chun)": "chun", "Sanshoku Doujun": "sanshoku", "Ittsu": "ittsu",
    "Chantai": "chanta", "Honroutou": "honroutou", "Toitoi": "toitoi", "San Ankou": "sanankou",
    "San Kantsu": "sankantsu", "Sanshoku Doukou": "sanshoku_doukou", "Chiitoitsu": "chiitoitsu",
    "Shou Sangen": "shousangen", "Honitsu": "honitsu", "Junchan": "junchan", "Ryanpeikou": "ryanpeikou",
    "Chinitsu": "chinitsu", "Kokushi Musou": "kokushi", "Chuuren Poutou": "chuuren", "Suu Ankou": "suuankou",
    "Daisangen": "daisangen", "Shousuushii": "shousuushii", "Ryuuiisou": "ryuuiisou", "Suu Kantsu": "suukantsu",
    "Tsuu Iisou": "tsuuiisou", "Chinroutou": "chinroutou", "Dai Suushii": "daisuushii",
    "Kokushi Musou Juusanmen Matchi": "kokushi_13", "Suu Ankou Tanki": "suuankou_tanki",
    "Daburu Chuuren Poutou": "junsei_chuuren", "Tenhou": "tenhou", "Chiihou": "chiihou", "Dora": "dora",
    "Aka Dora": "aka_dora", "Ura Dora": "ura_dora",
}  # fmt: skip


def oracle_yaku(response) -> dict[str, int]:
    """The oracle's yaku as our ids, each with its han (dora: their count)."""
    out: dict[str, int] = {}
    for y in response.yaku:
        name = y.name
        n = y.han_closed if name in ("Dora", "Aka Dora", "Ura Dora") else 1  # the oracle keeps dora counts as han
        if name.startswith("Yakuhai (seat wind"):
            key = "seat_wind"
        elif name.startswith("Yakuhai (round wind"):
            key = "round_wind"
        else:
            key = ORACLE_YAKU[name]
        out[key] = out.get(key, 0) + n
    return out
