// The Director's pages.
// * The login page shows why a login was refused: /auth/login sends the form back with ?login_error=CODE.
// * The console looks for new Director calls every few seconds (GET /api/director/calls) and reloads itself
//   when the open calls change, unless the Director is typing in one of its forms.
// * The console's forms (a new session, the Director's election, a claim ruling, his answer to a player's
//   call) are sent in the background,
//   so that a refusal (a bad seating line, a table that has moved on since the page was shown) is explained on
//   the console with everything typed still there instead of a page of JSON, and a second press cannot act
//   twice. Without JavaScript they still work as plain forms.
// * The club session page asks before a forced move to the next round while tables are still playing.
// @ts-check

function showLoginError() {
  const code = new URLSearchParams(window.location.search).get("login_error");
  if (!code) return;
  /** @type {HTMLElement[]} */
  const messages = [...document.querySelectorAll("[data-codes]")].filter((el) => el instanceof HTMLElement);
  for (const el of messages) {
    el.hidden = !(el.dataset.codes ?? "").split(" ").includes(code);
  }
  // an unknown code (a refused form for another reason) still says that the login failed
  if (!messages.some((el) => !el.hidden)) {
    const first = document.getElementById("login-error");
    if (first) first.hidden = false;
  }
  document.getElementById("login-password")?.focus();
}

/** A form sent in the background and not yet answered: its own navigation comes next, not a reload. */
let sending = false;

function busy() {
  if (sending) return true;
  const active = document.activeElement;
  return active !== null && ["INPUT", "TEXTAREA", "SELECT"].includes(active.tagName);
}

function watchCalls() {
  const shown = new Set(
    [...document.querySelectorAll(".director-call")].map((el) => (el instanceof HTMLElement ? `${el.dataset.table}:${el.dataset.seq}` : "")),
  );
  const notice = document.getElementById("calls-changed");

  async function look() {
    try {
      const answer = await fetch("/api/director/calls", { credentials: "same-origin" });
      if (!answer.ok) return;
      /** @type {{calls: {table_id: string, key?: string, seq?: number}[]}} */
      const { calls } = await answer.json();
      const now = new Set(calls.map((c) => `${c.table_id}:${c.key ?? c.seq}`));
      const same = now.size === shown.size && [...now].every((key) => shown.has(key));
      if (same) return;
      if (busy()) {
        if (notice) notice.hidden = false;
      } else {
        window.location.reload();
      }
    } catch (error) {
      // the server is away for a moment: look again later
    }
  }

  setInterval(look, 3000);
}

/**
 * What the server said of a refused form, in its words.
 * @param {Response} answer
 */
async function problemOf(answer) {
  try {
    const body = await answer.json();
    if (typeof body.detail === "string") return body.detail;
    if (Array.isArray(body.detail)) return body.detail.map((/** @type {{msg?: string}} */ d) => d.msg || String(d)).join("; ");
    return body.message || body.error || `${answer.status} ${answer.statusText}`;
  } catch (error) {
    return `${answer.status} ${answer.statusText}`;
  }
}

/** @param {HTMLFormElement} form */
function sendInBackground(form) {
  /** @type {HTMLElement | null | undefined} */
  const problem = form.closest("article, section")?.querySelector(".form-error");
  if (!problem) return;
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    /** @type {HTMLButtonElement | null} */
    const button = form.querySelector("button[type=submit]");
    if (!button || button.disabled) return;
    button.disabled = true;
    problem.hidden = true;
    sending = true;
    try {
      const fields = new URLSearchParams();  // the console's forms have text fields only, no file
      for (const [name, value] of new FormData(form)) if (typeof value === "string") fields.append(name, value);
      const answer = await fetch(form.action, { method: "POST", credentials: "same-origin", body: fields });
      if (answer.ok) {
        // the server answers a form with a redirect (the new session's page, or the console), which fetch
        // has followed
        window.location.assign(answer.redirected ? answer.url : "/director");
        return;
      }
      sending = false;
      problem.textContent = await problemOf(answer);
      problem.hidden = false;
      problem.scrollIntoView({ block: "nearest" });
    } catch (error) {
      form.submit(); // the server could not be asked in the background: send it as a plain form
      return;
    }
    button.disabled = false;
  });
}

// A form with data-confirm (the session page's "Next round now" while tables are still playing) asks first.
/** @param {HTMLFormElement} form */
function confirmFirst(form) {
  form.addEventListener("submit", (event) => {
    if (!window.confirm(form.dataset.confirm ?? "")) event.preventDefault();
  });
}

showLoginError();
for (const form of document.querySelectorAll("form[data-confirm]")) if (form instanceof HTMLFormElement) confirmFirst(form);
if (document.querySelector("main.director")) {
  watchCalls();
  for (const form of document.querySelectorAll("form[data-background]")) if (form instanceof HTMLFormElement) sendInBackground(form);
}
