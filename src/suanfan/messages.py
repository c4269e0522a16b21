"""Error messages in three languages: what ``InputError.message_in(lang)`` and the HTTP API's ``lang`` answer.

An error raised with ``say(key, **fields)`` as its message (``InputError("bad_tile", say("tile_range", ...))``)
keeps its English text as ``.message`` and knows the same sentence in zh and ja; ``MESSAGES`` lists every such
sentence. An error raised with a plain English message is told in zh and ja by its code's sentence (``CODES``:
one for each error code of the contract), so a reader never gets English in another language, only less detail.
"""

from __future__ import annotations

from .notes import Said
from .reasons import Text, table

# each error code of the contract (docs/contract.md, Errors): what was wrong, said in general
CODES: dict[str, Text] = table(
    ("bad_input", "The input is wrong", "输入有误", "入力が正しくありません"),
    ("bad_json", "The request is not valid JSON", "请求不是有效的 JSON", "リクエストが正しい JSON ではありません"),
    ("bad_tile", "A tile cannot be read", "有牌无法识别", "読めない牌があります"),
    ("too_many_copies", "Too many copies of a tile", "某张牌的张数超过了牌的总数", "同じ牌が多すぎます"),
    ("bad_count", "The number of tiles is wrong", "牌的张数不对", "牌の枚数が違います"),
    ("bad_meld", "A meld is wrong", "副露有误", "副露が正しくありません"),
    ("bad_win", "The winning tile is wrong", "和牌张有误", "和了牌が正しくありません"),
    ("bad_flowers", "The flowers are wrong", "花牌有误", "花牌が正しくありません"),
    ("bad_context", "The situation of the win is impossible", "和牌的情况不可能成立", "和了の状況がありえません"),
    ("bad_rules", "Unknown rule set", "未知的规则", "知らないルールです"),
    ("bad_option", "An option is wrong", "选项有误", "オプションが正しくありません"),
    ("not_winning", "The hand does not win", "这手牌不能和牌", "この手は和了になりません"),
    ("bad_event", "A round's event is wrong", "本局的记录有误", "局の記録が正しくありません"),
    ("bad_round", "The round is wrong", "这一局有误", "この局が正しくありません"),
    ("bad_players", "The players are wrong", "玩家有误", "プレイヤーが正しくありません"),
    ("bad_setting", "A match setting is wrong", "对局设定有误", "対局設定が正しくありません"),
    ("bad_import", "The match file cannot be read back", "无法读回对局文件", "対局ファイルを読み込めません"),
    ("bad_store", "The match file is not a suanfan match file", "不是 suanfan 的对局文件", "suanfan の対局ファイルではありません"),
    ("not_found", "Not found", "找不到", "見つかりません"),
    ("no_round", "There is no round to undo", "没有可以撤销的局", "取り消す局がありません"),
    ("match_over", "The match is over", "对局已结束", "対局は終わっています"),
    ("conflict", "The match changed meanwhile; try again", "对局已被改动，请重试", "対局が変更されました。もう一度どうぞ"),
    ("too_large", "Too much at once", "一次太多", "一度に多すぎます"),
    ("method_not_allowed", "This request is not allowed here", "此处不接受这种请求", "ここではこのリクエストはできません"),
    ("http_error", "The server refused the request", "服务器拒绝了请求", "サーバーがリクエストを断りました"),
    ("too_long", "The text is too long", "文字太长", "文字が長すぎます"),
    ("bad_usage", "The command line is wrong", "命令行有误", "コマンドラインが正しくありません"),
    ("bad_output", "The file cannot be written", "无法写入文件", "ファイルに書き込めません"),
    ("busy", "The match file is busy; try again", "对局文件正被使用，请重试", "対局ファイルが使用中です。もう一度どうぞ"),
    ("bad_host", "Wrong host name for this server", "此服务器的主机名不对", "このサーバーのホスト名が違います"),
    ("unauthorized", "The token is missing or wrong", "缺少令牌或令牌不对", "トークンがないか、違います"),
    ("no_file", "The file cannot be read", "无法读取文件", "ファイルを読めません"),
    ("not_a_log", "Not a game log", "不是牌谱", "牌譜ではありません"),
    ("bad_log", "The game log cannot be read", "无法读取牌谱", "牌譜を読めません"),
    ("unsupported", "This kind of game cannot be imported", "无法导入这种对局", "この種類の対局は取り込めません"),
    ("no_dask", "The cluster cannot be reached", "无法连接集群", "クラスターに接続できません"),
    ("no_server", "The server cannot listen on this address", "服务器无法在此地址监听", "このアドレスでサーバーを起動できません"),
    ("internal", "An internal error; it is logged on the server", "内部错误，已记录在服务器上", "内部エラーです。サーバーに記録しました"),
)  # fmt: skip

