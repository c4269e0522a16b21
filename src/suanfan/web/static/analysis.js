// The analysis panel (牌理 / 何切る): the hand as tiles, the shanten of each form, the effective tiles drawn as
// tiles with the copies left, the discards ranked; a tap on a discard shows its waits. It asks POST /api/analyze
// for the hand the calculator holds, each time the calculator shows a new result.
(() => {
"use strict";

const { tileSVG } = window.SuanfanTiles;

const WORDS = {
  en: {
    title: "Analysis", shanten: "Shanten", complete: "complete", waiting: "waiting",
    forms: { regular: "four sets and a pair", seven_pairs: "seven pairs", thirteen_orphans: "thirteen orphans",
      honors_knitted: "honors and knitted", knitted_straight: "knitted straight" },
    effective: "Effective tiles", left: (n) => `${n} left`, discards: "Discards, best first", discard: "Throw",
    waits: "Waits", noWaits: "Not waiting after this discard", riichi: "with riichi", furiten: "furiten",
    empty: "Enter 13 or 14 tiles (less 3 a meld) to analyse the hand.", none: "none",
    han: "han", fu: "fu", fan: "fan", noWin: "no win",
  },
  zh: {
    title: "牌理", shanten: "向听", complete: "和牌", waiting: "听牌",
    forms: { regular: "四面子一将", seven_pairs: "七对", thirteen_orphans: "十三幺", honors_knitted: "全不靠",
      knitted_straight: "组合龙" },
    effective: "进张", left: (n) => `共 ${n} 张`, discards: "打牌（由好到差）", discard: "打",
    waits: "听牌", noWaits: "打这张后不听牌", riichi: "立直", furiten: "振听",
    empty: "输入 13 或 14 张牌（每副副露少 3 张）即可分析。", none: "无",
    han: "翻", fu: "符", fan: "番", noWin: "不能和牌",
  },
  ja: {
    title: "牌理", shanten: "向聴数", complete: "和了", waiting: "聴牌",
    forms: { regular: "一般形", seven_pairs: "七対子", thirteen_orphans: "国士無双", honors_knitted: "全不靠",
      knitted_straight: "組合龍" },
    effective: "受け入れ", left: (n) => `${n} 枚`, discards: "打牌候補（良い順）", discard: "打",
    waits: "待ち", noWaits: "この打牌では聴牌しない", riichi: "リーチ", furiten: "フリテン",
    empty: "13 枚か 14 枚（副露 1 つにつき 3 枚少なく）入力すると牌理を表示します。", none: "なし",
    han: "翻", fu: "符", fan: "番", noWin: "和了できない",
  },
};

let seq = 0;
let timer = null;
let chosen = null;  // the discard whose waits are shown

const $ = (id) => document.getElementById(id);
const lang = () => ($("lang") && WORDS[$("lang").value]) ? $("lang").value : "en";
const w = () => WORDS[lang()];

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "text") node.textContent = v;
    else if (k === "html") node.innerHTML = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  node.append(...children);
  return node;
}

function tile(code, count) {
  const box = el("span", { class: "an-tile", "data-tile": code, "data-remaining": count });
  box.append(el("span", { class: "tile small", role: "img", "aria-label": code, html: tileSVG(code) }));
  if (count !== undefined) box.append(el("span", { class: "an-count", text: `×${count}` }));
  return box;
}

function splitTiles(text) {
  const out = [];
  let digits = [];
  for (const ch of text) {
    if (/[0-9]/.test(ch)) digits.push(ch);
    else if ("mpsz".includes(ch)) { for (const d of digits) out.push(d + ch); digits = []; }
  }
  return out;
}

function shantenText(s) {
  if (s === null || s === undefined) return "–";
  if (s === -1) return w().complete;
  if (s === 0) return w().waiting;
  return String(s);
}

// The hand the calculator holds, with its context: its own request body when it offers one.
function body() {
  let b;
  if (typeof requestBody === "function") {  // app.js, a classic script: its functions are global
    try { b = requestBody(true); } catch (_) { b = null; }
  }
  if (!b) b = { rules: $("rules") ? $("rules").value : "riichi", hand: $("text") ? $("text").value : "" };
  delete b.win;
  return b;
}

// What a wait scores, in the language: the points and the totals, or why it does not win (the reason's names).
function scoreText(s) {
  if (!s) return "";
  if (!s.winning) return (s.reason_names && (s.reason_names[lang()] || s.reason_names.en)) || w().noWin;
  let text = s.points !== null && s.points !== undefined ? String(s.points) : "";
  if (s.han !== undefined) text += ` (${s.han} ${w().han} ${s.fu} ${w().fu})`;
  else if (s.fan !== undefined) text += ` (${s.fan} ${w().fan})`;
  return text.trim();
}

