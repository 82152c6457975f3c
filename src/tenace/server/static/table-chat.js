// The table's chat (tenace.server.room, docs/protocol.md `chat`): its panel, its log and who may write now.
// @ts-check

import { isDirector } from "./view.js";
import { $, clearError, el, optional, seatLabel, state, t } from "./table-page.js";
import { send } from "./table-socket.js";

/**
 * @typedef {import("./protocol-types.js").ChatMessage} ChatMessage
 * @typedef {import("./protocol-types.js").ChatLine} ChatLine
 * @typedef {import("./protocol-types.js").View} View
 */

/** @param {ChatMessage} message */
export function receiveChat(message) {
  const lines = Array.isArray(message.messages) ? message.messages : [];
  if (message.history) state.chat = lines.slice();
  else state.chat.push(...lines);
  state.chat = state.chat.slice(-50);
  if ($("chat-panel").hidden && !message.history) state.unread += lines.length;
  renderChat();
}

/** @param {ChatLine} line */
function chatSender(line) {
  const seat = ["N", "E", "S", "W"].includes(line.from) ? seatLabel(line.from) : null;
  const role = line.from === "director" ? t("Director") : line.from === "spectator" ? t("Spectator") : seat;
  return line.name ? `${role} (${line.name})` : role ?? "";
}

/**
 * Why the viewer may not write now (the server's rules, Laws 73B and 76), or null.
 * @param {View | null} view
 */
function chatClosed(view) {
  if (!view || isDirector(view.viewer)) return null;
  const playing = view.phase !== "ended";
  if (view.viewerSeat === null) return playing || optional("club") !== null ? t("Spectators do not write to the players while they play (Law 76).") : null;
  if (playing && !state.chatInPlay) return t("The chat is closed while the board is played (Law 73B).");
  return null;
}

export function renderChat() {
  // the text is set as text, never as HTML: a message is shown exactly as it was written
  $("chat-log").replaceChildren(...state.chat.map((line) => el("li", { "data-from": line.from },
    el("span", { class: "who", text: `${chatSender(line)}:` }), el("span", { class: "said", text: line.text }))));
  const log = $("chat-log");
  log.scrollTop = log.scrollHeight;
  const unread = $("chat-unread");
  unread.hidden = state.unread === 0;
  unread.textContent = state.unread > 0 ? String(state.unread) : "";
  const closed = chatClosed(state.view);
  $("chat-closed").hidden = closed === null;
  $("chat-closed").textContent = closed ?? "";
  $("chat-text", HTMLInputElement).disabled = closed !== null;
  $("chat-send", HTMLButtonElement).disabled = closed !== null;
}

/** Open or close the chat's panel. @param {boolean} open */
export function toggleChat(open) {
  const panel = $("chat-panel");
  panel.hidden = !open;
  $("chat-button").setAttribute("aria-expanded", open ? "true" : "false");
  if (open) {
    state.unread = 0;
    renderChat();
    const input = $("chat-text", HTMLInputElement);
    (input.disabled ? $("chat-close") : input).focus();
  } else {
    $("chat-button").focus();
  }
}

/** The chat's buttons and its form. */
export function wireChat() {
  $("chat-button").addEventListener("click", () => toggleChat($("chat-panel").hidden));
  $("chat-close").addEventListener("click", () => toggleChat(false));
  $("chat-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const input = $("chat-text", HTMLInputElement);
    const text = input.value.trim();
    if (!text) return;
    clearError();
    send({ type: "chat", text }, null);
    input.value = "";
  });
}
