// The device at a face-to-face table (tenace.server.table_scoring, docs/table-scoring.md).
//
// North keys in each board's result with large buttons (or types "4S N ="); the device shows the score
// (Law 77) and East-West confirm it on the same device (Law 79A). Only then is the result sent: an "enter"
// with an idempotency key made here, then a "confirm". Both wait in localStorage until the server answers,
// and are sent again (with the same key) until it does, so a result survives a lost connection or a
// reload and is never stored twice. A refusal (a board another entry already holds, an impossible result)
// is shown with the server's message, which names the table, round, board and field.
// @ts-check

/**
 * A result as the server writes it (tenace.server.table_scoring result_json); a traveller's line has the
 * match points too. `level` and the rest are null for a board passed out or scored by the Director.
 * @typedef {{table?: number, round?: number, board?: number, ns?: string, ew?: string, passed: boolean,
 *   level: number | null, strain: string | null, doubling: string | null, declarer: string | null,
 *   tricks: number | null, lead: string | null, ns_score: number | null, text?: string, confirmed?: boolean,
 *   version?: number, ns_points?: string | number, ew_points?: string | number}} ResultJson
 */
/**
 * A result as the device holds it while North keys it in (or as the server stored it, then `stored`).
 * @typedef {{passed?: boolean, level?: number | null, strain?: string | null, doubling?: string | null,
 *   declarer?: string | null, tricks?: number | null, lead?: string | null, leadSuit?: string,
 *   leadRank?: string, stored?: boolean, ns_score?: number | null, text?: string}} Fields
 */
/**
 * The table's state (table_state): its rounds, each with its pairs, boards and where everyone goes next.
 * @typedef {{number: number, dealer: string, vulnerability: string, result: ResultJson | null,
 *   traveller?: ResultJson[]}} BoardState
 * @typedef {{table: number, seat: "NS" | "EW"}} NextPlace
 * @typedef {{id: string, table: number | null, seat: string | null}} PlayerNext
 * @typedef {{round: number | null, ns: NextPlace | null, ew: NextPlace | null, boards: number | null,
 *   last: boolean, players?: PlayerNext[]}} NextRound
 * @typedef {{seat: string, id: string, name: string}} SeatedPlayer
 * @typedef {{round: number, ns: {id: string, name: string}, ew: {id: string, name: string}, boards: BoardState[],
 *   next: NextRound, room?: string, other_table?: number | null, players?: SeatedPlayer[]}} RoundState
 * @typedef {{session: {id: string, name: string}, table: number, kind?: string, travellers: boolean,
 *   rounds: RoundState[]}} TableState
 */
/**
 * What waits in localStorage: the messages to send, the boards done, the server's answers to them, the
 * rounds moved on from and the results sent for East-West to confirm on their own device.
 * @typedef {{round: number, board: number, [field: string]: unknown}} QueuedBody
 * @typedef {{kind: "enter" | "confirm", body: QueuedBody}} Queued
 * @typedef {{queue: Queued[], done: Record<string, Fields>, acks: Record<string, {traveller?: ResultJson[]}>,
 *   moved: number[], sent: Record<string, boolean>}} Local
 * @typedef {"entry" | "confirm" | "after" | "waiting" | "moves" | "over"} Screen
 */

/** @type {Record<string, string>} */
const SUITS = { C: "♣", D: "♦", H: "♥", S: "♠", NT: "NT" };
const RED = new Set(["D", "H"]);
const SEATS = ["N", "E", "S", "W"];
/** @type {Record<string, string>} */
const SEAT_NAMES = { N: "North", E: "East", S: "South", W: "West" };
const RANKS = ["A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2"];
const RETRY_MS = 2000;
const REFRESH_MS = 3000;

/**
 * Law 77's score of a contract for declarer's side: positive when made, negative when defeated.
 * @param {number} level
 * @param {string} strain
 * @param {string} doubling
 * @param {boolean} vulnerable
 * @param {number} tricks
 */
