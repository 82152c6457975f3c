// The lobby's list of open tables (tenace.server.lobby), kept current: every few seconds the page asks
// GET /api/lobby/tables and redraws the list, as text (a player's name is never read as HTML). Without
// JavaScript the list is the one the server drew, and "Refresh the list" reloads the page.
// @ts-check

/**
 * A table of GET /api/lobby/tables: who sits at each seat, the free seats and where to take one.
 * @typedef {{kind?: "human" | "robot", name?: string | null}} LobbyPlayer
 * @typedef {{id: string, seats?: Record<string, LobbyPlayer>, free?: string[], sit: string}} LobbyTable
 */

/** @type {Record<string, string> & {seats?: Record<string, string>}} */
const strings = JSON.parse(document.getElementById("lobby-strings")?.textContent ?? "{}");
/** @param {string} key */
const t = (key) => strings[key] ?? key;
const EVERY_MS = 10000;

/**
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, string | number>} [attrs]
 * @param {...(Node | string)} children
 * @returns {HTMLElementTagNameMap[K]}
 */
function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "text") node.textContent = String(value);
    else if (key === "class") node.className = String(value);
    else node.setAttribute(key, String(value));
  }
  node.append(...children);
  return node;
}

/**
 * One table of the list: its seats, each with its player or a "Sit here" button.
 * @param {LobbyTable} table
 */
function tableItem(table) {
  const seats = el("ul", { class: "open-seats" });
  for (const seat of ["N", "E", "S", "W"]) {
    /** @type {LobbyPlayer} */
    const player = table.seats?.[seat] ?? {};
    const item = el("li", { "data-seat": seat }, `${strings.seats?.[seat] ?? seat}: `);
    if ((table.free ?? []).includes(seat)) {
      item.append(el("button", { type: "submit", class: "take-seat", formaction: table.sit, name: "seat", value: seat, text: t("Sit here") }));
    } else {
      item.append(player.kind === "robot" ? t("Robot") : player.name || t("Waiting for a player"));
    }
    seats.append(item);
  }
  return el("li", { class: "open-table", "data-table": table.id },
    el("span", { class: "open-table-name", text: `${t("Table")} ${String(table.id).slice(0, 6)}` }), seats);
}

async function refresh() {
  const form = document.getElementById("open-tables-form");
  const list = document.getElementById("open-table-list");
  const active = document.activeElement;
  if (!form || !list || (form.contains(active) && active?.tagName === "INPUT")) return;
  try {
    const answer = await fetch("/api/lobby/tables", { credentials: "same-origin" });
    if (!answer.ok) return;
    /** @type {LobbyTable[]} */
    const tables = (await answer.json()).tables ?? [];
    /** @type {HTMLElement | null | undefined} */
    const around = document.activeElement?.closest?.(".open-table");
    const focused = around?.dataset.table;
    list.replaceChildren(...tables.map(tableItem));
    form.hidden = tables.length === 0;
    const none = document.getElementById("no-open-tables");
    if (none) none.hidden = tables.length > 0;
    /** @type {HTMLButtonElement | null} */
    const again = focused ? list.querySelector(`[data-table="${CSS.escape(focused)}"] button`) : null;
    again?.focus();
  } catch {
    // the server is unreachable for a moment: the list stays as it was
  }
}

setInterval(refresh, EVERY_MS);
