// The calculator page: build a hand, send it to the API as the contract's hand object, show the result.
// Everything about a rule set (its tiles, options, flags, item names) comes from GET /api/rules.
"use strict";

const { tileSVG } = window.SuanfanTiles;

const UI = {
  en: {
    on: "on", off: "off", presetSet: (p, list) => `${p} sets ${list}`, timesYakuman: (n) => `${n}× yakuman`, limit: "Limit",
    seatSuffix: "", liable: "liable player", dealerWin: "Dealer", nonDealerWin: "Non-dealer", all: (n) => `${n} all`,
    and: " and ", excludes: (a, b) => `${a} excludes ${b}`, kong: "Kong", kongMoney: "Kong money", exclusions: "Not counted",
    winConditions: "How it was won", moreContext: "More about the win", toResult: "Jump to the result",
    errors: { bad_tile: "A tile cannot be read", bad_count: "The number of tiles is wrong", bad_meld: "A meld is wrong",
      bad_win: "The winning tile is not in the hand", too_many_copies: "Too many copies of a tile",
      bad_context: "The situation of the win is impossible", bad_option: "An option is wrong", bad_rules: "Unknown rule set",
      bad_flowers: "The flowers are wrong", bad_input: "The input is wrong", bad_json: "The request is not valid",
      too_large: "Too much at once", too_long: "The text is too long", network: "The server cannot be reached",
      default: "Something is wrong" },
    share: "Share link", copied: "Link copied",
    ruleSet: "Rule set", language: "Language", hand: "Hand", typeHand: "Type the hand (mpsz, winning tile last)",
    winTile: "Winning tile", clear: "Clear", tapAdds: "A tapped tile goes to", context: "Context",
    moreContext: "More context", options: "Options", result: "Result", footer: "Scores come from the suanfan engine through its HTTP API",
    mode_hand: "Hand", mode_chi: "Chi", mode_pon: "Pon", mode_minkan: "Open kong", mode_kakan: "Added kong",
    mode_ankan: "Concealed kong", mode_dora: "Dora indicator", mode_ura: "Ura indicator",
    winds: { E: "East", S: "South", W: "West", N: "North" }, preset: "Preset", none: "none",
    need: (n, want) => `${n} of ${want} tiles`, tapToRemove: "tap to remove", remove: "Remove",
    meld: { chi: "chi", pon: "pon", minkan: "open kong", kakan: "added kong", ankan: "concealed kong" },
    han: "han", fu: "fu", fan: "fan", points: "points", received: "received with honba and sticks",
    item: "Item", value: "Value", fuParts: "Fu", payments: "Payments", from: "From", amount: "Amount",
    notWinning: "Not winning", reasons: { not_winning: "the hand is not complete", no_yaku: "no yaku" },
    payers: { discarder: "Discarder", dealer: "Dealer", non_dealer: "Non-dealer", each: "Each other player",
      other: "Each other player", opponent: "Opponent", table: "The table" },
    waits: "Waits", noWaits: "Not waiting: no tile completes this hand", waitsFor: "Waiting on",
    decomposition: "Reading", details: "Details", addTiles: "Tap tiles or type a hand to see its score.",
    chiNeedsSuit: "A chi is three tiles in a row of one suit", tooMany: (t) => `All copies of ${t} are used`,
    full: "The hand is full: remove a tile or add a meld first", total: "Total",
    tileNames: { m: "characters", p: "dots", s: "bamboo", z: ["East", "South", "West", "North", "White", "Green", "Red"],
      f: ["Spring", "Summer", "Autumn", "Winter", "Plum", "Orchid", "Chrysanthemum", "Bamboo"], red: "red five" },
  },
  zh: {
    on: "开", off: "关", presetSet: (p, list) => `${p}：已设定 ${list}`, timesYakuman: (n) => `${n} 倍役满`, limit: "封顶",
    seatSuffix: "家", liable: "包牌者", dealerWin: "庄家", nonDealerWin: "闲家", all: (n) => `每家 ${n}`,
    and: "、", excludes: (a, b) => `${a} 不计 ${b}`, kong: "杠", kongMoney: "杠钱（刮风下雨）", exclusions: "不计的番",
    winConditions: "和牌方式", toResult: "跳到结果",
    errors: { bad_tile: "有牌无法识别", bad_count: "牌的张数不对", bad_meld: "副露有误", bad_win: "和牌张不在手牌中",
      too_many_copies: "某张牌超过四张", bad_context: "和牌情况不可能成立", bad_option: "选项有误", bad_rules: "未知的规则",
      bad_flowers: "花牌有误", bad_input: "输入有误", bad_json: "请求无效", too_large: "一次太多", too_long: "文字太长",
      network: "无法连接服务器", default: "出错了" },
    share: "分享链接", copied: "链接已复制",
    ruleSet: "规则", language: "语言", hand: "手牌", typeHand: "输入手牌（mpsz，和牌张写在最后）", winTile: "和牌张",
    clear: "清空", tapAdds: "点牌加入", context: "和牌情况", moreContext: "更多情况", options: "选项", result: "结果",
    footer: "由 suanfan 引擎经 HTTP API 计算",
    mode_hand: "手牌", mode_chi: "吃", mode_pon: "碰", mode_minkan: "明杠", mode_kakan: "加杠", mode_ankan: "暗杠",
    mode_dora: "宝牌指示牌", mode_ura: "里宝牌指示牌",
    winds: { E: "东", S: "南", W: "西", N: "北" }, preset: "预设", none: "无",
    need: (n, want) => `${n} / ${want} 张`, tapToRemove: "点击移除", remove: "移除",
    meld: { chi: "吃", pon: "碰", minkan: "明杠", kakan: "加杠", ankan: "暗杠" },
    han: "翻", fu: "符", fan: "番", points: "点", received: "含本场与立直棒",
    item: "番种", value: "番数", fuParts: "符", payments: "支付", from: "付款方", amount: "金额",
    notWinning: "不能和", reasons: { not_winning: "手牌未成和", no_yaku: "无役" },
    payers: { discarder: "放铳者", dealer: "庄家", non_dealer: "闲家", each: "其他每家", other: "其他每家", opponent: "对手",
      table: "桌上" },
    waits: "听牌", noWaits: "未听牌：没有能和的牌", waitsFor: "听",
    decomposition: "拆解", details: "详情", addTiles: "点击牌或输入手牌即可算番。",
    chiNeedsSuit: "吃是同花色的三张顺子", tooMany: (t) => `${t} 已用完四张`,
    full: "手牌已满：先移除一张或加副露", total: "合计",
    tileNames: { m: "万", p: "筒", s: "条", z: ["东", "南", "西", "北", "白", "发", "中"],
      f: ["春", "夏", "秋", "冬", "梅", "兰", "菊", "竹"], red: "红五" },
  },
  ja: {
    on: "あり", off: "なし", presetSet: (p, list) => `${p}：${list} を設定`, timesYakuman: (n) => `${n}倍役満`, limit: "上限",
    seatSuffix: "家", liable: "責任払い", dealerWin: "親", nonDealerWin: "子", all: (n) => `${n}オール`,
    and: "・", excludes: (a, b) => `${a} は ${b} を含む（複合しない）`, kong: "槓", kongMoney: "槓の収支", exclusions: "数えない役",
    winConditions: "和了の仕方", toResult: "結果へ移動",
    errors: { bad_tile: "読めない牌があります", bad_count: "牌の枚数が違います", bad_meld: "副露が正しくありません",
      bad_win: "和了牌が手牌にありません", too_many_copies: "同じ牌が五枚以上あります", bad_context: "ありえない和了状況です",
      bad_option: "オプションが正しくありません", bad_rules: "不明なルールです", bad_flowers: "花牌が正しくありません",
      bad_input: "入力が正しくありません", bad_json: "リクエストが無効です", too_large: "一度に多すぎます", too_long: "文字が長すぎます",
      network: "サーバーに接続できません", default: "エラーです" },
    share: "共有リンク", copied: "リンクをコピーしました",
    ruleSet: "ルール", language: "言語", hand: "手牌", typeHand: "手牌を入力（mpsz、和了牌は最後）", winTile: "和了牌",
    clear: "クリア", tapAdds: "タップした牌の行き先", context: "和了の状況", moreContext: "その他の状況", options: "オプション",
    result: "結果", footer: "suanfan エンジンが HTTP API で計算",
    mode_hand: "手牌", mode_chi: "チー", mode_pon: "ポン", mode_minkan: "明槓", mode_kakan: "加槓", mode_ankan: "暗槓",
    mode_dora: "ドラ表示牌", mode_ura: "裏ドラ表示牌",
    winds: { E: "東", S: "南", W: "西", N: "北" }, preset: "プリセット", none: "なし",
    need: (n, want) => `${n} / ${want} 枚`, tapToRemove: "タップで削除", remove: "削除",
    meld: { chi: "チー", pon: "ポン", minkan: "明槓", kakan: "加槓", ankan: "暗槓" },
    han: "翻", fu: "符", fan: "番", points: "点", received: "本場・供託込み",
    item: "役", value: "翻数", fuParts: "符", payments: "支払い", from: "支払う人", amount: "点数",
    notWinning: "和了できません", reasons: { not_winning: "手牌が完成していません", no_yaku: "役なし" },
    payers: { discarder: "放銃者", dealer: "親", non_dealer: "子", each: "他家それぞれ", other: "他家それぞれ", opponent: "相手",
      table: "場" },
    waits: "待ち", noWaits: "聴牌していません", waitsFor: "待ち",
    decomposition: "面子構成", details: "詳細", addTiles: "牌をタップするか手牌を入力すると点数が出ます。",
    chiNeedsSuit: "チーは同じ色の三枚の順子です", tooMany: (t) => `${t} は四枚とも使われています`,
    full: "手牌がいっぱいです：牌を削除するか副露を追加", total: "合計",
    tileNames: { m: "萬", p: "筒", s: "索", z: ["東", "南", "西", "北", "白", "發", "中"],
      f: ["春", "夏", "秋", "冬", "梅", "蘭", "菊", "竹"], red: "赤五" },
  },
};
const LIMITS = {
  mangan: { zh: "满贯", ja: "満貫", en: "Mangan" }, haneman: { zh: "跳满", ja: "跳満", en: "Haneman" },
  baiman: { zh: "倍满", ja: "倍満", en: "Baiman" }, sanbaiman: { zh: "三倍满", ja: "三倍満", en: "Sanbaiman" },
  yakuman: { zh: "役满", ja: "役満", en: "Yakuman" }, kazoe_yakuman: { zh: "累计役满", ja: "数え役満", en: "Kazoe yakuman" },
  capped: { zh: "封顶", ja: "上限", en: "Capped" },
};
const MELD_SIZE = { chi: 3, pon: 3, minkan: 4, kakan: 4, ankan: 4 };
const MODES = ["hand", "chi", "pon", "minkan", "kakan", "ankan", "dora", "ura"];
const WINDS = ["E", "S", "W", "N"];
const RELATIVE = { L: { en: "left", zh: "上家", ja: "上家" }, A: { en: "across", zh: "对家", ja: "対面" },
  R: { en: "right", zh: "下家", ja: "下家" } };
