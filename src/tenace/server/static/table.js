// The table page's client: one WebSocket (docs/protocol.md), the view drawn after every message.
// Nothing is drawn that the server's view did not hold: the hands come only from view.hands/view.faced,
// the tricks only from view.tricks (a quitted trick's turned cards arrive as null and stay hidden, Law 66).
import {
  callText, cardText, currentTrick, declarerTricks, dummySeat, handSuitOrder, isDirector, isRed, lastCompleteTrick,
  legalCalls, normalise, parseCard, playable, rankText, screenOrder, sortCards, suitOrder, suitSymbol, tricksLeft,
  tricksWon, DENOMINATIONS,
} from "./view.js";

const root = document.getElementById("table");
const T = JSON.parse(document.getElementById("tenace-strings").textContent);
const t = (key) => T[key] ?? key;
/** A label with {name} placeholders filled in. */
const f = (key, values) => t(key).replace(/\{(\w+)\}/g, (m, name) => String(values[name] ?? m));
const SEAT_NAMES = { N: t("North"), E: t("East"), S: t("South"), W: t("West") };
// the compass letters in the page's language (Swedish N/Ö/S/V, Latvian Z/A/D/R, Greek Β/Α/Ν/Δ)
const SEAT_LETTERS = { N: t("N"), E: t("E"), S: t("S"), W: t("W") };
const POSITIONS = ["bottom", "left", "top", "right"];
const SUITS_ALL = ["S", "H", "D", "C"];
// the seats robots play at this table (the page says so at their places)
const ROBOTS = new Set((root.dataset.robots ?? "").split(""));

const state = {
  socket: null,
  seq: -1,
  view: null,
  raw: null,
  counter: 0,
  waiting: new Map(), // client message id -> description, until acknowledged or refused
  showLastTrick: false,
  auctionOpen: false, // the phone's auction strip, opened to the whole auction
  notePinned: null, // the auction cell whose explanation was opened by a tap or click
  retry: 0,
  closed: false,
  replay: null, // the replay viewer's address, once the board has ended
  // what the server says of the Director at this table (Laws 9, 16B2, 70): the calls made with a reason and
  // his answers, the rights reserved, a disputed claim's ruling, and whether a Director is present at all
  calls: [],
  reserved: [],
  claimRuling: null,
  directorPresent: true,
  // who sits where (the server's "players" message) and the table's chat (tenace.server.room)
  players: null,
  chatInPlay: true,
  chat: [],
  unread: 0,
  keyboard: false, // the player plays by keyboard: his focus follows his turn
};

// why a player called the Director, in words (the reasons of docs/protocol.md)
const REASONS = {
  misinformation: "misinformation", "unauthorised-information": "unauthorised information", claim: "a claim",
  other: "something else",
};
// refusals of a Director call, by the server's error code: shown in the page's language
const MAX_DIRECTOR_TEXT = 500;
const MAX_CHAT_TEXT = 200;
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

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === false || value === null || value === undefined) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children) if (child !== null && child !== undefined) node.append(child);
  return node;
}

function $(id) { return document.getElementById(id); }

// --- the connection ---------------------------------------------------------------------------------

function socketUrl() {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  const params = new URLSearchParams();
  if (root.dataset.token) params.set("token", root.dataset.token);
  if (root.dataset.lang) params.set("lang", root.dataset.lang); // the server explains decisions in it
  if (root.dataset.name) params.set("name", root.dataset.name); // the name typed in the lobby, shown at the seat
  params.set("room", "1"); // the names at the seats and the table's chat
  const query = params.toString() ? `?${params}` : "";
  return root.dataset.ws || `${proto}//${location.host}/ws/tables/${encodeURIComponent(root.dataset.tableId)}${query}`;
}

