// The replay viewer (docs/playing-online.md): a finished board, call by call and card by card, with the
// double-dummy value of every legal card at each point of the play. It draws only the JSON of
// GET /api/replay/{table}/{position} (tenace.server.replay); labels come translated inside the page.
// @ts-check

/**
 * @typedef {"N" | "E" | "S" | "W"} SeatCode
 * @typedef {{by: SeatCode, text: string, correction: string | null}} ReplaySaid
 * @typedef {{seat: SeatCode, call: string, alert: boolean, explanation: string | null, said: ReplaySaid[]}} ReplayCall
 * @typedef {{seat: SeatCode, card: string, trick: number}} ReplayCard
 * @typedef {{number: number, leader: SeatCode, cards: string[], winner: SeatCode | null}} ReplayTrick
 * @typedef {{seat: SeatCode, tricks: number, statement: string, agreed_by: SeatCode[], objected: boolean,
 *            ruled: number | null, law: string | null, after: number}} ReplayClaim
 * @typedef {{turn: SeatCode, tricks: Record<string, number>, declarer: Record<string, number>,
 *            best: string[], value: number}} DDPosition
 * @typedef {{table: string, position: number, board: number, dealer: SeatCode, vulnerability: string,
 *            hands: Record<SeatCode, string[]>, calls: ReplayCall[], contract: string | null,
 *            declarer: SeatCode | null, trumps: string | null, cards: ReplayCard[], tricks: ReplayTrick[],
 *            claim: ReplayClaim | null, declarer_tricks: number | null,
 *            tricks_won: {NS: number, EW: number} | null, score_ns: number | null,
 *            result: {adjusted: string, law: string} | null, dd: DDPosition[] | null,
 *            dd_error: string | null, previous?: number | null, next?: number | null,
 *            deal_dd?: DealDD | null}} Replay
 * @typedef {{table: Record<SeatCode, Record<string, number>>, par: {score_ns: number, contracts: string[]}}} DealDD
 */

/** @type {SeatCode[]} */
export const SEATS = ["N", "E", "S", "W"];
const SUITS = ["S", "H", "D", "C"];
const RANKS = "AKQJT98765432";
/** @type {Record<string, string>} */
const SYMBOL = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };
/** @type {Record<SeatCode, string>} */
const SEAT_NAME = { N: "North", E: "East", S: "South", W: "West" };

/**
 * A label in the page's language (English when the page has none), with {placeholders} filled in.
 * @param {Record<string, string>} strings
 * @param {string} message
 * @param {Record<string, string | number>} [values]
 * @returns {string}
 */
export function label(strings, message, values = {}) {
  const text = strings[message] ?? message;
  return text.replace(/\{(\w+)\}/g, (whole, key) => (key in values ? String(values[key]) : whole));
}

/** @param {string} code a card, "SA", "HT" @returns {string} "♠A", "♥10" */
export function cardText(code) {
  const rank = code[1] === "T" ? "10" : code.slice(1);
  return SYMBOL[code[0]] + rank;
}

/** @param {string} suit @returns {boolean} */
const isRed = (suit) => suit === "H" || suit === "D";

/**
 * A call as shown: "1♠", "3NT", "Pass", "X", "XX".
 * @param {string} call
 * @param {Record<string, string>} strings
 * @returns {string}
 */
export function callText(call, strings) {
  if (call === "P") return label(strings, "Pass");
  const m = /^([1-7])(NT|S|H|D|C)$/.exec(call);
  if (!m) return call;
  return m[1] + (m[2] === "NT" ? label(strings, "NT") : SYMBOL[m[2]]);
}

/**
 * "4♠X" from "4SXN" (the declarer is shown apart).
 * @param {string} contract
 * @param {Record<string, string>} strings
 * @returns {string}
 */
export function contractText(contract, strings) {
  const m = /^([1-7])(NT|S|H|D|C)(XX|X)?[NESW]$/.exec(contract);
  if (!m) return contract;
  return callText(m[1] + m[2], strings) + (m[3] ?? "");
}

