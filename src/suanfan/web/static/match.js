// The scorekeeper: matches kept by the match API (/api/match, saved in SQLite on the server). Start a match, enter
// each round as its events, see the running table and the standings, undo the last round, export it as JSON.
// The players and settings of each rule set's match come from GET /api/match/games, the names and options of the
// rule sets from GET /api/rules; the events each rule set takes are the match layer's (src/suanfan/match/*.py).
// Reached at #scorekeeper (the list and a new match) and #scorekeeper/ID (one match), so a reload keeps the view.
(() => {
"use strict";

const M = {
  en: {
    calculator: "Calculator", scorekeeper: "Scorekeeper", matches: "Saved matches", noMatches: "No saved match yet.",
    open: "Open", newMatch: "New match", ruleSet: "Rule set", matchName: "Name (optional)", player: "Player",
    firstDealer: "first dealer", settings: "Match settings", options: "Rule options", create: "Start the match",
    importJson: "Import a match (JSON file)", rounds: (n) => `${n} round${n === 1 ? "" : "s"}`,
    back: "All matches", next: "Next", finished: "Finished", standings: "Standings", rank: "#", points: "Points",
    final: "Final score", standard: "Standard score", provisional: "provisional until the match ends",
    onTable: "On the table", honba: "Honba", dealer: "dealer", dealerMark: "dealer", table: "Running table", round: "Round",
    total: "Total", noRounds: "No round yet.", payments: "payments",
    enter: "Enter a round", event: "Event", addEvent: "Add the event", saveRound: "Save the round",
    pending: "This round so far", noEvents: "No event yet: add the events of the round, then save it.",
    remove: "Remove", preview: "If saved now", undo: "Undo the last round", undone: (n) => `Round ${n} undone.`,
    redo: "Put it back", exportJson: "Export JSON", exportCsv: "Export CSV", chart: "Each player's score after each round", error: "Error", value: "Value", none: "none",
    selfDraw: "none (self-draw)", handText: "Hand (mpsz, winning tile last)", melds: "Melds (e.g. pon:777z chi:123m)",
    dora: "Dora indicators", ura: "Ura indicators", extra: "Other hand fields (JSON, e.g. {\"ippatsu\": true})",
    json: "Event as JSON", notInHand: "— (out of the hand)", each: "each other player", tableTo: "the table",
    ended: { tobi: "a player dropped below zero", last_hand: "after the last hand", dealer_first: "the dealer of the last hand is first" },
    units: { han: "han", fu: "fu", fan: "fan" },
    modes: { han_fu: "han and fu", yakuman: "yakuman", hand: "the hand", fan: "fan", multiplier: "multiplier" },
    status: { ready: "ready", not_ready: "not ready", flower_pig: "flower pig" },
    types: { riichi: "riichi", ron: "ron", tsumo: "tsumo", draw: "draw", abort: "abortive draw", penalty: "penalty",
      win: "win", kong: "kong", declare: "declare (亮倒)", dealer: "dealer", json: "other (JSON)",
      chombo: "chombo", false_win: "false win (错和: 10 to each)" },
    reasons: { ron: "ron", tsumo: "tsumo", honba: "honba", riichi_deposit: "riichi stick", riichi_sticks: "sticks on the table",
      pao: "pao (liable)", noten_penalty: "noten payment", nagashi_mangan: "nagashi mangan", chombo: "chombo", penalty: "penalty",
      false_win: "false win", discard: "discarder", base: "base", self_draw: "self-draw", bao: "liable (包牌)",
      kong_minkan: "melded kong", kong_kakan: "added kong", kong_ankan: "concealed kong", kong_refund: "kong money back (退税)",
      hu_jiao_zhuan_yi: "kong money passed on (呼叫转移)", cha_da_jiao: "not ready (查大叫)", flower_pig: "flower pig (查花猪)",
      liang_dao_draw: "亮倒 at a draw" },
    keys: { player: "Player", winner: "Winner", from: "Discarder", han: "Han", fu: "Fu", yakuman: "Yakuman",
      pao: "Liable (pao)", pao_yakuman: "Pao yakuman", tenpai: "Tenpai", nagashi: "Nagashi mangan",
      reason: "Reason", amount: "Amount", to: "To", fan: "Fan", multiplier: "Multiplier", kind: "Kind",
      kong_on_kong: "Kong on kong (杠上杠)", after_kong_discard: "Discard after a kong (杠上炮)",
      shuang_long: "双龙七对", bao: "Liable (包牌)", di_fan: "底番", players: "Players", hand: "Hand" },
  },
  zh: {
    calculator: "算番", scorekeeper: "记分", matches: "已存的比赛", noMatches: "还没有比赛。", open: "打开",
    newMatch: "新比赛", ruleSet: "规则", matchName: "名称（可不填）", player: "玩家", firstDealer: "起家",
    settings: "比赛设置", options: "规则选项", create: "开始比赛", importJson: "导入比赛（JSON 文件）",
    rounds: (n) => `${n} 局`, back: "全部比赛", next: "下一局", finished: "已结束", standings: "排名", rank: "名次",
    points: "点数", final: "最终得分", standard: "标准分", provisional: "比赛结束前仅供参考", onTable: "场上供托",
    honba: "本场", dealer: "庄家", dealerMark: "庄", table: "计分表", round: "局", total: "合计", noRounds: "还没有记录。",
    payments: "支付", enter: "输入一局", event: "事件", addEvent: "加入事件", saveRound: "保存这一局",
    pending: "本局事件", noEvents: "还没有事件：加入本局的事件后保存。", remove: "移除", preview: "保存后",
    undo: "撤销上一局", undone: (n) => `已撤销第 ${n} 局。`, redo: "恢复", exportJson: "导出 JSON", exportCsv: "导出 CSV", chart: "每局后各家的分数", error: "错误",
    value: "计分", none: "无", selfDraw: "无（自摸）", handText: "手牌（mpsz，和牌张写在最后）",
    melds: "副露（如 pon:777z chi:123m）", dora: "宝牌指示牌", ura: "里宝牌指示牌", extra: "其他手牌字段（JSON）",
    json: "事件（JSON）", notInHand: "—（已离场）", each: "其他每家", tableTo: "场上",
    ended: { tobi: "有人被飞", last_hand: "最后一局结束", dealer_first: "最后一局庄家第一" },
    units: { han: "翻", fu: "符", fan: "番" },
    modes: { han_fu: "翻与符", yakuman: "役满", hand: "手牌", fan: "番", multiplier: "倍数" },
    status: { ready: "听牌", not_ready: "未听", flower_pig: "花猪" },
    types: { riichi: "立直", ron: "荣和", tsumo: "自摸", draw: "流局", abort: "途中流局", penalty: "罚分", win: "和牌",
      kong: "杠", declare: "亮倒", dealer: "庄家", json: "其他（JSON）", chombo: "错和（冲和）", false_win: "错和（赔每家10分）" },
    reasons: { ron: "荣和", tsumo: "自摸", honba: "本场", riichi_deposit: "立直棒", riichi_sticks: "供托", pao: "包牌",
      noten_penalty: "不听罚符", nagashi_mangan: "流局满贯", chombo: "错和", penalty: "罚分", false_win: "错和", discard: "点炮",
      base: "底分", self_draw: "自摸", bao: "包牌", kong_minkan: "明杠", kong_kakan: "补杠", kong_ankan: "暗杠", kong_refund: "退税",
      hu_jiao_zhuan_yi: "呼叫转移", cha_da_jiao: "查大叫", flower_pig: "查花猪", liang_dao_draw: "荒庄亮倒" },
    keys: { player: "玩家", winner: "和牌者", from: "放铳者", han: "翻", fu: "符", yakuman: "役满", pao: "包牌",
      pao_yakuman: "包牌役满", tenpai: "听牌", nagashi: "流局满贯", reason: "原因", amount: "金额", to: "付给",
      fan: "番", multiplier: "倍数", kind: "种类", kong_on_kong: "杠上杠", after_kong_discard: "杠上炮",
      shuang_long: "双龙七对", bao: "包牌", di_fan: "底番", players: "玩家", hand: "手牌" },
  },
  ja: {
    calculator: "点数計算", scorekeeper: "スコア記録", matches: "保存した対局", noMatches: "まだ対局がありません。",
    open: "開く", newMatch: "新しい対局", ruleSet: "ルール", matchName: "名前（任意）", player: "プレイヤー",
    firstDealer: "起家", settings: "対局設定", options: "ルールのオプション", create: "対局を始める",
    importJson: "対局を読み込む（JSON）", rounds: (n) => `${n} 局`, back: "対局一覧", next: "次の局", finished: "終了",
    standings: "順位", rank: "順位", points: "点数", final: "最終スコア", standard: "標準点", provisional: "終局まで暫定",
    onTable: "供託", honba: "本場", dealer: "親", dealerMark: "親", table: "記録表", round: "局", total: "合計",
    noRounds: "まだ記録がありません。", payments: "支払い", enter: "局を入力",
    event: "出来事", addEvent: "追加", saveRound: "この局を保存", pending: "この局の出来事",
    noEvents: "まだありません：局の出来事を追加して保存します。", remove: "削除", preview: "保存すると",
    undo: "最後の局を取り消す", undone: (n) => `第 ${n} 局を取り消しました。`, redo: "元に戻す",
    exportJson: "JSON で書き出す", exportCsv: "CSV で書き出す", chart: "各局後の各自の点数", error: "エラー", value: "点数", none: "なし", selfDraw: "なし（ツモ）",
    handText: "手牌（mpsz、和了牌は最後）", melds: "副露（例 pon:777z chi:123m）", dora: "ドラ表示牌",
    ura: "裏ドラ表示牌", extra: "その他の項目（JSON）", json: "出来事（JSON）", notInHand: "—（抜けた）",
    each: "他家それぞれ", tableTo: "供託",
    ended: { tobi: "箱下", last_hand: "オーラス終了", dealer_first: "オーラスの親がトップ" },
    units: { han: "翻", fu: "符", fan: "番" },
    modes: { han_fu: "翻と符", yakuman: "役満", hand: "手牌", fan: "番", multiplier: "倍数" },
    status: { ready: "聴牌", not_ready: "不聴", flower_pig: "花猪" },
    types: { riichi: "リーチ", ron: "ロン", tsumo: "ツモ", draw: "流局", abort: "途中流局", penalty: "罰符",
      win: "和了", kong: "槓", declare: "亮倒", dealer: "親", json: "その他（JSON）", chombo: "チョンボ", false_win: "錯和（各10点）" },
    reasons: { ron: "ロン", tsumo: "ツモ", honba: "本場", riichi_deposit: "リーチ棒", riichi_sticks: "供託", pao: "包",
      noten_penalty: "ノーテン罰符", nagashi_mangan: "流し満貫", chombo: "チョンボ", penalty: "罰符", false_win: "錯和", discard: "放銃",
      base: "基本点", self_draw: "自摸", bao: "包牌", kong_minkan: "明槓", kong_kakan: "加槓", kong_ankan: "暗槓", kong_refund: "退税",
      hu_jiao_zhuan_yi: "呼叫转移", cha_da_jiao: "查大叫", flower_pig: "查花猪", liang_dao_draw: "流局時の亮倒" },
    keys: { player: "プレイヤー", winner: "和了者", from: "放銃者", han: "翻", fu: "符", yakuman: "役満", pao: "包",
      pao_yakuman: "包の役満", tenpai: "聴牌", nagashi: "流し満貫", reason: "理由", amount: "点数", to: "支払い先",
      fan: "番", multiplier: "倍数", kind: "種類", kong_on_kong: "杠上杠", after_kong_discard: "杠上炮",
      shuang_long: "双龙七对", bao: "包牌", di_fan: "底番", players: "プレイヤー", hand: "手牌" },
  },
};
const WIND = { E: "東", S: "南", W: "西", N: "北" };
// riichi.md "Points": fu are 25 (seven pairs) or 20-110 in tens; riichi.py ABORTS: the abortive draws
const FU = [20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110];
const ABORTS = [["kyuushu_kyuuhai", "九种九牌"], ["suufon_renda", "四风连打"], ["suukan_sanra", "四杠散了"],
  ["suucha_riichi", "四家立直"], ["sanchahou", "三家和了"]];
const KONGS = [["minkan", "明杠 (minkan)"], ["kakan", "补杠 (kakan)"], ["ankan", "暗杠 (ankan)"]];

// ---- the events each rule set's match takes (src/suanfan/match/riichi.py, mcr.py, local.py) ---------------------
const HAND = (extra = false) => ({ kind: "hand", indicators: extra });
const PENALTY = (table) => ({ type: "penalty", fields: [{ key: "player", kind: "player" },
  { key: "amount", kind: "int", min: 1, value: table ? 1000 : 1 }, { key: "to", kind: "to", table }] });
const DEALER = { type: "dealer", fields: [{ key: "player", kind: "player" }] };
const WIN_FROM = { key: "from", kind: "optPlayer", none: "selfDraw" };
const LOCAL_VALUE = (key, given = [], min = 1) => ({ kind: "value", modes: [
  { id: key, fields: [{ key, kind: "int", min, value: min }, ...given] }, { id: "hand", fields: [HAND()] }] });
const EVENTS = {
  riichi: [
    { type: "riichi", fields: [{ key: "player", kind: "player" }] },
    { type: "ron", fields: [{ key: "winner", kind: "player" }, { key: "from", kind: "player", other: "winner" },
      "riichiValue", { key: "pao", kind: "optPlayer", none: "none" }] },
    { type: "tsumo", fields: [{ key: "winner", kind: "player" }, "riichiValue", { key: "pao", kind: "optPlayer", none: "none" }] },
    { type: "draw", fields: [{ key: "tenpai", kind: "players" }, { key: "nagashi", kind: "players" }] },
    { type: "abort", fields: [{ key: "reason", kind: "choice", choices: ABORTS }] },
    PENALTY(true),
    // a chombo is a round of its own (the hand is played again): riichi.py _chombo
    { type: "chombo", fields: [{ key: "player", kind: "player" }] },
  ],
  mcr: [
    // seed 002: a win holds at least 8 fan besides the flowers
    { type: "win", fields: [{ key: "winner", kind: "player" }, WIN_FROM, LOCAL_VALUE("fan", [], 8)] },
    { type: "draw", fields: [] },
    // 错和: 30, 10 to each other player (mcr.py FALSE_WIN); saved alone, the hand goes on
    { type: "false_win", fields: [{ key: "player", kind: "player" }] },
    PENALTY(false),
  ],
  sichuan: [
    DEALER,
    { type: "kong", fields: [{ key: "player", kind: "player" }, { key: "kind", kind: "choice", choices: KONGS },
      { key: "from", kind: "optPlayer", none: "none" }] },
    { type: "win", fields: [{ key: "winner", kind: "player" }, WIN_FROM, LOCAL_VALUE("multiplier"),
      { key: "after_kong_discard", kind: "bool" }] },
    { type: "draw", fields: [{ key: "players", kind: "statuses", flowerPig: true }] },
    PENALTY(false),
  ],
  kawuxing: [
    DEALER,
    { type: "declare", fields: [{ key: "player", kind: "player" }] },
    { type: "kong", fields: [{ key: "player", kind: "player" }, { key: "kind", kind: "choice", choices: KONGS },
      { key: "from", kind: "optPlayer", none: "none" }, { key: "kong_on_kong", kind: "bool" }] },
    { type: "win", fields: [{ key: "winner", kind: "player" }, WIN_FROM,
      LOCAL_VALUE("multiplier", [{ key: "shuang_long", kind: "bool" }])] },
    { type: "draw", fields: [{ key: "players", kind: "statuses", flowerPig: false, option: "cha_da_jiao" }] },
    PENALTY(false),
  ],
  wuhu: [
    DEALER,
    { type: "win", fields: [{ key: "winner", kind: "player" }, WIN_FROM,
      LOCAL_VALUE("fan", [{ key: "di_fan", kind: "int", min: 0, value: 0 }]), { key: "bao", kind: "optPlayer", none: "none" }] },
    { type: "draw", fields: [] },
    PENALTY(false),
  ],
  popular: [DEALER, { type: "win", fields: [{ key: "winner", kind: "player" }, WIN_FROM, LOCAL_VALUE("fan")] },
    { type: "draw", fields: [] }, PENALTY(false)],
  twoplayer: [DEALER, { type: "win", fields: [{ key: "winner", kind: "player" }, WIN_FROM, LOCAL_VALUE("fan")] },
    { type: "draw", fields: [] }, PENALTY(false)],
};
const RIICHI_VALUE = { kind: "value", modes: [
  { id: "han_fu", fields: [{ key: "han", kind: "int", min: 1, value: 1 }, { key: "fu", kind: "choice", choices: FU.map((f) => [f, String(f)]), value: 30 }] },
  { id: "yakuman", fields: [{ key: "yakuman", kind: "int", min: 1, value: 1 }] },
  { id: "hand", fields: [HAND(true)] },
] };
const JSON_EVENT = { type: "json", fields: [{ kind: "json" }] };

const sk = {
  started: false, catalog: [], games: {}, match: null, pending: [], undone: null, previewSeq: 0, seq: 0,
  detailedOpen: false,  // the player unfolded the full event form (Riichi): a redraw keeps it unfolded
};

const $ = (id) => document.getElementById(id);
const el = (tag, attrs = {}, ...children) => {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) if (c !== null && c !== undefined && c !== false) node.append(c);
  return node;
};
const lang = () => (M[$("lang").value] ? $("lang").value : "en");
const tr = (key) => (M[lang()][key] !== undefined ? M[lang()][key] : M.en[key]);
const sub = (group, key) => (tr(group) && tr(group)[key]) || M.en[group][key] || key;
const uid = (name) => `sk-${name}-${++sk.seq}`;
const fmt = (n) => (typeof n === "number" ? n.toLocaleString(lang() === "en" ? "en-US" : lang()) : String(n));
const signed = (n) => (n > 0 ? `+${fmt(n)}` : n < 0 ? `−${fmt(-n)}` : "0");
const rulesName = (name) => {
  const rs = sk.catalog.find((r) => r.name === name);
  return (rs && (rs.names[lang()] || rs.names.en)) || name;
};

// A server on the LAN keeps its matches behind a token (docs/server.md): asked once, on the first 401, and kept
// for this tab's session (sessionStorage); a wrong one is asked for again.
const TOKEN_KEY = "suanfan-token";
const TOKEN_PROMPT = "This server keeps its matches behind a token. Type the token it printed at start:";

async function api(method, path, body, retried = false) {
  const init = { method, headers: { "accept-language": lang() } };  // errors answered in the page's language
  if (body !== undefined) {
    init.headers["content-type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const token = sessionStorage.getItem(TOKEN_KEY);
  if (token) init.headers.authorization = `Bearer ${token}`;
  const res = await fetch(path, init);
  if (res.status === 401 && !retried) {
    let now = sessionStorage.getItem(TOKEN_KEY);
    if (now === token) {  // not already answered for a request sent at the same time
      now = (window.prompt(TOKEN_PROMPT) || "").trim();
      if (now) sessionStorage.setItem(TOKEN_KEY, now);
    }
    if (now && now !== token) return api(method, path, body, true);
  }
  let data;
  try { data = await res.json(); } catch { data = null; }
  if (!res.ok || (data && data.ok === false)) {
    const err = (data && data.error) || { code: `http_${res.status}`, message: res.statusText };
    throw Object.assign(new Error(err.message), { code: err.code });
  }
  return data;
}

function showError(box, e) {
  box.replaceChildren(e ? el("span", { text: `${tr("error")}: ${e.message}${e.code ? ` (${e.code})` : ""}` }) : "");
}

// ---- views and routing --------------------------------------------------------------------------------------------
function route() {
  const hash = location.hash.replace(/^#/, "");
  const on = hash === "scorekeeper" || hash.startsWith("scorekeeper/");
  $("calculator").hidden = on;
  $("scorekeeper").hidden = !on;
  $("rules").closest("label").hidden = on;  // the calculator's rule set; a match has its own
  for (const a of document.querySelectorAll("#views a")) {
    if ((a.dataset.view === "scorekeeper") === on) a.setAttribute("aria-current", "page");
    else a.removeAttribute("aria-current");
  }
  if (!on) return;
  const id = Number(hash.split("/")[1]);
  start().then(() => (id ? openMatch(id) : showList()), (e) => showError($(id ? "sk-match-error" : "sk-new-error"), e));
}

async function start() {
  if (sk.started) return;
  const [rules, games] = await Promise.all([api("GET", "/api/rules"), api("GET", "/api/match/games")]);
  sk.catalog = rules.rules;
  for (const g of games.games) if (sk.catalog.some((r) => r.name === g.rules)) sk.games[g.rules] = g;
  sk.started = true;
}

function focusHeading(id) {
  const h = $(id);
  if (h) h.focus({ preventScroll: false });
}

// ---- the list of matches and a new match -------------------------------------------------------------------------
async function showList() {
  sk.match = null;
  $("sk-match").hidden = true;
  $("sk-home").hidden = false;
  renderNewForm();
  const box = $("sk-list");
  try {
    const data = await api("GET", "/api/match");
    const items = data.matches.slice().reverse().map((m) => el("li", { "data-match-id": m.id },
      el("a", { href: `#scorekeeper/${m.id}`, class: "open", "data-testid": `open-${m.id}` },
        `#${m.id}${m.name ? ` · ${m.name}` : ""}`),
      el("span", { class: "muted", text: ` ${rulesName(m.rules)} · ${m.players.join(", ")} · ${tr("rounds")(m.rounds)}` })));
    box.replaceChildren(items.length ? el("ul", { class: "sk-matches" }, ...items) : el("p", { class: "muted", text: tr("noMatches") }));
  } catch (e) {
    showError(box, e);
  }
  renderLabels();
}

// A setting or option's name and help in the chosen language (GET /api/match/games and /api/rules name each one)
const named = (words, fallback) => (words && (words[lang()] || words.en)) || fallback;

function settingControl(s, idPrefix) {
  const id = `${idPrefix}-${s.name}`;
  const label = named(s.names, s.name.replaceAll("_", " "));
  const doc = named(s.help, s.doc);
  let input;
  if (s.choices) {
    input = el("select", { id, name: s.name }, ...s.choices.map((c) => el("option", { value: JSON.stringify(c.value), text: (c.names && (c.names[lang()] || c.names.en)) || String(c.value) })));
    input.value = JSON.stringify(s.default);
  } else if (typeof s.default === "boolean") {
    input = el("input", { id, name: s.name, type: "checkbox", checked: s.default });
    return el("label", { class: "sk-check", title: doc || "" }, input, label, doc ? el("span", { class: "sk-doc", text: doc }) : null);
  } else if (typeof s.default === "number") {
    input = el("input", { id, name: s.name, type: "number", step: "any", value: s.default });
  } else {
    // a list or an object (uma [20, 10, -10, -20], a fan table): numbers with commas, or JSON; empty is the default
    const shown = s.default === null ? "" : JSON.stringify(s.default);
    input = el("input", { id, name: s.name, type: "text", value: shown, placeholder: s.name === "uma" ? "20, 10, -10, -20" : tr("none"),
      autocomplete: "off", spellcheck: "false" });
  }
  return el("label", { class: "sk-field", title: doc || "" }, el("span", { text: label }), input,
    doc ? el("span", { class: "sk-doc", text: doc }) : null);
}

function readSetting(s, form) {
  const input = form.querySelector(`[name="${s.name}"]`);
  if (!input) return undefined;
  if (s.choices) return JSON.parse(input.value);
  if (input.type === "checkbox") return input.checked;
  if (input.type === "number") return Number(input.value);
  const text = input.value.trim();
  if (!text) return s.default;
  try { return JSON.parse(text); } catch { /* plain numbers with commas */ }
  const parts = text.split(/[\s,;]+/).filter(Boolean).map(Number);
  if (parts.some((n) => Number.isNaN(n))) throw new Error(`${s.name}: numbers separated by commas, or JSON`);
  return parts;
}

function renderNewForm() {
  const select = $("sk-rules");
  const keep = select.value || "riichi";
  select.replaceChildren(...Object.keys(sk.games).map((name) => el("option", { value: name, text: rulesName(name) })));
  select.value = sk.games[keep] ? keep : Object.keys(sk.games)[0];
  renderNewFields();
}

// The match settings with their defaults for this many players (GET /api/match/games defaults_by_seats)
function seatSettings(game, seats) {
  const defaults = (game.defaults_by_seats || {})[String(seats)] || {};
  return game.settings.map((s) => (s.name in defaults ? { ...s, default: defaults[s.name] } : s));
}

function chosenSeats(game) {
  const chosen = $("sk-option-players") ? JSON.parse($("sk-option-players").value) : game.seats;
  return (game.seat_counts || [game.seats]).includes(chosen) ? chosen : game.seats;
}

function renderSettings(game) {
  $("sk-settings").replaceChildren(...seatSettings(game, chosenSeats(game)).map((s) => settingControl(s, "sk-setting")));
  $("sk-settings-box").hidden = !game.settings.length;
}

function renderNewFields() {
  const game = sk.games[$("sk-rules").value];
  if (!game) return;
  const rs = sk.catalog.find((r) => r.name === game.rules);
  const opts = rs.options.filter((o) => o.choices || ["boolean", "number"].includes(typeof o.default));
  $("sk-options").replaceChildren(...opts.map((o) => settingControl(o, "sk-option")));
  $("sk-options-box").hidden = !opts.length;
  // Riichi's option players (4 or 3) sets how many names the match takes
  const players = $("sk-option-players");
  if (players) players.addEventListener("change", () => { renderSettings(game); renderPlayerFields(game); });
  renderSettings(game);
  renderPlayerFields(game);
}

function renderPlayerFields(game) {
  const seats = chosenSeats(game);
  const names = [...$("sk-players").querySelectorAll("input")].map((i) => i.value);
  $("sk-players").replaceChildren(...Array.from({ length: seats }, (_, i) => {
    const id = `sk-player-${i + 1}`;
    return el("label", { class: "sk-field", for: id },
      el("span", { text: `${tr("player")} ${i + 1}${i === 0 ? ` (${tr("firstDealer")})` : ""}` }),
      el("input", { id, name: `player${i + 1}`, type: "text", required: true, autocomplete: "off", value: names[i] || "",
        "data-testid": `new-player-${i + 1}` }));
  }));
}

async function createMatch(ev) {
  ev.preventDefault();
  const box = $("sk-new-error");
  showError(box, null);
  try {
    const game = sk.games[$("sk-rules").value];
    const rs = sk.catalog.find((r) => r.name === game.rules);
    const players = [...$("sk-players").querySelectorAll("input")].map((i) => i.value.trim());
    const settings = {};
    for (const s of seatSettings(game, players.length)) {
      const v = readSetting(s, $("sk-settings"));
      if (JSON.stringify(v) !== JSON.stringify(s.default)) settings[s.name] = v;
    }
    const options = {};
    for (const o of rs.options) {
      const v = readSetting(o, $("sk-options"));
      if (v !== undefined && JSON.stringify(v) !== JSON.stringify(o.default)) options[o.name] = v;
    }
    const body = { rules: game.rules, players, settings, options, name: $("sk-name").value.trim() };
    const m = await api("POST", "/api/match", body);
    location.hash = `#scorekeeper/${m.id}`;
  } catch (e) {
    showError(box, e);
  }
}

async function importMatch(ev) {
  const file = ev.target.files && ev.target.files[0];
  if (!file) return;
  const box = $("sk-new-error");
  showError(box, null);
  try {
    const data = JSON.parse(await file.text());
    const m = await api("POST", "/api/match/import", data);
    location.hash = `#scorekeeper/${m.id}`;
  } catch (e) {
    showError(box, e);
  }
  ev.target.value = "";
}

// ---- one match ----------------------------------------------------------------------------------------------------
async function openMatch(id, keepPending = false) {
  $("sk-home").hidden = true;
  $("sk-match").hidden = false;
  const changedMatch = !sk.match || sk.match.id !== id;
  try {
    sk.match = await api("GET", `/api/match/${id}`);
  } catch (e) {
    sk.match = null;
    $("sk-title").textContent = `#${id}`;
    for (const part of ["sk-status", "sk-standings", "sk-table", "sk-entry"]) $(part).replaceChildren();
    showError($("sk-match-error"), e);
    return;
  }
  if (changedMatch) { sk.undone = null; sk.detailedOpen = false; if (!keepPending) sk.pending = []; }
  showError($("sk-match-error"), null);
  renderMatch();
  if (changedMatch) focusHeading("sk-title");
}

function resolvedOptions(m) {
  const rs = sk.catalog.find((r) => r.name === m.rules);
  const out = {};
  for (const o of (rs && rs.options) || []) out[o.name] = o.default;
  return { ...out, ...m.options };
}

function renderMatch() {
  const m = sk.match;
  if (!m) return;
  $("sk-title").textContent = `${m.name || `#${m.id}`} · ${rulesName(m.rules)}`;
  const st = m.standings;
  const status = [];
  if (m.finished) {
    const why = m.state.end ? ` (${sub("ended", m.state.end)})` : "";
    status.push(el("strong", { text: tr("finished") + why, "data-testid": "sk-finished" }));
  } else {
    status.push(el("span", {}, `${tr("next")}: `, el("strong", { text: named(m.next_names, m.next), "data-testid": "sk-next" })));
  }
  if (st.deposits !== undefined) status.push(el("span", { text: `${tr("onTable")}: ${fmt(st.deposits)}`, "data-testid": "sk-deposits" }));
  const exportLink = el("a", { href: `/api/match/${m.id}/export`, download: `suanfan-match-${m.id}.json`, class: "button plain",
    "data-testid": "sk-export", text: tr("exportJson") });
  const undo = el("button", { type: "button", class: "plain", "data-testid": "sk-undo", text: tr("undo"),
    disabled: !m.rounds.length, onclick: undoRound });
  const csvLink = el("a", { href: `data:text/csv;charset=utf-8,${encodeURIComponent("\ufeff" + matchCsv(m))}`,
    download: `suanfan-match-${m.id}.csv`, class: "button plain", "data-testid": "sk-export-csv", text: tr("exportCsv") });
  const actions = el("div", { class: "sk-actions" }, undo, exportLink, csvLink);
  if (sk.undone) {
    actions.append(el("span", { class: "muted", role: "status", text: tr("undone")(sk.undone.number) }),
      el("button", { type: "button", class: "plain", text: tr("redo"), "data-testid": "sk-redo", onclick: redoRound }));
  }
  $("sk-status").replaceChildren(el("p", { class: "sk-line" }, ...status), actions);
  renderStandings();
  renderTable();
  renderEntry();
  renderLabels();
}

// A player's name with the seat wind of the next hand (Riichi, MCR), or the dealer's mark (the local rule sets).
function playerLabel(p) {
  const m = sk.match;
  const st = m.standings;
  const seat = st.seats && st.seats[p];
  const dealer = st.dealer !== undefined ? st.dealer : m.state.dealer;
  const node = el("span", { class: "sk-player" }, p);
  if (m.finished) return node;
  if (seat) {
    node.append(el("span", { class: `sk-seat${dealer === p ? " dealer" : ""}`, title: dealer === p ? tr("dealer") : "",
      text: WIND[seat] || seat }));
  } else if (dealer === p) {
    node.append(el("span", { class: "sk-seat dealer", title: tr("dealer"), text: tr("dealerMark") }));
  }
  return node;
}

function renderStandings() {
  const m = sk.match;
  const st = m.standings;
  const riichi = st.final !== undefined && m.rounds.length > 0;  // no oka or uma before the first round is played
  const mcr = st.standard !== undefined;
  const head = el("tr", {}, el("th", { scope: "col", text: tr("rank") }), el("th", { scope: "col", text: tr("player") }),
    el("th", { scope: "col", class: "num", text: tr("points") }),
    riichi ? el("th", { scope: "col", class: "num", text: tr("final") }) : null,
    mcr ? el("th", { scope: "col", class: "num", text: tr("standard") }) : null);
  const rows = st.ranking.map((p, i) => el("tr", { "data-player": p },
    el("td", { text: String(mcr ? st.rank[p] : i + 1) }), el("th", { scope: "row" }, playerLabel(p)),
    el("td", { class: "num", "data-testid": `sk-points-${p}`, "data-value": st.points[p], text: fmt(st.points[p]) }),
    riichi ? el("td", { class: "num", "data-testid": `sk-final-${p}`, "data-value": st.final[p],
      text: st.final[p] > 0 ? `+${st.final[p].toFixed(1)}` : st.final[p].toFixed(1).replace("-", "−") }) : null,
    mcr ? el("td", { class: "num", "data-testid": `sk-standard-${p}`, text: String(st.standard[p]) }) : null));
  const caption = el("caption", { text: tr("standings") });
  const table = el("table", { class: "sk-standings", "data-testid": "sk-standings" }, caption, el("thead", {}, head), el("tbody", {}, ...rows));
  const note = riichi && st.final_is_provisional ? el("p", { class: "muted", text: `${tr("final")}: ${tr("provisional")}` }) : null;
  $("sk-standings").replaceChildren(table, note || "");
}

function describeEvent(ev) {
  const subject = ev.winner ?? ev.player;
  const head = [subject, sub("types", ev.type)].filter((x) => x !== undefined).join(" ");
  const parts = [];
  // the server keeps an event's keys sorted: show the value first (han before fu), the rest in their order
  const first = ["from", "han", "fu", "yakuman", "fan", "multiplier", "tenpai"];
  const keys = Object.keys(ev).sort((a, b) => ((first.indexOf(a) + 1 || 99) - (first.indexOf(b) + 1 || 99)));
  for (const k of keys) {
    const v = ev[k];
    if (Array.isArray(v) && !v.length && k !== "tenpai") continue;
    if (["type", "winner", "player", "note"].includes(k)) continue;
    if (k === "from") { parts.push(`← ${v}`); continue; }
    if (k === "hand") {
      const h = typeof v === "string" ? { hand: v } : v;
      parts.push([h.hand, ...(h.melds || [])].join(" "));
      continue;
    }
    const name = sub("keys", k);
    if (Array.isArray(v)) parts.push(`${name}: ${v.join(", ") || tr("none")}`);
    else if (v && typeof v === "object") {
      parts.push(`${name}: ${Object.entries(v).map(([p, s]) => `${p} ${s.status ? sub("status", s.status) + (s.multiplier ? ` ×${s.multiplier}` : "") : s.hand || JSON.stringify(s)}`).join(", ")}`);
    } else if (v === true) parts.push(name);
    else if (["han", "fu", "fan"].includes(k)) parts.push(`${v} ${tr("units")[k]}`);
    else if (k === "reason") parts.push((ABORTS.find(([r]) => r === v) || [v, v])[1]);
    else parts.push(`${name} ${v}`);
  }
  return [head, ...parts].join(" · ").replace(" · ← ", " ← ");
}

// A scored hand in a round: its value (han and fu, or fan, or the limit) and its items in the chosen language.
function handSummary(h) {
  const u = tr("units");
  const value = h.han !== null && h.han !== undefined ? `${h.han} ${u.han} ${h.fu} ${u.fu}`
    : h.fan !== null && h.fan !== undefined ? `${h.fan} ${u.fan}` : "";
  const items = (h.items || []).map((i) => (i.names && (i.names[lang()] || i.names.en)) || i.id);
  return `${h.player}: ${[value, h.limit].filter(Boolean).join(" ")}${items.length ? ` (${items.join(", ")})` : ""}`;
}

function linesList(round) {
  return el("ul", { class: "sk-lines" }, ...round.lines.map((l) => el("li", {},
    `${l.from === "table" ? tr("tableTo") : l.from} → ${l.to === "table" ? tr("tableTo") : l.to}: ${fmt(l.amount)} (${sub("reasons", l.reason)}${l.note ? `, ${l.note}` : ""})`)));
}

function renderTable() {
  const m = sk.match;
  const players = m.players;
  const head = el("tr", {}, el("th", { scope: "col", text: tr("round") }),
    ...players.map((p) => el("th", { scope: "col", class: "num" }, playerLabel(p))));
  const rows = m.rounds.map((r) => {
    const hands = (r.hands || []).map(handSummary);
    const what = el("td", { class: "sk-what" },
      el("div", { class: "sk-label" }, el("span", { class: "sk-num", text: `${r.number}.` }), ` ${named(r.names, r.label)}`),
      el("div", { class: "muted" }, r.events.map(describeEvent).join(" / ")),
      hands.length ? el("div", { class: "muted", text: hands.join(" / ") }) : null,
      r.lines.length ? el("details", {}, el("summary", { text: `${tr("payments")} (${r.lines.length})` }), linesList(r)) : null);
    return el("tr", { "data-round": r.number }, what, ...players.map((p) => {
      const d = r.deltas[p];
      return el("td", { class: "num", "data-player": p },
        el("span", { class: `sk-delta ${d > 0 ? "up" : d < 0 ? "down" : ""}`, "data-testid": `sk-delta-${r.number}-${p}`, "data-value": d, text: signed(d) }),
        el("span", { class: "sk-run", "data-testid": `sk-run-${r.number}-${p}`, "data-value": r.points[p], text: fmt(r.points[p]) }));
    }));
  });
  const points = m.standings.points;
  const foot = el("tr", { class: "sk-total" }, el("th", { scope: "row", text: tr("total") }),
    ...players.map((p) => el("td", { class: "num", "data-testid": `sk-total-${p}`, "data-value": points[p], text: fmt(points[p]) })));
  const table = el("table", { class: "sk-running", "data-testid": "sk-running" }, el("caption", { text: tr("table") }),
    el("thead", {}, head), el("tbody", {}, ...rows), el("tfoot", {}, foot));
  $("sk-table").replaceChildren(el("div", { class: "sk-scroll" }, table),
    m.rounds.length ? scoreChart(m) : el("p", { class: "muted", text: tr("noRounds") }));
}

// Every player's score after each round, as an SVG line chart drawn from the match's rounds (the start is the
// points before the first round: the first round's points less its changes).
// the SVG namespace as the HTML parser gives it (the page names no address of any other site)
const SVG_NS = (() => { const d = document.createElement("div"); d.innerHTML = "<svg></svg>"; return d.firstChild.namespaceURI; })();
const CHART_COLOURS = ["#0b6e4f", "#c62828", "#1a5fd0", "#8a5a00"];
function svg(tag, attrs = {}) {
  const n = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) n.setAttribute(k, v);
  return n;
}

function swatch(colour) {
  const box = svg("svg", { viewBox: "0 0 10 10", class: "sk-swatch", "aria-hidden": "true" });
  box.append(svg("rect", { width: 10, height: 10, rx: 2, fill: colour }));
  return box;
}

function scoreChart(m) {
  const players = m.players;
  const first = m.rounds[0];
  const series = players.map((p) => [first.points[p] - (first.deltas[p] || 0), ...m.rounds.map((r) => r.points[p])]);
  const all = series.flat();
  const lo = Math.min(...all);
  const hi = Math.max(...all);
  const W = 360;
  const H = 200;
  const pad = { l: 46, r: 10, t: 10, b: 24 };
  const x = (i) => pad.l + (i * (W - pad.l - pad.r)) / Math.max(1, m.rounds.length);
  const y = (v) => pad.t + ((hi - v) * (H - pad.t - pad.b)) / Math.max(1, hi - lo);
  const chart = svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "sk-chart", role: "img", "data-testid": "sk-chart",
    "aria-label": tr("chart") });
  for (const v of [lo, hi]) {
    chart.append(svg("line", { x1: pad.l, x2: W - pad.r, y1: y(v), y2: y(v), class: "grid" }));
    const label = svg("text", { x: pad.l - 4, y: y(v) + 4, "text-anchor": "end", class: "axis" });
    label.textContent = fmt(v);
    chart.append(label);
  }
  series.forEach((values, k) => {
    const colour = CHART_COLOURS[k % CHART_COLOURS.length];
    chart.append(svg("polyline", { points: values.map((v, i) => `${x(i)},${y(v)}`).join(" "), fill: "none",
      stroke: colour, "stroke-width": 2, "data-player": players[k] }));
    values.forEach((v, i) => {
      if (!i) return;
      const dot = svg("circle", { cx: x(i), cy: y(v), r: 3, fill: colour, "data-player": players[k], "data-round": String(i) });
      const title = svg("title");
      title.textContent = `${players[k]}: ${fmt(v)}`;
      dot.append(title);
      chart.append(dot);
    });
  });
  const legend = el("p", { class: "sk-legend" }, ...players.map((p, k) => el("span", { class: "sk-key" },
    swatch(CHART_COLOURS[k % CHART_COLOURS.length]), p)));
  return el("figure", { class: "sk-figure" }, chart, legend);
}

// The running table as CSV: a row a round with each player's change and points after it.
function matchCsv(m) {
  const cell = (v) => (/[",\n]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : String(v));
  const head = [tr("round"), "", ...m.players.flatMap((p) => [`${p} ±`, p])];
  const rows = m.rounds.map((r) => [r.number, named(r.names, r.label), ...m.players.flatMap((p) => [r.deltas[p], r.points[p]])]);
  return [head, ...rows].map((row) => row.map(cell).join(",")).join("\r\n") + "\r\n";
}

// ---- entering a round ---------------------------------------------------------------------------------------------
function eventSpecs(rules) {
  const specs = (EVENTS[rules] || []).map((s) => ({ ...s, fields: s.fields.map((f) => (f === "riichiValue" ? RIICHI_VALUE : f)) }));
  return [...specs, JSON_EVENT];
}

function labelled(text, control, cls = "sk-field") {
  if (!control.id) control.id = uid("f");
  return el("label", { class: cls, for: control.id }, el("span", { text }), control);
}

function playerSelect(name, players, noneText) {
  const s = el("select", { name });
  if (noneText) s.append(el("option", { value: "", text: noneText }));
  for (const p of players) s.append(el("option", { value: p, text: p }));
  return s;
}

// Each control: { node, read() -> fields to merge into the event }. A bad value throws an Error naming it.
function control(f, m, form) {
  const players = m.players;
  const label = sub("keys", f.key);
  if (f.kind === "player") {
    const s = playerSelect(f.key, players);
    if (f.other) s.value = players[1];
    return { node: labelled(label, s), read: () => ({ [f.key]: s.value }) };
  }
  if (f.kind === "optPlayer") {
    const s = playerSelect(f.key, players, tr(f.none));
    return { node: labelled(label, s), read: () => (s.value ? { [f.key]: s.value } : {}) };
  }
  if (f.kind === "players") {
    const boxes = players.map((p) => el("input", { type: "checkbox", name: f.key, value: p }));
    const node = el("fieldset", { class: "sk-group" }, el("legend", { text: label }),
      ...boxes.map((b, i) => el("label", { class: "sk-check" }, b, players[i])));
    return { node, read: () => ({ [f.key]: boxes.filter((b) => b.checked).map((b) => b.value) }) };
  }
  if (f.kind === "int") {
    const i = el("input", { type: "number", name: f.key, min: String(f.min), step: "1", value: String(f.value), inputmode: "numeric" });
    return { node: labelled(label, i, "sk-field small"), read: () => {
      const v = Number(i.value);
      if (!Number.isInteger(v) || v < f.min) throw new Error(`${label}: a whole number ${f.min} or more`);
      return { [f.key]: v };
    } };
  }
  if (f.kind === "choice") {
    const s = el("select", { name: f.key }, ...f.choices.map(([v, text]) => el("option", { value: JSON.stringify(v), text })));
    if (f.value !== undefined) s.value = JSON.stringify(f.value);
    return { node: labelled(label, s), read: () => ({ [f.key]: JSON.parse(s.value) }) };
  }
  if (f.kind === "bool") {
    const b = el("input", { type: "checkbox", name: f.key });
    return { node: el("label", { class: "sk-check" }, b, label), read: () => (b.checked ? { [f.key]: true } : {}) };
  }
  if (f.kind === "to") {
    const choices = [["each", tr("each")], ...(f.table ? [["table", tr("tableTo")]] : []), ...players.map((p) => [p, p])];
    const s = el("select", { name: "to" }, ...choices.map(([v, text]) => el("option", { value: v, text })));
    return { node: labelled(label, s), read: () => ({ to: s.value }) };
  }
  if (f.kind === "value") {
    const s = el("select", { name: "value_mode" }, ...f.modes.map((mode) => el("option", { value: mode.id, text: sub("modes", mode.id) })));
    const box = el("div", { class: "sk-fields" });
    let inner = [];
    const fill = () => {
      const mode = f.modes.find((x) => x.id === s.value);
      inner = mode.fields.map((g) => control(g, m, form));
      box.replaceChildren(...inner.map((c) => c.node));
    };
    s.addEventListener("change", fill);
    fill();
    return { node: el("div", { class: "sk-value" }, labelled(tr("value"), s), box),
      read: () => Object.assign({}, ...inner.map((c) => c.read())) };
  }
  if (f.kind === "hand") {
    const text = el("input", { type: "text", name: "hand", autocomplete: "off", spellcheck: "false", placeholder: "234m456p678s345s22p" });
    const melds = el("input", { type: "text", name: "melds", autocomplete: "off", spellcheck: "false", placeholder: "pon:777z" });
    const dora = f.indicators ? el("input", { type: "text", name: "dora_indicators", autocomplete: "off", spellcheck: "false", placeholder: "1m" }) : null;
    const ura = f.indicators ? el("input", { type: "text", name: "ura_indicators", autocomplete: "off", spellcheck: "false" }) : null;
    const extra = el("input", { type: "text", name: "extra", autocomplete: "off", spellcheck: "false", placeholder: "{}" });
    const node = el("div", { class: "sk-fields" }, labelled(tr("handText"), text, "sk-field grow"), labelled(tr("melds"), melds, "sk-field grow"),
      dora ? labelled(tr("dora"), dora, "sk-field small") : null, ura ? labelled(tr("ura"), ura, "sk-field small") : null,
      labelled(tr("extra"), extra, "sk-field grow"));
    return { node, read: () => {
      if (!text.value.trim()) throw new Error(`${tr("handText")}: ?`);
      const hand = { hand: text.value.trim() };
      const ms = melds.value.split(/[\s,]+/).filter(Boolean);
      if (ms.length) hand.melds = ms;
      if (dora && dora.value.trim()) hand.dora_indicators = dora.value.trim();
      if (ura && ura.value.trim()) hand.ura_indicators = ura.value.trim();
      if (extra.value.trim()) {
        let more;
        try { more = JSON.parse(extra.value); } catch { throw new Error(`${tr("extra")}: not JSON`); }
        if (!more || typeof more !== "object" || Array.isArray(more)) throw new Error(`${tr("extra")}: a JSON object`);
        Object.assign(hand, more);
      }
      return { hand };
    } };
  }
  if (f.kind === "statuses") {
    if (f.option && !resolvedOptions(m)[f.option]) return { node: null, read: () => ({}) };
    const statuses = ["ready", "not_ready", ...(f.flowerPig ? ["flower_pig"] : [])];
    const rows = players.map((p) => {
      const s = el("select", { name: `status-${p}` }, el("option", { value: "", text: tr("notInHand") }),
        ...statuses.map((x) => el("option", { value: x, text: sub("status", x) })));
      // a player who has won this round (血战到底) has left the hand: not asked about at the draw
      s.value = sk.pending.some((ev) => ev.type === "win" && ev.winner === p) ? "" : "not_ready";
      const mult = el("input", { type: "number", name: `multiplier-${p}`, min: "1", step: "1", value: "1", "aria-label": `${p} ${sub("keys", "multiplier")}` });
      mult.disabled = s.value !== "ready";
      s.addEventListener("change", () => { mult.disabled = s.value !== "ready"; });
      return { p, s, mult, node: el("div", { class: "sk-status-row" }, labelled(p, s), labelled(sub("keys", "multiplier"), mult, "sk-field small")) };
    });
    const node = el("fieldset", { class: "sk-group" }, el("legend", { text: sub("keys", "players") }), ...rows.map((r) => r.node));
    return { node, read: () => {
      const out = {};
      for (const r of rows) {
        if (!r.s.value) continue;
        out[r.p] = r.s.value === "ready" ? { status: "ready", multiplier: Number(r.mult.value) } : { status: r.s.value };
      }
      return { players: out };
    } };
  }
  if (f.kind === "json") {
    const area = el("textarea", { name: "json", rows: "3", spellcheck: "false", placeholder: '{"type": "penalty", "player": "A", "amount": 1000}' });
    return { node: labelled(tr("json"), area, "sk-field grow"), read: () => {
      let ev;
      try { ev = JSON.parse(area.value); } catch { throw new Error(`${tr("json")}: not JSON`); }
      if (!ev || typeof ev !== "object" || Array.isArray(ev) || typeof ev.type !== "string") throw new Error(`${tr("json")}: {"type": ...}`);
      return ev;
    } };
  }
  throw new Error(`unknown field kind ${f.kind}`);
}

// ---- quick entry of the common Riichi rounds ------------------------------------------------------------------------
// A tap a choice: who declared riichi, how the hand ended (ron, tsumo, draw, abortive draw), who won off whom, the
// value (han and fu, or a named limit), who was tenpai. The round is settled by the match API (POST /api/match/settle)
// and its payments shown before it is saved; nothing is counted here.
const QUICK_TEXT = {
  en: { title: "Quick round", riichi: "Riichi", end: "How the hand ended", ron: "Ron", tsumo: "Tsumo", draw: "Draw",
    abort: "Abortive draw", winner: "Winner", winners: "Winner (two for a double ron)", from: "Off", han: "Han", fu: "Fu", hans: (n) => `${n} han`, fus: (n) => `${n} fu`,
    tenpai: "Tenpai", reason: "Why",
    detailed: "Other events (pao, nagashi mangan, chombo, penalties, hands)", pick: "Pick how the hand ended.",
    pickWinner: "Pick the winner.", pickFrom: "Pick who dealt in.", pickValue: "Pick the han (or a limit).",
    pickReason: "Pick the abortive draw.", save: "Save the round" },
  zh: { title: "快速记一局", riichi: "立直", end: "结果", ron: "荣和", tsumo: "自摸", draw: "流局", abort: "途中流局",
    winner: "和牌者", winners: "和牌者（一炮双响选两家）", from: "放铳者", han: "翻", fu: "符", hans: (n) => `${n}翻`, fus: (n) => `${n}符`, tenpai: "听牌", reason: "原因",
    detailed: "其他事件（包牌、流局满贯、错和、罚分、手牌）", pick: "选择这一局的结果。", pickWinner: "选择和牌者。",
    pickFrom: "选择放铳者。", pickValue: "选择翻数（或满贯等）。", pickReason: "选择途中流局的种类。", save: "保存这一局" },
  ja: { title: "かんたん入力", riichi: "リーチ", end: "局の結果", ron: "ロン", tsumo: "ツモ", draw: "流局", abort: "途中流局",
    winner: "和了者", winners: "和了者（ダブロンは二人）", from: "放銃者", han: "翻", fu: "符", hans: (n) => `${n}翻`, fus: (n) => `${n}符`, tenpai: "聴牌", reason: "種類",
    detailed: "その他（包・流し満貫・チョンボ・罰符・手牌）", pick: "局の結果を選んでください。", pickWinner: "和了者を選んでください。",
    pickFrom: "放銃者を選んでください。", pickValue: "翻数（または満貫など）を選んでください。", pickReason: "途中流局の種類を選んでください。",
    save: "この局を保存" },
};
// riichi.md "Points": 5 han is mangan, 6 haneman, 8 baiman, 11 sanbaiman; a yakuman is given as yakuman 1 or 2
const LIMITS = [
  { id: "mangan", han: 5, names: { en: "Mangan", zh: "满贯", ja: "満貫" } },
  { id: "haneman", han: 6, names: { en: "Haneman", zh: "跳满", ja: "跳満" } },
  { id: "baiman", han: 8, names: { en: "Baiman", zh: "倍满", ja: "倍満" } },
  { id: "sanbaiman", han: 11, names: { en: "Sanbaiman", zh: "三倍满", ja: "三倍満" } },
  { id: "yakuman", yakuman: 1, names: { en: "Yakuman", zh: "役满", ja: "役満" } },
  { id: "double_yakuman", yakuman: 2, names: { en: "Double yakuman", zh: "双倍役满", ja: "ダブル役満" } },
];
const ABORT_NAMES = {
  kyuushu_kyuuhai: { en: "Nine terminals", zh: "九种九牌", ja: "九種九牌" },
  suufon_renda: { en: "Four winds", zh: "四风连打", ja: "四風連打" },
  suukan_sanra: { en: "Four kongs", zh: "四杠散了", ja: "四槓散了" },
  suucha_riichi: { en: "Four riichi", zh: "四家立直", ja: "四家立直" },
  sanchahou: { en: "Triple ron", zh: "三家和了", ja: "三家和了" },
};
const qt = (key) => (QUICK_TEXT[lang()] || QUICK_TEXT.en)[key];
// winners: in the order tapped (a ron may have two or more on one discard: option multiple_ron); values: by winner
const freshQuick = () => ({ riichi: [], end: null, winners: [], from: null, values: {}, tenpai: [], reason: null });
// a value tapped before any winner ("" key) becomes the first winner's
function quickValue(q, p) {
  if (!q.values[p]) {
    q.values[p] = (p && q.values[""]) || { han: null, fu: 30, limit: null };
    if (p) delete q.values[""];
  }
  return q.values[p];
}

// A row of tap buttons: each { value, text }; pressed(value) says which are down; tap(value) changes the choice.
function chips(label, items, pressed, tap, testid) {
  const group = el("div", { class: "sk-chips", role: "group", "aria-label": label, "data-testid": testid },
    el("span", { class: "sk-chips-label", text: label }));
  for (const it of items) {
    group.append(el("button", { type: "button", class: "sk-chip", "aria-pressed": pressed(it.value) ? "true" : "false",
      "data-value": String(it.value), disabled: it.disabled, text: it.text, onclick: () => tap(it.value) }));
  }
  return group;
}

function quickSetting(m, name) {
  if (m.settings && name in m.settings) return m.settings[name];
  const game = sk.games[m.rules];
  const defaults = (game && game.defaults_by_seats && game.defaults_by_seats[String(m.players.length)]) || {};
  const s = game && game.settings.find((x) => x.name === name);
  return name in defaults ? defaults[name] : s && s.default;
}

// The quick round's events, or a string saying what is still to pick.
function quickEvents(m, q) {
  const events = q.riichi.map((p) => ({ type: "riichi", player: p }));
  if (!q.end) return qt("pick");
  if (q.end === "ron" || q.end === "tsumo") {
    if (!q.winners.length) return qt("pickWinner");
    if (q.end === "ron" && !q.from) return qt("pickFrom");
    for (const w of q.winners) {
      const v = quickValue(q, w);
      const win = q.end === "ron" ? { type: "ron", winner: w, from: q.from } : { type: "tsumo", winner: w };
      const limit = LIMITS.find((l) => l.id === v.limit);
      if (limit) Object.assign(win, limit.yakuman ? { yakuman: limit.yakuman } : { han: limit.han });
      else if (v.han) Object.assign(win, { han: v.han, fu: v.fu });
      else return q.winners.length > 1 ? `${qt("pickValue")} (${w})` : qt("pickValue");
      events.push(win);
    }
  } else if (q.end === "draw") {
    events.push({ type: "draw", tenpai: m.players.filter((p) => q.tenpai.includes(p) || q.riichi.includes(p)) });
  } else {
    if (!q.reason) return qt("pickReason");
    events.push({ type: "abort", reason: q.reason });
  }
  return events;
}

function renderQuick(box) {
  const m = sk.match;
  if (!sk.quick || sk.quick.match !== m.id || sk.quick.rounds !== m.rounds.length) {
    sk.quick = { match: m.id, rounds: m.rounds.length, q: freshQuick() };
  }
  const q = sk.quick.q;
  const redraw = () => {
    // the tapped chip is drawn again: give it back the focus (keyboard users stay where they were)
    const a = document.activeElement;
    const at = a && a.closest && a.closest("[data-testid^=sk-quick-]");
    const where = at && [at.dataset.testid, a.dataset.value];
    renderQuick(box);
    const again = where && box.querySelector(`[data-testid="${where[0]}"] [data-value="${CSS.escape(where[1] || "")}"]`);
    if (again) again.focus();
  };
  const toggle = (list, p) => (list.includes(p) ? list.filter((x) => x !== p) : [...list, p]);
  const players = (except = []) => m.players.map((p) => ({ value: p, text: p, disabled: except.includes(p) }));
  const rows = [chips(qt("riichi"), players(), (p) => q.riichi.includes(p), (p) => { q.riichi = toggle(q.riichi, p); redraw(); }, "sk-quick-riichi")];
  const ends = ["ron", "tsumo", "draw", ...(quickSetting(m, "abortive_draws") === false ? [] : ["abort"])];
  rows.push(chips(qt("end"), ends.map((e) => ({ value: e, text: qt(e) })), (e) => q.end === e,
    (e) => {
      q.end = q.end === e ? null : e;
      if (q.end === "tsumo") q.winners = q.winners.slice(0, 1);  // one self-draw
      redraw();
    }, "sk-quick-end"));
  if (q.end === "ron" || q.end === "tsumo") {
    // a ron: tap each winner on the discard (a double ron is two taps); a tsumo: the one winner
    rows.push(chips(q.end === "ron" ? qt("winners") : qt("winner"), players(q.end === "ron" && q.from ? [q.from] : []),
      (p) => q.winners.includes(p), (p) => {
        q.winners = q.end === "ron" ? toggle(q.winners, p) : (q.winners[0] === p ? [] : [p]);
        redraw();
      }, "sk-quick-winner"));
    if (q.end === "ron") {
      rows.push(chips(qt("from"), players(q.winners), (p) => q.from === p, (p) => { q.from = q.from === p ? null : p; redraw(); }, "sk-quick-from"));
    }
    const hans = [1, 2, 3, 4].map((h) => ({ value: `h${h}`, text: qt("hans")(h) }));
    const limits = LIMITS.map((l) => ({ value: l.id, text: l.names[lang()] || l.names.en }));
    // one value per winner: the first winner's rows are sk-quick-value / -fu, a second's sk-quick-value-NAME
    (q.winners.length ? q.winners : [null]).forEach((w, i) => {
      const v = quickValue(q, w || "");
      const tag = i ? `-${w}` : "";
      const who = q.winners.length > 1 ? ` · ${w}` : "";
      rows.push(chips(qt("han") + who, [...hans, ...limits], (x) => (v.limit ? v.limit === x : `h${v.han}` === x), (x) => {
        if (x.startsWith("h")) { v.han = Number(x.slice(1)); v.limit = null; } else { v.limit = x; v.han = null; }
        redraw();
      }, `sk-quick-value${tag}`));
      if (!v.limit) {
        rows.push(chips(qt("fu") + who, FU.map((f) => ({ value: f, text: qt("fus")(f) })), (f) => v.fu === f,
          (f) => { v.fu = f; redraw(); }, `sk-quick-fu${tag}`));
      }
    });
  } else if (q.end === "draw") {
    rows.push(chips(qt("tenpai"), m.players.map((p) => ({ value: p, text: p, disabled: q.riichi.includes(p) })),
      (p) => q.tenpai.includes(p) || q.riichi.includes(p), (p) => { q.tenpai = toggle(q.tenpai, p); redraw(); }, "sk-quick-tenpai"));
  } else if (q.end === "abort") {
    const known = m.players.length === 3 ? ["kyuushu_kyuuhai", "suukan_sanra"] : Object.keys(ABORT_NAMES);
    rows.push(chips(qt("reason"), known.map((r) => ({ value: r, text: ABORT_NAMES[r][lang()] || ABORT_NAMES[r].en })),
      (r) => q.reason === r, (r) => { q.reason = r; redraw(); }, "sk-quick-reason"));
  }
  const events = quickEvents(m, q);
  const preview = el("div", { class: "sk-preview", "data-testid": "sk-quick-preview", "aria-live": "polite" });
  const error = el("p", { class: "error", role: "alert", "data-testid": "sk-quick-error" });
  const save = el("button", { type: "button", class: "primary", "data-testid": "sk-quick-save", text: qt("save"), disabled: true,
    onclick: async () => {
      save.disabled = true;
      try {
        await api("POST", `/api/match/${m.id}/rounds`, { events });
        sk.undone = null;
        await openMatch(m.id);
        const first = document.querySelector("[data-testid=sk-quick-end] .sk-chip");
        if (first) first.focus();
      } catch (e) {
        showError(error, e);
        save.disabled = false;
      }
    } });
  box.replaceChildren(el("h3", { text: `${qt("title")}: ${named(m.next_names, m.next)}` }), ...rows, preview,
    el("div", { class: "sk-actions" }, save), error);
  if (typeof events === "string") {
    preview.replaceChildren(el("p", { class: "muted", text: events }));
    return;
  }
  const seq = String(++sk.previewSeq);
  box.dataset.seq = seq;
  settlePreview(m, events).then((shown) => {
    if (!box.isConnected || box.dataset.seq !== seq) return;  // a later tap has drawn the box again
    preview.replaceChildren(shown.node);
    save.disabled = !shown.ok;
  });
}

let entry = null;  // the event form: { spec, controls }

function renderEntry() {
  const m = sk.match;
  const box = $("sk-entry");
  if (m.finished) { box.replaceChildren(); return; }
  const specs = eventSpecs(m.rules);
  const prev = entry && entry.rules === m.rules ? entry.type : specs[0].type;
  const type = el("select", { id: "sk-event-type", "data-testid": "sk-event-type" },
    ...specs.map((s) => el("option", { value: s.type, text: sub("types", s.type) })));
  type.value = specs.some((s) => s.type === prev) ? prev : specs[0].type;
  const fields = el("div", { class: "sk-fields", id: "sk-event-fields" });
  const error = el("p", { class: "error", role: "alert", id: "sk-entry-error" });
  const fill = () => {
    const spec = specs.find((s) => s.type === type.value);
    const controls = spec.fields.map((f) => control(f, m, fields));
    entry = { rules: m.rules, type: spec.type, spec, controls };
    fields.replaceChildren(...controls.map((c) => c.node).filter(Boolean));
    showError(error, null);
  };
  type.addEventListener("change", fill);
  const add = el("button", { type: "submit", class: "primary", "data-testid": "sk-add-event", text: tr("addEvent") });
  const form = el("form", { class: "sk-event-form", "data-testid": "sk-event-form", onsubmit: (e) => {
    e.preventDefault();
    try {
      const ev = entry.spec.type === "json" ? entry.controls[0].read()
        : Object.assign({ type: entry.spec.type }, ...entry.controls.map((c) => c.read()));
      sk.pending.push(ev);
      showError(error, null);
      renderPending();
    } catch (err) {
      showError(error, err);
    }
  } }, labelled(tr("event"), type), fields, el("div", { class: "sk-actions" }, add), error);
  const pending = el("div", { id: "sk-pending", "aria-live": "polite" });
  const save = el("button", { type: "button", class: "primary", id: "sk-save", "data-testid": "sk-save", text: tr("saveRound"), onclick: saveRound });
  const detailed = [el("h3", { text: `${tr("enter")}: ${named(m.next_names, m.next)}` }), form,
    el("h4", { text: tr("pending") }), pending, el("div", { class: "sk-actions" }, save),
    el("p", { class: "error", role: "alert", id: "sk-save-error", "data-testid": "sk-save-error" }),
    el("div", { id: "sk-preview", class: "sk-preview", "data-testid": "sk-preview", "aria-live": "polite" })];
  if (m.rules === "riichi") {
    // the common rounds by taps first; every other event in the form below, folded (open while it holds events)
    const quick = el("div", { class: "sk-quick", "data-testid": "sk-quick" });
    // unfolded or folded by the player's tap on its summary (not by a redraw): kept for the redraws that follow
    const summary = el("summary", { text: qt("detailed"), onclick: () => { sk.detailedOpen = !more.open; } });
    const more = el("details", { class: "sk-detailed", "data-testid": "sk-detailed",
      open: sk.pending.length > 0 || sk.detailedOpen }, summary, ...detailed);
    box.replaceChildren(quick, more);
    renderQuick(quick);
  } else {
    box.replaceChildren(...detailed);
  }
  fill();
  renderPending();
}

function renderPending() {
  const box = $("sk-pending");
  if (!box) return;
  box.replaceChildren(sk.pending.length
    ? el("ol", { class: "sk-pending", "data-testid": "sk-pending" }, ...sk.pending.map((ev, i) => el("li", {},
      el("span", { text: describeEvent(ev) }),
      el("button", { type: "button", class: "plain small", text: "✕", "aria-label": `${tr("remove")}: ${describeEvent(ev)}`,
        onclick: () => { sk.pending.splice(i, 1); renderPending(); } }))))
    : el("p", { class: "muted", text: tr("noEvents") }));
  $("sk-save").disabled = !sk.pending.length;
  showError($("sk-save-error"), null);
  preview();
}

// What the round would do, settled by the server without saving (POST /api/match/settle).
async function preview() {
  const box = $("sk-preview");
  const m = sk.match;
  const seq = ++sk.previewSeq;
  if (!box || !m) return;
  if (!sk.pending.length) { box.replaceChildren(); return; }
  const shown = await settlePreview(m, sk.pending);
  if (seq === sk.previewSeq) box.replaceChildren(shown.node);
}

// A round's changes and payment lines as the server settles it after the match's rounds, saving nothing:
// { ok, node } (ok false with the server's message when the round would be refused).
async function settlePreview(m, events) {
  const body = { rules: m.rules, players: m.players, options: m.options, settings: m.settings,
    rounds: m.rounds.map((r) => r.events), events };
  try {
    const s = await api("POST", "/api/match/settle", body);
    const line = el("p", { "data-testid": "sk-preview-deltas" }, el("strong", { text: `${tr("preview")}: ` }),
      m.players.map((p) => `${p} ${signed(s.deltas[p])}`).join(" · "), s.table ? ` · ${tr("onTable")} ${signed(s.table)}` : "");
    return { ok: true, node: el("div", {}, line, s.lines.length ? linesList(s) : "") };
  } catch (e) {
    return { ok: false, node: el("p", { class: "muted", text: `${tr("preview")}: ${e.message}` }) };
  }
}

async function saveRound() {
  const m = sk.match;
  const box = $("sk-save-error");
  showError(box, null);
  try {
    await api("POST", `/api/match/${m.id}/rounds`, { events: sk.pending });
    sk.pending = [];
    sk.undone = null;
    await openMatch(m.id);
    const type = $("sk-event-type");
    if (type) type.focus();
  } catch (e) {
    showError(box, e);
  }
}

async function undoRound() {
  const m = sk.match;
  try {
    const r = await api("DELETE", `/api/match/${m.id}/rounds/last`);
    sk.undone = { number: m.rounds.length, events: r.undone };
    await openMatch(m.id);
    const undo = document.querySelector("[data-testid=sk-undo]");
    if (undo) (undo.disabled ? $("sk-title") : undo).focus();
  } catch (e) {
    showError($("sk-match-error"), e);
  }
}

async function redoRound() {
  const m = sk.match;
  try {
    await api("POST", `/api/match/${m.id}/rounds`, { events: sk.undone.events });
    sk.undone = null;
    await openMatch(m.id);
  } catch (e) {
    showError($("sk-match-error"), e);
  }
}

// ---- the page's fixed labels ----------------------------------------------------------------------------------------
function renderLabels() {
  for (const node of document.querySelectorAll("[data-sk]")) node.textContent = tr(node.dataset.sk);
}

// What send.js ("Send to a match" from the calculator) uses of the scorekeeper.
window.SuanfanScorekeeper = { api, preview: settlePreview, chips, named,
  handRiichi: (hand) => Boolean(hand.riichi || hand.double_riichi) };

function init() {
  $("sk-new").addEventListener("submit", createMatch);
  $("sk-rules").addEventListener("change", renderNewFields);
  $("sk-import").addEventListener("change", importMatch);
  $("lang").addEventListener("change", () => {
    renderLabels();
    if (!$("scorekeeper").hidden && sk.started) {
      if (sk.match) renderMatch();
      else showList();
    }
  });
  window.addEventListener("hashchange", route);
  // the calculator sets the language after it has loaded the rule sets: follow it. It sets the attribute each time it
  // writes its texts, most often to the language it already has: only a change redraws the match (a redraw rebuilds
  // the event form, and would take away what the player was typing there)
  new MutationObserver((records) => {
    const now = document.documentElement.lang;
    if (records.every((r) => r.oldValue === now)) return;
    renderLabels();
    if (sk.match && !$("scorekeeper").hidden) renderMatch();
  }).observe(document.documentElement, { attributes: true, attributeFilter: ["lang"], attributeOldValue: true });
  renderLabels();
  route();
}

init();
})();