// MCR's exclusion principles, as the rulebook names them
const PRINCIPLES = {
  "不重复": { en: "non-repeat", zh: "不重复", ja: "不重複" }, "不拆移": { en: "non-separation", zh: "不拆移", ja: "不拆移" },
  "不得相同": { en: "no identical sets", zh: "不得相同", ja: "不得相同" }, "就高不就低": { en: "the higher one", zh: "就高不就低", ja: "就高不就低" },
  "套算一次": { en: "account once", zh: "套算一次", ja: "套算一次" },
};
const KONG_KIND = { "直杠": { en: "Kong on a discard", zh: "直杠", ja: "大明槓" }, "补杠": { en: "Added kong", zh: "补杠", ja: "加槓" },
  "暗杠": { en: "Concealed kong", zh: "暗杠", ja: "暗槓" }, "明杠": { en: "Open kong", zh: "明杠", ja: "明槓" } };

const state = {
  rules: null, lang: "en", catalog: null, contextFields: [],
  hand: [], win: null, melds: [], flowers: [], dora: [], ura: [], rawText: null,
  mode: "hand", context: {}, flags: {}, options: {}, preset: "", presetNote: null,
};
let requestSeq = 0;
let debounce = null;

const $ = (id) => document.getElementById(id);
const t = (key) => (UI[state.lang][key] !== undefined ? UI[state.lang][key] : UI.en[key]);
const el = (tag, attrs = {}, ...children) => {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "text") node.textContent = v;
    else if (k === "html") node.innerHTML = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) if (c !== null && c !== undefined) node.append(c);
  return node;
};
const nameOf = (names) => (names && (names[state.lang] || names.en || names.zh)) || "";