function connect() {
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

function setConnection(status) {
  root.dataset.connection = status;
  $("connection").textContent = status === "open" ? "" : status === "stopped" ? t("Not connected.")
    : t(status === "connecting" ? "Connecting…" : "Connection lost; reconnecting…");
}

function send(message, description) {
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

function settle() {
  for (const [id, entry] of state.waiting) {
    if (entry && typeof entry === "object" && entry.ackSeq !== undefined && state.seq >= entry.ackSeq) state.waiting.delete(id);
  }
}

function showError(text) {
  const box = $("error");
  box.textContent = text;
  box.hidden = false;
}

function clearError() {
  const box = $("error");
  box.hidden = true;
  box.textContent = "";
  const notice = $("notice");
  notice.hidden = true;
  notice.textContent = "";
}

/** A plain message for the player (not a refusal): shown until his next action. */
function showNotice(text) {
  const box = $("notice");
  box.textContent = text;
  box.hidden = false;
}

// --- actions ----------------------------------------------------------------------------------------

function act(message, description) {
  clearError();
  send(message, description);
}

function makeCall(call) {
  const alert = $("alert").checked;
  const explanation = $("explanation").value.trim();
  act({ type: "call", call, alert, explanation: explanation || null }, `call ${call}`);
  $("alert").checked = false;
  $("explanation").value = "";
}

function playCard(code) { act({ type: "card", card: code }, `card ${code}`); }

// --- drawing ----------------------------------------------------------------------------------------

function render() {
  const view = state.view;
  const focused = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.key : null;
  root.dataset.phase = view.phase;
  root.dataset.turn = view.turnSeat ?? (isDirector(view.turn) ? "director" : "");
  const bottom = view.viewerSeat ?? "S";
  const order = screenOrder(bottom);
  renderInfo(view);
  order.forEach((seat, i) => renderSeat(view, seat, POSITIONS[i]));
  renderCompass(view, order);
  renderTrick(view, order);
  renderAuction(view);
  renderBiddingBox(view);
  renderPending(view);
  renderClaim(view);
  renderEnd(view);
  renderClub(view);
  renderStatus(view);
  renderDirector(view);
  renderChat();
  rove();
  if (!$("trick-history").hidden) renderHistory(view);
  let lost = false;
  if (focused) {
    const again = root.querySelector(`[data-key="${CSS.escape(focused)}"]`);
    if (again && !again.disabled && again.getClientRects().length > 0) again.focus();
    else lost = /^(card|call)-/.test(focused);
  }
  keepFocus(lost);
}

function seatLabel(seat) { return SEAT_NAMES[seat] ?? seat; }

/** Who plays ``seat``, as its place shows it: "You", "Robot", the player's name, or that he is awaited. */
function playerName(view, seat) {
  const player = state.players?.[seat];
  if (view.viewerSeat === seat) return player?.name ? `${t("You")}: ${player.name}` : t("You");
  if (player?.kind === "robot" || (!player && ROBOTS.has(seat))) return t("Robot");
  if (!player) return null;
  if (player.name) return player.name;
  return player.here ? null : t("Waiting for a player");
}

function contractValues(view) {
  const c = view.contract;
  return { contract: `${callText(`${c.level}${c.strain}`, { nt: t("NT") })}${c.doubling}`, seat: seatLabel(c.declarer) };
}

function renderInfo(view) {
  $("board-number").textContent = view.board ?? "";
  $("dealer").textContent = seatLabel(view.dealer);
  const vul = $("vulnerability");
  vul.textContent = view.vulnerable.length === 0 ? t("None") : view.vulnerable.length === 4 ? t("All")
    : view.vulnerable.map(seatLabel).join(" – ");
  vul.classList.toggle("vul", view.vulnerable.length > 0);
  const contract = $("contract");
  if (view.contract) {
    contract.textContent = f("{contract} by {seat}", contractValues(view));
  } else {
    contract.textContent = view.phase === "ended" && view.calls.length > 0 ? t("Passed out") : "–";
  }
  const won = tricksWon(view); // at the end, with the tricks a claim or concession settled (Laws 69, 70)
  $("tricks-ns").textContent = String(won.NS);
  $("tricks-ew").textContent = String(won.EW);
}

/** The cards drawn for ``seat``: its hand if the view holds it, else its cards faced for a claim. */
function visibleCards(view, seat) {
  if (view.hands[seat]) return view.hands[seat];
  if (view.faced[seat]) return view.faced[seat];
  return null;
}

function renderSeat(view, seat, position) {
  const area = $(`pos-${position}`);
  area.dataset.seat = seat;
  const name = area.querySelector(".seat-name");
  const dummy = dummySeat(view);
  const facedDummy = seat === dummy && view.hands[seat] && view.viewerSeat !== seat;
  const tags = [];
  if (seat === view.dealer) tags.push(t("Dealer"));
  if (view.contract && seat === view.contract.declarer) tags.push(t("Declarer"));
  if (seat === dummy && view.phase !== "auction") tags.push(t("Dummy"));
  name.textContent = seatLabel(seat) + (tags.length ? ` (${tags.join(", ")})` : "");
  const tag = area.querySelector(".player-tag");
  const who = playerName(view, seat);
  tag.textContent = who ?? "";
  tag.hidden = who === null;
  tag.classList.toggle("absent", Boolean(state.players?.[seat]?.kind === "human" && !state.players[seat].here));
  area.classList.toggle("vul", view.vulnerable.includes(seat));
  area.classList.toggle("turn", view.turnSeat === seat);
  area.classList.toggle("me", view.viewerSeat === seat);
  const holder = area.querySelector(".hand");
  holder.replaceChildren();
  const cards = visibleCards(view, seat);
  holder.className = "hand";
  // Law 50: a penalty card stays face up on the table in front of its owner until it is played
  const penalties = view.penaltyCards.filter((p) => p.seat === seat && p.card).map((p) => p.card);
  let faceUp = area.querySelector(".table-cards");
  if (penalties.length === 0) { faceUp?.remove(); }
  else {
    if (!faceUp) { faceUp = el("div", { class: "table-cards", role: "group" }); area.append(faceUp); }
    faceUp.setAttribute("aria-label", `${seatLabel(seat)}: ${t("Penalty card (Law 50)")}`);
    faceUp.replaceChildren(...penalties.map((code) => {
      const card = playedCard(code, null);
      card.classList.add("penalty-card");
      card.setAttribute("title", t("Penalty card (Law 50)"));
      card.setAttribute("aria-label", `${cardText(code)}: ${t("Penalty card (Law 50)")}`);
      return card;
    }));
  }
  if (cards === null) {
    // a closed hand: its back, with the number of cards it still holds (every card played was seen)
    const played = view.tricks.reduce((n, trick) => n + trick.cards.filter(([s]) => s === seat).length, 0);
    if (played < 13) holder.append(el("span", { class: "hidden-hand", role: "img", "aria-label": t("Hidden"), text: String(13 - played) }));
    return;
  }
  const trump = view.contract && view.contract.strain !== "NT" ? view.contract.strain : null;
  if (facedDummy || (seat === dummy && view.viewerSeat === seat && view.phase !== "auction" && view.tricks.length > 0)) {
    renderDummy(view, seat, position, cards, trump, holder);
    return;
  }
  const mine = seat === view.viewerSeat || (view.viewerSeat && view.contract && view.contract.declarer === view.viewerSeat && seat === dummy);
  holder.setAttribute("role", "group");
  holder.setAttribute("aria-label", f("Cards of {seat}", { seat: seatLabel(seat) }));
  if (position === "left" || position === "right") {
    // a hand faced at the side (after a claim, Law 68C): one row per suit, so that it fits its narrow place
    holder.classList.add("rows", `rows-${position}`);
    holder.style.setProperty("--cols", String(Math.max(1, ...SUITS_ALL.map((s) => cards.filter((c) => c[0] === s).length))));
    for (const suit of handSuitOrder(cards, trump)) {
      const held = sortCards(cards.filter((c) => c[0] === suit));
      const row = el("div", { class: `suit-row suit-${suit}`, "data-suit": suit, style: `--n: ${held.length}` });
      for (const code of held) row.append(cardButton(view, code, mine));
      holder.append(row);
    }
    return;
  }
  holder.classList.add("fan");
  // one row: the suits grouped, alternating in colour, trumps first (Law 41D asks nothing of a closed hand)
  let previous = null;
  for (const code of sortCards(cards, handSuitOrder(cards, trump))) {
    const button = cardButton(view, code, mine);
    if (previous !== null && previous !== code[0]) button.classList.add("suit-start");
    previous = code[0];
    holder.append(button);
  }
}

// Law 41D: dummy's cards face up, sorted into suits, in columns pointing towards declarer, trumps on
// dummy's right. Dummy across the table faces the viewer, so his right is on the viewer's left; dummy on the
// viewer's right faces left, so his right is at the top; dummy on the viewer's left, at the bottom; the
// viewer himself as dummy: on his right. The DOM order is left to right, or top to bottom at the sides.
function renderDummy(view, seat, position, cards, trump, holder) {
  holder.classList.add("dummy", `dummy-${position}`);
  holder.setAttribute("role", "group");
  holder.setAttribute("aria-label", `${t("Dummy")} ${seatLabel(seat)}`);
  let suits = suitOrder(trump); // dummy's right first
  if (position === "bottom" || position === "left") suits = [...suits].reverse();
  const declarerMoves = view.viewerSeat && view.contract && view.contract.declarer === view.viewerSeat;
  for (const suit of suits) {
    const held = cards.filter((c) => c[0] === suit);
    const column = el("div", { class: `dummy-suit suit-${suit}`, "data-suit": suit, style: `--n: ${Math.max(1, held.length)}` });
    if (suit === trump) column.classList.add("trumps");
    // each column runs from dummy towards declarer: the highest card nearest dummy; the viewer's own dummy
    // (at the bottom) is drawn top-down from declarer's side, its highest card at the bottom, uncovered
    const sorted = sortCards(held);
    for (const code of position === "bottom" ? sorted.reverse() : sorted) column.append(cardButton(view, code, declarerMoves));
    holder.append(column);
  }
  holder.style.setProperty("--cols", String(Math.max(1, ...suits.map((s) => cards.filter((c) => c[0] === s).length))));
}

function cardButton(view, code, mine) {
  const card = parseCard(code);
  const can = mine && playable(view, code) && state.waiting.size === 0;
  const penalty = view.penaltyCards.some((p) => p.card === code);
  const button = el("button", {
    type: "button",
    class: `card ${isRed(card.suit) ? "red" : "black"}${can ? " playable" : ""}${penalty ? " penalty" : ""}`,
    title: penalty ? t("Penalty card (Law 50)") : null,
    "data-card": code,
    "data-key": `card-${code}`,
    "aria-label": cardText(code),
    disabled: !can,
    onclick: () => playCard(code),
  }, el("span", { class: "rank", text: rankText(card.rank) }), el("span", { class: "suit", text: suitSymbol(card.suit) }));
  if (!mine) button.tabIndex = -1;
  return button;
}

function renderCompass(view, order) {
  order.forEach((seat, i) => {
    const label = $(`compass-${POSITIONS[i]}`);
    label.textContent = SEAT_LETTERS[seat] ?? seat;
    label.title = seatLabel(seat);
    label.classList.toggle("vul", view.vulnerable.includes(seat));
    label.classList.toggle("dealer", seat === view.dealer);
    label.classList.toggle("turn", view.turnSeat === seat);
  });
}

function renderTrick(view, order) {
  const showLast = state.showLastTrick;
  // until the next lead the trick just completed stays in the middle, as far as the view still shows it
  const newest = view.tricks.length > 0 ? view.tricks[view.tricks.length - 1] : null;
  const justDone = newest && newest.cards.length === 4 && newest.cards.some(([, c]) => c !== null) ? newest : null;
  const trick = showLast ? lastCompleteTrick(view) : currentTrick(view) ?? justDone;
  for (const position of POSITIONS) $(`trick-${position}`).replaceChildren();
  const heading = $("trick-heading");
  heading.textContent = showLast && trick ? f("Last trick ({number})", { number: trick.number }) : "";
  if (trick) {
    for (const [seat, code] of trick.cards) {
      const slot = $(`trick-${POSITIONS[order.indexOf(seat)]}`);
      slot.append(playedCard(code, trick.cards.length === 4 && seat === trick.winner ? seat : null));
    }
    // the trick just completed (or reviewed) says who won it
  }
  // the trick just completed (or reviewed) says who won it
  const won = trick && trick.cards.length === 4 && trick.winner ? trick.winner : null;
  $("trick-winner").textContent = won ? f("Won by {seat}", { seat: seatLabel(won) }) : "";
  const last = lastCompleteTrick(view);
  const review = $("last-trick-button");
  // Law 66A: the last trick may be reviewed until the viewer's side plays to the next one; the server
  // sends its cards only while that holds, so the button is offered only when a card of it is visible.
  const reviewable = last !== null && last.cards.some(([, c]) => c !== null);
  review.hidden = !reviewable;
  review.setAttribute("aria-pressed", showLast ? "true" : "false");
  review.textContent = showLast ? t("Back to the current trick") : t("Last trick");
  if (!reviewable) state.showLastTrick = false;
}

/** A card played to a trick (face down when the view turned it, Law 66), marked when it won the trick. */
function playedCard(code, winner) {
  if (code === null) return el("span", { class: "card back", "aria-label": t("Turned") });
  const card = parseCard(code);
  const label = winner ? `${cardText(code)} (${f("Won by {seat}", { seat: seatLabel(winner) })})` : cardText(code);
  return el("span", { class: `card ${isRed(card.suit) ? "red" : "black"}${winner ? " winner" : ""}`, "data-played": code, "aria-label": label },
    el("span", { class: "rank", text: rankText(card.rank) }), el("span", { class: "suit", text: suitSymbol(card.suit) }));
}

// The tricks played so far, from the trick count: who led, the four cards (those the view still shows; a
// quitted trick's turned cards stay face down, Law 66C) and who won each.
function renderHistory(view) {
  const list = $("trick-history-list");
  const done = view.tricks.filter((trick) => trick.cards.length > 0);
  list.replaceChildren(...done.map((trick) => {
    const cards = el("span", { class: "history-cards" });
    for (const [seat, code] of trick.cards) {
      cards.append(el("span", { class: "history-card", "data-seat": seat },
        el("span", { class: "history-seat", text: SEAT_LETTERS[seat] ?? seat }),
        playedCard(code, trick.cards.length === 4 && seat === trick.winner ? seat : null)));
    }
    const facts = [f("{seat} led", { seat: seatLabel(trick.leader) })];
    if (trick.cards.length === 4 && trick.winner) facts.push(f("Won by {seat}", { seat: seatLabel(trick.winner) }));
    return el("li", { "data-trick": trick.number },
      el("span", { class: "history-number", text: f("Trick {number}", { number: trick.number }) }),
      cards, el("span", { class: "history-facts", text: facts.join(" · ") }));
  }));
  $("trick-history-empty").hidden = done.length > 0;
}

function renderAuction(view) {
  const table = $("auction");
  const body = table.querySelector("tbody");
  body.replaceChildren();
  const header = table.querySelector("thead tr");
  header.replaceChildren(...["W", "N", "E", "S"].map((s) => el("th", { scope: "col", class: view.vulnerable.includes(s) ? "vul" : "", text: seatLabel(s) })));
  if (!view.dealer) return;
  const start = ["W", "N", "E", "S"].indexOf(view.dealer);
  let row = el("tr");
  for (let i = 0; i < start; i += 1) row.append(el("td"));
  let column = start;
  hideNote();
  view.calls.forEach((c, index) => {
    if (column === 4) { body.append(row); row = el("tr"); column = 0; }
    const text = callText(c.call, { pass: t("Pass"), nt: t("NT") });
    const cell = el("td", { class: c.alert ? "alerted" : "", "data-call-index": index, "data-seat": c.seat });
    const suit = /^[1-7]([SHDC])$/.exec(c.call);
    if (suit && isRed(suit[1])) cell.classList.add("red");
    if (c.alert || c.explanation) {
      // Only the caller's opponents get an alert or an explanation in their view (the server's rule); an
      // alerted call is marked "!", an explanation of a call that was not alerted is only underlined. The
      // explanation opens on hover, focus, tap or click, in the page's language as the server sends it.
      const note = c.explanation ?? t("No explanation given.");
      cell.classList.add("explained");
      cell.dataset.explanation = note; // shown in the popover (no title: the browser's own tooltip would repeat it)
      const button = el("button", {
        type: "button", class: "call-button", "data-key": `note-${index}`, "aria-haspopup": "true",
        "aria-label": `${seatLabel(c.seat)} ${text}${c.alert ? ` (${t("Alerted")})` : ""}: ${note}`,
        onclick: (event) => { event.stopPropagation(); toggleNote(cell, note, c.alert); },
        onmouseenter: () => { if (state.notePinned === null) showNote(cell, note, c.alert); },
        onmouseleave: () => { if (state.notePinned === null) hideNote(); },
        onfocus: () => { if (state.notePinned === null) showNote(cell, note, c.alert); },
        onblur: () => { if (state.notePinned === null) hideNote(); },
      }, el("span", { class: "call", text }));
      if (c.alert) button.append(el("sup", { class: "alert-mark", "aria-hidden": "true", text: "!" }));
      cell.append(button);
    } else {
      cell.append(el("span", { class: "call", text }));
    }
    row.append(cell);
    column += 1;
  });
  if (view.phase === "auction" && view.turnSeat) {
    if (column === 4) { body.append(row); row = el("tr"); }
    row.append(el("td", { class: "next", text: "?" }));
  }
  body.append(row);
  const scroller = $("auction-scroll");
  scroller.scrollTop = scroller.scrollHeight; // the latest calls stay in sight in the phone's strip
}

/** The explanation of a call, in a popover next to its cell of the auction grid. */
function showNote(cell, text, alerted) {
  const note = $("call-note");
  note.replaceChildren(...(alerted ? [el("strong", { text: `${t("Alerted")}: ` })] : []), text);
  note.hidden = false;
  const box = cell.getBoundingClientRect();
  const width = Math.min(320, window.innerWidth - 16);
  note.style.maxWidth = `${width}px`;
  const size = note.getBoundingClientRect();
  const left = Math.max(8, Math.min(box.left + box.width / 2 - size.width / 2, window.innerWidth - size.width - 8));
  let top = box.bottom + 6;
  if (top + size.height > window.innerHeight - 8) top = Math.max(8, box.top - size.height - 6);
  note.style.left = `${left}px`;
  note.style.top = `${top}px`;
}

function hideNote() {
  $("call-note").hidden = true;
  state.notePinned = null;
}

function toggleNote(cell, text, alerted) {
  if (state.notePinned === cell) { hideNote(); return; }
  showNote(cell, text, alerted);
  state.notePinned = cell;
}

function renderBiddingBox(view) {
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
    const ok = legal.includes(button.dataset.call) && state.waiting.size === 0;
    button.disabled = !ok;
  }
}

function renderPending(view) {
  const box = $("pending");
  const list = $("pending-options");
  list.replaceChildren();
  if (!view.pending) { box.hidden = true; return; }
  box.hidden = false;
  // the option buttons work for whoever must decide: a player, or the Director at his console
  const mine = (view.pending.actorSeat !== null && view.pending.actorSeat === view.viewerSeat)
    || (isDirector(view.pending.actor) && isDirector(view.viewer));
  // the player who must choose gets the options in a dialog over the table; everyone else a note beside it
  box.classList.toggle("mine", Boolean(mine));
  box.setAttribute("role", mine ? "dialog" : "region");
  const who = view.pending.actorSeat ? seatLabel(view.pending.actorSeat) : t("the Director");
  $("pending-text").textContent = view.pending.explanation
    || (mine ? f("You decide ({law}).", { law: view.pending.law }) : f("Waiting for a decision by {seat} ({law}).", { seat: who, law: view.pending.law }));
  view.pending.options.forEach((option, index) => {
    list.append(el("li", {}, el("button", {
      type: "button", class: "option", "data-option": index, "data-key": `option-${index}`, disabled: !mine,
      onclick: () => act({ type: "elect", option: index }, `elect ${index}`),
    }, option.label + (option.law ? ` (${option.law})` : ""))));
  });
}

function renderClaim(view) {
  const playing = view.phase === "play" && view.viewerSeat !== null && !view.pending;
  const claimButton = $("claim-button");
  claimButton.hidden = !playing || !view.contract || view.viewerSeat === dummySeat(view);
  const tricks = $("claim-tricks");
  const left = tricksLeft(view);
  if (tricks.dataset.max !== String(left)) {
    tricks.replaceChildren(...Array.from({ length: left + 1 }, (_, n) => el("option", { value: n, text: String(n) })));
    tricks.value = String(left);
    tricks.dataset.max = String(left);
  }
  if (!playing) $("claim-dialog").hidden = true;
  const answer = $("claim-answer");
  const info = $("claim-info");
  if (view.phase !== "claim") { answer.hidden = true; info.textContent = ""; return; }
  // While play is stopped for a claim the turn passes to each opponent who must answer it (Law 68D, 69A).
  const claim = view.claim ?? {};
  const claimer = claim.seat ? String(claim.seat).toUpperCase()[0] : null;
  const statement = claim.statement ? ` “${claim.statement}”` : "";
  info.textContent = (claimer
    ? f("{seat} claims {tricks} of the remaining tricks.", { seat: seatLabel(claimer), tricks: claim.tricks ?? "?" }) + statement
    : t("Play has stopped for a claim."))
    // an objection is heard by everyone; the Director then rules (Law 70)
    + (claim.objected ? `\n${t("The claim is disputed: the Director is asked to rule (Law 70).")}` : "");
  const may = view.viewerSeat !== null && !view.pending && view.turnSeat === view.viewerSeat;
  answer.hidden = !may;
}

function renderEnd(view) {
  const box = $("score");
  box.hidden = view.phase !== "ended";
  if (view.phase !== "ended") return;
  const result = $("score-text");
  const s = view.score;
  if (typeof s === "number") {
    result.textContent = `${contractLine(view)} · ${scoreLine(s)}`;
  } else if (s && typeof s === "object") {
    const ns = s.ns ?? s.NS ?? s.ns_score;
    const parts = [contractLine(view)];
    if (s.contract || s.result) parts.push(String(s.result ?? s.contract));
    if (typeof s.tricks === "number") parts.push(f("{tricks} tricks", { tricks: s.tricks }));
    if (typeof ns === "number") parts.push(scoreLine(ns));
    result.textContent = parts.length ? parts.join(" · ") : JSON.stringify(s);
  } else {
    result.textContent = t("The board is over.");
  }
  if (view.result && view.result.adjusted) {  // the Director's adjusted score replaces the table's (Law 12C)
    result.textContent = f("Adjusted score: {score} (Law {law})", { score: view.result.adjusted, law: view.result.law });
  }
  result.dataset.score = typeof s === "number" ? String(s) : s && typeof s === "object" ? String(s.ns ?? s.NS ?? s.ns_score ?? "") : "";
  $("next-board").hidden = view.viewerSeat === null || $("club") !== null;
  const replay = $("replay-link");  // the board card by card, with the double-dummy value of every card
  replay.hidden = !state.replay;
  if (state.replay) replay.setAttribute("href", state.replay);
}

// A club session's table plays one board: when it is over the page shows the player's way to his next
// table and the session's rankings, and, once the Director has published them, the results and hand records
// (the server publishes nothing while a board is still being played at some table).
let clubLooked = false;

function renderClub(view) {
  const box = $("club");
  if (!box) return;
  box.hidden = view.phase !== "ended";
  if (view.phase !== "ended" || clubLooked) return;
  clubLooked = true;
  fetch(box.dataset.state, { credentials: "same-origin" })
    .then((answer) => (answer.ok ? answer.json() : null))
    .then((session) => {
      const published = session && Array.isArray(session.published) ? session.published : [];
      $("club-results-item").hidden = !published.includes("index.html");
      $("club-hands-item").hidden = !published.includes("hands.html");
      box.dataset.looked = "true";
    })
    .catch(() => { clubLooked = false; });
}

/** North-South's score and East-West's, signed: "Score N-S +420, E-W -420". */
function scoreLine(ns) {
  const signed = (n) => `${n > 0 ? "+" : ""}${n}`;
  return f("Score N-S {ns}, E-W {ew}", { ns: signed(ns), ew: signed(-ns) });
}

/** "4♠ by North, made 10 tricks", or "Passed out": the contract, declarer and the tricks his side took. */
function contractLine(view) {
  if (!view.contract) return $("contract").textContent;
  const tricks = declarerTricks(view);
  const values = { ...contractValues(view), tricks };
  return tricks === 1 ? f("{contract} by {seat}, made 1 trick", values) : f("{contract} by {seat}, made {tricks} tricks", values);
}

function renderStatus(view) {
  // a spectator watches: he has nobody to call the Director for and no board to start
  $("director-button").hidden = view.viewerSeat === null;
  let text = "";
  if (view.phase === "ended") text = t("The board is over.");
  else if (view.pending) {
    const mine = (view.pending.actorSeat !== null && view.pending.actorSeat === view.viewerSeat)
      || (isDirector(view.pending.actor) && isDirector(view.viewer));
    text = mine ? t("Your decision.") : t("Waiting for a decision.");
  }
  else if (view.turnSeat && view.turnSeat === view.viewerSeat) {
    text = view.phase === "auction" ? t("Your call.") : view.phase === "claim" ? t("Your decision.") : t("Your card.");
  }
  else if (view.turnSeat && view.viewerSeat && view.contract && view.contract.declarer === view.viewerSeat && view.turnSeat === dummySeat(view)) text = t("Play a card from dummy.");
  else if (view.turnSeat) text = f("Waiting for {seat}.", { seat: seatLabel(view.turnSeat) });
  else if (isDirector(view.turn)) text = t("Waiting for the Director.");
  $("status").textContent = text;
  const list = $("constraints");
  // a lead restriction or a penalty card's obligation is stated to the player it binds (Laws 26, 50D), once
  const mine = (state.raw?.constraints ?? []).filter((c) => c && typeof c === "object" && view.viewerSeat
    && c.seat === view.viewerSeat && c.text);
  const restriction = $("my-restriction");
  restriction.hidden = mine.length === 0;
  restriction.textContent = mine.map((c) => f("You: {text}", { text: c.text })).join("\n");
  const stated = new Set(mine.map((c) => c.text));
  // what is in force (Laws 26-32, 50) and the withdrawn calls whose information is restricted (Law 16C)
  list.replaceChildren(...view.constraints.filter((c) => !stated.has(c)).map((c) => el("li", { text: c })),
    ...view.withdrawn.map((w) => el("li", { class: "withdrawn", text: w })));
  const penalties = $("penalty-cards");
  penalties.replaceChildren(...view.penaltyCards.concat(view.exposed).filter((p) => p.card)
    .map((p) => el("li", { "data-card": p.card }, `${seatLabel(p.seat)}: ${cardText(p.card)}`)));
}

/** Everything said to or by the Director at this table, for all four (Laws 9, 16B2, 70, 12C). */
function renderDirector(view) {
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

// --- the Director dialog ----------------------------------------------------------------------------

/** The opponent who acted last (made the last call, or played the last card), if the viewer has one. */
function lastOpponent(view) {
  const me = view.viewerSeat;
  if (!me) return null;
  let last = null;
  if (view.phase === "auction" && view.calls.length > 0) last = view.calls[view.calls.length - 1].seat;
  else if (view.phase === "play" || view.phase === "clarification") {
    const trick = currentTrick(view) ?? lastCompleteTrick(view);
    if (trick && trick.cards.length > 0) last = trick.cards[trick.cards.length - 1][0];
  }
  if (!last) return null;
  const ns = (s) => s === "N" || s === "S";
  return ns(last) !== ns(me) ? last : null;
}

function renderDirectorDialog(view) {
  const dialog = $("director-dialog");
  if (dialog.hidden) return;
  const reason = dialog.querySelector("input[name=reason]:checked")?.dataset.reason ?? "irregularity";
  $("director-about-row").hidden = reason !== "unauthorised-information";
  $("director-practice").hidden = state.directorPresent || reason === "irregularity";
  // Law 16B2: rights are reserved at once, about the opponent who has just acted, while the board is played
  const opponent = lastOpponent(view);
  const reserve = $("reserve-button");
  reserve.hidden = reason !== "unauthorised-information" || opponent === null;
  reserve.dataset.about = opponent ?? "";
  // Law 20F4: a player may correct his own explanation (of his own alerted calls, online)
  const own = view.calls.map((c, index) => ({ ...c, index })).filter((c) => c.seat === view.viewerSeat && (c.alert || c.explanation));
  const box = $("correct-box");
  box.hidden = own.length === 0 || view.phase === "ended";
  const select = $("correct-call");
  if (select.dataset.calls !== own.map((c) => c.index).join(",")) {
    select.replaceChildren(...own.map((c) => el("option", { value: c.index, text: callText(c.call, { pass: t("Pass"), nt: t("NT") }) })));
    select.dataset.calls = own.map((c) => c.index).join(",");
  }
}

function openDirectorDialog() {
  const view = state.view;
  if (!view) return;
  const me = view.viewerSeat;
  const opponents = !me ? [] : me === "N" || me === "S" ? ["E", "W"] : ["N", "S"];
  const about = $("director-about");
  const last = lastOpponent(view);
  about.replaceChildren(el("option", { value: "", text: "—" }),
    ...opponents.map((s) => el("option", { value: s, text: seatLabel(s), selected: s === last })));
  $("correct-box").open = false; // each call starts afresh: on an irregularity just now, nothing typed
  const first = $("director-form").querySelector("input[name=reason]");
  if (first) first.checked = true;
  $("director-dialog").hidden = false;
  renderDirectorDialog(view);
  $("director-dialog").querySelector("input[name=reason]:checked")?.focus();
}

function closeDirectorDialog() {
  $("director-dialog").hidden = true;
  $("director-button").focus();
}

// --- the table's chat (tenace.server.room) -----------------------------------------------------------

function receiveChat(message) {
  const lines = Array.isArray(message.messages) ? message.messages : [];
  if (message.history) state.chat = lines.slice();
  else state.chat.push(...lines);
  state.chat = state.chat.slice(-50);
  if ($("chat-panel").hidden && !message.history) state.unread += lines.length;
  renderChat();
}

function chatSender(line) {
  const seat = ["N", "E", "S", "W"].includes(line.from) ? seatLabel(line.from) : null;
  const role = line.from === "director" ? t("Director") : line.from === "spectator" ? t("Spectator") : seat;
  return line.name ? `${role} (${line.name})` : role ?? "";
}

/** Why the viewer may not write now (the server's rules, Laws 73B and 76), or null. */
function chatClosed(view) {
  if (!view || isDirector(view.viewer)) return null;
  const playing = view.phase !== "ended";
  if (view.viewerSeat === null) return playing || $("club") !== null ? t("Spectators do not write to the players while they play (Law 76).") : null;
  if (playing && !state.chatInPlay) return t("The chat is closed while the board is played (Law 73B).");
  return null;
}

function renderChat() {
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
  $("chat-text").disabled = closed !== null;
  $("chat-send").disabled = closed !== null;
}

function toggleChat(open) {
  const panel = $("chat-panel");
  panel.hidden = !open;
  $("chat-button").setAttribute("aria-expanded", open ? "true" : "false");
  if (open) {
    state.unread = 0;
    renderChat();
    const input = $("chat-text");
    (input.disabled ? $("chat-close") : input).focus();
  } else {
    $("chat-button").focus();
  }
}

// --- keyboard ---------------------------------------------------------------------------------------

// Each group of buttons (the bidding box, the viewer's hand, dummy when he is declarer, the Decision's
// options) is one stop of the Tab key with a roving tabindex: one button of it is in the Tab order, the arrow
// keys move between its buttons, Enter or Space presses the one in focus. The bidding box is a grid: Left and
// Right move along a level, Up and Down between the levels and the row of Pass, X and XX, Home and End to
// the first and last call of a row (with Ctrl: of the box).
const GROUPS = "#bidding-box, .hand, #pending-options";
const roving = new Map(); // group id -> the data-key of its button in the Tab order

function groupId(group) { return group.id || group.closest(".seat-area")?.id || "group"; }

/** The group's buttons by rows (the bidding box: its levels and the special calls; otherwise one row). */
function groupRows(group) {
  if (group.id === "bidding-box") return Array.from(group.querySelectorAll(".bid-row")).map((row) => Array.from(row.querySelectorAll("button")));
  const columns = Array.from(group.querySelectorAll(".dummy-suit, .suit-row"));
  if (columns.length > 0 && group.classList.contains("rows")) return columns.map((c) => Array.from(c.querySelectorAll("button")));
  return [Array.from(group.querySelectorAll("button"))];
}

/** Give every group's buttons their tabindex: 0 for the remembered (or the first usable) one, -1 otherwise. */
function rove() {
  for (const group of root.querySelectorAll(GROUPS)) {
    const buttons = groupRows(group).flat();
    const mine = buttons.filter((b) => !b.disabled && b.dataset.passive !== "true");
    const key = roving.get(groupId(group));
    const chosen = mine.find((b) => b.dataset.key === key) ?? mine[0] ?? null;
    for (const b of buttons) b.tabIndex = b === chosen ? 0 : -1;
  }
}

/** After drawing: a keyboard player whose button went (his call made, his card played) keeps his place. */
function keepFocus(lostGroup) {
  const active = document.activeElement;
  if (active && active !== document.body && root.contains(active) && active.getClientRects().length > 0) {
    if (!active.matches(".hand") || !state.keyboard) return;
  } else if (!lostGroup) return;
  state.keyboard = true;
  // his turn again: straight to the bidding box or the cards he may play
  const target = root.querySelector("#bidding-box:not([hidden]) button[tabindex='0']")
    ?? root.querySelector(".hand button.playable[tabindex='0']");
  if (target) { target.focus(); return; }
  const hand = root.querySelector("#pos-bottom .hand");
  if (hand) { hand.tabIndex = -1; hand.focus(); }
}

root.addEventListener("keydown", (event) => {
  if (!["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"].includes(event.key)) return;
  const current = document.activeElement;
  if (!current || current.tagName !== "BUTTON") return;
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
  if (group && button.dataset.key) roving.set(groupId(group), button.dataset.key);
});

// --- static controls --------------------------------------------------------------------------------

function wire() {
  for (const call of ["P", "X", "XX"]) {
    const button = root.querySelector(`#bidding-box button[data-call="${call}"]`);
    button.addEventListener("click", () => makeCall(call));
  }
  $("director-button").addEventListener("click", openDirectorDialog);
  $("director-cancel").addEventListener("click", closeDirectorDialog);
  $("correct-cancel").addEventListener("click", () => { $("correct-box").open = false; closeDirectorDialog(); });
  for (const radio of document.querySelectorAll("#director-form input[name=reason]")) {
    radio.addEventListener("change", () => { if (state.view) renderDirectorDialog(state.view); });
  }
  $("director-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const reason = $("director-form").querySelector("input[name=reason]:checked")?.dataset.reason ?? "irregularity";
    const text = $("director-text").value.trim();
    if (reason === "irregularity") {
      act({ type: "director" }, "director"); // Law 9B1: the engine rectifies what has just happened
    } else {
      const message = { type: "director", reason, text };
      const about = $("director-about").value;
      if (reason === "unauthorised-information" && about) message.about = about;
      act(message, "director call");
    }
    $("director-text").value = "";
    closeDirectorDialog();
  });
  $("reserve-button").addEventListener("click", () => {
    const about = $("reserve-button").dataset.about;
    if (about) act({ type: "reserve", about, reason: "hesitation" }, "reserve");
    closeDirectorDialog();
  });
  $("correct-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = $("correct-text").value.trim();
    if (!text) return;
    act({ type: "correct", call_index: Number($("correct-call").value), text }, "correct");
    $("correct-text").value = "";
    closeDirectorDialog();
  });
  $("claim-button").addEventListener("click", () => {
    const dialog = $("claim-dialog");
    dialog.hidden = false;
    $("claim-tricks").focus();
  });
  $("claim-cancel").addEventListener("click", () => { $("claim-dialog").hidden = true; $("claim-button").focus(); });
  $("claim-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const tricks = Number($("claim-tricks").value);
    act({ type: "claim", tricks, statement: $("claim-statement").value.trim() }, "claim");
    $("claim-dialog").hidden = true;
    $("claim-statement").value = "";
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
    if (state.notePinned !== null && !$("call-note").contains(event.target)) hideNote();
  });
  window.addEventListener("resize", hideNote);
  $("last-trick-button").addEventListener("click", () => {
    state.showLastTrick = !state.showLastTrick;
    if (state.view) render();
  });
  $("next-board").addEventListener("click", () => act({ type: "next-board" }, "next board"));
  $("chat-button").addEventListener("click", () => toggleChat($("chat-panel").hidden));
  $("chat-close").addEventListener("click", () => toggleChat(false));
  $("chat-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const input = $("chat-text");
    const text = input.value.trim();
    if (!text) return;
    clearError();
    send({ type: "chat", text }, null);
    input.value = "";
  });
  if ($("invite-button")) {
    $("invite-button").addEventListener("click", () => { $("invite-dialog").hidden = false; $("invite-close").focus(); });
    $("invite-close").addEventListener("click", () => { $("invite-dialog").hidden = true; $("invite-button").focus(); });
    for (const input of document.querySelectorAll(".invite-link")) input.addEventListener("focus", () => input.select());
  }
  $("error").addEventListener("click", clearError);
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape") {
      $("claim-dialog").hidden = true; $("trick-history").hidden = true; $("director-dialog").hidden = true; hideNote();
      if (!$("chat-panel").hidden) toggleChat(false);
      if ($("invite-dialog") && !$("invite-dialog").hidden) { $("invite-dialog").hidden = true; $("invite-button").focus(); }
    }
  });
}

wire();
connect();
window.addEventListener("beforeunload", () => { state.closed = true; });
