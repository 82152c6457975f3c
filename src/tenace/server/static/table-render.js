// Drawing the table from the last view (docs/protocol.md): the board's facts, the four places and their cards,
// the trick, the auction with its alerts, a decision pending, a claim, the result. Nothing is drawn that the
// server's view did not hold: the hands come only from view.hands/view.faced, the tricks only from view.tricks
// (a quitted trick's turned cards arrive as null and stay hidden, Law 66).
// @ts-check

import {
  callText, cardText, currentTrick, declarerTricks, dummySeat, handSuitOrder, isDirector, isRed, lastCompleteTrick,
  parseCard, playable, rankText, screenOrder, sortCards, suitOrder, suitSymbol, tricksLeft, tricksWon,
} from "./view.js";
import { $, el, f, optional, root, ROBOTS, SEAT_LETTERS, seatLabel, state, t } from "./table-page.js";
import { act } from "./table-socket.js";
import { renderBiddingBox } from "./table-bidding.js";
import { renderDirector } from "./table-director.js";
import { renderChat } from "./table-chat.js";
import { keepFocus, rove } from "./table-keyboard.js";

/**
 * @typedef {import("./protocol-types.js").View} View
 * @typedef {import("./protocol-types.js").Seat} Seat
 * @typedef {import("./protocol-types.js").Trick} Trick
 */

/** The four places on the screen, in the order of view.js screenOrder. */
const POSITIONS = ["bottom", "left", "top", "right"];
const SUITS_ALL = ["S", "H", "D", "C"];

/** @param {string} code */
function playCard(code) { act({ type: "card", card: code }, `card ${code}`); }

/** Draw the whole table from the last view (nothing before the first view has come). */
export function render() {
  const view = state.view;
  if (!view) return;
  const active = document.activeElement;
  const focused = active instanceof HTMLElement ? active.dataset.key ?? null : null;
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
    /** @type {HTMLButtonElement | null} */
    const again = root.querySelector(`[data-key="${CSS.escape(focused)}"]`);
    if (again && !again.disabled && again.getClientRects().length > 0) again.focus();
    else lost = /^(card|call)-/.test(focused);
  }
  keepFocus(lost);
}

/**
 * Who plays ``seat``, as its place shows it: "You", "Robot", the player's name, or that he is awaited.
 * @param {View} view
 * @param {Seat} seat
 */
function playerName(view, seat) {
  const player = state.players?.[seat];
  if (view.viewerSeat === seat) return player?.name ? `${t("You")}: ${player.name}` : t("You");
  if (player?.kind === "robot" || (!player && ROBOTS.has(seat))) return t("Robot");
  if (!player) return null;
  if (player.name) return player.name;
  return player.here ? null : t("Waiting for a player");
}

/** The contract and its declarer in words, for the labels that name them. @param {View} view */
function contractValues(view) {
  const c = view.contract;
  if (!c) return { contract: "", seat: "" };
  return { contract: `${callText(`${c.level}${c.strain}`, { nt: t("NT") })}${c.doubling}`, seat: c.declarer ? seatLabel(c.declarer) : "" };
}

