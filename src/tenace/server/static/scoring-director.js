// The Director's page of a face-to-face session (tenace.server.table_scoring): the progress, the results to
// look at and the rankings are fetched again every few seconds (the page itself, read with DOMParser, so the
// server renders them in one place); a "Correct" button fills the correction form with its board.
// @ts-check

const POLL_MS = 4000;
const root = document.getElementById("scoring-director");

/** @param {HTMLElement} root */
async function poll(root) {
  try {
    const address = new URL(window.location.href); // the same language as the page
    address.searchParams.set("part", "live"); // the server leaves the QR codes out
    address.searchParams.delete("error");
    address.hash = "";
    const answer = await fetch(address, { credentials: "same-origin" });
    if (answer.ok) {
      const page = new DOMParser().parseFromString(await answer.text(), "text/html");
      const fresh = page.getElementById("live");
      const live = document.getElementById("live");
      if (fresh && live && fresh.innerHTML !== live.innerHTML) live.innerHTML = fresh.innerHTML;
      root.dataset.polled = String(Number(root.dataset.polled || 0) + 1);
    }
  } catch (e) {
    // the next poll tries again
  }
  setTimeout(() => poll(root), POLL_MS);
}

if (root) {
  root.addEventListener("click", (event) => {
    const button = event.target instanceof Element ? event.target.closest("button.fill-correction") : null;
    if (!(button instanceof HTMLButtonElement)) return;
    for (const name of ["table", "round", "board"]) {
      const input = document.getElementById(`c-${name}`);
      if (input instanceof HTMLInputElement) input.value = button.dataset[name] ?? "";
    }
    document.getElementById("c-result")?.focus();
  });
  setTimeout(() => poll(root), POLL_MS);
}
