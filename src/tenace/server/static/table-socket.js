// The table's one WebSocket (docs/protocol.md): connecting and reconnecting, sending the player's actions,
// and receiving the server's messages into the state, after which the page is drawn again (table-render.js).
// @ts-check

import { normalise } from "./view.js";
import { $, clearError, f, root, showError, showNotice, state, t } from "./table-page.js";
import { render } from "./table-render.js";
import { receiveChat } from "./table-chat.js";

/**
 * @typedef {import("./protocol-types.js").ServerMessage} ServerMessage
 * @typedef {import("./protocol-types.js").ClientMessage} ClientMessage
 */

// refusals of a Director call, by the server's error code: shown in the page's language
export const MAX_DIRECTOR_TEXT = 500;
export const MAX_CHAT_TEXT = 200;
/** @type {Record<string, string>} */
const REFUSALS = {
  "chat-off": "The chat is closed while the board is played at this table: partners communicate only by their calls and plays (Law 73B). It opens when the board is over.",
  "chat-spectator": "Spectators do not write to the players while they play (Law 76).",
  "chat-too-long": "Your message is too long: at most {max} characters.",
  "chat-rate": "You are writing too fast: wait a few seconds.",
  "chat-empty": "Your message is empty.",
  "too-long": "Your words to the Director are too long: at most {max} characters.",
  "table-finished": "This table has finished its boards: the Director can no longer be called from it.",
  "too-many": "The Director has been called too many times on this board.",
};

function socketUrl() {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  const params = new URLSearchParams();
  if (root.dataset.token) params.set("token", root.dataset.token);
  if (root.dataset.lang) params.set("lang", root.dataset.lang); // the server explains decisions in it
  if (root.dataset.name) params.set("name", root.dataset.name); // the name typed in the lobby, shown at the seat
  params.set("room", "1"); // the names at the seats and the table's chat
  const query = params.toString() ? `?${params}` : "";
  return root.dataset.ws || `${proto}//${location.host}/ws/tables/${encodeURIComponent(root.dataset.tableId ?? "")}${query}`;
}

export function connect() {
  setConnection("connecting");
  const socket = new WebSocket(socketUrl());
  state.socket = socket;
  socket.addEventListener("open", () => {
    state.retry = 0;
    setConnection("open");
    if (state.seq >= 0) send({ type: "resync", seq: state.seq }, null);
  });
  socket.addEventListener("message", (event) => receive(JSON.parse(event.data)));
  socket.addEventListener("close", (event) => {
    // closed by the server for good (docs/protocol.md): unauthorized 4401, forbidden 4403, not found 4404,
    // a limit reached 4429
    if ([4401, 4403, 4404, 4429].includes(event.code)) state.closed = true;
    if (state.closed) { setConnection("stopped"); return; }
    setConnection("closed");
    state.retry += 1;
    setTimeout(connect, Math.min(8000, 250 * 2 ** state.retry)); // reconnect, then resync
  });
}

/** @param {"connecting" | "open" | "closed" | "stopped"} status */
function setConnection(status) {
  root.dataset.connection = status;
  $("connection").textContent = status === "open" ? "" : status === "stopped" ? t("Not connected.")
    : t(status === "connecting" ? "Connecting…" : "Connection lost; reconnecting…");
}

/**
 * Send a message; with a description, the page waits for its answer (an ack, then the view that shows it).
 * @param {ClientMessage} message
 * @param {string | null} description
 */
export function send(message, description) {
  if (!state.socket || state.socket.readyState !== WebSocket.OPEN) {
    showError(t("Not connected; please wait."));
    return;
  }
  state.counter += 1;
  const id = `c${state.counter}`;
  if (description !== null) state.waiting.set(id, description);
  state.socket.send(JSON.stringify({ v: 1, id, ...message }));
  root.dataset.busy = state.waiting.size > 0 ? "true" : "false";
}

/** @param {ServerMessage} message */
function receive(message) {
  if (message.type === "view") {
    state.seq = message.seq ?? state.seq;
    state.raw = message.view;
    state.view = normalise(message.view);
    state.replay = typeof message.replay === "string" ? message.replay : null;  // once the board has ended
    state.calls = Array.isArray(message.director_calls) ? message.director_calls : [];
    state.reserved = Array.isArray(message.reserved) ? message.reserved : [];
    state.claimRuling = message.claim_ruling ?? null;
    state.directorPresent = message.director_present !== false;
    root.dataset.seq = String(state.seq);
    settle();
    render();
  } else if (message.type === "players") {
    state.players = message.players && typeof message.players === "object" ? message.players : null;
    state.chatInPlay = !message.chat || message.chat.in_play !== false;
    if (state.view) render();
  } else if (message.type === "chat") {
    receiveChat(message);
  } else if (message.type === "ack") {
    // stored as event message.seq: the action is done once a view at least that recent has arrived
    if (state.waiting.get(message.ref) === "director call") {
      showNotice(t(state.directorPresent ? "Your call was sent to the Director."
        : "No Director is present at a practice table with robots: the call is recorded with the board."));
    }
    if (state.waiting.has(message.ref)) state.waiting.set(message.ref, { ackSeq: message.seq });
    settle();
  } else if (message.type === "error") {
    const asked = message.ref ? state.waiting.get(message.ref) : undefined;
    if (message.ref) state.waiting.delete(message.ref);
    // a table that does not exist, a seat code that opens nothing, a viewer the event does not admit (a
    // spectator where spectators are not allowed), or a server limit reached (too many connections or
    // spectators): trying again at once will not help, so the page stops trying and shows the reason
    if (!message.ref && ["not-found", "unauthorized", "forbidden", "limited"].includes(message.code)) state.closed = true;
    if (asked === "director" && message.code === "no-irregularity") {
      // The Director is summoned when attention is drawn to an irregularity (Law 9B1) and rectifies it (Law
      // 81C3); the engine refuses a call with none, and the player is told so plainly, not as an error.
      showNotice(t("Nothing for the Director to rule on now: no irregularity has happened (Law 9B1); play goes on."));
    } else if (REFUSALS[message.code]) {
      showError(f(REFUSALS[message.code], { max: message.code.startsWith("chat-") ? MAX_CHAT_TEXT : MAX_DIRECTOR_TEXT }));
    } else {
      showError(message.message || message.code || t("Refused"));
    }
    if (state.view) render();
  }
  root.dataset.busy = state.waiting.size > 0 ? "true" : "false";
}

/** Forget the actions whose event a view has shown. */
function settle() {
  for (const [id, entry] of state.waiting) {
    if (entry && typeof entry === "object" && entry.ackSeq !== undefined && state.seq >= entry.ackSeq) state.waiting.delete(id);
  }
}

/**
 * The player acts: the last refusal or notice goes, and the message is sent.
 * @param {ClientMessage} message
 * @param {string} description
 */
export function act(message, description) {
  clearError();
  send(message, description);
}