// ---- tiles in mpsz --------------------------------------------------------------------------------------------
const kindOf = (code) => (code[0] === "0" ? "5" + code[1] : code);
const SUIT_ORDER = "mpszf";
const sortKey = (code) => SUIT_ORDER.indexOf(code[1]) * 100 + Number(kindOf(code)[0]) * 10 + (code[0] === "0" ? 0 : 1);
const sortTiles = (tiles) => [...tiles].sort((a, b) => sortKey(a) - sortKey(b));

function formatTiles(tiles) {
  let out = "";
  let run = "";
  let suit = "";
  for (const code of tiles) {
    if (code[1] !== suit && run) { out += run + suit; run = ""; }
    suit = code[1];
    run += code[0];
  }
  return run ? out + run + suit : out;
}

// mpsz only (digits then a suit letter); anything else is left for the server to read (Chinese names, Unicode).
function parseMpsz(text) {
  const clean = text.replace(/[\s,]+/g, "");
  if (!/^(\d+[mpszf])*$/.test(clean)) return null;
  const out = [];
  for (const [, digits, suit] of clean.matchAll(/(\d+)([mpszf])/g)) {
    for (const d of digits) {
      const n = Number(d);
      if ((n === 0 && !"mps".includes(suit)) || (suit === "z" && n > 7) || (suit === "f" && (n < 1 || n > 8))) return null;
      out.push(d + suit);
    }
  }
  return out;
}

function tileLabel(code) {
  const names = t("tileNames");
  const n = Number(code[0]);
  if (code[1] === "z") return `${names.z[n - 1]} (${code})`;
  if (code[1] === "f") return `${names.f[n - 1]} (${code})`;
  const num = n === 0 ? `5 ${names.red}` : n;
  return state.lang === "en" ? `${num} ${names[code[1]]} (${code})` : `${n === 0 ? names.red : n}${names[code[1]]} (${code})`;
}

function tileButton(code, opts = {}) {
  return el("button", {
    type: "button", class: `tile${opts.cls ? " " + opts.cls : ""}`, "data-tile": code, "aria-label": opts.label || tileLabel(code),
    title: opts.title, disabled: opts.disabled, onclick: opts.onclick, html: tileSVG(code),
  });
}

function tilePicture(code, cls = "") {
  return el("span", { class: `tile ${cls}`, role: "img", "aria-label": tileLabel(code), html: tileSVG(code) });
}

// ---- the rule set ---------------------------------------------------------------------------------------------
const ruleSet = () => state.catalog.find((r) => r.name === state.rules);
function neededTiles() { return 14 - 3 * state.melds.length; }

function usedCount(kind) {
  const all = [...state.hand, ...state.melds.flatMap((m) => m.tiles)];
  return all.filter((c) => kindOf(c) === kind).length;
}

function copies() { return tileSet().copies; }
// The tiles in play: three-player Riichi plays without 2m-8m (GET /api/rules' tile_set_by_players).
function tileSet() {
  const rs = ruleSet();
  return (rs.tile_set_by_players && rs.tile_set_by_players[String(optionValue("players"))]) || rs.tile_set;
}

// ---- building the hand ----------------------------------------------------------------------------------------
function hint(text) { $("hint").textContent = text || ""; }

function tap(code) {
  hint("");
  state.rawText = null;
  if (code[1] === "f") {
    state.flowers = state.flowers.includes(code) ? state.flowers.filter((c) => c !== code) : sortTiles([...state.flowers, code]);
    return changed();
  }
  if (state.mode === "dora" || state.mode === "ura") {
    const list = state.mode === "dora" ? state.dora : state.ura;
    if (list.length < 5) list.push(code);
    return changed();
  }
  if (state.mode === "hand") {
    if (state.hand.length >= neededTiles()) return hint(t("full"));
    if (usedCount(kindOf(code)) >= copies()) return hint(t("tooMany")(code));
    state.hand.push(code);
    state.win = code;
    return changed();
  }
  const kind = state.mode;
  let tiles;
  if (kind === "chi") {
    const n = Number(kindOf(code)[0]);
    if (!"mps".includes(code[1])) return hint(t("chiNeedsSuit"));
    const start = Math.min(n, 7);
    tiles = [start, start + 1, start + 2].map((k) => (k === n ? code : k + code[1]));
  } else {
    const plain = kindOf(code);
    tiles = [code, ...Array(MELD_SIZE[kind] - 1).fill(plain)];
  }
  if (state.melds.length >= 4 || state.hand.length > neededTiles() - 3) return hint(t("full"));
  for (const c of tiles) if (usedCount(kindOf(c)) + tiles.filter((x) => kindOf(x) === kindOf(c)).length > copies()) {
    return hint(t("tooMany")(c));
  }
  state.melds.push({ kind, tiles: sortTiles(tiles) });
  setMode("hand");
  changed();
}

function removeFromHand(index) {
  const [gone] = state.hand.splice(index, 1);
  if (state.win === gone && !state.hand.includes(gone)) state.win = state.hand[state.hand.length - 1] || null;
  state.rawText = null;
  changed();
}

function focusHandTile(i) {
  const tiles = $("hand").querySelectorAll(".concealed button");
  if (tiles.length) tiles[Math.min(i, tiles.length - 1)].focus();
  else $("text").focus();
}

function setMode(mode) {
  state.mode = mode;
  renderPalette();
  for (const b of $("modes").children) {
    b.setAttribute("aria-checked", String(b.dataset.mode === mode));
    b.tabIndex = b.dataset.mode === mode ? 0 : -1;
  }
}

// The hand in display order: sorted, the winning tile last (so the text form reads the same way).
function orderedHand() {
  const sorted = sortTiles(state.hand);
  if (state.win && sorted.includes(state.win)) {
    sorted.splice(sorted.lastIndexOf(state.win), 1);
    sorted.push(state.win);
  }
  return sorted;
}

function handText() {
  if (state.rawText !== null) return state.rawText;
  const ordered = orderedHand();
  if (!ordered.length) return "";
  const waiting = ordered.length === neededTiles() - 1;
  return waiting ? formatTiles(sortTiles(ordered)) : formatTiles(ordered.slice(0, -1)) + formatTiles(ordered.slice(-1));
}

// ---- rendering the inputs -------------------------------------------------------------------------------------
function renderTexts() {
  document.documentElement.lang = state.lang;
  for (const node of document.querySelectorAll("[data-t]")) node.textContent = t(node.dataset.t);
  const rules = $("rules");
  rules.replaceChildren(...state.catalog.map((r) => el("option", { value: r.name, text: nameOf(r.names) })));
  rules.value = state.rules;
}