export function score(level, strain, doubling, vulnerable, tricks) {
  const needed = 6 + level;
  const factor = doubling === "XX" ? 4 : doubling === "X" ? 2 : 1;
  if (tricks >= needed) {
    const per = strain === "C" || strain === "D" ? 20 : 30;
    const tricksScore = (per * level + (strain === "NT" ? 10 : 0)) * factor;
    let total = tricksScore + (tricksScore >= 100 ? (vulnerable ? 500 : 300) : 50);
    if (level === 6) total += vulnerable ? 750 : 500;
    if (level === 7) total += vulnerable ? 1500 : 1000;
    if (factor === 2) total += 50;
    if (factor === 4) total += 100;
    const over = tricks - needed;
    if (factor === 1) total += over * per;
    else total += over * (vulnerable ? 200 : 100) * (factor / 2);
    return total;
  }
  const down = needed - tricks;
  if (factor === 1) return -down * (vulnerable ? 100 : 50);
  let penalty = 0;
  for (let i = 1; i <= down; i++) {
    if (vulnerable) penalty += i === 1 ? 200 : 300;
    else penalty += i === 1 ? 100 : i <= 3 ? 200 : 300;
  }
  return -penalty * (factor / 2);
}

/**
 * North-South's score of a result as the device holds it (fields as the server's result_json).
 * @param {Fields} fields
 * @param {string} vulnerability
 */
export function nsScore(fields, vulnerability) {
  if (fields.passed) return 0;
  // a result with no contract (the Director's adjusted score) has only the score the server gave it
  if (fields.level == null || fields.strain == null || fields.tricks == null) return fields.ns_score ?? 0;
  const declarerNS = fields.declarer === "N" || fields.declarer === "S";
  const vul = vulnerability === "All" || vulnerability === (declarerNS ? "NS" : "EW");
  const points = score(fields.level, fields.strain, fields.doubling || "", vul, fields.tricks);
  return declarerNS ? points : -points;
}

function uuid() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes); // works on a plain-http club network too (crypto.randomUUID does not)
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const main = document.getElementById("scoring");
if (main) start(main);

/**
 * The element with this id; a page without it is broken, and says so.
 * @param {string} id
 */
function byId(id) {
  const node = document.getElementById(id);
  if (!node) throw new Error(`the scoring page has no #${id}`);
  return node;
}