/** @param {View} view */
function renderInfo(view) {
  $("board-number").textContent = view.board === undefined ? "" : String(view.board);
  $("dealer").textContent = view.dealer ? seatLabel(view.dealer) : "";
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

/**
 * The cards drawn for ``seat``: its hand if the view holds it, else its cards faced for a claim.
 * @param {View} view
 * @param {Seat} seat
 * @returns {string[] | null}
 */
function visibleCards(view, seat) {
  if (view.hands[seat]) return view.hands[seat];
  if (view.faced[seat]) return view.faced[seat];
  return null;
}

/**
 * One of the four places: its name and player, and its cards (or the back of a closed hand).
 * @param {View} view
 * @param {Seat} seat
 * @param {string} position
 */
function renderSeat(view, seat, position) {
  const area = $(`pos-${position}`);
  area.dataset.seat = seat;
  /** @param {string} selector */
  const part = (selector) => {
    /** @type {HTMLElement | null} */
    const found = area.querySelector(selector);
    if (!found) throw new Error(`the table page's place ${position} has no ${selector}`);
    return found;
  };
  const name = part(".seat-name");
  const dummy = dummySeat(view);
  const facedDummy = seat === dummy && view.hands[seat] && view.viewerSeat !== seat;
  const tags = [];
  if (seat === view.dealer) tags.push(t("Dealer"));
  if (view.contract && seat === view.contract.declarer) tags.push(t("Declarer"));
  if (seat === dummy && view.phase !== "auction") tags.push(t("Dummy"));
  name.textContent = seatLabel(seat) + (tags.length ? ` (${tags.join(", ")})` : "");
  const tag = part(".player-tag");
  const who = playerName(view, seat);
  tag.textContent = who ?? "";
  tag.hidden = who === null;
  tag.classList.toggle("absent", Boolean(state.players?.[seat]?.kind === "human" && !state.players[seat].here));
  area.classList.toggle("vul", view.vulnerable.includes(seat));
  area.classList.toggle("turn", view.turnSeat === seat);
  area.classList.toggle("me", view.viewerSeat === seat);
  const holder = part(".hand");
  holder.replaceChildren();
  const cards = visibleCards(view, seat);
  holder.className = "hand";
  // Law 50: a penalty card stays face up on the table in front of its owner until it is played
  const penalties = view.penaltyCards.flatMap((p) => (p.seat === seat && p.card ? [p.card] : []));
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
  const mine = seat === view.viewerSeat || Boolean(view.viewerSeat && view.contract && view.contract.declarer === view.viewerSeat && seat === dummy);
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
/**
 * @param {View} view
 * @param {Seat} seat
 * @param {string} position
 * @param {string[]} cards
 * @param {string | null} trump
 * @param {HTMLElement} holder
 */
function renderDummy(view, seat, position, cards, trump, holder) {
  holder.classList.add("dummy", `dummy-${position}`);
  holder.setAttribute("role", "group");
  holder.setAttribute("aria-label", `${t("Dummy")} ${seatLabel(seat)}`);
  let suits = suitOrder(trump); // dummy's right first
  if (position === "bottom" || position === "left") suits = [...suits].reverse();
  const declarerMoves = Boolean(view.viewerSeat && view.contract && view.contract.declarer === view.viewerSeat);
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

/**
 * A card of a hand as a button, usable when ``mine`` and playable now.
 * @param {View} view
 * @param {string} code
 * @param {boolean} mine
 */
function cardButton(view, code, mine) {
  const card = parseCard(code);
  if (!card) throw new Error(`the view holds ${code}, which is no card`);
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

/**
 * @param {View} view
 * @param {Seat[]} order
 */
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

/**
 * @param {View} view
 * @param {Seat[]} order
 */
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

/**
 * A card played to a trick (face down when the view turned it, Law 66), marked when it won the trick.
 * @param {string | null} code
 * @param {Seat | null} winner
 */
function playedCard(code, winner) {
  const card = code === null ? null : parseCard(code);
  if (code === null || card === null) return el("span", { class: "card back", "aria-label": t("Turned") });
  const label = winner ? `${cardText(code)} (${f("Won by {seat}", { seat: seatLabel(winner) })})` : cardText(code);
  return el("span", { class: `card ${isRed(card.suit) ? "red" : "black"}${winner ? " winner" : ""}`, "data-played": code, "aria-label": label },
    el("span", { class: "rank", text: rankText(card.rank) }), el("span", { class: "suit", text: suitSymbol(card.suit) }));
}

// The tricks played so far, from the trick count: who led, the four cards (those the view still shows; a
// quitted trick's turned cards stay face down, Law 66C) and who won each.
/** @param {View} view */
export function renderHistory(view) {
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

/** @param {View} view */
function renderAuction(view) {
  const table = $("auction", HTMLTableElement);
  const body = table.tBodies[0];
  const header = table.tHead?.rows[0];
  if (!body || !header) throw new Error("the table page's auction has no header row or body");
  body.replaceChildren();
  header.replaceChildren(.../** @type {Seat[]} */ (["W", "N", "E", "S"]).map((s) => el("th", { scope: "col", class: view.vulnerable.includes(s) ? "vul" : "", text: seatLabel(s) })));
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
    const seat = c.seat ? seatLabel(c.seat) : "";
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
        "aria-label": `${seat} ${text}${c.alert ? ` (${t("Alerted")})` : ""}: ${note}`,
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

/**
 * The explanation of a call, in a popover next to its cell of the auction grid.
 * @param {HTMLElement} cell
 * @param {string} text
 * @param {boolean} alerted
 */
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

export function hideNote() {
  $("call-note").hidden = true;
  state.notePinned = null;
}

/**
 * @param {HTMLElement} cell
 * @param {string} text
 * @param {boolean} alerted
 */
function toggleNote(cell, text, alerted) {
  if (state.notePinned === cell) { hideNote(); return; }
  showNote(cell, text, alerted);
  state.notePinned = cell;
}

/** @param {View} view */
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

/** @param {View} view */
function renderClaim(view) {
  const playing = view.phase === "play" && view.viewerSeat !== null && !view.pending;
  const claimButton = $("claim-button");
  claimButton.hidden = !playing || !view.contract || view.viewerSeat === dummySeat(view);
  const tricks = $("claim-tricks", HTMLSelectElement);
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
  const claim = view.claim;
  const claimer = claim?.seat ? String(claim.seat).toUpperCase()[0] : null;
  const statement = claim?.statement ? ` “${claim.statement}”` : "";
  info.textContent = (claimer
    ? f("{seat} claims {tricks} of the remaining tricks.", { seat: seatLabel(claimer), tricks: claim?.tricks ?? "?" }) + statement
    : t("Play has stopped for a claim."))
    // an objection is heard by everyone; the Director then rules (Law 70)
    + (claim?.objected ? `\n${t("The claim is disputed: the Director is asked to rule (Law 70).")}` : "");
  const may = view.viewerSeat !== null && !view.pending && view.turnSeat === view.viewerSeat;
  answer.hidden = !may;
}

/** @param {View} view */
function renderEnd(view) {
  const box = $("score");
  box.hidden = view.phase !== "ended";
  if (view.phase !== "ended") return;
  const result = $("score-text");
  const s = view.score;  // North-South's score, or null when the Director cancelled the result
  if (typeof s === "number") {
    result.textContent = `${contractLine(view)} · ${scoreLine(s)}`;
  } else {
    result.textContent = t("The board is over.");
  }
  if (view.result && view.result.adjusted) {  // the Director's adjusted score replaces the table's (Law 12C)
    result.textContent = f("Adjusted score: {score} (Law {law})", { score: view.result.adjusted, law: view.result.law });
  }
  result.dataset.score = typeof s === "number" ? String(s) : "";
  $("next-board").hidden = view.viewerSeat === null || optional("club") !== null;
  const replay = $("replay-link");  // the board card by card, with the double-dummy value of every card
  replay.hidden = !state.replay;
  if (state.replay) replay.setAttribute("href", state.replay);
}

// A club session's table plays one board: when it is over the page shows the player's way to his next
// table and the session's rankings, and, once the Director has published them, the results and hand records
// (the server publishes nothing while a board is still being played at some table).
let clubLooked = false;

/** @param {View} view */
function renderClub(view) {
  const box = optional("club");
  if (!box) return;
  box.hidden = view.phase !== "ended";
  if (view.phase !== "ended" || clubLooked) return;
  clubLooked = true;
  fetch(box.dataset.state ?? "", { credentials: "same-origin" })
    .then((answer) => (answer.ok ? answer.json() : null))
    .then((session) => {
      const published = session && Array.isArray(session.published) ? session.published : [];
      $("club-results-item").hidden = !published.includes("index.html");
      $("club-hands-item").hidden = !published.includes("hands.html");
      box.dataset.looked = "true";
    })
    .catch(() => { clubLooked = false; });
}

/**
 * North-South's score and East-West's, signed: "Score N-S +420, E-W -420".
 * @param {number} ns
 */
function scoreLine(ns) {
  /** @param {number} n */
  const signed = (n) => `${n > 0 ? "+" : ""}${n}`;
  return f("Score N-S {ns}, E-W {ew}", { ns: signed(ns), ew: signed(-ns) });
}

/**
 * "4♠ by North, made 10 tricks", or "Passed out": the contract, declarer and the tricks his side took.
 * @param {View} view
 */
function contractLine(view) {
  if (!view.contract) return $("contract").textContent;
  const tricks = declarerTricks(view);
  const values = { ...contractValues(view), tricks };
  return tricks === 1 ? f("{contract} by {seat}, made 1 trick", values) : f("{contract} by {seat}, made {tricks} tricks", values);
}

/** @param {View} view */
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
  const mine = (state.raw?.constraints ?? []).filter(
    /** @returns {c is import("./protocol-types.js").RawConstraint & {text: string}} */
    (c) => Boolean(c && typeof c === "object" && view.viewerSeat && c.seat === view.viewerSeat && c.text));
  const restriction = $("my-restriction");
  restriction.hidden = mine.length === 0;
  restriction.textContent = mine.map((c) => f("You: {text}", { text: c.text })).join("\n");
  const stated = new Set(mine.map((c) => c.text));
  // what is in force (Laws 26-32, 50) and the withdrawn calls whose information is restricted (Law 16C)
  list.replaceChildren(...view.constraints.filter((c) => !stated.has(c)).map((c) => el("li", { text: c })),
    ...view.withdrawn.map((w) => el("li", { class: "withdrawn", text: w })));
  const penalties = $("penalty-cards");
  penalties.replaceChildren(...view.penaltyCards.concat(view.exposed)
    .flatMap((p) => (p.card ? [el("li", { "data-card": p.card }, `${p.seat ? seatLabel(p.seat) : ""}: ${cardText(p.card)}`)] : [])));
}