function renderModes() {
  const box = $("modes");
  const melds = ruleSet().melds || ["chi", "pon", "minkan", "kakan", "ankan"];
  const modes = MODES.filter((m) => (m === "dora" ? usesField("dora_indicators") : m === "ura" ? usesField("ura_indicators")
    : m === "hand" || melds.includes(m)));
  if (!modes.includes(state.mode)) state.mode = "hand";
  box.replaceChildren(...modes.map((m) => el("button", {
    type: "button", role: "radio", "data-mode": m, "aria-checked": String(m === state.mode), text: t("mode_" + m),
    tabindex: m === state.mode ? "0" : "-1",
    onclick: () => setMode(m),
    onkeydown: (e) => {
      const i = modes.indexOf(m);
      const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[e.key];
      if (!step) return;
      e.preventDefault();
      const next = modes[(i + step + modes.length) % modes.length];
      setMode(next);
      box.querySelector(`[data-mode="${next}"]`).focus();
    },
  })));
}

function buildPalette() {
  const ts = tileSet();
  const rows = {};
  for (const code of ts.kinds) (rows[code[1]] = rows[code[1]] || []).push(code);
  if (ts.red_fives) for (const s of "mps") if (rows[s] && ts.kinds.includes("5" + s)) rows[s].splice(5, 0, "0" + s);
  if (ts.flowers) rows.f = ["1f", "2f", "3f", "4f", "5f", "6f", "7f", "8f"];
  $("palette").replaceChildren(...Object.entries(rows).map(([suit, codes]) => el("div", { class: "suit", "data-suit": suit },
    ...codes.map((code) => tileButton(code, { onclick: () => tap(code), title: code })))));
  const first = $("palette").querySelector("button");
  for (const b of $("palette").querySelectorAll("button")) b.tabIndex = b === first ? 0 : -1;
  renderPalette();
}

// The palette is one tab stop: the arrow keys move inside it (left / right along a suit, up / down between suits),
// Home / End go to a suit's ends; Enter or Space taps the tile.
function paletteKeys(e) {
  const b = e.target.closest("button");
  if (!b) return;
  const rows = [...$("palette").querySelectorAll(".suit")].map((r) => [...r.querySelectorAll("button")]);
  const r = rows.findIndex((row) => row.includes(b));
  const c = rows[r].indexOf(b);
  const move = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] }[e.key];
  let next = null;
  if (move) {
    const nr = (r + move[0] + rows.length) % rows.length;
    const row = rows[nr];
    next = row[move[0] ? Math.min(c, row.length - 1) : (c + move[1] + row.length) % row.length];
  } else if (e.key === "Home") next = rows[r][0];
  else if (e.key === "End") next = rows[r][rows[r].length - 1];
  if (!next) return;
  e.preventDefault();
  b.tabIndex = -1;
  next.tabIndex = 0;
  next.focus();
}

function focusPalette() {
  const b = $("palette").querySelector('button[tabindex="0"]') || $("palette").querySelector("button");
  if (b) b.focus();
}

// Buttons stay in place (a keyboard user keeps focus); only their state changes: a tile all of whose copies are in
// the hand is disabled (indicators may still repeat it), a flower shows whether it is in.
function renderPalette() {
  const ts = tileSet();
  const inHand = [...state.hand, ...state.melds.flatMap((m) => m.tiles)];
  const indicator = ["dora", "ura"].includes(state.mode);
  for (const b of $("palette").querySelectorAll("button")) {
    const code = b.dataset.tile;
    if (code[1] === "f") {
      b.setAttribute("aria-pressed", String(state.flowers.includes(code)));
      b.classList.toggle("win", state.flowers.includes(code));
      continue;
    }
    const used = usedCount(kindOf(code)) >= ts.copies || (code[0] === "0" && inHand.includes(code));
    b.disabled = used && !indicator;
  }
}

function renderHand() {
  const box = $("hand");
  const groups = [];
  const ordered = state.rawText === null ? orderedHand() : [];
  if (ordered.length) {
    const waiting = ordered.length < neededTiles();
    groups.push(el("div", { class: "group concealed" }, ...ordered.map((code, i) => {
      const isWin = !waiting && i === ordered.length - 1;
      return tileButton(code, { cls: isWin ? "win" : "", title: t("tapToRemove"),
        label: `${tileLabel(code)}${isWin ? ", " + t("winTile") : ""}, ${t("tapToRemove")}`,
        onclick: () => { removeFromHand(state.hand.indexOf(code)); focusHandTile(i); } });
    })));
  }
  state.melds.forEach((m, i) => groups.push(el("div", { class: "group meld", "data-meld": m.kind },
    ...m.tiles.map((code) => tilePicture(code, "small")),
    el("span", { class: "label", text: t("meld")[m.kind] }),
    el("button", { type: "button", class: "plain", "aria-label": `${t("remove")} ${t("meld")[m.kind]} ${formatTiles(m.tiles)}`,
      text: "✕", onclick: () => { state.melds.splice(i, 1); changed(); } }))));
  if (state.flowers.length) groups.push(el("div", { class: "group flowers" }, ...state.flowers.map((c) => tilePicture(c, "small"))));
  if (!groups.length) groups.push(el("span", { class: "empty", text: t("addTiles") }));
  box.replaceChildren(...groups);
  const n = state.rawText === null ? state.hand.length : "?";
  $("count").textContent = t("need")(n, neededTiles());
  const text = $("text");
  if (document.activeElement !== text) text.value = handText();
  const win = $("win");
  const distinct = [...new Set(sortTiles(state.hand))];
  win.replaceChildren(...distinct.map((c) => el("option", { value: c, text: c })));
  win.value = state.win || "";
  win.disabled = !distinct.length;
}

const { build: buildControl } = window.SuanfanControls;

// The fields of the win context the rule set reads (its context_fields), described by GET /api/rules' "context".
const fieldsRead = () => {
  const read = new Set(ruleSet().context_fields || []);
  return state.contextFields.filter((f) => read.has(f.name));
};
const usesField = (name) => (ruleSet().context_fields || []).includes(name);
// the seat winds in play (a two-player game has two, a three-player one three)
const windChoices = (control) => {
  const rs = ruleSet();
  let winds = rs.winds || ["E", "S", "W", "N"];
  if (rs.name === "riichi" && optionValue("players") === 3) winds = winds.slice(0, 3);
  return control.choices.filter((c) => winds.includes(c.value));
};
const optionValue = (name) => {
  const o = ruleSet().options.find((x) => x.name === name);
  return name in state.options ? state.options[name] : o ? o.default : undefined;
};