# the sentences an error names its problem with, their {fields} filled in from the input
MESSAGES: dict[str, Text] = table(
    # tile text (tiles.py)
    ("tile_text_too_long", "a tile text of {n} characters; tiles are at most {most}",
     "牌的文字有 {n} 个字符，最多 {most} 个", "牌の文字が {n} 文字です。最大 {most} 文字までです"),
    ("suit_without_digits", "suit letter '{c}' at position {pos} of '{text}' has no digits before it",
     "'{text}' 第 {pos} 个字符的花色字母 '{c}' 前面没有数字", "'{text}' の {pos} 文字目の '{c}' の前に数字がありません"),
    ("zero_not_red", "'0{c}' at position {pos} of '{text}' is not a tile (0 is the red five, only in m, p and s)",
     "'{text}' 第 {pos} 个字符的 '0{c}' 不是牌（0 是红五，只用于 m、p、s）",
     "'{text}' の {pos} 文字目の '0{c}' は牌ではありません（0 は赤五で、m・p・s だけ）"),
    ("digit_out_of_range", "'{d}{c}' at position {pos} of '{text}' is not a tile ({c} runs from 1 to {most})",
     "'{text}' 第 {pos} 个字符的 '{d}{c}' 不是牌（{c} 从 1 到 {most}）",
     "'{text}' の {pos} 文字目の '{d}{c}' は牌ではありません（{c} は 1 から {most} まで）"),
    ("digits_without_suit", "digits at position {pos} of '{text}' have no suit letter (m, p, s, z or f) after them",
     "'{text}' 第 {pos} 个字符起的数字后面没有花色字母（m、p、s、z 或 f）",
     "'{text}' の {pos} 文字目からの数字の後に種類の文字（m・p・s・z・f）がありません"),
    ("only_five_red", "'{tile}' in '{text}': only a five can be red", "'{text}' 中的 '{tile}'：只有五可以是红牌",
     "'{text}' の '{tile}'：赤にできるのは五だけです"),
    ("not_a_tile_at", "'{c}' at position {pos} of '{text}' is not a tile "
     "(write tiles as mpsz like 123m456p11z, Chinese names or Unicode tiles)",
     "'{text}' 第 {pos} 个字符 '{c}' 不是牌（请用 mpsz 写法如 123m456p11z、中文牌名或 Unicode 麻将牌）",
     "'{text}' の {pos} 文字目の '{c}' は牌ではありません（123m456p11z のような mpsz、漢字の牌名、Unicode の牌で書いてください）"),
    ("one_tile_expected", "'{text}' should be exactly one tile, it is {n}", "'{text}' 应该正好是一张牌，实为 {n} 张",
     "'{text}' はちょうど一枚の牌のはずですが、{n} 枚です"),
    # melds (hand.py)
    ("meld_needs_kind", "meld '{meld}' needs a kind, like pon:777z or chi:123m (kinds: {kinds})",
     "副露 '{meld}' 需要写明种类，如 pon:777z 或 chi:123m（种类：{kinds}）",
     "副露 '{meld}' には種類が必要です。pon:777z や chi:123m のように（種類：{kinds}）"),
    ("meld_kind_unknown", "meld '{meld}': kind '{kind}' is not one of {kinds}", "副露 '{meld}'：种类 '{kind}' 不在 {kinds} 之中",
     "副露 '{meld}'：種類 '{kind}' は {kinds} のどれでもありません"),
    ("meld_source", "meld '{meld}': source '@{source}' is not L, A or R", "副露 '{meld}'：来源 '@{source}' 不是 L、A 或 R",
     "副露 '{meld}'：出どころ '@{source}' は L・A・R のどれでもありません"),
    ("meld_size", "meld '{meld}': a {kind} has {want} tiles, not {n}", "副露 '{meld}'：{kind} 是 {want} 张牌，不是 {n} 张",
     "副露 '{meld}'：{kind} は {want} 枚で、{n} 枚ではありません"),
    ("meld_flower", "meld '{meld}': a flower cannot be in a meld", "副露 '{meld}'：花牌不能用于副露",
     "副露 '{meld}'：花牌は副露にできません"),
    ("chi_not_a_run", "meld '{meld}': a chi is three consecutive tiles of one suit", "副露 '{meld}'：吃是同一花色的三张连续牌",
     "副露 '{meld}'：チーは同じ種類の連続する三枚です"),
    ("meld_not_one_kind", "meld '{meld}': a {kind} is {want} copies of one tile", "副露 '{meld}'：{kind} 是同一张牌的 {want} 张",
     "副露 '{meld}'：{kind} は同じ牌 {want} 枚です"),
    # the hand (hand.py)
    ("too_many_melds", "a hand has at most 4 melds, not {n}", "一手牌最多 4 副副露，不是 {n} 副",
     "副露は最大 4 つで、{n} つではありません"),
    ("tile_count", "hand '{hand}' has {n} tiles; {want} are needed{melds} ({base} − 3 per meld{win})",
     "手牌 '{hand}' 有 {n} 张，需要 {want} 张（{base} 张，每副副露减 3 张）",
     "手牌 '{hand}' は {n} 枚です。{want} 枚必要です（{base} 枚、副露一つごとに 3 枚減）"),
    ("waiting_hand_has_win", "a waiting hand has no winning tile yet, but {win} was given",
     "听牌的手牌还没有和牌张，却给了 {win}", "聴牌の手にはまだ和了牌がないのに {win} が指定されました"),
    ("win_not_in_hand", "winning tile {tile} is not in the hand '{hand}'", "和牌张 {tile} 不在手牌 '{hand}' 中",
     "和了牌 {tile} が手牌 '{hand}' にありません"),
    ("red_not_in_set", "{tile} (red five) is not in this rule set's tiles; write {plain}",
     "这个规则的牌里没有 {tile}（红五）；请写 {plain}", "このルールの牌に {tile}（赤五）はありません。{plain} と書いてください"),
    ("red_twice", "{tile} appears {n} times; there is one red five per suit", "{tile} 出现了 {n} 次；每种花色只有一张红五",
     "{tile} が {n} 枚あります。赤五は各種類に一枚だけです"),
    ("too_many_copies", "{tile} appears {n} times; the set has {copies}", "{tile} 出现了 {n} 次；牌里只有 {copies} 张",
     "{tile} が {n} 枚あります。牌は {copies} 枚しかありません"),
    ("tile_not_in_set", "{tile} is not in this rule set's {tiles} tiles", "{tile} 不在这个规则的 {tiles} 张牌里",
     "{tile} はこのルールの {tiles} 枚の牌にありません"),
    ("no_flowers_here", "this rule set plays without flowers, but {tiles} was given", "这个规则不用花牌，却给了 {tiles}",
     "このルールは花牌なしですが、{tiles} が指定されました"),
    ("flowers_count", "there are 8 flowers, not {n}", "花牌共 8 张，不是 {n} 张", "花牌は 8 枚で、{n} 枚ではありません"),
    ("flowers_mismatch", "flowers says {n} but the hand has {held} flower tiles", "花牌数写的是 {n}，手牌里却有 {held} 张花牌",
     "花牌の数は {n} ですが、手牌に花牌が {held} 枚あります"),
    ("not_a_flower", "{tiles} in flowers is not a flower (1f-8f)", "花牌中的 {tiles} 不是花牌（1f-8f）",
     "花牌の {tiles} は花牌ではありません（1f-8f）"),
    ("flower_twice", "flower {tiles} is given twice; each exists once", "花牌 {tiles} 给了两次；每张花牌只有一张",
     "花牌 {tiles} が二回指定されました。各花牌は一枚だけです"),
    # the win context (hand.py)
    ("not_a_wind", "{what} '{value}' is not a wind (E, S, W or N)", "{what} '{value}' 不是风（E、S、W 或 N）",
     "{what} '{value}' は風（E・S・W・N）ではありません"),
    ("count_range", "{what} must be a whole number from 0 to {most}, not {value}", "{what} 必须是 0 到 {most} 的整数，不是 {value}",
     "{what} は 0 から {most} までの整数で、{value} ではありません"),
    ("flag_not_bool", "'{what}' is true or false, not {value}", "'{what}' 只能是 true 或 false，不是 {value}",
     "'{what}' は true か false で、{value} ではありません"),
    ("unknown_field", "unknown field '{what}'", "未知的字段 '{what}'", "知らない項目 '{what}' です"),
    # options and rule sets (rules/__init__.py)
    ("option_choice", "option '{option}' is {value}; allowed: {allowed}", "选项 '{option}' 的值 {value} 不允许；可用：{allowed}",
     "オプション '{option}' が {value} です。使えるのは：{allowed}"),
    ("option_bool", "option '{option}' is true or false, not {value}", "选项 '{option}' 只能是 true 或 false，不是 {value}",
     "オプション '{option}' は true か false で、{value} ではありません"),
    ("option_int", "option '{option}' is a whole number from {least} to {most}, not {value}",
     "选项 '{option}' 是 {least} 到 {most} 的整数，不是 {value}",
     "オプション '{option}' は {least} から {most} までの整数で、{value} ではありません"),
    ("unknown_preset", "preset '{preset}' is not a preset of {rules} (presets: {known})",
     "'{preset}' 不是 {rules} 的预设（预设：{known}）", "'{preset}' は {rules} のプリセットではありません（プリセット：{known}）"),
    ("unknown_option", "'{option}' is not an option of {rules} (options: {known})", "'{option}' 不是 {rules} 的选项（选项：{known}）",
     "'{option}' は {rules} のオプションではありません（オプション：{known}）"),
    ("unknown_rules", "unknown rule set '{rules}' (known: {known})", "未知的规则 '{rules}'（已有：{known}）",
     "知らないルール '{rules}' です（あるのは：{known}）"),
    # a round's win entered by its value (rules/riichi/impossible.py, match/riichi.py); {kind}: a ron or a tsumo
    ("han_past_any", "{kind}: {han} han is past any hand (at most {most})", "{kind}：{han} 翻超过了任何手牌（最多 {most}）",
     "{kind}：{han} 翻の手はありません（最大 {most}）"),
    ("fu_past_any", "{kind}: {fu} fu is more than any hand makes (at most {most})",
     "{kind}：{fu} 符超过了任何手牌（最多 {most}）", "{kind}：{fu} 符の手はありません（最大 {most}）"),
    ("fu_20_only_pinfu_tsumo", "{kind}: 20 fu is only a pinfu self-draw, 2 han or more (a ron with pinfu is 30 fu)",
     "{kind}：20 符只有平和自摸（2 翻以上）；平和荣和是 30 符", "{kind}：20 符は平和ツモ（2 翻以上）だけです。平和のロンは 30 符"),
    ("fu_25_only_seven_pairs", "{kind}: 25 fu is only seven pairs, 2 han or more", "{kind}：25 符只有七对子（2 翻以上）",
     "{kind}：25 符は七対子（2 翻以上）だけです"),
    ("fu_step", "{kind}: fu is 25 or a multiple of 10, not {fu}", "{kind}：符是 25 或 10 的倍数，不是 {fu}",
     "{kind}：符は 25 か 10 の倍数で、{fu} ではありません"),
    # the HTTP API (web/app.py, web/guard.py)
    ("field_invalid", "{where}: {msg}", "{where} 的值有误", "{where} の値が正しくありません"),
    ("body_not_json", "the request body is not valid JSON", "请求正文不是有效的 JSON", "リクエスト本文が正しい JSON ではありません"),
    ("batch_is_list", "the body is a list of hand objects", "请求正文应是手牌对象的列表", "本文は手牌オブジェクトのリストです"),
    ("batch_too_large", "at most {most} hands a batch, not {n}", "一批最多 {most} 手牌，不是 {n} 手",
     "一回に最大 {most} 手までで、{n} 手ではありません"),
    ("body_too_large", "the request body is over {kib} KiB", "请求正文超过 {kib} KiB", "リクエスト本文が {kib} KiB を超えています"),
)  # fmt: skip


# the kinds of a win a message names
WIN_KINDS = {
    "ron": {"en": "ron", "zh": "荣和", "ja": "ロン"},
    "tsumo": {"en": "tsumo", "zh": "自摸", "ja": "ツモ"},
}


def say(key: str, **fields: object) -> Said:
    """The message called ``key``, its ``{field}`` places filled in: an English ``str`` that knows its zh and ja."""
    return Said(key, MESSAGES[key].names(**fields))


def in_language(code: str, message: str, names: dict[str, str] | None, lang: str) -> str:
    """An error's message in ``lang``: its own sentence in it when it has one, else its code's sentence (English:
    the message as raised)."""
    if lang == "en":
        return message
    if names and names.get(lang):
        return names[lang]
    known = CODES.get(code)
    return known.templates()[lang] if known else CODES["bad_input"].templates()[lang]
