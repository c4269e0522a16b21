"""Tenhou mjlog XML rewritten as tenhou.net/6 JSON (the object the tenhou.net/6 viewer reads), for the tests of
the tenhou.net/6 reader (written when no public three-player log of the kind had been found; one sits in
tests/data/logs/tenhou6/mjai-reviewer3p now).

The layout is the one Tenhou's own converter writes (a game's ``name``, ``rule``, ``log``, ``sc``; each round its
``[kyoku, honba, sticks]``, scores, dora and ura indicators, then per seat the dealt tiles, the takes and the
discards, and the result), with four seats always: with three players the fourth is empty (no name, 0 points, no
tiles) and a call's letter stands where the mjlog's seat count around a table of four puts it. Each win and draw
keeps the values Tenhou recorded (``ten``, ``yaku``, ``sc``), so what the reader is checked against is still
Tenhou's own scoring. This helper reads the XML on its own (regular expressions, mjai_from_tenhou's meld decoding),
not with suanfan's Tenhou reader.
"""

from __future__ import annotations

import re
from urllib.parse import unquote

from mjai_from_tenhou import ints, meld
from suanfan.logs.yaku import TENHOU_JA

ABORTS = {"yao9": "九種九牌", "reach4": "四家立直", "ron3": "三家和了", "kan4": "四槓散了", "kaze4": "四風連打"}
LIMITS = {1: "満貫", 2: "跳満", 3: "倍満", 4: "三倍満", 5: "役満"}