/** @param {HTMLElement} root */
function start(root) {
  /** @type {Record<string, string>} */
  const strings = JSON.parse(byId("scoring-strings").textContent ?? "{}");
  /**
   * @param {string} message
   * @param {Record<string, string | number>} [values]
   */
  const t = (message, values = {}) =>
    (strings[message] || message).replace(/\{(\w+)\}/g, (_, name) => (name in values ? String(values[name]) : `{${name}}`));
  const api = root.dataset.api;
  const storageKey = `tenace-scoring:${root.dataset.session}:${root.dataset.table}`;
  const screen = byId("screen");
  const facts = byId("round-facts");
  const list = byId("board-list");
  const connection = byId("connection");
  const errorBox = byId("error");

  /** @type {TableState | null} */
  let state = null; // the server's table state
  let lastState = "";
  let local = load();
  /** @type {{view: Screen | null, fields: Fields, board: number | null, round: number | null, entryFor?: string}} */
  let ui = { view: null, fields: {}, board: null, round: null };
  let sending = false;
  let offline = false;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let retry = undefined;

  /** @returns {Local} */
  function load() {
    try {
      const data = JSON.parse(localStorage.getItem(storageKey) || "{}");
      return { queue: data.queue || [], done: data.done || {}, acks: data.acks || {}, moved: data.moved || [],
        sent: data.sent || {} };
    } catch (e) {
      return { queue: [], done: {}, acks: {}, moved: [], sent: {} };
    }
  }
  function save() {
    localStorage.setItem(storageKey, JSON.stringify(local));
  }
  /** @param {number | null | undefined} round @param {number | null | undefined} board */
  const slot = (round, board) => `${round}:${board}`;

  /**
   * A new element: "class", "text", "on<event>" handlers, and attributes (true: present; false, null or
   * undefined: left out).
   * @template {keyof HTMLElementTagNameMap} K
   * @param {K} tag
   * @param {Record<string, string | number | boolean | null | undefined | ((event: Event) => unknown)>} [attrs]
   * @param {...(Node | string | null | undefined)} children
   * @returns {HTMLElementTagNameMap[K]}
   */
  function el(tag, attrs = {}, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) {
      if (typeof v === "function") {
        if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
      } else if (k === "class") node.className = String(v);
      else if (k === "text") node.textContent = String(v ?? "");
      else if (v !== false && v !== null && v !== undefined) node.setAttribute(k, v === true ? "" : String(v));
    }
    for (const child of children) if (child !== null && child !== undefined) node.append(child);
    return node;
  }
  /** @param {string} strain */
  function suit(strain) {
    return el("span", { class: `suit suit-${strain}${RED.has(strain) ? " red" : ""}`, text: SUITS[strain] });
  }
  /** @param {string | null | undefined} text */
  function card(text) {
    if (!text) return null;
    const strain = text[0];
    const rank = text.slice(1) === "T" ? "10" : text.slice(1);
    return el("span", { class: "card-text" }, suit(strain), rank);
  }
  /** @param {Fields} f */
  function contractNode(f) {
    if (f.passed) return el("span", { text: t("Passed out") });
    // no contract but not passed out: the Director's adjusted score, in the server's words
    if (f.level == null || f.strain == null) return el("span", { text: f.text ?? "" });
    return el("span", { class: "contract" }, `${f.level}`, suit(f.strain), f.doubling || "");
  }
  /** @param {number} ns */
  function scoreText(ns) {
    if (ns > 0) return t("N-S +{score}", { score: ns });
    if (ns < 0) return t("E-W +{score}", { score: -ns });
    return t("Score {score}", { score: 0 });
  }
  /**
   * @param {Fields} f
   * @param {string} vulnerability
   */
  function resultNode(f, vulnerability, withScore = true) {
    /** @type {(Node | string | null)[]} */
    const parts = [contractNode(f)];
    if (!f.passed && f.level != null && f.tricks != null) {
      parts.push(" ", t(SEAT_NAMES[f.declarer ?? ""] ?? ""));
      const diff = f.tricks - (6 + f.level);
      parts.push(" · ", diff === 0 ? t("Made exactly") : diff > 0 ? t("made {tricks} tricks", { tricks: f.tricks })
        : t("down {down}", { down: -diff }));
      if (f.lead) parts.push(" · ", t("lead {card}", { card: "" }), card(f.lead));
    }
    if (withScore) parts.push(" · ", el("strong", { class: "score-text", text: scoreText(nsScore(f, vulnerability)) }));
    return el("span", { class: "result-line" }, ...parts);
  }

  // --- where the table is --------------------------------------------------------------------------------
  /** @param {RoundState} round @param {BoardState} board */
  function boardDone(round, board) {
    return Boolean(board.result && board.result.confirmed) || Boolean(local.done[slot(round.round, board.number)]);
  }
  /** @returns {{round: RoundState | null, board: BoardState | null}} */
  function position() {
    if (!state) return { round: null, board: null };
    for (const round of state.rounds) {
      for (const board of round.boards) if (!boardDone(round, board)) return { round, board };
      const later = state.rounds.filter((r) => r.round > round.round);
      const movedOn = later.some((r) => r.boards.some((b) => b.result || local.done[slot(r.round, b.number)]));
      if (!local.moved.includes(round.round) && !movedOn) return { round, board: null };
    }
    return { round: null, board: null };
  }
  /** @param {number} number */
  function roundOf(number) {
    return state?.rounds.find((r) => r.round === number) ?? null;
  }

  // --- sending -------------------------------------------------------------------------------------------
  function showConnection() {
    const waiting = local.queue.length;
    const cut = offline || !navigator.onLine;
    connection.dataset.state = cut ? "offline" : waiting ? "sending" : "online";
    connection.textContent = cut ? (waiting ? t("Offline: {count} waiting to be sent", { count: waiting }) : t("Offline"))
      : waiting ? t("Sending {count}…", { count: waiting }) : t("Online");
  }
  /** @param {string} message */
  function showError(message) {
    errorBox.textContent = message;
    errorBox.hidden = !message;
  }
  /**
   * @param {string} kind
   * @param {object} body
   */
  async function post(kind, body) {
    return fetch(`${api}/${kind}`, {
      method: "POST", headers: { "Content-Type": "application/json", "X-CSRF-Token": root.dataset.csrf ?? "" },
      body: JSON.stringify(body), credentials: "same-origin",
    });
  }
  async function pump() {
    if (sending) return;
    sending = true;
    try {
      while (local.queue.length) {
        const item = local.queue[0];
        let answer;
        try {
          answer = await post(item.kind, item.body);
        } catch (e) {
          answer = null; // no connection: keep the entry and try again
        }
        if (answer === null || answer.status >= 500) {
          offline = true;
          showConnection();
          clearTimeout(retry);
          retry = setTimeout(pump, RETRY_MS);
          return;
        }
        offline = false;
        const data = await answer.json().catch(() => ({}));
        local.queue.shift();
        const key = slot(item.body.round, item.body.board);
        if (answer.ok) {
          if (item.kind === "confirm") local.acks[key] = data;
        } else {
          local.queue = local.queue.filter((q) => slot(q.body.round, q.body.board) !== key);
          if (data.error !== "duplicate") delete local.done[key]; // to be keyed in again
          delete local.sent[key];
          showError(t("Not sent: {message}", { message: data.message || data.detail || answer.status }));
        }
        save();
        showConnection();
        render();
      }
      await refresh();
    } finally {
      sending = false;
    }
  }
  async function refresh() {
    try {
      const answer = await fetch(api ?? "", { credentials: "same-origin" });
      if (!answer.ok) {
        showError(answer.status === 404 ? "404" : String(answer.status));
        return;
      }
      const text = await answer.text();
      offline = false;
      showConnection();
      if (text === lastState) return; // nothing new: leave the screen as it is (a half-typed result too)
      lastState = text;
      state = JSON.parse(text);
    } catch (e) {
      offline = true;
      showConnection();
      return;
    }
    render();
  }

  // --- the screens ---------------------------------------------------------------------------------------
  function render() {
    if (!state) return;
    if (ui.view === "after" || (ui.view === "confirm" && !ui.fields.stored)) return draw();
    const here = position();
    ui.round = here.round ? here.round.round : null;
    ui.board = here.board ? here.board.number : null;
    if (here.round === null) ui.view = "over";
    else if (here.board === null) ui.view = "moves";
    else if (here.board.result && !here.board.result.confirmed) {
      // entered and sent: East-West confirm here, or on their own device when North sent it for that
      ui.view = local.sent[slot(ui.round, ui.board)] ? "waiting" : "confirm";
      ui.fields = { ...here.board.result, stored: true };
    } else if (local.sent[slot(ui.round, ui.board)] && local.queue.length) {
      ui.view = "waiting";
    } else if (ui.view !== "entry" || ui.entryFor !== slot(ui.round, ui.board)) {
      ui.view = "entry";
      ui.entryFor = slot(ui.round, ui.board);
      ui.fields = {};
    }
    draw();
  }
  function draw() {
    root.dataset.screen = ui.view ?? "";
    const round = ui.round ? roundOf(ui.round) : null;
    facts.replaceChildren();
    list.replaceChildren();
    if (round) {
      facts.append(el("h2", { text: t("Round {round}", { round: round.round }) }));
      if (round.players) {
        // an individual: the four players of the round, each in his seat
        facts.append(el("ul", { class: "players", id: "players" }, ...round.players.map((p) =>
          el("li", { class: "player", "data-seat": p.seat }, el("strong", { text: t("{seat}: player {player}", { seat: t(SEAT_NAMES[p.seat]), player: p.id }) }), ` ${p.name}`))));
      } else if (round.room) {
        // a team match: this room, the teams and the table of the other room (which plays the same boards)
        facts.append(
          el("p", { class: "room", id: "room", "data-room": round.room, text: t(round.room === "closed" ? "Closed room" : "Open room") }),
          el("p", { class: "pair pair-ns" }, el("strong", { text: t("North-South: team {team}", { team: round.ns.id }) }), ` ${round.ns.name}`),
          el("p", { class: "pair pair-ew" }, el("strong", { text: t("East-West: team {team}", { team: round.ew.id }) }), ` ${round.ew.name}`));
        if (round.other_table) facts.append(el("p", { class: "hint", id: "other-room", text: t("The other room of this match is table {table}: exchange the boards with it.", { table: round.other_table }) }));
      } else {
        facts.append(
          el("p", { class: "pair pair-ns" }, el("strong", { text: t("North-South: pair {pair}", { pair: round.ns.id }) }), ` ${round.ns.name}`),
          el("p", { class: "pair pair-ew" }, el("strong", { text: t("East-West: pair {pair}", { pair: round.ew.id }) }), ` ${round.ew.name}`));
      }
      const items = round.boards.map((b) => {
        const key = slot(round.round, b.number);
        const waiting = local.queue.some((q) => slot(q.body.round, q.body.board) === key);
        const status = waiting ? "waiting" : boardDone(round, b) ? "confirmed" : b.result ? "entered" : "to-play";
        const label = ({ waiting: "Waiting to be sent", confirmed: "Confirmed", entered: "Entered", "to-play": "To play" })[status];
        return el("li", { class: `board-chip ${status}`, "data-board": b.number, "data-status": status,
          "aria-current": b.number === ui.board ? "step" : null },
          t("Board {board}", { board: b.number }), el("span", { class: "chip-state", text: t(label) }));
      });
      list.append(el("ul", {}, ...items));
    }
    /** @type {Record<Screen, (round: RoundState) => (Node | null)[]>} */
    const screens = { entry: entryScreen, confirm: confirmScreen, after: afterScreen, waiting: waitingScreen,
      moves: movesScreen, over: overScreen };
    const nodes = ui.view === "over" ? overScreen() : ui.view && round ? screens[ui.view](round) : [];
    // a screen leaves out what it does not show as null (replaceChildren would write "null" for it)
    screen.replaceChildren(...nodes.filter((node) => node !== null));
  }

  /**
   * The board of ``round`` with this number (the board on screen when none is named).
   * @param {RoundState} round
   * @param {number | null} [number]
   */
  function boardOf(round, number = ui.board) {
    const board = round.boards.find((b) => b.number === number);
    if (!board) throw new Error(`round ${round.round} has no board ${number}`);
    return board;
  }

  /** @param {RoundState} round @param {number} number */
  function boardHeading(round, number) {
    const board = boardOf(round, number);
    /** @type {Record<string, string>} */
    const names = { None: t("None"), NS: t("N-S"), EW: t("E-W"), All: t("All") };
    const vul = names[board.vulnerability];
    return el("div", { class: "board-head" },
      el("h2", { id: "board-title", text: t("Board {board}", { board: number }) }),
      el("span", { text: t("Dealer {seat}", { seat: t(SEAT_NAMES[board.dealer]) }) }),
      el("span", { class: `vul-tag${board.vulnerability === "None" ? "" : " vul"}`, text: t("Vulnerable: {who}", { who: vul }) }));
  }
  /**
   * A button of a group of choices (level, strain, doubling, declarer, tricks), pressed when chosen.
   * @param {"level" | "strain" | "doubling" | "declarer" | "tricks"} group
   * @param {string | number} value
   * @param {Node | string} label
   * @param {{class?: string, label?: string, toggle?: boolean}} [attrs]
   */
  function choice(group, value, label, attrs = {}) {
    /** @type {Record<string, unknown>} */
    const fields = ui.fields;
    const pressed = fields[group] === value;
    return el("button", { type: "button", class: `choice ${attrs.class || ""}`, "aria-pressed": pressed ? "true" : "false",
      "data-group": group, "data-value": value, "aria-label": attrs.label || null,
      onclick: () => {
        /** @type {Record<string, unknown>} */
        const chosen = ui.fields;
        chosen[group] = pressed && attrs.toggle ? undefined : value; ui.fields.passed = false; showError(""); draw();
      } }, label);
  }
  /** @param {Fields} f */
  function complete(f) {
    return f.passed || (f.level && f.strain && f.declarer && Number.isInteger(f.tricks));
  }
  /** @param {RoundState} round */
  function entryScreen(round) {
    const f = ui.fields;
    const board = boardOf(round);
    /** @type {(Node | null)[]} */
    const nodes = [boardHeading(round, board.number)];
    nodes.push(el("p", { class: "hint", text: t("Choose the contract's level, denomination and declarer, and the tricks.") }));
    nodes.push(el("div", { class: "row levels", role: "group", "aria-label": t("Contract") },
      ...[1, 2, 3, 4, 5, 6, 7].map((n) => choice("level", n, String(n)))));
    nodes.push(el("div", { class: "row strains", role: "group", "aria-label": t("Contract") },
      ...["C", "D", "H", "S", "NT"].map((s) => choice("strain", s, suit(s), { class: RED.has(s) ? "red" : "", label: s }))));
    nodes.push(el("div", { class: "row doubling", role: "group" },
      choice("doubling", "", "–", { label: `–, ${t("Undoubled")}` }), choice("doubling", "X", "X", { label: `X, ${t("Doubled")}` }),
      choice("doubling", "XX", "XX", { label: `XX, ${t("Redoubled")}` })));
    nodes.push(el("div", { class: "row declarers", role: "group", "aria-label": t("Declarer") },
      ...SEATS.map((s) => choice("declarer", s, t(SEAT_NAMES[s])))));
    if (f.level) {
      const needed = 6 + f.level;
      const buttons = [];
      for (let tricks = 0; tricks <= 13; tricks++) {
        const diff = tricks - needed;
        const label = diff === 0 ? "=" : diff > 0 ? `+${diff}` : `−${-diff}`;
        buttons.push(choice("tricks", tricks, label, { class: diff < 0 ? "down" : "made", label: `${label} (${tricks})` }));
      }
      nodes.push(el("div", { class: "row tricks", role: "group", "aria-label": t("Tricks") }, ...buttons));
    }
    const leadSuit = f.leadSuit || "";
    const leadRank = f.leadRank || "";
    /** @param {string} suitLetter @param {string} rank */
    const setLead = (suitLetter, rank) => {
      f.leadSuit = suitLetter;
      f.leadRank = rank;
      f.lead = suitLetter && rank ? suitLetter + rank : "";
      draw();
    };
    nodes.push(el("div", { class: "lead-entry" },
      el("p", { class: "lead-label" }, t("Opening lead (optional)"), " ", card(f.lead)),
      el("div", { class: "row lead-suits", role: "group" }, ...["S", "H", "D", "C"].map((s) =>
        el("button", { type: "button", class: `choice small${RED.has(s) ? " red" : ""}`, "aria-pressed": leadSuit === s ? "true" : "false",
          "data-lead-suit": s, "aria-label": s, onclick: () => setLead(s, leadRank) }, suit(s)))),
      el("div", { class: "row lead-ranks", role: "group" }, ...RANKS.map((r) =>
        el("button", { type: "button", class: "choice small", "aria-pressed": leadRank === r ? "true" : "false", "data-lead-rank": r,
          onclick: () => setLead(leadSuit, r) }, r === "T" ? "10" : r))),
      leadSuit || leadRank ? el("button", { type: "button", class: "link", onclick: () => setLead("", "") }, t("Clear the lead")) : null));
    nodes.push(el("div", { class: "row actions" },
      el("button", { type: "button", class: "big passed", "data-action": "passed",
        onclick: () => { ui.fields = { passed: true }; toConfirm(); } }, t("Passed out")),
      el("button", { type: "button", class: "big primary", "data-action": "show", disabled: !complete(f),
        onclick: () => toConfirm() }, t("Show the score"))));
    const input = el("input", { id: "typed", name: "typed", autocomplete: "off", placeholder: t("for example 4S N = or 3NT W 9 HK") });
    nodes.push(el("details", { class: "typed" }, el("summary", { text: t("Type the result") }),
      el("form", { class: "row", onsubmit: async (e) => { e.preventDefault(); await typed(round, input.value); } },
        el("label", { for: "typed", class: "visually-hidden", text: t("Type the result") }), input,
        el("button", { type: "submit", class: "big", "data-action": "read" }, t("Read it")))));
    return nodes;
  }
  /** @param {RoundState} round @param {string} text */
  async function typed(round, text) {
    let answer;
    try {
      answer = await post("preview", { round: round.round, board: ui.board, text });
    } catch (e) {
      showError(t("Typing a result needs the connection."));
      return;
    }
    const data = await answer.json().catch(() => ({}));
    if (!answer.ok) {
      showError(data.message || String(answer.status));
      return;
    }
    ui.fields = { passed: data.passed, level: data.level, strain: data.strain, doubling: data.doubling,
      declarer: data.declarer, tricks: data.tricks, lead: data.lead || "" };
    toConfirm();
  }
  function toConfirm() {
    if (!complete(ui.fields)) return;
    showError("");
    ui.view = "confirm";
    draw();
  }
  /** @param {RoundState} round */
  function confirmScreen(round) {
    const board = boardOf(round);
    const f = ui.fields;
    const ns = nsScore(f, board.vulnerability);
    return [boardHeading(round, board.number),
      el("h3", { text: t("East-West, please check the result") }),
      el("p", { class: "confirm-line", id: "confirm-line" }, resultNode(f, board.vulnerability, false)),
      el("p", { class: "big-score", id: "big-score", "data-ns": ns, text: scoreText(ns) }),
      el("div", { class: "row actions" },
        f.stored ? null : el("button", { type: "button", class: "big", "data-action": "back", onclick: () => { ui.view = "entry"; draw(); } }, t("Back")),
        el("button", { type: "button", class: "big primary", "data-action": "confirm", onclick: () => confirmed(round, board) }, t("Confirm (East-West)"))),
      f.stored ? null : el("div", { class: "row actions" }, el("button", { type: "button", class: "link", "data-action": "send-only",
        onclick: () => sendOnly(round, board) }, t("Send it: East-West confirm on their own device")))];
  }
  /** @param {RoundState} round @param {BoardState} board @returns {QueuedBody} */
  function entryBody(round, board) {
    const f = ui.fields;
    const entry = { round: round.round, board: board.number, key: uuid(), passed: Boolean(f.passed) };
    if (!f.passed) Object.assign(entry, { level: f.level, strain: f.strain, doubling: f.doubling || "", declarer: f.declarer, tricks: f.tricks, lead: f.lead || "" });
    return entry;
  }
  /** @param {RoundState} round @param {BoardState} board */
  function sendOnly(round, board) {
    local.queue.push({ kind: "enter", body: entryBody(round, board) });
    local.sent[slot(round.round, board.number)] = true;
    save();
    ui.view = "waiting";
    showConnection();
    draw();
    pump();
  }
  /** @param {RoundState} round */
  function waitingScreen(round) {
    const board = boardOf(round);
    return [boardHeading(round, board.number), el("p", { class: "confirm-line" }, resultNode(ui.fields, board.vulnerability)),
      el("p", { class: "notice", id: "waiting-note", text: t("Waiting for East-West to confirm on their device.") })];
  }
  /** @param {RoundState} round @param {BoardState} board */
  function confirmed(round, board) {
    const f = ui.fields;
    const key = slot(round.round, board.number);
    const body = { round: round.round, board: board.number };
    if (!f.stored) local.queue.push({ kind: "enter", body: entryBody(round, board) });
    local.queue.push({ kind: "confirm", body: { ...body, side: "EW" } });
    local.done[key] = { ...f, stored: undefined };
    save();
    ui.view = "after";
    showConnection();
    draw();
    pump();
  }
  /** @param {RoundState} round */
  function afterScreen(round) {
    const board = boardOf(round);
    const key = slot(round.round, board.number);
    const ack = local.acks[key];
    const waiting = local.queue.some((q) => slot(q.body.round, q.body.board) === key);
    const traveller = (ack && ack.traveller) || board.traveller;
    const f = local.done[key] || board.result || ui.fields;
    /** @type {(Node | null)[]} */
    const nodes = [boardHeading(round, board.number), el("p", { class: "confirm-line" }, resultNode(f, board.vulnerability))];
    if (waiting) nodes.push(el("p", { class: "notice", id: "queued-note", text: t("Saved on this device; it is sent when the connection is back.") }));
    if (traveller && traveller.length) {
      nodes.push(el("h3", { text: t("Traveller of board {board}", { board: board.number }) }));
      const rows = traveller.map((line) => el("tr", { class: line.table === Number(root.dataset.table) && line.round === round.round ? "ours" : "" },
        el("td", { text: String(line.table) }), el("td", {}, line.passed ? t("Passed out") : contractNode(line), line.passed ? "" : ` ${line.declarer} ${line.tricks}`),
        el("td", { text: line.ns_score !== null && line.ns_score > 0 ? `+${line.ns_score}` : String(line.ns_score ?? "") }),
        el("td", { text: line.ns_points }), el("td", { text: line.ew_points })));
      nodes.push(el("div", { class: "scroll" }, el("table", { class: "traveller", id: "traveller" },
        el("thead", {}, el("tr", {}, ...["Table", "Result", "N-S", ...(state?.kind === "teams" ? ["IMPs N-S", "IMPs E-W"] : ["MP N-S", "MP E-W"])].map((h) => el("th", { scope: "col", text: t(h) })))),
        el("tbody", {}, ...rows))));
    } else if (state?.travellers && waiting) {
      nodes.push(el("p", { class: "hint", text: t("The traveller is shown once the result has been sent.") }));
    }
    nodes.push(el("div", { class: "row actions" }, el("button", { type: "button", class: "big primary", "data-action": "next",
      onclick: () => { ui.view = null; render(); } }, t("Next board"))));
    return nodes;
  }
  /** @param {RoundState} round */
  function movesScreen(round) {
    const next = round.next;
    const boards = round.boards.map((b) => b.number).join(", ");
    const lines = [];
    if (next.last) {
      lines.push(t("The session is over at this table: thank you. Hand the boards to the Director."));
    } else if (next.players) {
      // an individual: each player to his own table and seat
      for (const p of next.players) {
        lines.push(p.table ? t("Player {player} goes to table {table}, {seat}.", { player: p.id, table: p.table, seat: t(SEAT_NAMES[p.seat ?? ""] ?? "") })
          : t("Player {player} sits out the next round.", { player: p.id }));
      }
    } else if (round.room) {
      // a team match: each team's pair keeps its direction and goes to its team's next table that way
      for (const [where, team, direction] of /** @type {const} */ ([[next.ns, round.ns, "North-South"], [next.ew, round.ew, "East-West"]])) {
        lines.push(where ? t("The {direction} pair of team {team} goes to table {table}.", { direction: t(direction), team: team.id, table: where.table })
          : t("The {direction} pair of team {team} sits out the next round.", { direction: t(direction), team: team.id }));
      }
    } else {
      for (const [where, pair] of /** @type {const} */ ([[next.ns, round.ns], [next.ew, round.ew]])) {
        lines.push(where ? t("Pair {pair} goes to table {table}, {direction}.", { pair: pair.id, table: where.table,
          direction: t(where.seat === "NS" ? "North-South" : "East-West") }) : t("Pair {pair} sits out the next round.", { pair: pair.id }));
      }
      lines.push(next.boards ? t("Boards {boards} go to table {table}.", { boards, table: next.boards })
        : t("Boards {boards} go back to the Director.", { boards }));
    }
    /** @type {(Node | null)[]} */
    const nodes = [el("h2", { text: t("Round {round} is over at this table.", { round: round.round }) }),
      el("ul", { class: "moves", id: "moves" }, ...lines.map((line) => el("li", { text: line })))];
    nodes.push(el("div", { class: "row actions" }, el("button", { type: "button", class: "big primary", "data-action": "next-round",
      onclick: () => { local.moved.push(round.round); save(); ui.view = null; render(); refresh(); } },
      next.last ? "OK" : t("Start round {round}", { round: next.round ?? "" }))));
    return nodes;
  }
  function overScreen() {
    return [el("p", { class: "notice", id: "over", text: t("The session is over at this table: thank you. Hand the boards to the Director.") })];
  }

  window.addEventListener("online", () => { showConnection(); pump(); });
  window.addEventListener("offline", () => showConnection());
  // another device of the table (East-West's) may confirm, the Director may correct: look again now and then
  setInterval(() => { if (!sending && !local.queue.length && ui.view !== "after") refresh(); }, REFRESH_MS);
  showConnection();
  refresh().then(() => pump());
}