function indicatorField(name) {
  const control = state.contextFields.find((f) => f.name === name);
  return el("div", { class: "control stack indicators", "data-field": name, "data-control": name },
    el("span", { class: "label", text: nameOf(control.names) }), el("span", { class: "list indicators" }),
    el("button", { type: "button", class: "plain add", text: "+", "aria-label": `${nameOf(control.names)} +`,
      onclick: () => { setMode(name === "dora_indicators" ? "dora" : "ura"); focusPalette(); } }),
    el("small", { class: "help", text: nameOf(control.help) }));
}

function renderIndicators() {
  for (const [name, list] of [["dora_indicators", state.dora], ["ura_indicators", state.ura]]) {
    const box = document.querySelector(`[data-field="${name}"] .list`);
    if (!box) continue;
    box.replaceChildren(...list.map((code, i) => tileButton(code, { cls: "small", label: `${tileLabel(code)}, ${t("tapToRemove")}`,
      onclick: () => { list.splice(i, 1); changed(); } })));
  }
}

// One control of the win context or of the rule set's own flags; its value lives in state.context / state.flags.
function fieldControl(control, store, compact) {
  const value = control.name in store ? store[control.name] : control.default;
  const set = (v) => {
    if (v === null || v === undefined || JSON.stringify(v) === JSON.stringify(control.default)) delete store[control.name];
    else store[control.name] = v;
    changed();
  };
  const opts = { compact };
  if (control.type === "wind") opts.choices = windChoices(control);
  return buildControl(control, value, set, state.lang, opts);
}

// Each rule set's own panel: the main switches by the hand (self-draw, the winds), its win conditions in plain
// sight (every true / false field it reads and every flag of its own), then its counts, seats, suits and tiles.
// Nothing a rule set does not read is shown for it.
function renderContext() {
  const rs = ruleSet();
  const read = fieldsRead();
  const MAIN = ["tsumo", "riichi"];  // the switches set on nearly every hand sit by the hand, with the winds
  const main = read.filter((f) => MAIN.includes(f.name) || f.type === "wind");
  const wins = [...read.filter((f) => f.type === "bool" && !MAIN.includes(f.name)), ...rs.context_flags.filter((f) => f.type === "bool")];
  const rest = [...read.filter((f) => !["bool", "wind"].includes(f.type) && f.name !== "flowers"),
    ...rs.context_flags.filter((f) => f.type !== "bool")];
  $("switches").replaceChildren(...main.map((f) => fieldControl(f, state.context, true)));
  const winBox = $("wins");
  winBox.replaceChildren(...wins.map((f) => fieldControl(f, read.includes(f) ? state.context : state.flags, false)));
  $("wins-box").hidden = !wins.length;
  $("context").replaceChildren(...rest.map((f) => (["dora_indicators", "ura_indicators"].includes(f.name) ? indicatorField(f.name)
    : fieldControl(f, rs.context_flags.includes(f) ? state.flags : state.context, false))));
  $("context-box").hidden = !rest.length;
  renderIndicators();
}

function optionControl(option) {
  const value = option.name in state.options ? state.options[option.name] : option.default;
  const set = (v) => {
    if (JSON.stringify(v) === JSON.stringify(option.default) || v === null && option.default !== null) delete state.options[option.name];
    else state.options[option.name] = v;
    state.presetNote = null;
    if ($("preset-note")) $("preset-note").textContent = "";
    if (option.name === "players") { renderContext(); keepTilesInSet(); buildPalette(); }
    changed();
  };
  return buildControl(option, value, set, state.lang, { items: ruleSet().items });
}

// A preset sets the options it lists: the controls show them, and a line says which it set.
function applyPreset(name) {
  const rs = ruleSet();
  state.preset = name;
  state.options = name ? { ...rs.presets[name] } : {};
  for (const o of rs.options) if (JSON.stringify(state.options[o.name]) === JSON.stringify(o.default)) delete state.options[o.name];
  state.presetNote = name;
  renderOptions();
  keepTilesInSet();
  buildPalette();
  changed();
}

function presetNote() {
  const rs = ruleSet();
  if (!state.presetNote || !rs.presets[state.presetNote]) return "";
  const set = Object.entries(rs.presets[state.presetNote]).map(([k, v]) => {
    const o = rs.options.find((x) => x.name === k);
    if (!o) return k;
    const c = (o.choices || []).find((x) => JSON.stringify(x.value) === JSON.stringify(v));
    const shown = c ? nameOf(c.names) : typeof v === "boolean" ? t(v ? "on" : "off") : String(v);
    return `${nameOf(o.names)}: ${shown}`;
  });
  return t("presetSet")(nameOf(rs.preset_names[state.presetNote]), set.join(" · "));
}

function renderOptions() {
  const rs = ruleSet();
  const controls = [];
  const presets = Object.keys(rs.presets || {});
  if (presets.length) {
    const select = el("select", { id: "preset", name: "preset", onchange: (e) => applyPreset(e.target.value) },
      el("option", { value: "", text: t("none") }), ...presets.map((p) => el("option", { value: p, text: nameOf(rs.preset_names[p]) })));
    select.value = state.preset;
    controls.push(el("div", { class: "control stack", "data-control": "preset" }, el("label", { for: "preset", text: t("preset") }), select,
      el("small", { class: "help", id: "preset-note", role: "status", "data-testid": "preset-note", text: presetNote() })));
  }
  controls.push(...rs.options.map(optionControl));
  $("options").replaceChildren(...controls);
  $("options-box").hidden = !controls.length;
}

function renderInputs() {
  renderTexts();
  renderModes();
  buildPalette();
  renderHand();
  renderContext();
  renderOptions();
}

// ---- the request ----------------------------------------------------------------------------------------------
function requestBody(waiting) {
  const rs = ruleSet();
  const body = { rules: state.rules, hand: handText() };
  if (!waiting && state.win && state.rawText === null) body.win = state.win;
  if (state.melds.length) body.melds = state.melds.map((m) => `${m.kind}:${formatTiles(m.tiles)}`);
  if (state.flowers.length && rs.tile_set.flowers) body.flowers = state.flowers;
  for (const field of fieldsRead()) {
    const v = state.context[field.name];
    if (v !== undefined && v !== null && v !== false && v !== 0 && field.type !== "tiles") body[field.name] = v;
  }
  if (state.dora.length && usesField("dora_indicators")) body.dora_indicators = [...state.dora];
  if (state.ura.length && usesField("ura_indicators")) body.ura_indicators = [...state.ura];
  for (const { name } of rs.context_flags) if (state.flags[name] !== undefined) body[name] = state.flags[name];
  const options = {};
  for (const o of rs.options) {
    if (o.name in state.options && JSON.stringify(state.options[o.name]) !== JSON.stringify(o.default)) options[o.name] = state.options[o.name];
  }
  if (Object.keys(options).length) body.options = options;
  return body;
}

