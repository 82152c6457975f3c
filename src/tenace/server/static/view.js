// Pure helpers over the server's view JSON (docs/protocol.md): no DOM, no network.
// Everything the table page shows is computed from one view; a card that is not in the view is never drawn.
// @ts-check

/**
 * @typedef {import("./protocol-types.js").Seat} Seat
 * @typedef {import("./protocol-types.js").RawView} RawView
 * @typedef {import("./protocol-types.js").RawTrick} RawTrick
 * @typedef {import("./protocol-types.js").View} View
 * @typedef {import("./protocol-types.js").Trick} Trick
 * @typedef {import("./protocol-types.js").PlayedCard} PlayedCard
 * @typedef {import("./protocol-types.js").Contract} Contract
 * @typedef {{suit: string, rank: string, code: string}} Card
 */

/** @type {Seat[]} */
export const SEATS = ["N", "E", "S", "W"];
export const SUITS = ["S", "H", "D", "C"];
export const RANKS = "AKQJT98765432";
export const DENOMINATIONS = ["C", "D", "H", "S", "NT"];
/** @type {Record<string, string>} */
const SUIT_SYMBOL = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663", NT: "NT" };
/** @type {Record<string, Seat>} */
const SEAT_ALIASES = { N: "N", E: "E", S: "S", W: "W", NORTH: "N", EAST: "E", SOUTH: "S", WEST: "W" };

/**
 * "N", "north", "NORTH" or {seat: "N"} -> "N"; anything else (the Director, a spectator) -> null.
 * @param {unknown} value
 * @returns {Seat | null}
 */
export function seatOf(value) {
  if (value === null || value === undefined) return null;
  if (typeof value === "object") {
    const named = /** @type {{seat?: unknown, value?: unknown, name?: unknown}} */ (value);
    return seatOf(named.seat ?? named.value ?? named.name);
  }
  return SEAT_ALIASES[String(value).toUpperCase()] ?? null;
}

/** @param {unknown} value */
export function isDirector(value) {
  return typeof value === "string" && value.toUpperCase().startsWith("DIRECTOR");
}

/** @param {Seat} seat */
export function partner(seat) { return SEATS[(SEATS.indexOf(seat) + 2) % 4]; }
/** @param {Seat} seat */
export function lho(seat) { return SEATS[(SEATS.indexOf(seat) + 1) % 4]; }

/**
 * The seats in screen order [bottom, left, top, right] for a viewer at ``bottom``.
 * @param {Seat} bottom
 * @returns {Seat[]}
 */
export function screenOrder(bottom) {
  const i = SEATS.indexOf(bottom);
  return [0, 1, 2, 3].map((k) => SEATS[(i + k) % 4]);
}

/**
 * Card code ("SA", "HT", "D10" tolerated) -> {suit, rank, code}.
 * @param {unknown} code
 * @returns {Card | null}
 */
export function parseCard(code) {
  const text = String(code).toUpperCase().replace("10", "T");
  const suit = text[0];
  const rank = text.slice(1);
  if (!SUITS.includes(suit) || rank.length !== 1 || !RANKS.includes(rank)) return null;
  return { suit, rank, code: suit + rank };
}

/**
 * The card codes of a list (or a string of them separated by spaces or commas); what is no card is left out.
 * @param {string | Iterable<unknown> | null | undefined} list
 * @returns {string[]}
 */
export function cardCodes(list) {
  if (!list) return [];
  /** @type {unknown[]} */
  const items = typeof list === "string" ? list.split(/[\s,]+/) : Array.from(list);
  return items.map((c) => parseCard(typeof c === "object" && c !== null
    ? /** @type {{card?: unknown, code?: unknown}} */ (c).card ?? /** @type {{code?: unknown}} */ (c).code : c))
    .filter((c) => c !== null).map((c) => c.code);
}

