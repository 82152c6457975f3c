// The shapes of the messages the table's WebSocket carries (docs/protocol.md, tenace.server.protocol), as
// JSDoc types for TypeScript's checker (tsconfig.json, tests/server/test_client_types.py). No code: the
// modules import these types with `import("./protocol-types.js").Name`; the browser never loads this file.
// @ts-check

/**
 * A seat's letter.
 * @typedef {"N" | "E" | "S" | "W"} Seat
 */

/**
 * A call as the view writes it: "1NT", "4S", "P", "X", "XX".
 * @typedef {{seat: string, call: string, alert: boolean, explanation: string | null}} RawCall
 */

/**
 * A trick as the view sends it: its cards in the order played, null for a quitted trick's turned card
 * (Law 66); the winner once it is complete (Law 65B).
 * @typedef {{number?: number, leader: string, cards: (string | null | RawTrickCard | [string, string | null])[],
 *            winner: string | null}} RawTrick
 * @typedef {{seat?: string, card?: string | null}} RawTrickCard
 */

/**
 * A decision the table waits for, and its options (answered with `elect`).
 * @typedef {{actor: string | null, law?: string, text?: string, explanation?: string,
 *            options?: (string | {label?: string, text?: string, law?: string})[]}} RawPending
 */

/**
 * An obligation in force (Laws 26-32, 50) in the table log's notation, with its text.
 * @typedef {{type?: string, seat?: string, duration?: string, law?: string, text?: string, label?: string}} RawConstraint
 */

/**
 * A withdrawn or cancelled call (Law 16C).
 * @typedef {{seat?: string, call?: string, law?: string, text?: string}} RawWithdrawn
 */

/**
 * A penalty card (Law 50) or a card exposed during the auction (Law 24).
 * @typedef {{seat: string, card: string, major?: boolean, law?: string}} RawFacedCard
 */

/**
 * A claim or concession on the table (Laws 68-70).
 * @typedef {{seat: string, tricks: number, statement?: string, agreed_by?: string[], objected?: boolean,
 *            ruled?: number | null, law?: string | null}} RawClaim
 */

/**
 * The Director's adjusted score (Law 12C).
 * @typedef {{adjusted: string, law: string}} AdjustedResult
 */

/**
 * What one viewer may see of the table (the server's `view`, docs/protocol.md).
 * @typedef {{
 *   viewer: string | null, board?: number, dealer: string, vulnerability: string, phase: string,
 *   hands?: Record<string, string[]>, faced?: Record<string, string[]>, calls?: RawCall[],
 *   withdrawn?: (string | RawWithdrawn)[], tricks?: RawTrick[], contract: string | null, turn: string | null,
 *   pending: RawPending | null, constraints?: (string | RawConstraint)[], penalty_cards?: RawFacedCard[],
 *   exposed?: RawFacedCard[], score: number | null, result: AdjustedResult | null,
 *   legal?: (string | {call?: string, card?: string})[],
 *   claim?: RawClaim | null, said?: object[], duties?: object[], messages?: string[],
 * }} RawView
 */

/**
 * A call made with a reason (Law 9) and the Director's answer.
 * @typedef {{number: number, by: Seat, reason: string, text: string | null, about: string | null,
 *            board?: number, at?: string, law?: string, recorded: string | null, director?: boolean,
 *            status: "open" | "answered" | "recorded",
 *            ruling: {note?: string, adjusted?: string, law?: string} | null}} DirectorCall
 */

/**
 * A reservation of rights about unauthorised information (Law 16B2).
 * @typedef {{by: Seat, about: Seat, reason: string, law: string, ruled: boolean}} Reservation
 */

/**
 * A disputed claim's ruling (Law 70): the tricks awarded to the claimer's side of those that remained.
 * @typedef {{seat: Seat, tricks: number, claimed: number, law: string, by: "director" | "automatic"}} ClaimRuling
 */