async function post(path, body) {
  // the server answers its error messages in the page's language (Accept-Language, docs/server.md)
  const res = await fetch(path, { method: "POST", headers: { "content-type": "application/json", "accept-language": state.lang }, body: JSON.stringify(body) });
  return res.json();
}

function changed() {
  renderPalette();
  renderHand();
  renderIndicators();
  clearTimeout(debounce);
  debounce = setTimeout(update, 120);
}

async function update() {
  const seq = ++requestSeq;
  const box = $("result");
  const n = state.rawText === null ? state.hand.length : null;
  const want = neededTiles();
  if (n === 0 || (n !== null && n < want - 1)) {
    box.replaceChildren(el("p", { class: "muted", text: n ? t("need")(n, want) : t("addTiles") }));
    box.dataset.state = "empty";
    return;
  }
  const waiting = n === want - 1 || (n === null && (parseMpsz(state.rawText) || []).length === want - 1);
  let data;
  try {
    data = await post(waiting ? "/api/waits" : "/api/score", requestBody(waiting));
  } catch (err) {
    data = { ok: false, error: { code: "network", message: String(err) } };
  }
  if (seq !== requestSeq) return; // a newer request is under way
  state.lastResult = data;
  renderResult(data, waiting);
}

// ---- the result -----------------------------------------------------------------------------------------------
function fmt(n) { return typeof n === "number" ? n.toLocaleString(state.lang === "en" ? "en-US" : state.lang) : String(n); }

function unitOf(result) { return result.han !== null && result.han !== undefined ? t("han") : t("fan"); }

const isYakuman = (limit) => typeof limit === "string" && limit.endsWith("yakuman");
const YAKUMAN_TIMES = { double: 2, triple: 3, quadruple: 4, quintuple: 5, sextuple: 6 };

function summaryLine(r) {
  if (isYakuman(r.limit)) return "";
  const parts = [];
  if (r.han !== null && r.han !== undefined) parts.push(`${r.han} ${t("han")}`);
  if (r.fu !== null && r.fu !== undefined) parts.push(`${r.fu} ${t("fu")}`);
  return parts.join(" · ");
}

// A limit named in the language: mangan ... yakuman, "double_yakuman" as "Double yakuman" / "ダブル役満".
function limitName(limit) {
  if (LIMITS[limit]) return LIMITS[limit][state.lang];
  const m = /^(\w+?)_yakuman$/.exec(limit || "");
  if (m && YAKUMAN_TIMES[m[1]]) return t("timesYakuman")(YAKUMAN_TIMES[m[1]]);
  return t("limit");
}

// A reason as the result names it (reason_names, from the reason codes), else as the rule set lists the code.
function reasonText(r) {
  if (typeof r === "string") r = { reason: r };
  if (r.reason_names && r.reason_names[state.lang]) return r.reason_names[state.lang];
  const known = ruleSet().reasons && ruleSet().reasons[r.reason];
  if (known && known[state.lang]) return known[state.lang].replace(/\{\w+\}/g, "");
  return t("reasons")[r.reason] || t("reasons").not_winning;
}

// Who pays, in the player's words: the discarder, the dealer, a seat (a wind), the liable player, "each other".
function payerName(from) {
  const payers = t("payers");
  if (payers[from]) return payers[from];
  if (WINDS.includes(from)) return `${t("winds")[from]}${t("seatSuffix")}`;
  const pao = /^pao:?(\w)?$/.exec(from);
  if (pao) {
    const seat = pao[1] ? (RELATIVE[pao[1]] || {})[state.lang] : "";
    return seat ? `${t("liable")} (${seat})` : t("liable");
  }
  return t("payers").other;
}

// Payments as rows; the same payer and amount repeated (each of three others) is one row "× 3".
// A note (an item's, a payment's, a fu part's, the result's) in the language, from its names; a note without names
// (a plain text: English) only on the English page.
function noteText(note, names) {
  if (names && names[state.lang]) return names[state.lang];
  return note && state.lang === "en" ? String(note) : "";
}

function paymentRows(payments) {
  const rows = [];
  for (const p of payments) {
    const key = `${p.from}|${p.amount}|${p.note || ""}`;
    const last = rows.find((r) => r.key === key);
    if (last) last.n += 1;
    else rows.push({ key, p, n: 1 });
  }
  return rows.map(({ p, n }) => el("tr", { "data-payer": p.from },
    el("td", { text: payerName(p.from) + (n > 1 ? ` × ${n}` : "") + (noteText(p.note, p.note_names) ? ` (${noteText(p.note, p.note_names)})` : "") }),
    el("td", { class: "num", text: fmt(p.amount) })));
}

// The headline each rule set's players use. Riichi: the ron total, "2,000 / 4,000" for a non-dealer's self-draw
// (what each non-dealer / the dealer pays), "4,000 all" for the dealer's, with 親 / 子; the Chinese rule sets: the
// fan total, the points beside it.
function headline(r) {
  const pts = r.points;
  if (r.rules === "riichi" && pts) {
    const honba = (pts.honba || 0) * 100;
    const pay = (from) => pts.payments.filter((p) => p.from === from).map((p) => p.amount - honba);
    const dealer = pay("dealer");
    const nonDealer = pay("non_dealer");
    const seat = state.context.seat_wind || "E";
    const who = seat === "E" ? t("dealerWin") : t("nonDealerWin");
    if (state.context.tsumo && nonDealer.length && !dealer.length) return { big: t("all")(fmt(nonDealer[0])), who };
    if (state.context.tsumo && dealer.length && nonDealer.length) return { big: `${fmt(nonDealer[0])} / ${fmt(dealer[0])}`, who };
    return { big: fmt(pts.hand), who };
  }
  if (r.fan !== null && r.fan !== undefined) return { big: `${fmt(r.fan)} ${t("fan")}`, sub: pts ? `${fmt(pts.hand)} ${t("points")}` : "" };
  return { big: pts ? fmt(pts.hand) : "", sub: pts ? t("points") : "" };
}

const itemName = (id) => {
  const item = ruleSet().items.find((i) => i.id === id);
  return item ? nameOf(item.names) : t("item");
};