/** @param {string} suit */
export function suitSymbol(suit) { return SUIT_SYMBOL[suit] ?? suit; }
/** @param {string} rank */
export function rankText(rank) { return rank === "T" ? "10" : rank; }
/** @param {string} code */
export function cardText(code) {
  const c = parseCard(code);
  return c === null ? String(code) : suitSymbol(c.suit) + rankText(c.rank);
}
/** @param {string} suit */
export function isRed(suit) { return suit === "H" || suit === "D"; }

/**
 * Sort cards by suit (S H D C, or the given order) and rank.
 * @param {string[]} codes
 * @param {string[]} [suitOrder]
 */
export function sortCards(codes, suitOrder = SUITS) {
  return [...codes].sort((a, b) => {
    const sa = suitOrder.indexOf(a[0]);
    const sb = suitOrder.indexOf(b[0]);
    return sa !== sb ? sa - sb : RANKS.indexOf(a[1]) - RANKS.indexOf(b[1]);
  });
}

/**
 * Suits alternating in colour (black, red, black, red); trumps, when given, first.
 * @param {string | null} trump
 * @returns {string[]}
 */
export function suitOrder(trump) {
  /** @type {Record<string, string[]>} */
  const order = { S: ["S", "H", "C", "D"], H: ["H", "S", "D", "C"], D: ["D", "S", "H", "C"], C: ["C", "H", "S", "D"] };
  return (trump === null ? undefined : order[trump]) ?? order.S;
}

/** The suits of a hand in the order it is shown: the suits it holds, alternating in colour as far as they
 * can (a void may leave two suits of one colour), trumps first when it holds any, else as suitOrder.
 * @param {string[]} codes
 * @param {string | null} trump
 * @returns {string[]}
 */
export function handSuitOrder(codes, trump) {
  const held = suitOrder(trump).filter((s) => codes.some((c) => c[0] === s));
  const black = held.filter((s) => !isRed(s));
  const red = held.filter((s) => isRed(s));
  if (Math.abs(black.length - red.length) < 2) {
    // start with the colour that has more suits, or the first suit's colour (trumps) when they are even
    const first = black.length > red.length ? black : red.length > black.length ? red : isRed(held[0] ?? "S") ? red : black;
    const second = first === black ? red : black;
    const out = [];
    for (let i = 0; i < Math.max(first.length, second.length); i += 1) {
      if (first[i]) out.push(first[i]);
      if (second[i]) out.push(second[i]);
    }
    return out;
  }
  return held;
}

/**
 * A call as the server writes it ("1NT", "P", "X", "XX", "Pass") -> canonical form "1NT" / "P" / "X" / "XX".
 * @param {unknown} call
 */
export function normCall(call) {
  const text = String(typeof call === "object" && call !== null ? /** @type {{call?: unknown}} */ (call).call : call).toUpperCase().trim();
  if (text === "PASS" || text === "P") return "P";
  if (text === "X" || text === "DOUBLE" || text === "DBL") return "X";
  if (text === "XX" || text === "REDOUBLE" || text === "RDBL") return "XX";
  const m = /^([1-7])\s*(NT|N|S|H|D|C)$/.exec(text);
  if (m) return m[1] + (m[2] === "N" ? "NT" : m[2]);
  return text;
}

/**
 * A call in the page's words: "Pass" (or its translation), "X", "XX", "1♠", "3NT".
 * @param {unknown} call
 * @param {{pass?: string, nt?: string}} [labels]
 */
export function callText(call, labels = {}) {
  const c = normCall(call);
  if (c === "P") return labels.pass ?? "Pass";
  if (c === "X") return "X";
  if (c === "XX") return "XX";
  const m = /^([1-7])(NT|S|H|D|C)$/.exec(c);
  if (!m) return c;
  return m[1] + (m[2] === "NT" ? (labels.nt ?? "NT") : suitSymbol(m[2]));
}

/**
 * The contract as {level, strain, doubling, declarer} from a string ("4SX by N", "4S N", "4♠ N") or object.
 * @param {unknown} contract
 * @returns {Contract | null}
 */
