// Calling the Director from the table (Law 9): the dialog with its reasons, reserving rights (Law 16B2) and
// correcting one's own explanation (Law 20F4), and the list of what was said to or by the Director, for all
// four (Laws 9, 16B2, 70, 12C).
// @ts-check

import { callText, currentTrick, lastCompleteTrick } from "./view.js";
import { $, el, f, seatLabel, state, t } from "./table-page.js";
import { act } from "./table-socket.js";

/**
 * @typedef {import("./protocol-types.js").View} View
 * @typedef {import("./protocol-types.js").Seat} Seat
 * @typedef {import("./protocol-types.js").ClientMessage} ClientMessage
 */

// why a player called the Director, in words (the reasons of docs/protocol.md)
/** @type {Record<string, string>} */
const REASONS = {
  misinformation: "misinformation", "unauthorised-information": "unauthorised information", claim: "a claim",
  other: "something else",
};

/**
 * Everything said to or by the Director at this table, for all four (Laws 9, 16B2, 70, 12C).
 * @param {View} view
 */
export function renderDirector(view) {
  const items = [];
  for (const r of state.reserved) {
    items.push(el("li", { class: "reserved", "data-by": r.by },
      f("{seat} reserved the right to call the Director about {about} (Law 16B2).", { seat: seatLabel(r.by), about: seatLabel(r.about) })));
  }
  for (const call of state.calls) {
    const lines = [f("{seat} called the Director: {reason} (Law 9).", { seat: seatLabel(call.by), reason: t(REASONS[call.reason] ?? call.reason) })];
    if (call.text) lines.push(f("Your words: “{text}”", { text: call.text }));
    if (call.status === "recorded") lines.push(t("No Director is present at a practice table with robots: the call is recorded with the board."));
    else if (call.status === "open") lines.push(t("Waiting for the Director's answer."));
    else if (call.ruling) {
      if (call.ruling.note) lines.push(f("The Director's answer: {note}", { note: call.ruling.note }));
      if (call.ruling.adjusted) lines.push(f("Adjusted score: {score} (Law {law})", { score: call.ruling.adjusted, law: call.ruling.law }));
    }
    items.push(el("li", { class: `director-call ${call.status}`, "data-number": call.number, "data-status": call.status }, lines.join("\n")));
  }
  $("director-call-list").replaceChildren(...items);
  const ruling = $("claim-ruling");
  const claim = state.claimRuling;
  if (claim) {
    const side = ["N", "S"].includes(claim.seat) ? t("North-South") : t("East-West");
    const key = claim.by === "automatic"
      ? "The claim was disputed: with no Director present, the server awards {side} {tricks} of the remaining tricks (Law 70)."
      : "The claim was disputed: the Director awards {side} {tricks} of the remaining tricks (Law 70).";
    ruling.textContent = f(key, { side, tricks: claim.tricks });
    ruling.dataset.tricks = String(claim.tricks);
  }
  ruling.hidden = !claim;
  $("director-calls").hidden = items.length === 0 && !claim;
  renderDirectorDialog(view);
}

/**
 * The opponent who acted last (made the last call, or played the last card), if the viewer has one.
 * @param {View} view
 * @returns {Seat | null}
 */
function lastOpponent(view) {
  const me = view.viewerSeat;
  if (!me) return null;
  /** @type {Seat | null} */
  let last = null;
  if (view.phase === "auction" && view.calls.length > 0) last = view.calls[view.calls.length - 1].seat;
  else if (view.phase === "play" || view.phase === "clarification") {
    const trick = currentTrick(view) ?? lastCompleteTrick(view);
    if (trick && trick.cards.length > 0) last = trick.cards[trick.cards.length - 1][0];
  }
  if (!last) return null;
  /** @param {Seat} s */
  const ns = (s) => s === "N" || s === "S";
  return ns(last) !== ns(me) ? last : null;
}

/** The reason chosen in the dialog. */
function chosenReason() {
  const radio = $("director-form").querySelector("input[name=reason]:checked");
  return radio instanceof HTMLElement ? radio.dataset.reason ?? "irregularity" : "irregularity";
}

