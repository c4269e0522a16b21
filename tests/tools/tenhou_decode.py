"""Build tests/data/tenhou_agari.jsonl from tests/tools/tenhou_agari_raw.txt (real Tenhou wins).

Each raw line is ``repo|path|kyoku,honba,sticks|oya|<AGARI .../>``: the AGARI tag exactly as the Tenhou server wrote
it in an mjlog, and from the round's INIT tag its seed (first three numbers) and dealer. Everything expected comes
from the tag itself: ``ten="fu,points,limit"``, ``yaku="id,han,..."`` / ``yakuman="id,..."``.

The mjlog encoding (Tenhou's own format, as documented by the public log parsers):
- tiles are 0-135: ``id // 4`` is the kind (0-8 man, 9-17 pin, 18-26 sou, 27-33 E S W N white green red);
  ids 16, 52 and 88 are the red fives when the game has red fives (GO type bit 0x02 clear; ``00a9`` and ``0009`` logs).
- ``m`` is a meld: ``m & 3`` is where the called tile came from relative to the caller (0 self, 1 right, 2 across,
  3 left); bit 2 chi, bit 3 pon, bit 4 added kong (kakan), bit 5 nukidora (3-player only), else a kong
  (concealed if ``m & 3 == 0``).
- ``ba="honba,riichi sticks"``; the winner is ``who``; ``fromWho == who`` is a self-draw.
- seat wind = (who - oya) mod 4 (E S W N); round wind = kyoku // 4.

Run: ``.venv/bin/python tests/tools/tenhou_decode.py`` (writes the JSONL; prints a count and any raw line it rejects).
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

HERE = Path(__file__).parent
RAW = HERE / "tenhou_agari_raw.txt"
OUT = HERE.parent / "data" / "tenhou_agari.jsonl"
# Lines where suanfan differs from Tenhou for a documented reason: id -> {"known_difference": why, "got": {...}}.
KNOWN = HERE / "tenhou_known_differences.json"

WINDS = "ESWN"
RED_IDS = {16: "0m", 52: "0p", 88: "0s"}
SOURCE = {1: "R", 2: "A", 3: "L"}  # m & 3: offset of the discarder from the caller

# Tenhou yaku ids (the mjlog's yaku / yakuman attributes) -> suanfan riichi item ids. 10-13 are the seat winds
# (自風 東南西北), 14-17 the round winds (場風).
TENHOU_YAKU = {
    0: "menzen_tsumo",
    1: "riichi",
    2: "ippatsu",
    3: "chankan",
    4: "rinshan",
    5: "haitei",
    6: "houtei",
    7: "pinfu",
    8: "tanyao",
    9: "iipeikou",
    10: "seat_wind",
    11: "seat_wind",
    12: "seat_wind",
    13: "seat_wind",
    14: "round_wind",
    15: "round_wind",
    16: "round_wind",
    17: "round_wind",
    18: "haku",
    19: "hatsu",
    20: "chun",
    21: "double_riichi",
    22: "chiitoitsu",
    23: "chanta",
    24: "ittsu",
    25: "sanshoku",
    26: "sanshoku_doukou",
    27: "sankantsu",
    28: "toitoi",
    29: "sanankou",
    30: "shousangen",
    31: "honroutou",
    32: "ryanpeikou",
    33: "junchan",
    34: "honitsu",
    35: "chinitsu",
    36: "renhou",
    37: "tenhou",
    38: "chiihou",
    39: "daisangen",
    40: "suuankou",
    41: "suuankou_tanki",
    42: "tsuuiisou",
    43: "ryuuiisou",
    44: "chinroutou",
    45: "chuuren",
    46: "junsei_chuuren",
    47: "kokushi",
    48: "kokushi_13",
    49: "daisuushii",
    50: "shousuushii",
    51: "suukantsu",
    52: "dora",
    53: "ura_dora",
    54: "aka_dora",
}
# Context flags a yaku proves (the mjlog has no other record of them on the AGARI tag).
FLAG_OF = {
    1: "riichi",
    21: "double_riichi",
    2: "ippatsu",
    3: "chankan",
    4: "rinshan",
    5: "haitei",
    6: "houtei",
    37: "tenhou",
    38: "chiihou",
}
LIMITS = {0: None, 1: "mangan", 2: "haneman", 3: "baiman", 4: "sanbaiman", 5: "yakuman"}


def tile_text(t: int, red: bool) -> str:
    if red and t in RED_IDS:
        return RED_IDS[t]
    k = t // 4
    return f"{k % 9 + 1}{'mpsz'[k // 9]}"


def group(tiles: list[str]) -> str:
    """mpsz text of some tiles, grouped by suit (red fives keep their 0)."""
    out = []
    for suit in "mpsz":
        digits = sorted((x[0] for x in tiles if x[1] == suit), key=lambda d: (5 if d == "0" else int(d), d))
        if digits:
            out.append("".join(digits) + suit)
    return "".join(out)


def decode_meld(m: int, red: bool) -> str:
    """One ``m`` code as a contract meld (``chi:123m@L``)."""
    src = m & 3
    if m & 0x4:  # chi
        t = m >> 10
        t //= 3
        base = (t // 7) * 9 + t % 7
        tiles = [(base + i) * 4 + ((m >> (3 + 2 * i)) & 3) for i in range(3)]
        kind = "chi"
    elif m & 0x18:  # pon (bit 3) or kakan (bit 4)
        unused = (m >> 5) & 3
        t = (m >> 9) // 3
        if m & 0x8:
            tiles = [t * 4 + i for i in range(4) if i != unused]
            kind = "pon"
        else:
            tiles = [t * 4 + i for i in range(4)]
            kind = "kakan"
    elif m & 0x20:
        raise ValueError(f"meld {m}: nukidora (3-player) is not a 4-player meld")
    else:
        t = (m >> 8) // 4
        tiles = [t * 4 + i for i in range(4)]
        kind = "ankan" if src == 0 else "minkan"
    text = f"{kind}:{group([tile_text(x, red) for x in tiles])}"
    if kind != "ankan":
        text += f"@{SOURCE[src]}"
    return text


def attrs(tag: str) -> dict[str, str]:
    return dict(re.findall(r'(\w+)="([^"]*)"', tag))


def ints(text: str) -> list[int]:
    return [int(x) for x in text.split(",")] if text else []


def decode(line: str) -> dict:
    repo, path, seed, oya, tag = line.split("|", 4)
    kyoku, honba0, sticks0 = ints(seed)
    oya_i = int(oya)
    a = attrs(tag)
    game_type = int(re.search(r"gm-([0-9a-f]{4})-", path).group(1), 16) if "gm-" in path else 0xA9
    if game_type & 0x10:
        raise ValueError("3-player game")
    red = not game_type & 0x02
    who, from_who = int(a["who"]), int(a["fromWho"])
    hai = ints(a["hai"])
    machi = int(a["machi"])
    if machi not in hai:
        raise ValueError("machi not among hai")
    melds = [decode_meld(m, red) for m in ints(a.get("m", ""))]
    if len(hai) != 14 - 3 * len(melds):
        raise ValueError(f"{len(hai)} concealed tiles with {len(melds)} melds")
    all_ids = hai + [x for m in ints(a.get("m", "")) for x in meld_ids(m)]
    if len(set(all_ids)) != len(all_ids):
        raise ValueError("a tile id appears twice")
    honba, sticks = ints(a["ba"])
    fu, points, limit = ints(a["ten"])
    yaku = ints(a.get("yaku", ""))
    yaku_pairs = list(zip(yaku[0::2], yaku[1::2], strict=True))
    yakuman = ints(a.get("yakuman", ""))
    ids = [y for y, _ in yaku_pairs] + yakuman
    hand: dict = {
        "rules": "riichi",
        "hand": group([tile_text(t, red) for t in hai]),
        "win": tile_text(machi, red),
        "melds": melds,
        "tsumo": who == from_who,
        "seat_wind": WINDS[(who - oya_i) % 4],
        "round_wind": WINDS[kyoku // 4],
    }
    for y in ids:
        if y in FLAG_OF:
            hand[FLAG_OF[y]] = True
    if a.get("doraHai"):
        hand["dora_indicators"] = [tile_text(t, red) for t in ints(a["doraHai"])]
    if a.get("doraHaiUra"):
        hand["ura_indicators"] = [tile_text(t, red) for t in ints(a["doraHaiUra"])]
    sc = ints(a["sc"])
    gain = sc[2 * who + 1] * 100
    second_ron = bool(honba or sticks) and gain == points
    # Tenhou pays the honba and the riichi sticks of a double ron to the first winner only (上家取り): the second
    # winner's tag still shows the honba, but its gain in sc is the hand alone.
    hand["honba"] = 0 if second_ron else honba
    hand["riichi_sticks"] = 0 if second_ron else sticks
    if "paoWho" in a:  # 責任払い: the seat that fed the last set of a daisangen / daisuushii
        hand["pao"] = SOURCE[(int(a["paoWho"]) - who) % 4]
    hand["options"] = {"preset": "tenhou"}
    items: dict[str, int] = {}
    for y, han in yaku_pairs:
        if han:  # "53,0": riichi without ura dora
            items[TENHOU_YAKU[y]] = items.get(TENHOU_YAKU[y], 0) + han
    for y in yakuman:
        items[TENHOU_YAKU[y]] = 13
    expected = {
        "han": sum(h for _, h in yaku_pairs) if not yakuman else None,
        "fu": fu,
        "points": points,
        "limit": LIMITS[limit],
        "items": items,
        "received": gain,
        "payments": sorted(-sc[2 * p + 1] * 100 for p in range(4) if sc[2 * p + 1] < 0),
        "tenhou_yaku": a.get("yaku") or None,
        "tenhou_yakuman": a.get("yakuman") or None,
    }
    check_payment(a, who, from_who, oya_i, points, honba, sticks)
    if honba0 != honba:
        raise ValueError(f"ba honba {honba} is not the INIT seed's {honba0}")
    log = path.rsplit("/", 1)[-1].removesuffix(".mjlog")
    return {
        "id": f"{log}:{'ESWN'[kyoku // 4]}{kyoku % 4 + 1}-{honba}:{who}",
        "hand": hand,
        "expected": expected,
        "source": {"repo": repo, "path": path, "kyoku": kyoku, "oya": oya_i, "agari": tag},
    }


def meld_ids(m: int) -> list[int]:
    """The tile ids of a meld (for the duplicate check)."""
    if m & 0x4:
        t = (m >> 10) // 3
        base = (t // 7) * 9 + t % 7
        return [(base + i) * 4 + ((m >> (3 + 2 * i)) & 3) for i in range(3)]
    if m & 0x8:
        unused = (m >> 5) & 3
        t = (m >> 9) // 3
        return [t * 4 + i for i in range(4) if i != unused]
    if m & 0x10:
        return [(m >> 9) // 3 * 4 + i for i in range(4)]
    return [(m >> 8) // 4 * 4 + i for i in range(4)]


def check_payment(a: dict, who: int, from_who: int, oya: int, points: int, honba: int, sticks: int) -> None:
    """The score changes in ``sc`` (hundreds) must agree with ``ten``, ``ba`` and who was the dealer.
    ``sc`` holds, for each seat, the score before the hand and its change (both in hundreds).

    A transcription check: a mistyped tag fails it. With a pao (責任払い) or a double ron the split differs, so
    only the winner's gain is checked there; on a double ron the honba and sticks go to the first winner only, so
    the second one's gain is the hand alone."""
    sc = ints(a["sc"])
    gain = sc[2 * who + 1] * 100
    expected = points + 300 * honba
    if gain not in (expected + 1000 * sticks, expected, points):
        raise ValueError(f"sc gives the winner {gain}, ten and ba give {expected} + {1000 * sticks}")
    if who == from_who:
        losses = sorted(-sc[2 * p + 1] * 100 for p in range(4) if p != who)
        if "paoWho" not in a:
            dealer_win = who == oya
            if dealer_win and len(set(losses)) != 1:
                raise ValueError("a dealer tsumo with unequal payments")
            if not dealer_win and oya != who and -sc[2 * oya + 1] * 100 != max(losses):
                raise ValueError("the dealer did not pay the most on a non-dealer tsumo")


def main() -> int:
    known = json.loads(KNOWN.read_text()) if KNOWN.exists() else {}
    rows, bad = [], 0
    for n, line in enumerate(RAW.read_text().splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        try:
            row = decode(line)
            row.update(known.get(row["id"], {}))
            rows.append(row)
        except (ValueError, KeyError, AttributeError) as e:
            bad += 1
            print(f"line {n}: {e}: {line[:160]}", file=sys.stderr)
    with OUT.open("w") as f:
        for row in rows:
            f.write(json.dumps(row, ensure_ascii=False, separators=(",", ":")) + "\n")
    print(f"{len(rows)} wins written to {OUT}, {bad} rejected")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