export function parseContract(contract) {
  if (!contract) return null;
  if (typeof contract === "object") {
    /** @type {{level?: unknown, denomination?: unknown, strain?: unknown, doubling?: unknown, risk?: unknown, declarer?: unknown}} */
    // @ts-ignore: any object is read for the fields it has
    const c = contract;
    const level = Number(c.level);
    const strain = normStrain(c.denomination ?? c.strain);
    const doubling = String(c.doubling ?? c.risk ?? "").toUpperCase();
    const d = doubling.startsWith("RE") || doubling === "XX" ? "XX" : doubling.startsWith("D") || doubling === "X" ? "X" : "";
    return { level, strain, doubling: d, declarer: seatOf(c.declarer) };
  }
  const m = /^([1-7])\s*(NT|N|S|H|D|C|\u2660|\u2665|\u2666|\u2663)\s*(XX|X)?\s*(?:BY\s+)?([NESW]|NORTH|EAST|SOUTH|WEST)?/i.exec(String(contract).trim());
  if (!m) return null;
  return { level: Number(m[1]), strain: normStrain(m[2]), doubling: (m[3] ?? "").toUpperCase(), declarer: seatOf(m[4]) };
}

/** @param {unknown} value */
function normStrain(value) {
  const text = String(value ?? "").toUpperCase();
  /** @type {Record<string, string>} */
  const symbols = { "\u2660": "S", "\u2665": "H", "\u2666": "D", "\u2663": "C" };
  if (symbols[text]) return symbols[text];
  if (text === "N" || text === "NT" || text === "NOTRUMP" || text === "NOTRUMPS") return "NT";
  if (["S", "H", "D", "C"].includes(text[0]) && text.length > 1) return text[0]; // SPADES, HEARTS, ...
  return text;
}

/**
 * Which seats are vulnerable, from "None", "NS", "EW", "All"/"Both".
 * @param {unknown} vulnerability
 * @returns {Seat[]}
 */
export function vulnerableSeats(vulnerability) {
  const v = String(vulnerability ?? "").toUpperCase();
  if (v === "ALL" || v === "BOTH") return ["N", "E", "S", "W"];
  if (v === "NS" || v === "N-S") return ["N", "S"];
  if (v === "EW" || v === "E-W") return ["E", "W"];
  return [];
}

/**
 * Normalise a trick to {number, leader, cards: [[seat, code|null], ...], winner}.
 * @param {RawTrick} trick
 * @param {number} index
 * @returns {Trick}
 */
export function normTrick(trick, index) {
  const leader = seatOf(trick.leader) ?? "N";
  const raw = trick.cards ?? [];
  /** @type {PlayedCard[]} */
  const cards = [];
  let seat = leader;
  for (const item of raw) {
    if (item !== null && typeof item === "object" && !Array.isArray(item)) {
      cards.push([seatOf(item.seat) ?? seat, item.card === null || item.card === undefined ? null : cardCodes([item.card])[0] ?? null]);
    } else if (Array.isArray(item)) {
      cards.push([seatOf(item[0]) ?? seat, item[1] === null ? null : cardCodes([item[1]])[0] ?? null]);
    } else {
      cards.push([seat, item === null ? null : cardCodes([item])[0] ?? null]);
    }
    seat = lho(cards[cards.length - 1][0]);
  }
  return { number: trick.number ?? index + 1, leader, cards, winner: seatOf(trick.winner) };
}

/**
 * The view normalised to the shapes the page draws from.
 * @param {RawView | null | undefined} raw
 * @returns {View}
 */
