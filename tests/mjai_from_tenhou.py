"""Tenhou mjlog XML rewritten as MJAI JSON lines (the mjai protocol's events), for the MJAI reader's tests.

No public MJAI log with the points of its wins was found, so the test logs of Tenhou are told again in MJAI: the
events one for one, and each win and draw with the values Tenhou recorded (``ten``, ``yaku``, ``sc``). What the
MJAI reader is checked against is therefore still Tenhou's own scoring. This helper reads the XML on its own
(regular expressions, its own meld decoding), not with suanfan's Tenhou reader.
"""

from __future__ import annotations

import json
import re
from urllib.parse import unquote

HONORS = "ESWNPFC"
# mjai's names of Tenhou's yaku ids (the order of Tenhou's table)
MJAI_YAKU = (
    "menzenchin_tsumoho reach ippatsu chankan rinshankaiho haiteiraoyue hoteiraoyui pinfu tanyaochu ipeko "
    "jikaze jikaze jikaze jikaze bakaze bakaze bakaze bakaze sangenpai sangenpai sangenpai double_reach chitoitsu "
    "honchantaiyao ikkitsukan sanshokudojun sanshokudoko sankantsu toitoiho sananko shosangen honroto ryanpeko "
    "junchantaiyao honiso chiniso renho tenho chiho daisangen suanko suanko tsuiso ryuiso chinroto churenpoton "
    "churenpoton kokushimuso kokushimuso daisushi shosushi sukantsu dora uradora akadora"
).split()
REASONS = {None: "fanpai", "nm": "nagashimangan", "yao9": "kyushukyuhai", "kaze4": "suufonrenda",
           "kan4": "suukaikan", "reach4": "suuchariichi", "ron3": "sanchaho"}  # fmt: skip


def pai(t: int, red: bool) -> str:
    if red and t in (16, 52, 88):
        return "5" + "mps"[t // 36] + "r"
    k = t // 4
    return HONORS[k - 27] if k >= 27 else f"{k % 9 + 1}{'mps'[k // 9]}"


def ints(text: str | None) -> list[int]:
    return [int(x) for x in text.split(",")] if text else []


def meld(m: int) -> tuple[str, list[int], int]:
    """(kind, tile ids, offset of the discarder from the caller)."""
    if m & 0x4:
        t = (m >> 10) // 3
        base = (t // 7) * 9 + t % 7
        return "chi", [(base + i) * 4 + ((m >> (3 + 2 * i)) & 3) for i in range(3)], m & 3
    if m & 0x8:
        t, unused = (m >> 9) // 3, (m >> 5) & 3
        return "pon", [t * 4 + i for i in range(4) if i != unused], m & 3
    if m & 0x10:
        t, unused = (m >> 9) // 3, (m >> 5) & 3
        return "kakan", [t * 4 + unused] + [t * 4 + i for i in range(4) if i != unused], m & 3
    if m & 0x20:
        return "nukidora", [m >> 8], 0
    t = (m >> 8) // 4
    return ("ankan" if m & 3 == 0 else "daiminkan"), [t * 4 + i for i in range(4)], m & 3


def convert(xml: str) -> str:
    tags = re.findall(r"<(\w+)([^>]*?)/?>", xml)
    attrs = [dict(re.findall(r'(\w+)="([^"]*)"', body)) for _, body in tags]
    go = next((a for (n, _), a in zip(tags, attrs, strict=True) if n == "GO"), {"type": "9"})
    red = not int(go.get("type", "9")) & 0x02
    un = next(a for (n, _), a in zip(tags, attrs, strict=True) if n == "UN")
    seats = 3 if not un.get("n3") else 4
    out = [{"type": "start_game", "names": [unquote(un.get(f"n{p}", "")) for p in range(seats)], "aka_flag": red}]
    last_discard = None
    started = False
    final = None
    for (name, _), a in zip(tags, attrs, strict=True):
        if name == "INIT":
            if started:
                out.append({"type": "end_kyoku"})
            started = True
            seed = ints(a["seed"])
            out.append(
                {
                    "type": "start_kyoku", "bakaze": "ESWN"[seed[0] // 4], "kyoku": seed[0] % 4 + 1,
                    "honba": seed[1], "kyotaku": seed[2], "oya": int(a["oya"]),
                    "scores": [x * 100 for x in ints(a["ten"])[:seats]], "dora_marker": pai(seed[5], red),
                    "tehais": [[pai(t, red) for t in ints(a[f"hai{p}"])] for p in range(seats)],
                }
            )  # fmt: skip
        elif re.fullmatch(r"[TUVW]\d+", name):
            out.append({"type": "tsumo", "actor": "TUVW".index(name[0]), "pai": pai(int(name[1:]), red)})
        elif re.fullmatch(r"[DEFG]\d+", name):
            last_discard = int(name[1:])
            out.append({"type": "dahai", "actor": "DEFG".index(name[0]), "pai": pai(last_discard, red)})
        elif name == "N":
            who = int(a["who"])
            kind, ids, offset = meld(int(a["m"]))
            ev: dict = {"type": kind, "actor": who}
            if kind in ("chi", "pon", "daiminkan"):
                ev.update(target=(who + offset) % 4, pai=pai(last_discard, red))
                ev["consumed"] = [pai(t, red) for t in ids if t != last_discard]
            elif kind == "kakan":
                ev.update(pai=pai(ids[0], red), consumed=[pai(t, red) for t in ids[1:]])
            elif kind == "ankan":
                ev["consumed"] = [pai(t, red) for t in ids]
            else:
                ev["pai"] = "N"
            out.append(ev)
        elif name == "REACH":
            out.append({"type": "reach" if a["step"] == "1" else "reach_accepted", "actor": int(a["who"])})
        elif name == "DORA":
            out.append({"type": "dora", "dora_marker": pai(int(a["hai"]), red)})
        elif name == "AGARI":
            yaku = ints(a.get("yaku"))
            pairs = [[MJAI_YAKU[y], h] for y, h in zip(yaku[0::2], yaku[1::2], strict=True)]
            pairs += [[MJAI_YAKU[y], 13] for y in ints(a.get("yakuman"))]
            sc = ints(a["sc"])
            ten = ints(a["ten"])
            out.append(
                {
                    "type": "hora", "actor": int(a["who"]), "target": int(a["fromWho"]),
                    "pai": pai(int(a["machi"]), red),
                    "uradora_markers": [pai(t, red) for t in ints(a.get("doraHaiUra"))],
                    "yakus": pairs, "fu": ten[0], "fan": sum(h for _, h in pairs), "hora_points": ten[1],
                    "deltas": [sc[2 * p + 1] * 100 for p in range(seats)],
                    "scores": [(sc[2 * p] + sc[2 * p + 1]) * 100 for p in range(seats)],
                }
            )  # fmt: skip
            final = a.get("owari") or final
        elif name == "RYUUKYOKU":
            sc = ints(a["sc"])
            out.append(
                {
                    "type": "ryukyoku", "reason": REASONS[a.get("type")],
                    "tenpais": [f"hai{p}" in a for p in range(seats)],
                    "deltas": [sc[2 * p + 1] * 100 for p in range(seats)],
                    "scores": [(sc[2 * p] + sc[2 * p + 1]) * 100 for p in range(seats)],
                }
            )  # fmt: skip
            final = a.get("owari") or final
    out.append({"type": "end_kyoku"})
    end: dict = {"type": "end_game"}
    if final:
        end["scores"] = [int(x) * 100 for x in final.split(",")[0::2][:seats]]
    out.append(end)
    return "".join(json.dumps(ev, ensure_ascii=False) + "\n" for ev in out)
