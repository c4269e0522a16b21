"""suanfan (算番): a mahjong scoring engine for Riichi, Chinese Official (MCR) and the Chinese local rule sets.

>>> import suanfan
>>> r = suanfan.score("123456m78999p345s", win="5s", rules="riichi", seat_wind="S", riichi=True)
>>> r.han, r.fu, r.points.hand
(2, 30, 2000)
"""

from .analysis import Analysis, analyze
from .api import score, score_dict, score_many, waits_of
from .errors import InputError
from .hand import Context, Hand, Meld
from .result import Item, Payment, Points, Result
from .rules import get as get_rules
from .rules import registry as rule_sets
from .tiles import format_tiles, parse_tiles

__all__ = [
    "Analysis", "Context", "Hand", "InputError", "Item", "Meld", "Payment", "Points", "Result",
    "analyze", "format_tiles", "get_rules", "parse_tiles", "rule_sets", "score", "score_dict", "score_many", "waits_of",
]  # fmt: skip
__version__ = "0.1.0"