/** @param {string} vulnerability @returns {SeatCode[]} */
export function vulnerableSeats(vulnerability) {
  if (vulnerability === "All") return ["N", "E", "S", "W"];
  if (vulnerability === "NS") return ["N", "S"];
  if (vulnerability === "EW") return ["E", "W"];
  return [];
}

/**
 * The state of the board after ``step`` steps: the first calls, then the first cards.
 * @param {Replay} replay
 * @param {number} step 0 .. calls + cards
 */
export function stateAt(replay, step) {
  const calls = Math.min(step, replay.calls.length);
  const played = Math.max(0, step - replay.calls.length);
  /** @type {Record<SeatCode, string[]>} */
  const hands = { N: [], E: [], S: [], W: [] };
  const gone = new Set(replay.cards.slice(0, played).map((c) => c.card));
  for (const seat of SEATS) hands[seat] = replay.hands[seat].filter((c) => !gone.has(c));
  /** @type {ReplayCard[]} */
  let trick = [];
  /** @type {ReplayTrick | null} */
  let trickInfo = null;
  if (played > 0) {
    const last = replay.cards[played - 1];
    trickInfo = replay.tricks[last.trick - 1] ?? null;
    trick = replay.cards.slice(0, played).filter((c) => c.trick === last.trick);
  }
  const completed = replay.tricks.filter((t) => t.winner && t.number * 4 <= played);
  const won = { NS: 0, EW: 0 };
  for (const t of completed) won[t.winner === "N" || t.winner === "S" ? "NS" : "EW"] += 1;
  const dd = replay.dd && step >= replay.calls.length ? replay.dd[played] ?? null : null;
  return { calls, played, hands, trick, trickInfo, won, dd };
}

/**
 * The step where the trick before (``direction`` -1) or after (+1) the one shown at ``step`` is complete
 * (or the play's first or last step); in the auction, its start or its end.
 * @param {Replay} replay
 * @param {number} step
 * @param {number} direction
 * @returns {number}
 */
export function trickStep(replay, step, direction) {
  const auction = replay.calls.length;
  const total = auction + replay.cards.length;
  if (step < auction) return direction > 0 ? auction : 0;
  const played = step - auction;
  if (direction > 0) {
    const next = (Math.floor(played / 4) + 1) * 4;
    return Math.min(total, auction + next);
  }
  if (played === 0) return 0;
  return auction + (Math.ceil(played / 4) - 1) * 4;
}

/** @param {string} id @returns {HTMLElement} */
function byId(id) {
  const element = document.getElementById(id);
  if (!element) throw new Error(`no element #${id}`);
  return element;
}

/**
 * @param {string} tag
 * @param {string} [className]
 * @param {string} [text]
 * @returns {HTMLElement}
 */
function make(tag, className, text) {
  const element = document.createElement(tag);
  if (className) element.className = className;
  if (text !== undefined) element.textContent = text;
  return element;
}

export class ReplayViewer {
  /**
   * @param {Replay} replay
   * @param {Record<string, string>} strings
   */
  constructor(replay, strings) {
    this.replay = replay;
    this.strings = strings;
    this.step = 0;
    this.total = replay.calls.length + replay.cards.length;
    /** @type {"declarer" | "side"} */
    this.mode = "declarer";
  }

  /** @param {string} message @param {Record<string, string | number>} [values] */
  t(message, values) { return label(this.strings, message, values); }

  /** @param {SeatCode} seat */
  seatName(seat) { return this.t(SEAT_NAME[seat]); }

