// What every part of the table page shares: the page's root and strings, the client's state, and small
// helpers to find and make elements. No drawing and no network here (table-render.js, table-socket.js).
// @ts-check

/**
 * @typedef {import("./protocol-types.js").Seat} Seat
 * @typedef {import("./protocol-types.js").View} View
 * @typedef {import("./protocol-types.js").RawView} RawView
 * @typedef {import("./protocol-types.js").DirectorCall} DirectorCall
 * @typedef {import("./protocol-types.js").Reservation} Reservation
 * @typedef {import("./protocol-types.js").ClaimRuling} ClaimRuling
 * @typedef {import("./protocol-types.js").SeatPlayer} SeatPlayer
 * @typedef {import("./protocol-types.js").ChatLine} ChatLine
 */

/**
 * The element with this id, of this kind (HTMLElement unless told); a page without it is broken, and says so.
 * @template {HTMLElement} [E=HTMLElement]
 * @param {string} id
 * @param {{new (): E, prototype: E}} [kind]
 * @returns {E}
 */
export function $(id, kind) {
  const node = document.getElementById(id);
  if (!(node instanceof (kind ?? HTMLElement))) throw new Error(`the table page has no ${kind?.name ?? "element"} #${id}`);
  return /** @type {E} */ (node);
}

/**
 * The element with this id if the page has it (some parts are only on some tables: a club session's links,
 * the invitations of a friends' table).
 * @param {string} id
 * @returns {HTMLElement | null}
 */
export function optional(id) {
  const node = document.getElementById(id);
  return node instanceof HTMLElement ? node : null;
}

export const root = $("table");
/** @type {Record<string, string>} */
const T = JSON.parse($("tenace-strings").textContent ?? "{}");
/** A label in the page's language (the key itself when the page has no translation of it). @param {string} key */
export const t = (key) => T[key] ?? key;
/**
 * A label with {name} placeholders filled in.
 * @param {string} key
 * @param {Record<string, string | number | null | undefined>} values
 */
export const f = (key, values) => t(key).replace(/\{(\w+)\}/g, (m, name) => String(values[name] ?? m));
/** @type {Record<string, string>} */
const SEAT_NAMES = { N: t("North"), E: t("East"), S: t("South"), W: t("West") };
// the compass letters in the page's language (Swedish N/Ö/S/V, Latvian Z/A/D/R, Greek Β/Α/Ν/Δ)
/** @type {Record<string, string>} */
export const SEAT_LETTERS = { N: t("N"), E: t("E"), S: t("S"), W: t("W") };
// the seats robots play at this table (the page says so at their places)
export const ROBOTS = new Set((root.dataset.robots ?? "").split(""));

/** A seat's name in the page's language ("North"); anything else as it is. @param {string} seat */
export function seatLabel(seat) { return SEAT_NAMES[seat] ?? seat; }

/**
 * What a message sent waits for: its description until acknowledged, then the seq of the event it became.
 * @typedef {string | {ackSeq: number}} Waiting
 */

/**
 * The client's state: the last view and what the server said beside it.
 * @type {{
 *   socket: WebSocket | null, seq: number, view: View | null, raw: RawView | null, counter: number,
 *   waiting: Map<string, Waiting>, showLastTrick: boolean, auctionOpen: boolean, notePinned: HTMLElement | null,
 *   retry: number, closed: boolean, replay: string | null, calls: DirectorCall[], reserved: Reservation[],
 *   claimRuling: ClaimRuling | null, directorPresent: boolean, players: Partial<Record<Seat, SeatPlayer>> | null,
 *   chatInPlay: boolean, chat: ChatLine[], unread: number, keyboard: boolean,
 * }}
 */
export const state = {
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

/**
 * What `el` sets on a new element: "class", "text", "on<event>" handlers, and attributes (true: present,
 * false, null or undefined: left out).
 * @typedef {Record<string, string | number | boolean | null | undefined | ((event: Event) => void)>} Attributes
 */

/**
 * A new element with its attributes and children.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Attributes} [attrs]
 * @param {...(Node | string | null | undefined)} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === false || value === null || value === undefined) continue;
    if (typeof value === "function") {
      if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      continue;
    }
    if (key === "class") node.className = String(value);
    else if (key === "text") node.textContent = String(value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children) if (child !== null && child !== undefined) node.append(child);
  return node;
}

/** A refusal or a problem, shown until the player's next action. @param {string} text */
export function showError(text) {
  const box = $("error");
  box.textContent = text;
  box.hidden = false;
}

export function clearError() {
  const box = $("error");
  box.hidden = true;
  box.textContent = "";
  const notice = $("notice");
  notice.hidden = true;
  notice.textContent = "";
}

/** A plain message for the player (not a refusal): shown until his next action. @param {string} text */
export function showNotice(text) {
  const box = $("notice");
  box.textContent = text;
  box.hidden = false;
}
