// The calculator page: build a hand, send it to the API as the contract's hand object, show the result.
// Everything about a rule set (its tiles, options, flags, item names) comes from GET /api/rules.
"use strict";

const { tileSVG } = window.SuanfanTiles;

const UI = {
  en: {
    ruleSet: "Rule set", language: "Language", hand: "Hand", typeHand: "Type the hand (mpsz, winning tile last)",
    winTile: "Winning tile", clear: "Clear", tapAdds: "A tapped tile goes to", context: "Context",
    moreContext: "More context", options: "Options", result: "Result", footer: "Scores come from the suanfan engine through its HTTP API",
    mode_hand: "Hand", mode_chi: "Chi", mode_pon: "Pon", mode_minkan: "Open kong", mode_kakan: "Added kong",
    mode_ankan: "Concealed kong", mode_dora: "Dora indicator", mode_ura: "Ura indicator",
    tsumo: "Self-draw (tsumo)", seat_wind: "Seat wind", round_wind: "Round wind", riichi: "Riichi",
    double_riichi: "Double riichi", ippatsu: "Ippatsu", rinshan: "Win on a kong replacement",
    chankan: "Robbing a kong", haitei: "Last tile self-draw", houtei: "Last discard", tenhou: "Blessing of heaven",
    chiihou: "Blessing of earth", renhou: "Blessing of man", last_copy: "Last copy of the tile",
    after_kong_discard: "Discard after a kong", declared: "Declared ready", dora_indicators: "Dora indicators",
    ura_indicators: "Ura indicators", honba: "Honba", riichi_sticks: "Riichi sticks", flowers: "Flowers",
    winds: { E: "East", S: "South", W: "West", N: "North" }, preset: "Preset", none: "none",
    need: (n, want) => `${n} of ${want} tiles`, tapToRemove: "tap to remove", remove: "Remove",
    meld: { chi: "chi", pon: "pon", minkan: "open kong", kakan: "added kong", ankan: "concealed kong" },
    han: "han", fu: "fu", fan: "fan", points: "points", received: "received with honba and sticks",
    item: "Item", value: "Value", fuParts: "Fu", payments: "Payments", from: "From", amount: "Amount",
    notWinning: "Not winning", reasons: { not_winning: "the hand is not complete", no_yaku: "no yaku" },
    payers: { discarder: "discarder", dealer: "dealer", non_dealer: "non-dealer", each: "each other player",
      other: "other" },
    waits: "Waits", noWaits: "Not waiting: no tile completes this hand", waitsFor: "Waiting on",
    decomposition: "Reading", details: "Details", addTiles: "Tap tiles or type a hand to see its score.",
    chiNeedsSuit: "A chi is three tiles in a row of one suit", tooMany: (t) => `All copies of ${t} are used`,
    full: "The hand is full: remove a tile or add a meld first", total: "Total",
    tileNames: { m: "characters", p: "dots", s: "bamboo", z: ["East", "South", "West", "North", "White", "Green", "Red"],
      f: ["Spring", "Summer", "Autumn", "Winter", "Plum", "Orchid", "Chrysanthemum", "Bamboo"], red: "red five" },
  },
  zh: {
    ruleSet: "规则", language: "语言", hand: "手牌", typeHand: "输入手牌（mpsz，和牌张写在最后）", winTile: "和牌张",
    clear: "清空", tapAdds: "点牌加入", context: "和牌情况", moreContext: "更多情况", options: "选项", result: "结果",
    footer: "由 suanfan 引擎经 HTTP API 计算",
    mode_hand: "手牌", mode_chi: "吃", mode_pon: "碰", mode_minkan: "明杠", mode_kakan: "加杠", mode_ankan: "暗杠",
    mode_dora: "宝牌指示牌", mode_ura: "里宝牌指示牌",
    tsumo: "自摸", seat_wind: "门风", round_wind: "圈风", riichi: "立直", double_riichi: "两立直", ippatsu: "一发",
    rinshan: "杠上开花", chankan: "抢杠", haitei: "海底摸月", houtei: "河底捞鱼", tenhou: "天和", chiihou: "地和",
    renhou: "人和", last_copy: "和绝张", after_kong_discard: "杠上炮", declared: "报听", dora_indicators: "宝牌指示牌",
    ura_indicators: "里宝牌指示牌", honba: "本场", riichi_sticks: "立直棒", flowers: "花牌",
    winds: { E: "东", S: "南", W: "西", N: "北" }, preset: "预设", none: "无",
    need: (n, want) => `${n} / ${want} 张`, tapToRemove: "点击移除", remove: "移除",
    meld: { chi: "吃", pon: "碰", minkan: "明杠", kakan: "加杠", ankan: "暗杠" },
    han: "翻", fu: "符", fan: "番", points: "点", received: "含本场与立直棒",
    item: "番种", value: "番数", fuParts: "符", payments: "支付", from: "付款方", amount: "金额",
    notWinning: "不能和", reasons: { not_winning: "手牌未成和", no_yaku: "无役" },
    payers: { discarder: "放铳者", dealer: "庄家", non_dealer: "闲家", each: "其他每家", other: "其他" },
    waits: "听牌", noWaits: "未听牌：没有能和的牌", waitsFor: "听",
    decomposition: "拆解", details: "详情", addTiles: "点击牌或输入手牌即可算番。",
    chiNeedsSuit: "吃是同花色的三张顺子", tooMany: (t) => `${t} 已用完四张`,
    full: "手牌已满：先移除一张或加副露", total: "合计",
    tileNames: { m: "万", p: "筒", s: "条", z: ["东", "南", "西", "北", "白", "发", "中"],
      f: ["春", "夏", "秋", "冬", "梅", "兰", "菊", "竹"], red: "红五" },
  },
  ja: {
    ruleSet: "ルール", language: "言語", hand: "手牌", typeHand: "手牌を入力（mpsz、和了牌は最後）", winTile: "和了牌",
    clear: "クリア", tapAdds: "タップした牌の行き先", context: "和了の状況", moreContext: "その他の状況", options: "オプション",
    result: "結果", footer: "suanfan エンジンが HTTP API で計算",
    mode_hand: "手牌", mode_chi: "チー", mode_pon: "ポン", mode_minkan: "明槓", mode_kakan: "加槓", mode_ankan: "暗槓",
    mode_dora: "ドラ表示牌", mode_ura: "裏ドラ表示牌",
    tsumo: "ツモ", seat_wind: "自風", round_wind: "場風", riichi: "立直", double_riichi: "ダブル立直", ippatsu: "一発",
    rinshan: "嶺上開花", chankan: "槍槓", haitei: "海底摸月", houtei: "河底撈魚", tenhou: "天和", chiihou: "地和",
    renhou: "人和", last_copy: "ラス牌", after_kong_discard: "槓振り", declared: "聴牌宣言",
    dora_indicators: "ドラ表示牌", ura_indicators: "裏ドラ表示牌", honba: "本場", riichi_sticks: "供託リーチ棒",
    flowers: "花牌", winds: { E: "東", S: "南", W: "西", N: "北" }, preset: "プリセット", none: "なし",
    need: (n, want) => `${n} / ${want} 枚`, tapToRemove: "タップで削除", remove: "削除",
    meld: { chi: "チー", pon: "ポン", minkan: "明槓", kakan: "加槓", ankan: "暗槓" },
    han: "翻", fu: "符", fan: "番", points: "点", received: "本場・供託込み",
    item: "役", value: "翻数", fuParts: "符", payments: "支払い", from: "支払う人", amount: "点数",
    notWinning: "和了できません", reasons: { not_winning: "手牌が完成していません", no_yaku: "役なし" },
    payers: { discarder: "放銃者", dealer: "親", non_dealer: "子", each: "他家それぞれ", other: "その他" },
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
};
const MELD_SIZE = { chi: 3, pon: 3, minkan: 4, kakan: 4, ankan: 4 };
const MODES = ["hand", "chi", "pon", "minkan", "kakan", "ankan", "dora", "ura"];
const WINDS = ["E", "S", "W", "N"];
const MAIN_CONTEXT = ["tsumo", "seat_wind", "round_wind"];
const STANDARD_KEYS = new Set(["ok", "winning", "rules", "hand", "melds", "decomposition", "items", "han", "fu",
  "fan", "limit", "points", "reason", "fu_parts"]);

const state = {
  rules: null, lang: "en", catalog: null, contextFields: [],
  hand: [], win: null, melds: [], flowers: [], dora: [], ura: [], rawText: null,
  mode: "hand", context: {}, flags: {}, options: {}, preset: "",
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
// A contract field sits in the main context when the rule set names it among its items or options (riichi,
// ippatsu, haitei; aka_dora / ura_dora for the indicators); the rest wait under "More context".
const ruleWords = () => {
  const rs = ruleSet();
  return new Set([...rs.items.map((i) => i.id), ...rs.options.map((o) => o.name)].flatMap((id) => [id, ...id.split("_")]));
};
const usesField = (name) => {
  const words = ruleWords();
  if (name === "dora_indicators") return words.has("dora");
  if (name === "ura_indicators") return words.has("ura");
  return words.has(name);
};

function neededTiles() { return 14 - 3 * state.melds.length; }

function usedCount(kind) {
  const all = [...state.hand, ...state.melds.flatMap((m) => m.tiles)];
  return all.filter((c) => kindOf(c) === kind).length;
}

function copies() { return ruleSet().tile_set.copies; }

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
  for (const b of $("modes").children) b.setAttribute("aria-checked", String(b.dataset.mode === mode));
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
  const modes = MODES.filter((m) => (m === "dora" ? usesField("dora_indicators") : m === "ura" ? usesField("ura_indicators") : true));
  if (!modes.includes(state.mode)) state.mode = "hand";
  box.replaceChildren(...modes.map((m) => el("button", {
    type: "button", role: "radio", "data-mode": m, "aria-checked": String(m === state.mode), text: t("mode_" + m),
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
  const ts = ruleSet().tile_set;
  const rows = {};
  for (const code of ts.kinds) (rows[code[1]] = rows[code[1]] || []).push(code);
  if (ts.red_fives) for (const s of "mps") if (rows[s]) rows[s].splice(5, 0, "0" + s);
  if (ts.flowers) rows.f = ["1f", "2f", "3f", "4f", "5f", "6f", "7f", "8f"];
  $("palette").replaceChildren(...Object.entries(rows).map(([suit, codes]) => el("div", { class: "suit", "data-suit": suit },
    ...codes.map((code) => tileButton(code, { onclick: () => tap(code), title: code })))));
  renderPalette();
}

// Buttons stay in place (a keyboard user keeps focus); only their state changes: a tile all of whose copies are in
// the hand is disabled (indicators may still repeat it), a flower shows whether it is in.
function renderPalette() {
  const ts = ruleSet().tile_set;
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

function checkbox(name, label, value, onchange) {
  return el("label", {}, el("input", { type: "checkbox", name, checked: !!value, onchange: (e) => onchange(e.target.checked) }), label);
}

function windSelect(name) {
  const select = el("select", { name, onchange: (e) => { state.context[name] = e.target.value; changed(); } },
    ...WINDS.map((w) => el("option", { value: w, text: t("winds")[w] })));
  select.value = state.context[name] || "E";
  return el("label", { class: "stack" }, el("span", { text: t(name) }), select);
}

function indicatorField(name) {
  return el("div", { class: "stack indicators", "data-field": name },
    el("span", { class: "muted", text: t(name) + ":" }), el("span", { class: "list indicators" }),
    el("button", { type: "button", class: "plain", text: "+", "aria-label": `${t(name)} +`,
      onclick: () => { setMode(name === "dora_indicators" ? "dora" : "ura"); $("palette").querySelector("button:not(:disabled)").focus(); } }));
}

function renderIndicators() {
  for (const [name, list] of [["dora_indicators", state.dora], ["ura_indicators", state.ura]]) {
    const box = document.querySelector(`[data-field="${name}"] .list`);
    if (!box) continue;
    box.replaceChildren(...list.map((code, i) => tileButton(code, { cls: "small", label: `${tileLabel(code)}, ${t("tapToRemove")}`,
      onclick: () => { list.splice(i, 1); changed(); } })));
  }
}

function contextControl(field) {
  const { name, type } = field;
  if (type === "bool") {
    return checkbox(name, t(name) || name, state.context[name], (v) => { state.context[name] = v; changed(); });
  }
  if (type === "wind") return windSelect(name);
  if (type === "tiles") return indicatorField(name);
  const input = el("input", { type: "number", min: "0", step: "1", name, value: state.context[name] || 0,
    oninput: (e) => { state.context[name] = Math.max(0, Math.floor(Number(e.target.value) || 0)); changed(); } });
  return el("label", { class: "stack" }, el("span", { text: t(name) || name }), input);
}

function readFlag(text) {
  const v = text.trim();
  if (!v) return undefined;
  try { return JSON.parse(v); } catch { return v; }
}

function flagText(v) { return v === undefined ? "" : typeof v === "string" ? v : JSON.stringify(v); }

function renderContext() {
  const main = [];
  const more = [];
  for (const field of state.contextFields) {
    const control = contextControl(field);
    (MAIN_CONTEXT.includes(field.name) || usesField(field.name) ? main : more).push(control);
  }
  // The rule set's own flags (RuleSet.context_flags): their values differ (a seat, a count, a suit, true), so each is
  // a text box read as JSON where it can be (true, 2) and as text otherwise (L, m); the API names a wrong value.
  for (const { name: flag } of ruleSet().context_flags) {
    const input = el("input", { type: "text", name: flag, value: flagText(state.flags[flag]), size: "6",
      placeholder: "—", oninput: (e) => { state.flags[flag] = readFlag(e.target.value); changed(); } });
    main.push(el("label", { class: "stack" }, el("span", { text: flag.replace(/_/g, " ") }), input));
  }
  $("context").replaceChildren(...main);
  $("more-context").replaceChildren(...more);
  renderIndicators();
}

function optionControl(option) {
  const { name, default: def, choices } = option;
  const value = name in state.options ? state.options[name] : def;
  const set = (v) => { state.options[name] = v; changed(); };
  let control;
  if (choices) {
    control = el("select", { name, onchange: (e) => set(choices[Number(e.target.value)].value) },
      ...choices.map((c, i) => el("option", { value: String(i), text: nameOf(c.names) })));
    control.value = String(choices.findIndex((c) => JSON.stringify(c.value) === JSON.stringify(value)));
  } else if (typeof def === "boolean") {
    const label = el("label", { title: option.doc }, el("input", { type: "checkbox", name, checked: !!value,
      onchange: (e) => set(e.target.checked) }), name.replace(/_/g, " "));
    return label;
  } else if (typeof def === "number") {
    control = el("input", { type: "number", name, value: String(value), step: Number.isInteger(def) ? "1" : "any",
      oninput: (e) => { if (e.target.value !== "") set(Number.isInteger(def) ? Math.round(Number(e.target.value)) : Number(e.target.value)); } });
  } else {
    const asText = Array.isArray(def) ? (value || []).join(", ") : (value ?? "");
    control = el("input", { type: "text", name, value: asText,
      oninput: (e) => set(Array.isArray(def) ? e.target.value.split(",").map((s) => s.trim()).filter(Boolean) : e.target.value) });
  }
  return el("label", { class: "stack", title: option.doc }, el("span", { text: name.replace(/_/g, " ") }), control);
}

function renderOptions() {
  const rs = ruleSet();
  const controls = [];
  const presets = Object.keys(rs.presets || {});
  if (presets.length) {
    const select = el("select", { name: "preset", onchange: (e) => { state.preset = e.target.value; changed(); } },
      el("option", { value: "", text: t("none") }), ...presets.map((p) => el("option", { value: p, text: p })));
    select.value = state.preset;
    controls.push(el("label", { class: "stack" }, el("span", { text: t("preset") }), select));
  }
  controls.push(...rs.options.map(optionControl));
  $("options").replaceChildren(...controls);
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
  if (state.flowers.length) body.flowers = state.flowers;
  for (const field of state.contextFields) {
    const v = state.context[field.name];
    if (field.type === "bool" && v) body[field.name] = true;
    if (field.type === "wind" && v && v !== "E") body[field.name] = v;
    if (field.type === "count" && v) body[field.name] = v;
  }
  if (state.dora.length) body.dora_indicators = [...state.dora];
  if (state.ura.length) body.ura_indicators = [...state.ura];
  for (const { name: flag } of rs.context_flags) if (state.flags[flag] !== undefined) body[flag] = state.flags[flag];
  const options = {};
  if (state.preset) options.preset = state.preset;
  for (const o of rs.options) {
    if (o.name in state.options && JSON.stringify(state.options[o.name]) !== JSON.stringify(o.default)) options[o.name] = state.options[o.name];
  }
  if (Object.keys(options).length) body.options = options;
  return body;
}

async function post(path, body) {
  const res = await fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
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

function summaryLine(r) {
  const parts = [];
  if (r.han !== null && r.han !== undefined) parts.push(`${r.han} ${t("han")}`);
  if (r.fu !== null && r.fu !== undefined) parts.push(`${r.fu} ${t("fu")}`);
  if (r.fan !== null && r.fan !== undefined) parts.push(`${r.fan} ${t("fan")}`);
  return parts.join(" · ");
}

function limitName(limit) { return (LIMITS[limit] && LIMITS[limit][state.lang]) || limit; }

function reasonText(reason) { return t("reasons")[reason] || reason; }

// One part of a breakdown (Riichi's fu_parts, or any rule set's list): its name, its tiles and note, its value.
function partRow(part) {
  if (part === null || typeof part !== "object") return [String(part), ""];
  const label = nameOf(part.names) || part.name || part.label || part.id || "";
  const value = part.fu ?? part.value ?? part.points ?? "";
  const known = ["names", "name", "label", "id", "fu", "value", "points", "tiles", "note"];
  const rest = Object.entries(part).filter(([k]) => !known.includes(k))
    .map(([k, v]) => `${k}: ${typeof v === "object" ? JSON.stringify(v) : v}`);
  const detail = [part.tiles, part.note, ...rest].filter((x) => x !== undefined && x !== null && x !== "");
  return [label + (detail.length ? ` · ${detail.join(" · ")}` : ""), value];
}

function resultView(r, testid = "score") {
  const box = el("div", { class: "result", "data-testid": testid });
  if (!r.ok) {
    box.append(el("p", { class: "error", "data-testid": "error", text: `${r.error.code}: ${r.error.message}` }));
    return box;
  }
  const total = el("div", { class: "total" });
  if (r.winning && r.points) {
    total.append(el("span", { class: "big", "data-testid": "total", text: fmt(r.points.hand) }),
      el("span", { class: "sum", text: t("points") }));
  } else if (!r.winning) {
    total.append(el("span", { class: "notwin", "data-testid": "not-winning", text: t("notWinning") }));
  }
  const summary = summaryLine(r);
  if (summary) total.append(el("span", { class: "sum", "data-testid": "summary", text: summary }));
  if (r.limit) total.append(el("span", { class: "badge", "data-testid": "limit", text: limitName(r.limit) }));
  box.append(total);
  if (r.reason) box.append(el("p", { class: "notwin", "data-testid": "reason", text: reasonText(r.reason) }));
  if (r.points && r.points.received !== r.points.hand) {
    box.append(el("p", { class: "muted", text: `${t("received")}: ${fmt(r.points.received)}` }));
  }
  if (r.decomposition && r.decomposition.length) {
    box.append(el("div", { class: "decomp", "aria-label": t("decomposition") }, ...r.decomposition.map((set) => {
      const tiles = parseMpsz(String(set));
      return tiles ? el("span", { class: "set" }, ...tiles.map((c) => tilePicture(c, "small")))
        : el("span", { class: "muted", text: String(set) });
    })));
  }
  if (r.items && r.items.length) {
    const unit = unitOf(r);
    box.append(el("table", { "data-testid": "items" }, el("caption", { text: t("item") }),
      el("tbody", {}, ...r.items.map((item) => el("tr", { "data-item": item.id },
        el("td", { text: nameOf(item.names) + (item.note ? ` (${item.note})` : "") }),
        el("td", { class: "num", text: itemValue(item, unit) }))))));
  }
  if (Array.isArray(r.fu_parts) && r.fu_parts.length) {
    box.append(el("table", { "data-testid": "fu-parts" }, el("caption", { text: t("fuParts") }),
      el("tbody", {}, ...r.fu_parts.map((part) => {
        const [label, value] = partRow(part);
        return el("tr", {}, el("td", { text: label }), el("td", { class: "num", text: String(value) }));
      }))));
  }
  if (r.points && r.points.payments && r.points.payments.length) {
    box.append(el("table", { "data-testid": "payments" }, el("caption", { text: t("payments") }),
      el("tbody", {}, ...r.points.payments.map((p) => el("tr", {},
        el("td", { text: (t("payers")[p.from] || p.from) + (p.note ? ` (${p.note})` : "") }),
        el("td", { class: "num", text: fmt(p.amount) }))))));
  }
  const extras = Object.entries(r).filter(([k]) => !STANDARD_KEYS.has(k));
  const pointExtras = r.points ? Object.entries(r.points).filter(([k]) => !["hand", "received", "payments"].includes(k)) : [];
  if (extras.length || pointExtras.length) {
    box.append(el("details", {}, el("summary", { text: t("details") }),
      el("dl", { class: "extra" }, ...[...extras, ...pointExtras].flatMap(([k, v]) =>
        [el("dt", { text: k }), el("dd", { text: typeof v === "object" ? JSON.stringify(v) : String(v) })]))));
  }
  return box;
}

// "2 han (1 × 2)" for an item counted twice; a value that is not a number (a multiplier name...) as it is.
function itemValue(item, unit) {
  const count = item.count > 1 ? item.count : 1;
  if (typeof item.value !== "number") return count > 1 ? `${item.value} × ${count}` : String(item.value);
  return `${item.value * count} ${unit}${count > 1 ? ` (${item.value} × ${count})` : ""}`;
}

function waitSummary(r) {
  if (!r.winning) return reasonText(r.reason || "not_winning");
  const parts = [summaryLine(r)];
  if (r.limit) parts.push(limitName(r.limit));
  if (r.points) parts.push(`${fmt(r.points.hand)} ${t("points")}`);
  return parts.filter(Boolean).join(" · ");
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

// ---- start ----------------------------------------------------------------------------------------------------
function resetForRules() {
  state.options = {};
  state.preset = "";
  state.flags = {};
  const ts = ruleSet().tile_set;
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
  $("lang").value = state.lang;
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
  $("clear").addEventListener("click", () => {
    Object.assign(state, { hand: [], win: null, melds: [], flowers: [], dora: [], ura: [], rawText: null });
    $("text").value = "";
    changed();
  });
  renderInputs();
  update();
  document.body.dataset.ready = "true";  // the controls are drawn and listening: the browser tests wait for this
}

start();