  /** Draw what never changes, and hook up the controls. */
  start() {
    const r = this.replay;
    document.title = `${this.t("Replay of board {board}", { board: r.board })} · Tenace`;
    byId("rp-board").textContent = String(r.board);
    byId("rp-dealer").textContent = this.seatName(r.dealer);
    const vul = vulnerableSeats(r.vulnerability);
    byId("rp-vul").textContent = vul.length === 4 ? this.t("All")
      : vul.length === 0 ? this.t("None") : vul.map((s) => this.t(s)).join("-");
    byId("rp-contract").textContent = r.contract && r.declarer
      ? this.t("{contract} by {seat}", { contract: contractText(r.contract, this.strings), seat: this.seatName(r.declarer) })
      : this.t("Passed out");
    byId("rp-result").textContent = this.resultText();
    this.drawAuctionHeader();
    /** @type {[string, string][]} */
    const buttons = [
      ["rp-start", "Start"], ["rp-prev-trick", "Previous trick"], ["rp-prev", "Previous"], ["rp-next", "Next"],
      ["rp-next-trick", "Next trick"], ["rp-end", "End"],
    ];
    // drawn with the triangles every font has (the media-control symbols are missing from many)
    const glyphs = { "rp-start": "|\u25C0", "rp-prev-trick": "\u25C0\u25C0", "rp-prev": "\u25C0",
      "rp-next": "\u25B6", "rp-next-trick": "\u25B6\u25B6", "rp-end": "\u25B6|" };
    for (const [id, text] of buttons) {
      const button = byId(id);
      button.textContent = glyphs[/** @type {keyof typeof glyphs} */ (id)];
      button.setAttribute("aria-label", this.t(text));
      button.title = this.t(text);
    }
    byId("rp-start").addEventListener("click", () => this.go(0));
    byId("rp-end").addEventListener("click", () => this.go(this.total));
    byId("rp-prev").addEventListener("click", () => this.go(this.step - 1));
    byId("rp-next").addEventListener("click", () => this.go(this.step + 1));
    byId("rp-prev-trick").addEventListener("click", () => this.go(trickStep(r, this.step, -1)));
    byId("rp-next-trick").addEventListener("click", () => this.go(trickStep(r, this.step, 1)));
    for (const input of document.querySelectorAll('input[name="rp-dd-mode"]')) {
      input.addEventListener("change", () => {
        this.mode = /** @type {HTMLInputElement} */ (input).value === "side" ? "side" : "declarer";
        this.draw();
      });
    }
    document.addEventListener("keydown", (event) => this.key(event));
    byId("rp-hint").textContent = this.t(
      "Use the arrow keys: left and right step one call or card, up and down one trick, Home and End.");
    if (r.dd_error) {
      byId("rp-dd-summary").textContent = this.t(r.dd_error === "unavailable"
        ? "Double-dummy analysis is not available on this server." : "The double-dummy analysis failed.");
    }
    if (r.deal_dd) this.drawDealDD(r.deal_dd);
    for (const [id, position, text] of /** @type {[string, number | null | undefined, string][]} */ ([
      ["rp-previous-board", r.previous, "Previous board"], ["rp-next-board", r.next, "Next board"]])) {
      const link = /** @type {HTMLAnchorElement} */ (byId(id));
      if (position === null || position === undefined) continue;
      link.href = location.pathname.replace(/\/[^/]*$/, `/${position}`) + location.search;
      link.textContent = this.t(text);
      link.hidden = false;
    }
    this.draw();
  }

  /**
   * The deal's double-dummy tricks by declarer and denomination, and its par.
   * @param {DealDD} dd
   */
  drawDealDD(dd) {
    const box = byId("rp-deal-dd");
    const summary = box.querySelector("summary");
    if (summary) summary.textContent = this.t("Double-dummy tricks and par");
    const table = byId("rp-deal-table");
    table.replaceChildren();
    const caption = make("caption", "rp-sr", this.t("Tricks each seat takes as declarer, double dummy"));
    const head = make("tr");
    head.append(make("td"));
    const denominations = ["C", "D", "H", "S", "NT"];
    for (const d of denominations) {
      const th = make("th", isRed(d) ? "red" : "", d === "NT" ? this.t("NT") : SYMBOL[d]);
      th.setAttribute("scope", "col");
      head.append(th);
    }
    const thead = make("thead");
    thead.append(head);
    const body = make("tbody");
    for (const seat of SEATS) {
      const row = make("tr");
      const th = make("th", "", this.t(seat));
      th.setAttribute("scope", "row");
      th.title = this.seatName(seat);
      row.append(th);
      for (const d of denominations) row.append(make("td", "", String(dd.table[seat]?.[d] ?? "")));
      body.append(row);
    }
    table.append(caption, thead, body);
    const contracts = dd.par.contracts.map((c) => this.t("{contract} by {seat}", {
      contract: contractText(c, this.strings), seat: this.seatName(/** @type {SeatCode} */ (c.slice(-1))) }));
    const sign = (/** @type {number} */ n) => (n > 0 ? `+${n}` : String(n));
    byId("rp-par").textContent = this.t("Par: {contracts}; N-S {score}", {
      contracts: contracts.length ? contracts.join(", ") : this.t("Passed out"), score: sign(dd.par.score_ns) });
    box.hidden = false;
  }

