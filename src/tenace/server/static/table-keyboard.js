// The table by keyboard. Each group of buttons (the bidding box, the viewer's hand, dummy when he is declarer,
// the Decision's options) is one stop of the Tab key with a roving tabindex: one button of it is in the Tab
// order, the arrow keys move between its buttons, Enter or Space presses the one in focus. The bidding box is
// a grid: Left and Right move along a level, Up and Down between the levels and the row of Pass, X and XX,
// Home and End to the first and last call of a row (with Ctrl: of the box).
// @ts-check

import { root, state } from "./table-page.js";

const GROUPS = "#bidding-box, .hand, #pending-options";
/** @type {Map<string, string | undefined>} */
const roving = new Map(); // group id -> the data-key of its button in the Tab order

/** @param {Element} group */
function groupId(group) { return group.id || group.closest(".seat-area")?.id || "group"; }

/**
 * The group's buttons by rows (the bidding box: its levels and the special calls; otherwise one row).
 * @param {Element} group
 * @returns {HTMLButtonElement[][]}
 */
function groupRows(group) {
  if (group.id === "bidding-box") return Array.from(group.querySelectorAll(".bid-row")).map((row) => Array.from(row.querySelectorAll("button")));
  const columns = Array.from(group.querySelectorAll(".dummy-suit, .suit-row"));
  if (columns.length > 0 && group.classList.contains("rows")) return columns.map((c) => Array.from(c.querySelectorAll("button")));
  return [Array.from(group.querySelectorAll("button"))];
}

/** Give every group's buttons their tabindex: 0 for the remembered (or the first usable) one, -1 otherwise. */
export function rove() {
  for (const group of root.querySelectorAll(GROUPS)) {
    const buttons = groupRows(group).flat();
    const mine = buttons.filter((b) => !b.disabled && b.dataset.passive !== "true");
    const key = roving.get(groupId(group));
    const chosen = mine.find((b) => b.dataset.key === key) ?? mine[0] ?? null;
    for (const b of buttons) b.tabIndex = b === chosen ? 0 : -1;
  }
}

/**
 * After drawing: a keyboard player whose button went (his call made, his card played) keeps his place.
 * @param {boolean} lostGroup
 */
export function keepFocus(lostGroup) {
  const active = document.activeElement;
  if (active && active !== document.body && root.contains(active) && active.getClientRects().length > 0) {
    if (!active.matches(".hand") || !state.keyboard) return;
  } else if (!lostGroup) return;
  state.keyboard = true;
  // his turn again: straight to the bidding box or the cards he may play
  /** @type {HTMLElement | null} */
  const target = root.querySelector("#bidding-box:not([hidden]) button[tabindex='0']")
    ?? root.querySelector(".hand button.playable[tabindex='0']");
  if (target) { target.focus(); return; }
  /** @type {HTMLElement | null} */
  const hand = root.querySelector("#pos-bottom .hand");
  if (hand) { hand.tabIndex = -1; hand.focus(); }
}

/** The arrow keys, Home and End inside a group, and the group's remembered button. */
export function wireKeyboard() {
  root.addEventListener("keydown", (event) => {
    if (!["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"].includes(event.key)) return;
    const current = document.activeElement;
    if (!(current instanceof HTMLButtonElement)) return;
    const group = current.closest(GROUPS);
    if (!group) return;
    const rows = groupRows(group).map((row) => row.filter((b) => !b.disabled));
    const flat = rows.flat();
    if (flat.length === 0) return;
    const r = rows.findIndex((row) => row.includes(current));
    if (r < 0) return;
    let next = current;
    const grid = group.id === "bidding-box";
    if (event.key === "Home") next = event.ctrlKey || !grid ? flat[0] : rows[r][0];
    else if (event.key === "End") next = event.ctrlKey || !grid ? flat[flat.length - 1] : rows[r][rows[r].length - 1];
    else if (!grid || event.key === "ArrowLeft" || event.key === "ArrowRight") {
      const i = flat.indexOf(current) + (event.key === "ArrowLeft" || event.key === "ArrowUp" ? -1 : 1);
      next = flat[Math.max(0, Math.min(flat.length - 1, i))];
    } else {
      // up or down to the nearest row with a usable call, at the same place in the row (by its position)
      const all = groupRows(group);
      const where = all[r].indexOf(current) / Math.max(1, all[r].length - 1);
      const step = event.key === "ArrowUp" ? -1 : 1;
      for (let k = r + step; k >= 0 && k < rows.length; k += step) {
        if (rows[k].length === 0) continue;
        const target = Math.round(where * (all[k].length - 1));
        next = rows[k].reduce((best, b) => (Math.abs(all[k].indexOf(b) - target) < Math.abs(all[k].indexOf(best) - target) ? b : best));
        break;
      }
    }
    if (next !== current) {
      current.tabIndex = -1;
      next.tabIndex = 0;
      roving.set(groupId(group), next.dataset.key);
      next.focus();
    }
    event.preventDefault();
  });

  root.addEventListener("focusin", (event) => {
    const button = event.target instanceof HTMLElement ? event.target.closest("button") : null;
    const group = button?.closest(GROUPS);
    if (button && group && button.dataset.key) roving.set(groupId(group), button.dataset.key);
  });
}
