// "Send to a match": the hand scored in the calculator becomes a round's win in an open match of its rule set. The
// player picks the match, the winner and the discarder (or self-draw), and who else declared riichi; the match API
// settles the round (the hand scored again with the match's seat and round wind, honba and sticks) and the payments
// are shown before it is added. The calculator gives its hand through window.SuanfanCalculator (app.js); the match
// calls go through window.SuanfanScorekeeper (match.js).
(() => {
"use strict";

const TEXT = {
  en: { send: "Send to a match", title: "Send this hand to a match", match: "Match", none: "No open match of this rule set yet.",
    start: "Start one in the scorekeeper", winner: "Winner", from: "Off", selfDraw: "Self-draw", riichi: "Riichi",
    add: "Add the round", added: (n, name) => `Added as round ${n} of ${name}.`, open: "Open the match", close: "Close",
    notScored: "Score a winning hand first.", pickWinner: "Pick the winner.",
    pickFrom: "Pick who dealt in (the hand was not a self-draw).", note: "The match scores the hand again with its own seat and round wind, honba, sticks and options." },
  zh: { send: "记入比赛", title: "把这手牌记入比赛", match: "比赛", none: "还没有这个规则的进行中比赛。", start: "在记分页开始一场",
    winner: "和牌者", from: "放铳者", selfDraw: "自摸", riichi: "立直", add: "记入这一局",
    added: (n, name) => `已记为 ${name} 的第 ${n} 局。`, open: "打开比赛", close: "关闭", notScored: "请先算出一手和牌。",
    pickWinner: "选择和牌者。", pickFrom: "选择放铳者（这手牌不是自摸）。", note: "比赛按自己的门风、圈风、本场、供托和选项重新计算这手牌。" },
  ja: { send: "対局に記録", title: "この手を対局に記録", match: "対局", none: "このルールの進行中の対局はまだありません。",
    start: "スコア記録で始める", winner: "和了者", from: "放銃者", selfDraw: "ツモ", riichi: "リーチ", add: "この局を記録",
    added: (n, name) => `${name} の第 ${n} 局として記録しました。`, open: "対局を開く", close: "閉じる",
    notScored: "先に和了形を計算してください。", pickWinner: "和了者を選んでください。",
    pickFrom: "放銃者を選んでください（ツモではありません）。",
    note: "対局の自風・場風・本場・供託・ルールで計算し直します。" },
};
// what the match says about a win, not the hand: the winds and the self-draw of the seat, honba, sticks, pao, and the
// local rule sets' kong and 亮倒 facts (match/riichi.py _value, match/local.py)
const MATCH_FIELDS = ["rules", "options", "seat_wind", "round_wind", "tsumo", "honba", "riichi_sticks", "discarder", "pao",
  "active_opponents", "discarder_kong", "declared", "discarder_declared", "declared_others"];

const $ = (id) => document.getElementById(id);
const lang = () => (TEXT[$("lang").value] ? $("lang").value : "en");
const tx = (key) => TEXT[lang()][key];

// from: a player, null for a self-draw, undefined while not picked (a hand scored as a ron needs its discarder)
const send = { box: null, match: null, winner: null, from: undefined, riichi: [], seq: 0 };

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) if (c !== null && c !== undefined && c !== false) node.append(c);
  return node;
}

// The calculator's hand as a match event's hand: the hand object less what the match gives.
function handOf(calc) {
  const hand = { ...calc.body };
  for (const k of MATCH_FIELDS) delete hand[k];
  return hand;
}

// The discarder picked, or self-draw when the calculator scored a self-draw and none was picked.
function fromOf(calc) {
  if (send.from !== undefined) return send.from;
  return calc.body.tsumo ? null : undefined;
}

function events(calc) {
  const sk = window.SuanfanScorekeeper;
  const m = send.match;
  const hand = handOf(calc);
  const from = fromOf(calc);
  const win = { winner: send.winner, ...(from ? { from } : {}), hand };
  if (m.rules !== "riichi") return [{ type: "win", ...win }];
  const riichi = m.players.filter((p) => send.riichi.includes(p) || (p === send.winner && sk.handRiichi(calc.body)));
  return [...riichi.map((p) => ({ type: "riichi", player: p })), { type: from ? "ron" : "tsumo", ...win }];
}

// Open the panel: the open matches of the hand's rule set (each read for its players and next round), or, with
// refetch false (the hand changed under an open panel), the same matches drawn again for the new hand.
async function openPanel(refetch = true) {
  const calc = window.SuanfanCalculator.hand();
  const box = send.box;
  box.hidden = false;
  if (!calc.scored) {
    box.replaceChildren(el("p", { class: "muted", "data-testid": "send-not-scored", text: tx("notScored") }));
    return;
  }
  if (!refetch && send.open && send.match && send.rules === calc.rules) {
    draw(calc);
    return;
  }
  send.rules = calc.rules;
  const sk = window.SuanfanScorekeeper;
  const list = (await sk.api("GET", "/api/match")).matches.filter((m) => m.rules === calc.rules).reverse();
  const full = await Promise.all(list.map((m) => sk.api("GET", `/api/match/${m.id}`).then((x) => ({ ...x, id: m.id }))));
  const open = full.filter((m) => !m.finished);
  if (!open.length) {
    box.replaceChildren(el("h3", { text: tx("title") }), el("p", { class: "muted", "data-testid": "send-none", text: tx("none") }),
      el("p", {}, el("a", { href: "#scorekeeper", text: tx("start") })));
    return;
  }
  if (!send.match || !open.some((m) => m.id === send.match.id)) {
    send.match = open[0];
    send.winner = null;
    send.riichi = [];
    send.from = undefined;
  } else {
    send.match = open.find((m) => m.id === send.match.id);
  }
  send.open = open;
  draw(calc);
}