/**
 * The `view` message.
 * @typedef {{v: 1, type: "view", seq: number, table?: string, position?: number, view: RawView,
 *            replay?: string, director_present?: boolean, director_calls?: DirectorCall[],
 *            reserved?: Reservation[], claim_ruling?: ClaimRuling | null}} ViewMessage
 */

/**
 * Who sits at a seat (the `players` message).
 * @typedef {{kind: "human" | "robot", name?: string | null, here?: boolean}} SeatPlayer
 */

/**
 * The `players` message (with `room=1`).
 * @typedef {{v: 1, type: "players", chat?: {in_play?: boolean}, players: Partial<Record<Seat, SeatPlayer>>}} PlayersMessage
 */

/**
 * A line of the table's chat: `from` is a seat, "director" or "spectator".
 * @typedef {{from: string, name?: string | null, text: string, at?: string}} ChatLine
 */

/**
 * The `chat` message (with `room=1`).
 * @typedef {{v: 1, type: "chat", history?: boolean, messages: ChatLine[]}} ChatMessage
 */

/**
 * The `ack` message: the action `ref` is stored as the event that brought the board to `seq` events.
 * @typedef {{v: 1, type: "ack", ref: string, seq: number}} AckMessage
 */

/**
 * The `error` message: the action `ref` (if any) is refused and nothing changed.
 * @typedef {{v: 1, type: "error", code: string, ref?: string | null, message?: string}} ErrorMessage
 */

/**
 * Anything the server sends on the table's socket.
 * @typedef {ViewMessage | PlayersMessage | ChatMessage | AckMessage | ErrorMessage} ServerMessage
 */

/**
 * What the client sends (without `v` and `id`, which `send` adds).
 * @typedef {{type: "call", call: string, alert: boolean, explanation: string | null}
 *   | {type: "card", card: string}
 *   | {type: "claim", tricks: number, statement: string}
 *   | {type: "claim-answer", accept: boolean}
 *   | {type: "director", reason?: string, text?: string, about?: string}
 *   | {type: "reserve", about: string, reason: string}
 *   | {type: "correct", call_index: number, text: string}
 *   | {type: "chat", text: string}
 *   | {type: "elect", option: number}
 *   | {type: "resync", seq?: number}
 *   | {type: "next-board"}
 *   | {type: "change-call", call: string, unintended: boolean}
 *   | {type: "question", about: number | null}
 *   | {type: "explain", call_index: number, text: string}} ClientMessage
 */

// The view as the page draws it (view.js normalise): seats as letters, cards as codes, the phase in a word.

/**
 * @typedef {{level: number, strain: string, doubling: string, declarer: Seat | null}} Contract
 * @typedef {[Seat, string | null]} PlayedCard
 * @typedef {{number: number, leader: Seat, cards: PlayedCard[], winner: Seat | null}} Trick
 * @typedef {{seat: Seat | null, call: string, alert: boolean, explanation: string | null}} Call
 * @typedef {{label: string, law: string}} Option
 * @typedef {{actor: string | null, actorSeat: Seat | null, law: string, explanation: string, options: Option[]}} Pending
 * @typedef {{seat: Seat | null, card: string | null}} SeatCard
 * @typedef {"auction" | "clarification" | "play" | "claim" | "ended" | string} Phase
 * @typedef {{
 *   viewer: string | null, viewerSeat: Seat | null, board: number | undefined, dealer: Seat | null,
 *   vulnerability: string, vulnerable: Seat[], phase: Phase, hands: Partial<Record<Seat, string[]>>,
 *   faced: Partial<Record<Seat, string[]>>, calls: Call[], tricks: Trick[], contract: Contract | null,
 *   turn: string | null, turnSeat: Seat | null, pending: Pending | null, constraints: string[],
 *   withdrawn: string[], penaltyCards: SeatCard[], exposed: SeatCard[], claim: RawClaim | null,
 *   score: number | null, result: AdjustedResult | null, messages: string[], legal: string[],
 * }} View
 */

export {};