def code(t: int, red: bool) -> int:
    """The tenhou.net/6 code of a tile id: 11-19, 21-29, 31-39, 41-47, red fives 51-53."""
    if red and t in (16, 52, 88):
        return 51 + t // 36
    k = t // 4
    return 41 + k - 27 if k >= 27 else 10 * (k // 9 + 1) + k % 9 + 1


def lobby(game_type: int) -> str:
    """``disp`` of a lobby type: 三鳳南喰赤 and the like."""
    level = {0x00: "般", 0x80: "上", 0x20: "特", 0xA0: "鳳"}[game_type & 0xA0]
    length = "南" if game_type & 0x08 else "東"
    return (
        ("三" if game_type & 0x10 else "")
        + level
        + length
        + ("" if game_type & 0x04 else "喰")
        + ("" if game_type & 0x02 else "赤")
    )


def call_text(kind: str, called: int, others: list[int], offset: int) -> str:
    """A call as a take or a discard writes it: the letter before the called tile, where the seat it came from
    says (first the left, then across, last the right); a kong from the hand or an added kong by its tiles."""
    letter = {"chi": "c", "pon": "p", "daiminkan": "m", "kakan": "k", "ankan": "a"}[kind]
    rest = [str(t) for t in others]
    if kind == "ankan":
        return "".join(rest) + letter + str(called)
    place = {3: 0, 2: 1, 1: len(rest)}[offset] if kind != "chi" else 0
    return "".join(rest[:place]) + letter + str(called) + "".join(rest[place:])


def convert(xml: str) -> dict:
    tags = re.findall(r"<(\w+)([^>]*?)/?>", xml)
    attrs = [dict(re.findall(r'(\w+)="([^"]*)"', body)) for _, body in tags]
    go = next((a for (n, _), a in zip(tags, attrs, strict=True) if n == "GO"), {"type": "9"})
    game_type = int(go.get("type", "9"))
    red = not game_type & 0x02
    un = next(a for (n, _), a in zip(tags, attrs, strict=True) if n == "UN")
    names = [unquote(un.get(f"n{p}", "")) for p in range(4)]
    seats = 3 if not names[3] else 4
    game: dict = {"title": ["", ""], "name": names, "rule": {"disp": lobby(game_type), "aka": int(red)}, "log": []}
    rnd: dict = {}
    last_draw: list[int | None] = [None] * 4
    last_discard = -1
    riichi = False
    for (name, _), a in zip(tags, attrs, strict=True):
        if name == "INIT":
            seed = ints(a["seed"])
            rnd = {
                "head": [seed[:3], [x * 100 for x in ints(a["ten"])] + [0] * (4 - len(ints(a["ten"])))],
                "dora": [code(seed[5], red)], "ura": [],
                "hands": [[code(t, red) for t in ints(a.get(f"hai{p}"))] for p in range(4)],
                "takes": [[], [], [], []], "drops": [[], [], [], []], "result": None, "dealer": int(a["oya"]),
            }  # fmt: skip
            game["log"].append(rnd)
            last_draw = [None] * 4
        elif re.fullmatch(r"[TUVW]\d+", name):
            seat, t = "TUVW".index(name[0]), int(name[1:])
            rnd["takes"][seat].append(code(t, red))
            last_draw[seat] = t
        elif re.fullmatch(r"[DEFG]\d+", name):
            seat, t = "DEFG".index(name[0]), int(name[1:])
            drop: int | str = 60 if t == last_draw[seat] else code(t, red)
            rnd["drops"][seat].append(f"r{drop}" if riichi else drop)
            riichi = False
            last_draw[seat] = None
            last_discard = t
        elif name == "N":
            who = int(a["who"])
            kind, ids, offset = meld(int(a["m"]))
            last_draw[who] = None
            if kind == "nukidora":
                rnd["drops"][who].append("f44")
            elif kind in ("chi", "pon", "daiminkan"):
                others = [code(t, red) for t in ids if t != last_discard]
                rnd["takes"][who].append(call_text(kind, code(last_discard, red), others, offset))
                if kind == "daiminkan":
                    rnd["drops"][who].append(0)
            else:
                rnd["drops"][who].append(call_text(kind, code(ids[0], red), [code(t, red) for t in ids[1:]], offset))
        elif name == "REACH" and a["step"] == "1":
            riichi = True
        elif name == "DORA":
            rnd["dora"].append(code(int(a["hai"]), red))
        elif name == "AGARI":
            sc, ten = ints(a["sc"]), ints(a["ten"])
            who, source = int(a["who"]), int(a["fromWho"])
            rnd["ura"] = [code(t, red) for t in ints(a.get("doraHaiUra"))]
            deltas = [x * 100 for x in sc[1::2]] + [0] * (4 - len(sc) // 2)
            yaku = ints(a.get("yaku"))
            texts = [f"{TENHOU_JA[y]}({h}飜)" for y, h in zip(yaku[0::2], yaku[1::2], strict=True) if h]
            texts += [f"{TENHOU_JA[y]}(役満)" for y in ints(a.get("yakuman"))]
            worth = f"{LIMITS[ten[2]]}" if ten[2] else f"{ten[0]}符{sum(yaku[1::2])}飜"
            if who != source:
                points = f"{ten[1]}点"
            elif who == rnd["dealer"]:
                points = f"{ten[1] // (seats - 1)}点∀"
            else:
                # the dealer pays b, each other a: b - a from what the two paid (honba and sticks alike for both)
                dealer = rnd["dealer"]
                other = next(p for p in range(seats) if p not in (who, dealer))
                diff = deltas[other] - deltas[dealer]
                a_pay = (ten[1] - diff) // (seats - 1)
                points = f"{a_pay}-{a_pay + diff}点"
            pao = int(a.get("paoWho", who))
            if rnd["result"] is None:
                rnd["result"] = ["和了"]
            rnd["result"] += [deltas, [who, source, pao, worth + points, *texts]]
            game["owari"] = a.get("owari") or game.get("owari")
        elif name == "RYUUKYOKU":
            sc = ints(a["sc"])
            deltas = [x * 100 for x in sc[1::2]] + [0] * (4 - len(sc) // 2)
            kind = a.get("type")
            rnd["result"] = [ABORTS[kind]] if kind in ABORTS else ["流し満貫" if kind == "nm" else "流局", deltas]
            game["owari"] = a.get("owari") or game.get("owari")
    rounds = []
    for r in game["log"]:
        entry = [*r["head"], r["dora"], r["ura"]]
        for p in range(4):
            entry += [r["hands"][p], r["takes"][p], r["drops"][p]]
        rounds.append([*entry, r["result"]])
    game["log"] = rounds
    owari = game.pop("owari", None)
    if owari:
        values = owari.split(",") + ["0", "0.0"] * 4
        game["sc"] = [
            int(values[2 * p]) * 100 if i == 0 else float(values[2 * p + 1]) for p in range(4) for i in (0, 1)
        ]
    return game
