// The bidding box: the levels' bids and Pass, X, XX, offered when it is the viewer's turn to call, its lawful
// calls usable (the server's view.legal), with the alert and explanation he gives with his call (Law 20).
// @ts-check

import { callText, legalCalls, DENOMINATIONS } from "./view.js";
import { $, el, root, state, t } from "./table-page.js";
import { act } from "./table-socket.js";

/** @typedef {import("./protocol-types.js").View} View */

/** @param {string} call */
function makeCall(call) {
  const alertBox = $("alert", HTMLInputElement);
  const explanationBox = $("explanation", HTMLInputElement);
  const alert = alertBox.checked;
  const explanation = explanationBox.value.trim();
  act({ type: "call", call, alert, explanation: explanation || null }, `call ${call}`);
  alertBox.checked = false;
  explanationBox.value = "";
}

/** @param {View} view */
export function renderBiddingBox(view) {
  const box = $("bidding-box");
  const legal = legalCalls(view);
  const myTurn = view.phase === "auction" && view.viewerSeat !== null && view.turnSeat === view.viewerSeat && !view.pending;
  box.hidden = !myTurn;
  if (!myTurn) return;
  const grid = $("bids");
  if (grid.childElementCount === 0) {
    for (let level = 1; level <= 7; level += 1) {
      const row = el("div", { class: "bid-row", role: "group", "aria-label": `${t("Level")} ${level}` });
      for (const d of DENOMINATIONS) {
        const call = `${level}${d}`;
        row.append(el("button", {
          type: "button", class: `bid${d === "H" || d === "D" ? " red" : ""}`, "data-call": call, "data-key": `call-${call}`,
          onclick: () => makeCall(call),
        }, callText(call, { nt: t("NT") })));
      }
      grid.append(row);
    }
  }
  for (const button of box.querySelectorAll("button[data-call]")) {
    if (!(button instanceof HTMLButtonElement)) continue;
    const ok = legal.includes(button.dataset.call ?? "") && state.waiting.size === 0;
    button.disabled = !ok;
  }
}

/** Pass, X and XX (the levels' buttons are made with the box). */
export function wireBiddingBox() {
  for (const call of ["P", "X", "XX"]) {
    const button = root.querySelector(`#bidding-box button[data-call="${call}"]`);
    if (!button) throw new Error(`the table page has no ${call} button in its bidding box`);
    button.addEventListener("click", () => makeCall(call));
  }
}