function waitsView(waits) {
  const words = w();
  if (!waits || !waits.length) return el("p", { class: "muted", "data-testid": "analysis-waits", text: words.noWaits });
  return el("ul", { class: "an-waits", "data-testid": "analysis-waits" }, ...waits.map((x) => {
    const parts = [scoreText(x.score)];
    if (x.riichi) parts.push(`${words.riichi}: ${scoreText(x.riichi)}`);
    if (x.furiten) parts.push(words.furiten);
    return el("li", { "data-tile": x.tile }, tile(x.tile, x.remaining), el("span", { text: parts.join(" · ") }));
  }));
}

function render(data) {
  const box = $("analysis-body");
  const words = w();
  $("analysis-title").textContent = words.title;
  if (!data || !data.ok) {
    box.replaceChildren(el("p", { class: "muted", text: data && data.error ? data.error.message : words.empty }));
    box.dataset.state = "empty";
    return;
  }
  box.dataset.state = "done";
  const hand = el("div", { class: "an-hand", "data-testid": "analysis-hand" }, ...splitTiles(data.hand).map((c) => tile(c)));
  const forms = el("ul", { class: "an-forms", "data-testid": "analysis-forms" },
    ...Object.entries(data.forms).map(([name, s]) =>
      el("li", { "data-form": name }, el("span", { text: words.forms[name] || name }), el("b", { text: shantenText(s) }))));
  const head = el("p", { class: "an-shanten" }, `${words.shanten}: `,
    el("b", { "data-testid": "analysis-shanten", text: shantenText(data.shanten) }));
  const parts = [hand, head, forms];
  if (data.ukeire.length) {
    parts.push(el("h3", { text: `${words.effective} (${words.left(data.remaining)})` }),
      el("div", { class: "an-tiles", "data-testid": "analysis-ukeire" }, ...data.ukeire.map((e) => tile(e.tile, e.remaining))));
  }
  if (data.waits && data.waits.length) parts.push(el("h3", { text: words.waits }), waitsView(data.waits));
  if (data.discards) {
    if (chosen && !data.discards.some((d) => d.discard === chosen)) chosen = null;
    const rows = data.discards.map((d, i) => {
      const open = d.discard === chosen;
      const row = el("li", { class: `an-discard${open ? " open" : ""}`, "data-discard": d.discard, "data-rank": i + 1 });
      row.append(el("button", {
        type: "button", class: "an-pick", "aria-expanded": String(open), "data-testid": "analysis-discard",
        onclick: () => { chosen = open ? null : d.discard; render(data); },
      }, tile(d.discard), el("span", { class: "an-s", text: shantenText(d.shanten) }),
        el("span", { class: "an-n", text: words.left(d.remaining) })));
      row.append(el("div", { class: "an-tiles" }, ...d.ukeire.map((e) => tile(e.tile, e.remaining))));
      if (open) row.append(waitsView(d.waits));
      return row;
    });
    parts.push(el("h3", { text: words.discards }), el("ol", { class: "an-discards", "data-testid": "analysis-discards" }, ...rows));
  }
  box.replaceChildren(...parts);
}

async function analyse() {
  const mine = ++seq;
  const b = body();
  const n = splitTiles(b.hand || "").length;
  const melds = (b.melds || []).length;
  if (!b.hand || (n !== 13 - 3 * melds && n !== 14 - 3 * melds)) { render(null); return; }
  let data;
  try {
    const res = await fetch("/api/analyze", { method: "POST", headers: { "content-type": "application/json", "accept-language": lang() }, body: JSON.stringify(b) });
    data = await res.json();
  } catch (err) {
    data = { ok: false, error: { message: String(err) } };
  }
  if (mine === seq) render(data);
}

function soon() { clearTimeout(timer); timer = setTimeout(analyse, 150); }

function mount() {
  const panel = $("analysis-panel");
  if (!panel) return;
  panel.replaceChildren(el("h2", { id: "analysis-title", text: w().title }),
    el("div", { id: "analysis-body", "data-testid": "analysis", "aria-live": "polite" }));
  render(null);
  // the calculator draws a new result after every change of the hand, the rules or the context
  const result = $("result");
  if (result) new MutationObserver(soon).observe(result, { childList: true, subtree: true });
  if ($("lang")) $("lang").addEventListener("change", soon);
  soon();
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", mount);
else mount();
})();