export function normalise(raw) {
  const v = raw ?? /** @type {RawView} */ ({});
  /** @type {Partial<Record<Seat, string[]>>} */
  const hands = {};
  for (const [seat, cards] of Object.entries(v.hands ?? {})) {
    const s = seatOf(seat);
    if (s) hands[s] = cardCodes(cards);
  }
  /** @type {Partial<Record<Seat, string[]>>} */
  const faced = {};
  for (const [seat, cards] of Object.entries(v.faced ?? {})) {
    const s = seatOf(seat);
    if (s) faced[s] = cardCodes(cards);
  }
  const tricks = (v.tricks ?? []).map(normTrick);
  const contract = parseContract(v.contract);
  const pending = v.pending ? {
    actor: v.pending.actor,
    actorSeat: seatOf(v.pending.actor),
    law: v.pending.law ?? "",
    explanation: v.pending.explanation ?? v.pending.text ?? "",
    options: (v.pending.options ?? []).map((o) => ({
      label: typeof o === "string" ? o : o.label ?? o.text ?? "", law: typeof o === "string" ? "" : o.law ?? "",
    })),
  } : null;
  const phase = String(v.phase ?? "").toLowerCase();
  return {
    viewer: v.viewer,
    viewerSeat: seatOf(v.viewer),
    board: v.board,
    dealer: seatOf(v.dealer),
    vulnerability: v.vulnerability,
    vulnerable: vulnerableSeats(v.vulnerability),
    phase: phase.startsWith("auction") ? "auction" : phase.startsWith("clarification") ? "clarification"
      : phase.startsWith("play") ? "play" : phase.startsWith("claim") ? "claim" : phase.startsWith("end") ? "ended" : phase,
    hands,
    faced,
    calls: (v.calls ?? []).map((c) => ({
      seat: seatOf(c.seat), call: normCall(c.call ?? c), alert: Boolean(c.alert), explanation: c.explanation ?? null,
    })),
    tricks,
    contract,
    turn: v.turn,
    turnSeat: seatOf(v.turn),
    pending,
    constraints: (v.constraints ?? []).map((c) => (typeof c === "string" ? c : c.text ?? c.label ?? JSON.stringify(c))),
    withdrawn: (v.withdrawn ?? []).map((w) => (typeof w === "string" ? w : w.text ?? `${w.seat} ${w.call}`)),
    penaltyCards: (v.penalty_cards ?? []).map((p) => ({ seat: seatOf(p.seat), card: cardCodes([p.card ?? p])[0] ?? null })),
    exposed: (v.exposed ?? []).map((p) => ({ seat: seatOf(p.seat), card: cardCodes([p.card ?? p])[0] ?? null })),
    claim: v.claim ?? null,
    score: v.score ?? null,
    result: v.result ?? null,
    messages: v.messages ?? [],
    legal: (v.legal ?? []).map((x) => String(typeof x === "object" && x !== null ? x.call ?? x.card : x)),
  };
}

/**
 * The trick in progress (not yet four cards) or null.
 * @param {View} view
 */
export function currentTrick(view) {
  const last = view.tricks[view.tricks.length - 1];
  return last && last.cards.length < 4 ? last : null;
}

/**
 * The last completed trick, with the cards the viewer may still see (null cards are turned) — Law 66.
 * @param {View} view
 */
export function lastCompleteTrick(view) {
  for (let i = view.tricks.length - 1; i >= 0; i -= 1) {
    if (view.tricks[i].cards.length === 4) return view.tricks[i];
  }
  return null;
}

/** @param {View} view */
export function dummySeat(view) {
  return view.contract && view.contract.declarer ? partner(view.contract.declarer) : null;
}

/**
 * Is ``code`` one the viewer may play now (his own, or dummy's when he is declarer)?
 * @param {View} view
 * @param {string} code
 */
export function playable(view, code) {
  return (view.phase === "play" || view.phase === "clarification") && view.legal.map((c) => cardCodes([c])[0]).includes(code);
}

/**
 * The legal calls, normalised.
 * @param {View} view
 */
export function legalCalls(view) {
  return view.phase === "auction" ? view.legal.map(normCall) : [];
}

/**
 * The tricks the claimer's side may still claim (cards left in the claimer's hand).
 * @param {View} view
 */
export function tricksLeft(view) {
  const played = view.tricks.filter((t) => t.cards.length === 4).length;
  return 13 - played;
}

/** The score of a contract (parseContract's shape) for declarer's side taking ``tricks`` (Law 77): bonuses
 * for a part score, game and slam (77 table), for making a doubled or redoubled contract, overtricks, and
 * undertrick penalties by vulnerability and doubling.
 * @param {{level: number, strain: string, doubling: string}} contract
 * @param {number} tricks
 * @param {boolean} vulnerable
 */