/** @param {View} view */
function renderDirectorDialog(view) {
  const dialog = $("director-dialog");
  if (dialog.hidden) return;
  const reason = chosenReason();
  $("director-about-row").hidden = reason !== "unauthorised-information";
  $("director-practice").hidden = state.directorPresent || reason === "irregularity";
  // Law 16B2: rights are reserved at once, about the opponent who has just acted, while the board is played
  const opponent = lastOpponent(view);
  const reserve = $("reserve-button");
  reserve.hidden = reason !== "unauthorised-information" || opponent === null;
  reserve.dataset.about = opponent ?? "";
  // Law 20F4: a player may correct his own explanation (of his own alerted calls, online)
  const own = view.calls.map((c, index) => ({ ...c, index })).filter((c) => c.seat === view.viewerSeat && (c.alert || c.explanation));
  const box = $("correct-box", HTMLDetailsElement);
  box.hidden = own.length === 0 || view.phase === "ended";
  const select = $("correct-call", HTMLSelectElement);
  if (select.dataset.calls !== own.map((c) => c.index).join(",")) {
    select.replaceChildren(...own.map((c) => el("option", { value: c.index, text: callText(c.call, { pass: t("Pass"), nt: t("NT") }) })));
    select.dataset.calls = own.map((c) => c.index).join(",");
  }
}

function openDirectorDialog() {
  const view = state.view;
  if (!view) return;
  const me = view.viewerSeat;
  /** @type {Seat[]} */
  const opponents = !me ? [] : me === "N" || me === "S" ? ["E", "W"] : ["N", "S"];
  const about = $("director-about", HTMLSelectElement);
  const last = lastOpponent(view);
  about.replaceChildren(el("option", { value: "", text: "—" }),
    ...opponents.map((s) => el("option", { value: s, text: seatLabel(s), selected: s === last })));
  $("correct-box", HTMLDetailsElement).open = false; // each call starts afresh: on an irregularity just now, nothing typed
  /** @type {HTMLInputElement | null} */
  const first = $("director-form").querySelector("input[name=reason]");
  if (first) first.checked = true;
  $("director-dialog").hidden = false;
  renderDirectorDialog(view);
  /** @type {HTMLInputElement | null} */
  const checked = $("director-dialog").querySelector("input[name=reason]:checked");
  checked?.focus();
}

function closeDirectorDialog() {
  $("director-dialog").hidden = true;
  $("director-button").focus();
}

/** The Director button, the dialog's reasons and forms. */
export function wireDirector() {
  $("director-button").addEventListener("click", openDirectorDialog);
  $("director-cancel").addEventListener("click", closeDirectorDialog);
  $("correct-cancel").addEventListener("click", () => { $("correct-box", HTMLDetailsElement).open = false; closeDirectorDialog(); });
  for (const radio of document.querySelectorAll("#director-form input[name=reason]")) {
    radio.addEventListener("change", () => { if (state.view) renderDirectorDialog(state.view); });
  }
  $("director-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const reason = chosenReason();
    const text = $("director-text", HTMLTextAreaElement).value.trim();
    if (reason === "irregularity") {
      act({ type: "director" }, "director"); // Law 9B1: the engine rectifies what has just happened
    } else {
      /** @type {ClientMessage} */
      const message = { type: "director", reason, text };
      const about = $("director-about", HTMLSelectElement).value;
      if (reason === "unauthorised-information" && about) message.about = about;
      act(message, "director call");
    }
    $("director-text", HTMLTextAreaElement).value = "";
    closeDirectorDialog();
  });
  $("reserve-button").addEventListener("click", () => {
    const about = $("reserve-button").dataset.about;
    if (about) act({ type: "reserve", about, reason: "hesitation" }, "reserve");
    closeDirectorDialog();
  });
  $("correct-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = $("correct-text", HTMLInputElement).value.trim();
    if (!text) return;
    act({ type: "correct", call_index: Number($("correct-call", HTMLSelectElement).value), text }, "correct");
    $("correct-text", HTMLInputElement).value = "";
    closeDirectorDialog();
  });
}

/** Escape closes the dialog (without moving the focus, as the other dialogs). */
export function hideDirectorDialog() { $("director-dialog").hidden = true; }
