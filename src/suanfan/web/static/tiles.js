// Tile pictures drawn here as SVG: dots as circles, bamboo as sticks, characters, winds, dragons and flowers as
// CJK glyphs, with a small index (5, E, ...) for readers new to them. Every glyph comes from the page's own font,
// fonts/suanfan-tiles.woff2 (style.css), never from the system's: a machine with no CJK font draws the same tiles.
// That font holds only the characters this file draws (tools/build_tile_font.py reads them from here; rerun it
// after adding one, tests/test_tile_font.py fails until then).
(() => {
"use strict";

const NUMERALS = ["", "一", "二", "三", "四", "五", "六", "七", "八", "九"];
const HONORS = ["", "東", "南", "西", "北", "", "發", "中"];
const WIND_INDEX = ["", "E", "S", "W", "N"];
const FLOWERS = ["", "春", "夏", "秋", "冬", "梅", "蘭", "菊", "竹"];
const RED = "#c62828";
const GREEN = "#1b7a3a";
const BLUE = "#1f4e9c";
const INK = "#1d1d1f";

// Dot layouts (x, y, r) for 1p-9p in a 30x40 tile.
const DOTS = {
  1: [[15, 20, 8.5]],
  2: [[15, 11, 5.5], [15, 29, 5.5]],
  3: [[8, 9, 4.6], [15, 20, 4.6], [22, 31, 4.6]],
  4: [[9, 11, 5], [21, 11, 5], [9, 29, 5], [21, 29, 5]],
  5: [[8.5, 9.5, 4.3], [21.5, 9.5, 4.3], [15, 20, 4.3], [8.5, 30.5, 4.3], [21.5, 30.5, 4.3]],
  6: [[9, 9, 4.3], [21, 9, 4.3], [9, 20, 4.3], [21, 20, 4.3], [9, 31, 4.3], [21, 31, 4.3]],
  7: [[7, 7, 3.4], [15, 11, 3.4], [23, 15, 3.4], [9, 24.5, 3.8], [21, 24.5, 3.8], [9, 33, 3.8], [21, 33, 3.8]],
  8: [[9, 7, 3.7], [21, 7, 3.7], [9, 15.5, 3.7], [21, 15.5, 3.7], [9, 24.5, 3.7], [21, 24.5, 3.7],
      [9, 33, 3.7], [21, 33, 3.7]],
  9: [[7, 9, 3.7], [15, 9, 3.7], [23, 9, 3.7], [7, 20, 3.7], [15, 20, 3.7], [23, 20, 3.7],
      [7, 31, 3.7], [15, 31, 3.7], [23, 31, 3.7]],
};
// Which dots are red (traditional sets colour some of them); the rest blue, 7p's diagonal green.
const RED_DOTS = { 1: [0], 3: [1], 5: [2], 7: [], 9: [3, 4, 5] };
// Bamboo layouts: centre (x, y) of each stick, 10 tall.
const STICKS = {
  2: [[15, 10], [15, 30]],
  3: [[15, 10], [9, 30], [21, 30]],
  4: [[9, 10], [21, 10], [9, 30], [21, 30]],
  5: [[8, 10], [22, 10], [15, 20], [8, 30], [22, 30]],
  6: [[7, 10], [15, 10], [23, 10], [7, 30], [15, 30], [23, 30]],
  7: [[15, 8], [7, 20], [15, 20], [23, 20], [7, 32], [15, 32], [23, 32]],
  8: [[6, 10], [12, 10], [18, 10], [24, 10], [6, 30], [12, 30], [18, 30], [24, 30]],
  9: [[7, 8], [15, 8], [23, 8], [7, 20], [15, 20], [23, 20], [7, 32], [15, 32], [23, 32]],
};
const RED_STICKS = { 5: [2], 7: [0], 9: [1, 4, 7] };

function circle(x, y, r, colour) {
  return `<circle cx="${x}" cy="${y}" r="${r}" fill="none" stroke="${colour}" stroke-width="1.6"/>` +
    `<circle cx="${x}" cy="${y}" r="${(r * 0.42).toFixed(2)}" fill="${colour}"/>`;
}

function stick(x, y, colour) {
  return `<rect x="${x - 2}" y="${y - 5}" width="4" height="10" rx="2" fill="${colour}"/>` +
    `<line x1="${x - 2}" y1="${y}" x2="${x + 2}" y2="${y}" stroke="#fff" stroke-width="0.8"/>`;
}

// Text on a face: class tile-text sets the tiles' font (style.css).
function glyph(text, y, size, colour) {
  return `<text class="tile-text" x="15" y="${y}" text-anchor="middle" font-size="${size}" fill="${colour}">${text}</text>`;
}

function index(text, colour) {
  return `<text class="tile-text" x="2.5" y="8" font-size="7" fill="${colour}">${text}</text>`;
}

// The face of a tile given in mpsz (one tile: "5m", "0p", "7z", "3f").
function tileFace(code) {
  const n = Number(code[0]);
  const suit = code[1];
  const red = n === 0;
  const num = red ? 5 : n;
  let body = "";
  if (suit === "m") {
    body = glyph(NUMERALS[num], 19, 14, red ? RED : INK) + glyph("萬", 35, 13, RED) + index(num, red ? RED : "#666");
  } else if (suit === "p") {
    const reds = red ? DOTS[5].map((_, i) => i) : (RED_DOTS[num] || []);
    body = DOTS[num].map(([x, y, r], i) =>
      circle(x, y, r, reds.includes(i) ? RED : (num === 7 && i < 3 ? GREEN : BLUE))).join("");
  } else if (suit === "s") {
    if (num === 1) {
      body = `<ellipse cx="15" cy="22" rx="6" ry="11" fill="${GREEN}"/><circle cx="15" cy="9" r="4" fill="${RED}"/>` +
        `<line x1="15" y1="13" x2="15" y2="32" stroke="#fff" stroke-width="1"/>`;
    } else {
      const reds = red ? STICKS[5].map((_, i) => i) : (RED_STICKS[num] || []);
      body = STICKS[num].map(([x, y], i) => stick(x, y, reds.includes(i) ? RED : GREEN)).join("");
    }
  } else if (suit === "z") {
    if (num <= 4) body = glyph(HONORS[num], 28, 20, INK) + index(WIND_INDEX[num], "#666");
    else if (num === 5) body = `<rect x="6" y="7" width="18" height="26" rx="2" fill="none" stroke="${BLUE}" stroke-width="2"/>`;
    else body = glyph(HONORS[num], 28, 20, num === 6 ? GREEN : RED);
  } else if (suit === "f") {
    const colour = n <= 4 ? GREEN : RED;
    body = glyph(FLOWERS[n], 28, 18, colour) + index(n, colour);
  }
  return body;
}

// The whole tile as an SVG string; the caller gives it an accessible name.
function tileSVG(code, extraClass = "") {
  const red = code[0] === "0" ? " red-five" : "";
  return `<svg class="tile-svg${red}${extraClass ? " " + extraClass : ""}" viewBox="0 0 30 40" aria-hidden="true" ` +
    `focusable="false"><rect x="0.75" y="0.75" width="28.5" height="38.5" rx="4" class="tile-body"/>` +
    `${tileFace(code)}</svg>`;
}

// Start loading the tiles' font now: a face drawn in a hidden view would not ask for it, and a tile shown before it
// arrives stays blank for that moment (font-display: block) rather than drawing a box.
const fontReady = document.fonts ? document.fonts.load('700 16px "suanfan tiles"', "萬") : Promise.resolve([]);

window.SuanfanTiles = { tileSVG, fontReady };
})();