export function contractScore(contract, tricks, vulnerable) {
  const { level, strain, doubling } = contract;
  const factor = doubling === "XX" ? 4 : doubling === "X" ? 2 : 1;
  const needed = level + 6;
  if (tricks < needed) {
    const down = needed - tricks;
    if (factor === 1) return -down * (vulnerable ? 100 : 50);
    let penalty = 0;
    for (let i = 1; i <= down; i += 1) {
      if (vulnerable) penalty += i === 1 ? 200 : 300;
      else penalty += i === 1 ? 100 : i <= 3 ? 200 : 300;
    }
    return -penalty * (factor / 2);
  }
  const perTrick = strain === "C" || strain === "D" ? 20 : 30;
  const contracted = (perTrick * level + (strain === "NT" ? 10 : 0)) * factor;
  let total = contracted + (contracted >= 100 ? (vulnerable ? 500 : 300) : 50);
  if (level === 6) total += vulnerable ? 750 : 500;
  if (level === 7) total += vulnerable ? 1500 : 1000;
  if (factor > 1) total += factor === 4 ? 100 : 50;
  const over = tricks - needed;
  total += factor === 1 ? over * perTrick : over * (vulnerable ? 200 : 100) * (factor / 2);
  return total;
}

/** The tricks declarer's side took, read back from North-South's score at the end (the score is
 * one-to-one with the tricks for a given contract), or null when no count gives that score.
 * @param {View} view
 */
export function tricksForScore(view) {
  const c = view.contract;
  if (view.phase !== "ended" || !c || !c.declarer || typeof view.score !== "number") return null;
  const ns = c.declarer === "N" || c.declarer === "S";
  const vulnerable = view.vulnerable.includes(c.declarer);
  for (let tricks = 0; tricks <= 13; tricks += 1) {
    if (contractScore(c, tricks, vulnerable) === (ns ? view.score : -view.score)) return tricks;
  }
  return null;
}

/** The tricks each side has won: {NS, EW}. Once a claim or concession has ended the board, the tricks it
 * settled count too (Laws 69, 70): the claimer's side gets those awarded to it (the Director's ruling, else
 * the tricks claimed) of the tricks that remained, the other side the rest. At the end the count is the one
 * the board was scored with, so that it also takes in the tricks a revoke transferred (Law 64) or the
 * Director adjusted.
 * @param {View} view
 * @returns {{NS: number, EW: number}}
 */
export function tricksWon(view) {
  const won = { NS: 0, EW: 0 };
  /** @param {Seat} seat @returns {"NS" | "EW"} */
  const sideOf = (seat) => (seat === "N" || seat === "S" ? "NS" : "EW");
  const scored = tricksForScore(view);
  const declarer = view.contract?.declarer ?? null;
  if (scored !== null && declarer !== null) {  // a score is read back only with a contract and its declarer
    const declaring = sideOf(declarer);
    won[declaring] = scored;
    won[declaring === "NS" ? "EW" : "NS"] = 13 - scored;
    return won;
  }
  let completed = 0;
  for (const trick of view.tricks) {
    if (trick.winner) { won[sideOf(trick.winner)] += 1; completed += 1; }
  }
  const claim = view.claim;
  const claimer = claim ? seatOf(claim.seat) : null;
  if (view.phase === "ended" && claim && claimer !== null) {
    const remaining = 13 - completed;
    const awarded = Math.max(0, Math.min(remaining, Number(claim.ruled ?? claim.tricks) || 0));
    const mine = sideOf(claimer);
    won[mine] += awarded;
    won[mine === "NS" ? "EW" : "NS"] += remaining - awarded;
  }
  return won;
}

/**
 * The tricks declarer's side took (see tricksWon), or null without a contract.
 * @param {View} view
 */
export function declarerTricks(view) {
  if (!view.contract || !view.contract.declarer) return null;
  const won = tricksWon(view);
  return ["N", "S"].includes(view.contract.declarer) ? won.NS : won.EW;
}