function draw(calc) {
  const sk = window.SuanfanScorekeeper;
  const m = send.match;
  const select = el("select", { "data-testid": "send-match", id: "send-match" },
    ...send.open.map((x) => el("option", { value: String(x.id), text: `#${x.id}${x.name ? ` · ${x.name}` : ""} · ${sk.named(x.next_names, x.next)}` })));
  select.value = String(m.id);
  select.addEventListener("change", () => {
    send.match = send.open.find((x) => String(x.id) === select.value);
    send.winner = null;
    send.from = undefined;
    send.riichi = [];
    draw(calc);
  });
  const redraw = () => draw(calc);
  const rows = [
    el("label", { class: "sk-field", for: "send-match" }, el("span", { text: tx("match") }), select),
    sk.chips(tx("winner"), m.players.map((p) => ({ value: p, text: p })), (p) => send.winner === p, (p) => {
      send.winner = p;
      if (send.from === p) send.from = undefined;
      redraw();
    }, "send-winner"),
    sk.chips(tx("from"), [{ value: "", text: tx("selfDraw") }, ...m.players.map((p) => ({ value: p, text: p, disabled: p === send.winner }))],
      (p) => fromOf(calc) === (p || null), (p) => { send.from = p || null; redraw(); }, "send-from"),
  ];
  if (m.rules === "riichi") {
    rows.push(sk.chips(tx("riichi"), m.players.map((p) => ({ value: p, text: p, disabled: p === send.winner && sk.handRiichi(calc.body) })),
      (p) => send.riichi.includes(p) || (p === send.winner && sk.handRiichi(calc.body)),
      (p) => { send.riichi = send.riichi.includes(p) ? send.riichi.filter((x) => x !== p) : [...send.riichi, p]; redraw(); }, "send-riichi"));
  }
  const preview = el("div", { class: "sk-preview", "data-testid": "send-preview", "aria-live": "polite" });
  const error = el("p", { class: "error", role: "alert", "data-testid": "send-error" });
  const add = el("button", { type: "button", class: "primary", "data-testid": "send-add", text: tx("add"), disabled: true });
  const close = el("button", { type: "button", class: "plain", text: tx("close"), onclick: () => { send.box.hidden = true; } });
  send.box.replaceChildren(el("h3", { text: tx("title") }), ...rows, el("p", { class: "muted", text: tx("note") }), preview,
    el("div", { class: "sk-actions" }, add, close), error);
  if (!send.winner || fromOf(calc) === undefined) {
    preview.replaceChildren(el("p", { class: "muted", text: tx(send.winner ? "pickFrom" : "pickWinner") }));
    return;
  }
  const evs = events(calc);
  const seq = ++send.seq;
  sk.preview(m, evs).then((shown) => {
    if (seq !== send.seq) return;
    preview.replaceChildren(shown.node);
    add.disabled = !shown.ok;
  });
  add.addEventListener("click", async () => {
    add.disabled = true;
    try {
      const r = await sk.api("POST", `/api/match/${m.id}/rounds`, { events: evs });
      const name = m.name || `#${m.id}`;
      send.match = null;
      send.done = true;
      send.box.replaceChildren(el("p", { role: "status", "data-testid": "send-done", text: tx("added")(r.round.number, name) }),
        el("p", {}, el("a", { href: `#scorekeeper/${m.id}`, "data-testid": "send-open", text: tx("open") })));
    } catch (e) {
      error.textContent = `${e.message}${e.code ? ` (${e.code})` : ""}`;
      add.disabled = false;
    }
  });
}

function init() {
  const share = $("share");
  if (!share || !window.SuanfanCalculator || !window.SuanfanScorekeeper) return;
  const button = el("button", { type: "button", class: "plain", id: "send", "data-testid": "send", text: tx("send"),
    onclick: () => { send.done = false; openPanel().catch((e) => { send.box.hidden = false; send.box.textContent = e.message; }); } });
  share.after(" ", button);
  send.box = el("div", { class: "sk-send sk-quick", id: "send-box", "data-testid": "send-box", hidden: true });
  share.closest("p").after(send.box);
  const relabel = () => {
    button.textContent = tx("send");
    if (!send.box.hidden && !send.done) openPanel(false);
  };
  $("lang").addEventListener("change", relabel);
  // the calculator sets the language after it has loaded the rule sets: follow it
  new MutationObserver(relabel).observe(document.documentElement, { attributes: true, attributeFilter: ["lang"] });
  // a new result (the hand or its context changed): the open panel sends that hand
  new MutationObserver(() => { if (!send.box.hidden && !send.done) openPanel(false); })
    .observe($("result"), { childList: true });
}

init();
})();
