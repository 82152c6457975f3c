// The round clock of a club session's table (docs/directing-online.md, "round clock"): the time left in the
// round, counted down each second from the deadline the page was given; once it is up the clock says so and
// turns red (the Director may then move the session on, Law 81C2).
// @ts-check

/**
 * "12:05" for 725 seconds, "1:02:05" past an hour.
 * @param {number} seconds
 */
export function clockText(seconds) {
  const whole = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = String(whole % 60).padStart(2, "0");
  return hours ? `${hours}:${String(minutes).padStart(2, "0")}:${rest}` : `${minutes}:${rest}`;
}

/** @param {HTMLElement} clock the element with ``data-deadline`` (ISO 8601) and ``data-up`` (the text once up) */
export function startClock(clock) {
  const deadline = Date.parse(clock.dataset.deadline ?? "");
  if (Number.isNaN(deadline)) return;
  const fact = clock.closest(".clock-fact");
  const tick = () => {
    const left = (deadline - Date.now()) / 1000;
    const up = left <= 0;
    clock.textContent = up ? (clock.dataset.up ?? "0:00") : clockText(left);
    clock.dataset.left = String(Math.max(0, Math.round(left)));
    if (fact) fact.classList.toggle("late", up);
    return up;
  };
  if (tick()) return;
  const timer = window.setInterval(() => { if (tick()) window.clearInterval(timer); }, 1000);
}
