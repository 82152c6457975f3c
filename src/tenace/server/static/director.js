// The director console looks for new Director calls every few seconds (GET /api/director/calls) and reloads
// itself when the open calls change, unless the Director is typing in one of its forms.
const shown = new Set(
  [...document.querySelectorAll(".director-call")].map((el) => `${el.dataset.table}:${el.dataset.seq}`),
);
const notice = document.getElementById("calls-changed");

function busy() {
  const active = document.activeElement;
  return active !== null && ["INPUT", "TEXTAREA", "SELECT"].includes(active.tagName);
}

async function look() {
  try {
    const answer = await fetch("/api/director/calls", { credentials: "same-origin" });
    if (!answer.ok) return;
    const { calls } = await answer.json();
    const now = new Set(calls.map((c) => `${c.table_id}:${c.seq}`));
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
