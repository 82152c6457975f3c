// The table page's client: one WebSocket (docs/protocol.md), the view drawn after every message. This module
// starts it and wires the page's fixed controls; the parts live beside it as ES modules (no build step):
//   table-page.js      the page's root, strings, state and element helpers
//   table-socket.js    the connection: sending actions, receiving the server's messages
//   table-render.js    drawing the table from the view
//   table-bidding.js   the bidding box
//   table-director.js  calling the Director (Laws 9, 16B2, 20F4) and what he answered
//   table-chat.js      the table's chat
//   table-keyboard.js  the roving focus and the arrow keys
//   table-clock.js     a club session's round clock
//   view.js            pure helpers over the view; protocol-types.js the messages' types (for the checker)
// @ts-check

import { $, clearError, optional, state, t } from "./table-page.js";
import { act, connect } from "./table-socket.js";
import { hideNote, render, renderHistory } from "./table-render.js";
import { wireBiddingBox } from "./table-bidding.js";
import { hideDirectorDialog, wireDirector } from "./table-director.js";
import { toggleChat, wireChat } from "./table-chat.js";
import { wireKeyboard } from "./table-keyboard.js";
import { startClock } from "./table-clock.js";

/** The page's fixed controls: the bidding box's specials, the dialogs, the trick history, the auction strip. */
function wire() {
  wireBiddingBox();
  wireDirector();
  $("claim-button").addEventListener("click", () => {
    const dialog = $("claim-dialog");
    dialog.hidden = false;
    $("claim-tricks").focus();
  });
  $("claim-cancel").addEventListener("click", () => { $("claim-dialog").hidden = true; $("claim-button").focus(); });
  $("claim-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const tricks = Number($("claim-tricks", HTMLSelectElement).value);
    const statement = $("claim-statement", HTMLTextAreaElement);
    act({ type: "claim", tricks, statement: statement.value.trim() }, "claim");
    $("claim-dialog").hidden = true;
    statement.value = "";
  });
  $("claim-accept").addEventListener("click", () => act({ type: "claim-answer", accept: true }, "accept"));
  $("claim-reject").addEventListener("click", () => act({ type: "claim-answer", accept: false }, "reject"));
  $("tricks-button").addEventListener("click", () => {
    const dialog = $("trick-history");
    if (!dialog.hidden) { dialog.hidden = true; return; }
    if (state.view) renderHistory(state.view);
    dialog.hidden = false;
    $("trick-history-close").focus();
  });
  $("trick-history-close").addEventListener("click", () => { $("trick-history").hidden = true; $("tricks-button").focus(); });
  $("auction-toggle").addEventListener("click", () => {
    state.auctionOpen = !state.auctionOpen;
    $("auction-panel").classList.toggle("open", state.auctionOpen);
    const toggle = $("auction-toggle");
    toggle.setAttribute("aria-expanded", state.auctionOpen ? "true" : "false");
    toggle.title = state.auctionOpen ? t("Hide the auction") : t("Show the whole auction");
    if (!state.auctionOpen) { const scroller = $("auction-scroll"); scroller.scrollTop = scroller.scrollHeight; }
  });
  document.addEventListener("click", (event) => {
    if (state.notePinned !== null && !(event.target instanceof Node && $("call-note").contains(event.target))) hideNote();
  });
  window.addEventListener("resize", hideNote);
  $("last-trick-button").addEventListener("click", () => {
    state.showLastTrick = !state.showLastTrick;
    if (state.view) render();
  });
  $("next-board").addEventListener("click", () => act({ type: "next-board" }, "next board"));
  wireChat();
  // the invitations of a friends' table (only its host's page has them)
  const invite = optional("invite-button");
  if (invite) {
    invite.addEventListener("click", () => { $("invite-dialog").hidden = false; $("invite-close").focus(); });
    $("invite-close").addEventListener("click", () => { $("invite-dialog").hidden = true; invite.focus(); });
    for (const input of document.querySelectorAll(".invite-link")) {
      if (input instanceof HTMLInputElement) input.addEventListener("focus", () => input.select());
    }
  }
  $("error").addEventListener("click", clearError);
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape") {
      $("claim-dialog").hidden = true; $("trick-history").hidden = true; hideDirectorDialog(); hideNote();
      if (!$("chat-panel").hidden) toggleChat(false);
      const inviteDialog = optional("invite-dialog");
      if (inviteDialog && !inviteDialog.hidden) { inviteDialog.hidden = true; $("invite-button").focus(); }
    }
  });
}

wireKeyboard();
wire();
connect();
const clock = optional("round-clock");
if (clock) startClock(clock);
window.addEventListener("beforeunload", () => { state.closed = true; });