// An MCR exclusion as a sentence: "不求人 excludes 自摸: 不重复".
function exclusionSentence(x) {
  const fans = (v) => (Array.isArray(v) ? v : [v]).map(itemName).join(t("and"));
  const principle = (PRINCIPLES[x.principle] || {})[state.lang] || x.principle || "";
  return t("excludes")(fans(x.fan), fans(x.excludes)) + (principle ? `: ${principle}` : "");
}

function groupPayers(payments) {
  const seen = new Map();
  for (const p of payments) {
    const key = `${payerName(p.from)} ${fmt(p.amount)}`;
    seen.set(key, (seen.get(key) || 0) + 1);
  }
  return [...seen].map(([key, n]) => (n > 1 ? `${key} × ${n}` : key));
}

function kongRows(list) {
  return list.map((k) => el("tr", { "data-kong": k.meld },
    el("td", {}, `${(KONG_KIND[k.kind] || {})[state.lang] || t("kong")} `,
      ...(parseMpsz(String(k.meld).split(":")[1] || "") || []).slice(0, 1).map((c) => tilePicture(c, "small"))),
    el("td", { text: groupPayers(k.payments || []).join(", ") }),
    el("td", { class: "num", text: fmt(k.total) })));
}

// The error's kind, then the server's message (in the page's language: it is asked for in it).
function errorText(error) {
  const kind = t("errors")[error.code] || t("errors").default;
  return error.message && error.code !== "network" ? `${kind}: ${error.message}` : kind;
}

function resultView(r, testid = "score") {
  const box = el("div", { class: "result", "data-testid": testid });
  if (!r.ok) {
    box.append(el("p", { class: "error", "data-testid": "error", "data-code": r.error.code, title: r.error.message, text: errorText(r.error) }));
    return box;
  }
  const total = el("div", { class: "total" });
  if (r.winning) {
    const h = headline(r);
    if (h.big) total.append(el("span", { class: "big", "data-testid": "total", text: h.big }));
    if (h.who) total.append(el("span", { class: "badge who", "data-testid": "who", text: h.who }));
    if (h.sub) total.append(el("span", { class: "sum", text: h.sub }));
  } else {
    total.append(el("span", { class: "notwin", "data-testid": "not-winning", text: t("notWinning") }));
  }
  const summary = summaryLine(r);
  if (summary && r.winning) total.append(el("span", { class: "sum", "data-testid": "summary", text: summary }));
  if (r.limit) total.append(el("span", { class: "badge", "data-testid": "limit", "data-limit": r.limit, text: limitName(r.limit) }));
  box.append(total);
  if (r.reason) box.append(el("p", { class: "notwin", "data-testid": "reason", text: reasonText(r) }));
  if (r.points && r.points.received !== r.points.hand) {
    box.append(el("p", { class: "muted", text: `${t("received")}: ${fmt(r.points.received)}` }));
  }
  if (r.decomposition && r.decomposition.length) {
    box.append(el("div", { class: "decomp", "aria-label": t("decomposition") }, ...r.decomposition.map((set) => {
      const tiles = parseMpsz(String(set));
      return tiles ? el("span", { class: "set" }, ...tiles.map((c) => tilePicture(c, "small"))) : null;
    })));
  }
  if (r.items && r.items.length) {
    const unit = unitOf(r);
    box.append(el("table", { "data-testid": "items" }, el("caption", { text: t("item") }),
      el("tbody", {}, ...r.items.map((item) => el("tr", { "data-item": item.id },
        el("td", { text: nameOf(item.names) + (noteText(item.note, item.note_names) ? ` (${noteText(item.note, item.note_names)})` : "") }),
        el("td", { class: "num", text: itemValue(item, unit, r) }))))));
  }
  if (Array.isArray(r.fu_parts) && r.fu_parts.length && !isYakuman(r.limit)) {
    box.append(el("table", { "data-testid": "fu-parts" }, el("caption", { text: t("fuParts") }),
      el("tbody", {}, ...r.fu_parts.map((part) => el("tr", {},
        el("td", { text: nameOf(part.names) + (part.tiles ? ` ${part.tiles}` : "") + (noteText(part.note, part.note_names) ? ` (${noteText(part.note, part.note_names)})` : "") }),
        el("td", { class: "num", text: `${part.fu} ${t("fu")}` }))))));
  }
  if (r.points && r.points.payments && r.points.payments.length) {
    box.append(el("table", { "data-testid": "payments" }, el("caption", { text: t("payments") }),
      el("tbody", {}, ...paymentRows(r.points.payments))));
  }
  if (Array.isArray(r.kong_money) && r.kong_money.length) {
    box.append(el("table", { "data-testid": "kong-money" }, el("caption", { text: t("kongMoney") }),
      el("tbody", {}, ...kongRows(r.kong_money))));
  }
  if (Array.isArray(r.exclusions) && r.exclusions.length) {
    box.append(el("details", { "data-testid": "exclusions" }, el("summary", { text: t("exclusions") }),
      el("ul", {}, ...r.exclusions.map((x) => el("li", { text: exclusionSentence(x) })))));
  }
  const notes = (Array.isArray(r.notes) ? r.notes : []).map((n, i) => noteText(n, (r.note_names || [])[i])).filter(Boolean);
  if (notes.length) box.append(el("ul", { class: "notes muted", "data-testid": "notes" }, ...notes.map((n) => el("li", { text: n }))));
  return box;
}

// "2 han (1 × 2)" for an item counted twice; a yakuman as "Yakuman" (×2 for a double); a multiplier as "×4".
function itemValue(item, unit, r) {
  const count = item.count > 1 ? item.count : 1;
  if (r && r.rules === "riichi" && typeof item.value === "number" && item.value >= 13 && isYakuman(r.limit)) {
    const times = Math.round(item.value / 13) * count;
    return times > 1 ? t("timesYakuman")(times) : LIMITS.yakuman[state.lang];
  }
  if (typeof item.value !== "number") return count > 1 ? `${item.value} × ${count}` : String(item.value);
  return `${item.value * count} ${unit}${count > 1 ? ` (${item.value} × ${count})` : ""}`;
}

function waitSummary(r) {
  if (!r.winning) return reasonText(r);
  const h = headline(r);
  return [h.big, summaryLine(r), r.limit ? limitName(r.limit) : ""].filter(Boolean).join(" · ");
}