  /** @param {KeyboardEvent} event */
  key(event) {
    const target = /** @type {HTMLElement | null} */ (event.target);
    if (target && (target.tagName === "INPUT" && /** @type {HTMLInputElement} */ (target).type !== "radio"
      || target.tagName === "TEXTAREA" || target.tagName === "SELECT")) return;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    /** @type {Record<string, () => number>} */
    const moves = {
      ArrowRight: () => this.step + 1, ArrowLeft: () => this.step - 1,
      ArrowDown: () => trickStep(this.replay, this.step, 1), ArrowUp: () => trickStep(this.replay, this.step, -1),
      PageDown: () => trickStep(this.replay, this.step, 1), PageUp: () => trickStep(this.replay, this.step, -1),
      Home: () => 0, End: () => this.total,
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    this.go(move());
  }

  /** @param {number} step */
  go(step) {
    this.step = Math.max(0, Math.min(this.total, step));
    this.draw();
  }

  resultText() {
    const r = this.replay;
    const parts = [];
    if (r.contract && r.declarer && r.declarer_tricks !== null) {
      parts.push(r.declarer_tricks === 1
        ? this.t("{contract} by {seat}, made 1 trick", { contract: contractText(r.contract, this.strings), seat: this.seatName(r.declarer) })
        : this.t("{contract} by {seat}, made {tricks} tricks", {
          contract: contractText(r.contract, this.strings), seat: this.seatName(r.declarer), tricks: r.declarer_tricks }));
    }
    if (r.result) parts.push(this.t("Adjusted score: {score} (Law {law})", { score: r.result.adjusted, law: r.result.law }));
    else if (r.score_ns !== null) {
      const sign = (/** @type {number} */ n) => (n > 0 ? `+${n}` : String(n));
      parts.push(this.t("Score N-S {ns}, E-W {ew}", { ns: sign(r.score_ns), ew: sign(-r.score_ns) }));
    }
    return parts.join(" · ");
  }

  drawAuctionHeader() {
    const row = byId("rp-auction").querySelector("thead tr");
    if (!row) return;
    row.replaceChildren();
    const vul = vulnerableSeats(this.replay.vulnerability);
    for (const seat of /** @type {SeatCode[]} */ (["W", "N", "E", "S"])) {
      const th = make("th", vul.includes(seat) ? "vul" : "", this.t(seat));
      th.setAttribute("scope", "col");
      th.title = this.seatName(seat);
      row.append(th);
    }
  }

  draw() {
    const r = this.replay;
    const state = stateAt(r, this.step);
    this.drawAuction(state.calls);
    const onTurn = this.step >= r.calls.length && state.dd ? state.dd.turn : null;
    for (const seat of SEATS) this.drawHand(seat, state.hands[seat], onTurn === seat ? state.dd : null);
    this.drawTrick(state);
    byId("rp-tricks").textContent = this.t("Tricks: N-S {ns}, E-W {ew}", { ns: state.won.NS, ew: state.won.EW });
    const summary = byId("rp-dd-summary");
    if (!r.dd_error) {
      summary.textContent = state.dd
        ? this.t("Declarer's side takes {tricks} tricks with best play from here.", { tricks: state.dd.value })
        : "";
    }
    const claim = byId("rp-claim");
    if (r.claim && this.step === this.total) {
      claim.hidden = false;
      claim.textContent = this.t("{seat} claimed {tricks} of the remaining tricks: {statement}",
        { seat: this.seatName(r.claim.seat), tricks: r.claim.tricks, statement: r.claim.statement });
    } else claim.hidden = true;
    byId("rp-status").textContent = this.statusText(state);
    byId("rp-start").toggleAttribute("disabled", this.step === 0);
    byId("rp-prev").toggleAttribute("disabled", this.step === 0);
    byId("rp-prev-trick").toggleAttribute("disabled", this.step === 0);
    byId("rp-next").toggleAttribute("disabled", this.step === this.total);
    byId("rp-next-trick").toggleAttribute("disabled", this.step === this.total);
    byId("rp-end").toggleAttribute("disabled", this.step === this.total);
    const main = byId("replay");
    main.dataset.step = String(this.step);
    main.dataset.played = String(state.played);
    main.dataset.turn = onTurn ?? "";
  }

  /** @param {ReturnType<typeof stateAt>} state */
  statusText(state) {
    const r = this.replay;
    if (this.step === 0) return this.t("Dealer") + ": " + this.seatName(r.dealer);
    if (this.step <= r.calls.length) {
      const call = r.calls[this.step - 1];
      return `${this.t("Call {number} of {total}", { number: this.step, total: r.calls.length })}: ${
        this.t("{seat} calls {call}", { seat: this.seatName(call.seat), call: callText(call.call, this.strings) })}`;
    }
    const card = r.cards[state.played - 1];
    if (!card) return this.t("Before the opening lead");
    return `${this.t("Card {number} of {total}", { number: state.played, total: r.cards.length })}: ${
      this.t("{seat} plays {card}", { seat: this.seatName(card.seat), card: cardText(card.card) })}`;
  }

  /** @param {number} shown */
  drawAuction(shown) {
    const r = this.replay;
    const body = byId("rp-auction").querySelector("tbody");
    if (!body) return;
    body.replaceChildren();
    const order = ["W", "N", "E", "S"];
    const offset = order.indexOf(r.dealer);
    /** @type {({c: ReplayCall, i: number} | null)[]} */
    const cells = [...Array(offset).fill(null), ...r.calls.map((c, i) => ({ c, i }))];
    const explanation = byId("rp-explanation");
    let shownExplanation = false;
    for (let i = 0; i < cells.length; i += 4) {
      const tr = make("tr");
      for (let j = i; j < i + 4; j += 1) {
        const item = cells[j];
        const td = make("td");
        if (item && item.i < shown) {
          const text = callText(item.c.call, this.strings);
          td.className = item.c.call === "P" ? "pass" : /[HD]$/.test(item.c.call) ? "red" : "";
          if (item.i === shown - 1 && this.step <= r.calls.length) td.classList.add("current");
          const later = (item.c.said ?? []).map((s) => `${this.seatName(s.by)}${s.correction ? `, ${this.t("corrected (Law {law})", { law: s.correction })}` : ""}: ${s.text}`);
          if (item.c.alert || item.c.explanation || later.length) {
            const button = /** @type {HTMLButtonElement} */ (make("button", "rp-alert", item.c.alert ? `${text}!` : `${text}*`));
            button.type = "button";
            const said = [item.c.explanation || (later.length ? "" : this.t("no explanation given")), ...later]
              .filter(Boolean).join(" · ");
            button.title = said;
            button.setAttribute("aria-label", `${text}, ${this.t("alerted")}: ${said}`);
            button.addEventListener("click", () => {
              explanation.hidden = false;
              explanation.textContent = `${text}: ${said}`;
            });
            td.append(button);
            if (item.i === shown - 1) {
              explanation.hidden = false;
              explanation.textContent = `${text}: ${said}`;
              shownExplanation = true;
            }
          } else td.textContent = text;
        }
        tr.append(td);
      }
      body.append(tr);
    }
    if (!shownExplanation && shown <= r.calls.length && this.step <= r.calls.length) explanation.hidden = true;
  }

  /**
   * @param {SeatCode} seat
   * @param {string[]} cards
   * @param {DDPosition | null} dd the values when this hand is on turn
   */
  drawHand(seat, cards, dd) {
    const r = this.replay;
    const box = byId(`rp-hand-${seat}`);
    box.replaceChildren();
    box.classList.toggle("on-turn", dd !== null);
    const heading = make("h2", "rp-seat");
    const vul = vulnerableSeats(r.vulnerability).includes(seat);
    heading.classList.toggle("vul", vul);
    heading.append(make("span", "", this.seatName(seat)));
    if (r.dealer === seat) {
      const tag = make("span", "rp-tag");
      tag.title = this.t("Dealer");
      const letter = make("span", "", "D");
      letter.setAttribute("aria-hidden", "true");
      tag.append(letter, make("span", "rp-sr", this.t("Dealer")));
      heading.append(tag);
    }
    if (r.declarer === seat) heading.append(make("span", "rp-tag", this.t("Declarer")));
    else if (r.declarer && SEATS[(SEATS.indexOf(r.declarer) + 2) % 4] === seat) {
      heading.append(make("span", "rp-tag", this.t("Dummy")));
    }
    box.append(heading);
    const list = make("ul", "rp-suits");
    list.setAttribute("aria-label", this.t("Cards of {seat}", { seat: this.seatName(seat) }));
    const values = dd ? (this.mode === "declarer" ? dd.declarer : dd.tricks) : null;
    for (const suit of SUITS) {
      const li = make("li", `rp-suit${isRed(suit) ? " red" : ""}`);
      li.append(make("span", "rp-symbol", SYMBOL[suit]));
      const held = cards.filter((c) => c[0] === suit).sort((a, b) => RANKS.indexOf(a[1]) - RANKS.indexOf(b[1]));
      if (held.length === 0) li.append(make("span", "rp-void", "\u2014"));
      for (const code of held) {
        const span = make("span", "rp-card");
        span.dataset.card = code;
        span.append(make("span", "rp-rank", code[1] === "T" ? "10" : code[1]));
        if (values && code in values) {
          const best = dd && dd.best.includes(code);
          span.classList.add("legal");
          if (best) span.classList.add("best");
          const badge = make("span", "rp-dd-value", String(values[code]));
          badge.dataset.tricks = String(values[code]);
          span.append(badge);
          span.setAttribute("aria-label", this.t("{card}: {tricks} tricks", { card: cardText(code), tricks: values[code] }));
          span.setAttribute("role", "img");
        } else {
          span.setAttribute("aria-label", cardText(code));
          span.setAttribute("role", "img");
        }
        li.append(span);
      }
      list.append(li);
    }
    box.append(list);
  }

  /** @param {ReturnType<typeof stateAt>} state */
  drawTrick(state) {
    for (const seat of SEATS) byId(`rp-slot-${seat}`).replaceChildren();
    const caption = byId("rp-trick-label");
    caption.textContent = "";
    if (!state.trickInfo) return;
    const info = state.trickInfo;
    const complete = state.trick.length === 4 && info.winner;
    for (const played of state.trick) {
      const slot = byId(`rp-slot-${played.seat}`);
      const card = make("span", `rp-played${isRed(played.card[0]) ? " red" : ""}`, cardText(played.card));
      card.setAttribute("aria-label", this.t("{seat} plays {card}", { seat: this.seatName(played.seat), card: cardText(played.card) }));
      if (complete && played.seat === info.winner) card.classList.add("winner");
      slot.append(card);
    }
    caption.textContent = complete && info.winner
      ? this.t("Trick {number}, won by {seat}", { number: info.number, seat: this.seatName(info.winner) })
      : this.t("Trick {number}", { number: info.number });
  }
}

async function main() {
  const root = document.getElementById("replay");
  const stringsElement = document.getElementById("replay-strings");
  if (!root || !stringsElement || !root.dataset.api) return;
  /** @type {Record<string, string>} */
  const strings = JSON.parse(stringsElement.textContent || "{}");
  const status = byId("rp-status");
  status.textContent = label(strings, "Solving double dummy\u2026");
  try {
    const response = await fetch(root.dataset.api, { headers: { Accept: "application/json" } });
    const data = await response.json();
    if (!response.ok) throw new Error(data.detail || response.statusText);
    const viewer = new ReplayViewer(/** @type {Replay} */ (data), strings);
    viewer.start();
    root.dataset.ready = "true";
  } catch (error) {
    const box = byId("rp-error");
    box.hidden = false;
    box.textContent = error instanceof Error ? error.message : String(error);
    status.textContent = "";
  }
}

if (typeof document !== "undefined") void main();
