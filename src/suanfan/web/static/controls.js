// Typed controls, built from their description in GET /api/rules (suanfan.controls): a win-context field, a rule
// set's own flag, an option or a match setting. One function makes every control the pages show, so nothing about
// a rule set is written in the JavaScript: its names, help, choices and bounds all come from the description.
"use strict";

(() => {
  const NONE = { en: "—", zh: "—", ja: "—" };
  const named = (names, lang) => (names && (names[lang] || names.en)) || "";

  function node(tag, attrs = {}, ...children) {
    const n = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) {
      if (v === undefined || v === null || v === false) continue;
      if (k === "text") n.textContent = v;
      else if (k.startsWith("on")) n.addEventListener(k.slice(2), v);
      else n.setAttribute(k, v === true ? "" : v);
    }
    for (const c of children) if (c !== null && c !== undefined) n.append(c);
    return n;
  }

  let uid = 0;

  // control: the description; value: its current value; set(v): called on a change; lang: en, zh or ja.
  // opts.choices: the choices to offer (a subset, e.g. the winds in play); opts.items: the rule set's items, for an
  // object keyed by item ids; opts.compact: no help line (a switch among many).
  function build(control, value, set, lang, opts = {}) {
    const id = `ctl-${control.name}-${++uid}`;
    const label = named(control.names, lang);
    const help = named(control.help, lang);
    const helpNode = opts.compact ? null : node("small", { class: "help", id: `${id}-help`, text: help });
    const described = opts.compact ? undefined : `${id}-help`;
    const wrap = (input, cls = "stack") => node("div", { class: `control ${cls}`, "data-control": control.name, "data-type": control.type },
      node("label", { for: id, text: label }), input, helpNode);

    if (control.type === "bool") {
      const box = node("input", { id, type: "checkbox", name: control.name, checked: !!value, "aria-describedby": described,
        onchange: (e) => { e.target.parentNode.classList.toggle("on", e.target.checked); set(e.target.checked); } });
      return node("label", { class: `control switch${value ? " on" : ""}`, "data-control": control.name, "data-type": "bool",
        title: help }, box, node("span", { class: "name", text: label }), helpNode);
    }
    const choices = opts.choices || control.choices;
    if (choices && choices.length) {
      const list = control.default === null ? [{ value: null, names: NONE }, ...choices] : choices;
      if (list.length <= 5) {
        // a row of segmented buttons: one tab stop, arrow keys move (a radio group)
        const group = node("div", { id, class: "segmented", role: "radiogroup", "aria-label": label, "aria-describedby": described });
        const pick = (v) => {
          for (const b of group.children) {
            const on = b.dataset.value === JSON.stringify(v);
            b.setAttribute("aria-checked", String(on));
            b.setAttribute("tabindex", on ? "0" : "-1");
          }
          set(v);
        };
        list.forEach((c) => {
          const on = JSON.stringify(c.value) === JSON.stringify(value ?? null);
          group.append(node("button", { type: "button", role: "radio", "aria-checked": String(on), tabindex: on ? "0" : "-1",
            "data-value": JSON.stringify(c.value), text: named(c.names, lang), onclick: () => pick(c.value),
            onkeydown: (e) => {
              const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[e.key];
              if (!step) return;
              e.preventDefault();
              const i = list.indexOf(c);
              const next = list[(i + step + list.length) % list.length];
              pick(next.value);
              requestAnimationFrame(() => document.querySelector(`#${CSS.escape(id)} [data-value='${JSON.stringify(next.value)}']`)?.focus());
            } }));
        });
        if (!group.querySelector('[tabindex="0"]') && group.firstChild) group.firstChild.setAttribute("tabindex", "0");
        return node("div", { class: "control stack", "data-control": control.name, "data-type": control.type },
          node("span", { class: "label", id: `${id}-label`, text: label }), group, helpNode);
      }
      const select = node("select", { id, name: control.name, "aria-describedby": described,
        onchange: (e) => set(JSON.parse(e.target.value)) },
        ...list.map((c) => node("option", { value: JSON.stringify(c.value), text: named(c.names, lang) })));
      select.value = JSON.stringify(value ?? null);
      return wrap(select);
    }
    if (control.type === "int" || control.type === "count") {
      const min = control.minimum ?? (control.type === "count" ? 0 : undefined);
      const input = node("input", { id, type: "number", name: control.name, inputmode: "numeric", step: "1",
        min, max: control.maximum, value: value ?? "", "aria-describedby": described,
        oninput: (e) => {
          if (e.target.value === "") return;
          let n = Math.round(Number(e.target.value));
          if (Number.isNaN(n)) return;
          if (min !== undefined) n = Math.max(min, n);
          if (control.maximum !== undefined && control.maximum !== null) n = Math.min(control.maximum, n);
          set(n);
        } });
      return wrap(input);
    }
    if (control.type === "object" && control.keys === "items" && opts.items) {
      // {item id: value}: one number per item, empty = the table's own value
      const table = value || {};
      const rows = opts.items.map((item) => {
        const input = node("input", { type: "number", inputmode: "numeric", step: "1", min: "0", name: `${control.name}.${item.id}`,
          value: item.id in table ? table[item.id] : "", placeholder: String(item.value),
          "aria-label": named(item.names, lang),
          oninput: (e) => {
            const next = { ...(value || {}) };
            if (e.target.value === "") delete next[item.id];
            else next[item.id] = Math.max(0, Math.round(Number(e.target.value)));
            value = next;
            set(next);
          } });
        return node("label", { class: "item-value" }, node("span", { text: named(item.names, lang) }), input);
      });
      return node("details", { class: "control", "data-control": control.name, "data-type": "object" },
        node("summary", { text: label }), helpNode, node("div", { class: "item-values" }, ...rows));
    }
    // tiles, tile, list, object: text (mpsz tiles; numbers with commas; JSON)
    const shown = value === null || value === undefined ? "" : Array.isArray(value) ? value.join(control.type === "tiles" ? "" : ", ")
      : typeof value === "object" ? JSON.stringify(value) : String(value);
    const input = node("input", { id, type: "text", name: control.name, value: shown, autocomplete: "off", spellcheck: "false",
      placeholder: control.type === "tiles" || control.type === "tile" ? "1m2p3s" : "", "aria-describedby": described,
      oninput: (e) => {
        const text = e.target.value.trim();
        if (!text) return set(null);
        if (control.type === "tiles" || control.type === "tile") return set(text);
        if (control.type === "list") return set(text.split(/[\s,;]+/).filter(Boolean).map((x) => (Number.isNaN(Number(x)) ? x : Number(x))));
        try { set(JSON.parse(text)); } catch { /* not JSON yet: wait for more */ }
      } });
    return wrap(input);
  }

  window.SuanfanControls = { build, named };
})();