function renderResult(data, waiting) {
  const box = $("result");
  box.dataset.state = data.ok ? (waiting ? "waits" : "scored") : "error";
  if (!data.ok || !waiting) {
    box.replaceChildren(resultView(data));
    return;
  }
  if (!data.waits.length) {
    box.replaceChildren(el("p", { class: "notwin", "data-testid": "no-waits", text: t("noWaits") }));
    return;
  }
  box.replaceChildren(el("h3", { text: `${t("waits")} (${data.waits.length})` }),
    el("ul", { class: "waits", "data-testid": "waits" }, ...data.waits.map((w) => el("li", { "data-wait": w.tile },
      tileButton(w.tile, { cls: "small", label: `${t("waitsFor")} ${tileLabel(w.tile)}`,
        onclick: () => { state.hand.push(w.tile); state.win = w.tile; changed(); } }),
      el("span", { text: waitSummary(w.result) })))));
}

// ---- the share link: the whole state (rule set, language, hand, melds, context, flags, options) in the address --
function shareState() {
  return { r: state.rules, l: state.lang, h: handText(), w: state.win, m: state.melds, f: state.flowers, d: state.dora,
    u: state.ura, c: state.context, g: state.flags, o: state.options, p: state.preset };
}

function shareLink() {
  const json = JSON.stringify(shareState());
  const b64 = btoa(String.fromCharCode(...new TextEncoder().encode(json))).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  return `${location.origin}${location.pathname}?s=${b64}`;
}

function readShared(text) {
  try {
    const b64 = text.replace(/-/g, "+").replace(/_/g, "/");
    const bytes = Uint8Array.from(atob(b64), (ch) => ch.charCodeAt(0));
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return null;
  }
}

function restoreShared(s) {
  if (!s || !state.catalog.some((r) => r.name === s.r)) return;
  state.rules = s.r;
  if (UI[s.l]) state.lang = s.l;
  const tiles = parseMpsz(s.h || "");
  if (tiles) { state.hand = tiles; state.win = s.w && tiles.includes(s.w) ? s.w : tiles[tiles.length - 1] || null; }
  else state.rawText = s.h || null;
  const list = (x) => (Array.isArray(x) ? x.filter((c) => typeof c === "string" && parseMpsz(c)) : []);
  state.melds = Array.isArray(s.m) ? s.m.filter((m) => m && MELD_SIZE[m.kind] && Array.isArray(m.tiles)).map((m) => ({ kind: m.kind, tiles: list(m.tiles) })) : [];
  state.flowers = list(s.f);
  state.dora = list(s.d);
  state.ura = list(s.u);
  const obj = (x) => (x && typeof x === "object" && !Array.isArray(x) ? x : {});
  state.context = obj(s.c);
  state.flags = obj(s.g);
  state.options = obj(s.o);
  state.preset = typeof s.p === "string" ? s.p : "";
}

async function share() {
  const link = shareLink();
  $("share-link").value = link;
  $("share-box").hidden = false;
  try { await navigator.clipboard.writeText(link); $("share-note").textContent = t("copied"); } catch { $("share-note").textContent = ""; }
  $("share-link").select();
}

// ---- start ----------------------------------------------------------------------------------------------------
function resetForRules() {
  state.options = {};
  state.preset = "";
  state.presetNote = null;
  state.flags = {};
  const winds = ruleSet().winds || WINDS;
  for (const k of ["seat_wind", "round_wind"]) if (state.context[k] && !winds.includes(state.context[k])) delete state.context[k];
  keepTilesInSet();
}

// Drop the tiles the rule set (with its options) does not play: another rule set, or three players.
function keepTilesInSet() {
  const ts = tileSet();
  const ok = (c) => ts.kinds.includes(kindOf(c)) && (c[0] !== "0" || ts.red_fives);
  state.hand = state.hand.filter(ok);
  if (state.win && !state.hand.includes(state.win)) state.win = state.hand[state.hand.length - 1] || null;
  state.melds = state.melds.filter((m) => m.tiles.every(ok));
  if (!ts.flowers) state.flowers = [];
}

async function start() {
  const res = await fetch("/api/rules");
  const data = await res.json();
  state.catalog = data.rules;
  state.contextFields = data.context;
  const params = new URLSearchParams(location.search);
  const saved = localStorage.getItem("suanfan.lang");
  state.lang = params.get("lang") || (UI[saved] ? saved : (navigator.language || "en").slice(0, 2));
  if (!UI[state.lang]) state.lang = "en";
  const wanted = params.get("rules");
  state.rules = state.catalog.some((r) => r.name === wanted) ? wanted
    : (state.catalog.find((r) => r.name === "riichi") || state.catalog[0]).name;
  if (params.get("hand")) {
    const tiles = parseMpsz(params.get("hand"));
    if (tiles) { state.hand = tiles; state.win = tiles[tiles.length - 1]; }
  }
  if (params.get("s")) restoreShared(readShared(params.get("s")));
  $("lang").value = state.lang;
  $("share").addEventListener("click", share);
  $("rules").addEventListener("change", (e) => {
    state.rules = e.target.value;
    resetForRules();
    renderInputs();
    update();
  });
  $("lang").addEventListener("change", (e) => {
    state.lang = e.target.value;
    localStorage.setItem("suanfan.lang", state.lang);
    renderInputs();
    if (state.lastResult) update();
  });
  $("text").addEventListener("input", (e) => {
    const text = e.target.value.trim();
    const tiles = parseMpsz(text);
    if (tiles && tiles.every((c) => c[1] !== "f")) {
      state.hand = tiles;
      state.win = tiles[tiles.length - 1] || null;
      state.rawText = null;
    } else {
      state.rawText = text;  // Chinese names, Unicode tiles, typos: the server reads it or says what is wrong
      state.hand = [];
    }
    changed();
  });
  $("win").addEventListener("change", (e) => { state.win = e.target.value; changed(); });
  $("palette").addEventListener("keydown", paletteKeys);
  $("palette").addEventListener("focusin", (e) => {
    const b = e.target.closest("button");
    if (!b) return;
    for (const x of $("palette").querySelectorAll('button[tabindex="0"]')) if (x !== b) x.tabIndex = -1;
    b.tabIndex = 0;
  });
  $("clear").addEventListener("click", () => {
    Object.assign(state, { hand: [], win: null, melds: [], flowers: [], dora: [], ura: [], rawText: null });
    $("text").value = "";
    changed();
  });
  renderInputs();
  update();
  document.body.dataset.ready = "true";  // the controls are drawn and listening: the browser tests wait for this
}

// send.js ("Send to a match") reads the scored hand: the request as sent, and whether it won
window.SuanfanCalculator = { hand: () => ({ rules: state.rules, body: requestBody(false),
  scored: $("result").dataset.state === "scored" && Boolean(state.lastResult && state.lastResult.winning) }) };
start();
