// The events pages (tenace.server.events): the new-event form offers only the movements and scoring methods of
// the kind of event chosen, and shows only the sizes that movement needs (without the script every choice is
// offered and the server refuses a wrong pair, with a message naming the field); on an event's page the
// "Correct" button of a result fills its table, round and board into the ruling forms.
// @ts-check

/** @type {Record<string, string[]>} the size fields each movement uses */
const SIZES = {
  mitchell: ["tables"], howell: ["tables"], individual: ["players"],
  "round-robin": ["teams"], swiss: ["teams"], knockout: ["teams"],
};

/** @param {HTMLSelectElement} select @param {string} kind */
function offer(select, kind) {
  let first = /** @type {HTMLOptionElement | null} */ (null);
  for (const option of Array.from(select.options)) {
    const fits = option.dataset.kind === kind;
    option.hidden = !fits;
    option.disabled = !fits;
    if (fits && !first) first = option;
  }
  const chosen = select.selectedOptions[0];
  if ((!chosen || chosen.disabled) && first) select.value = first.value;
}

/** @param {HTMLFormElement} form */
function sizes(form) {
  const movement = /** @type {HTMLSelectElement} */ (form.elements.namedItem("movement")).value;
  const wanted = SIZES[movement] || [];
  for (const name of ["tables", "teams", "players"]) {
    const input = /** @type {HTMLInputElement | null} */ (form.elements.namedItem(name));
    if (!input) continue;
    const shown = wanted.includes(name);
    input.disabled = !shown; // a disabled field is not sent
    for (const element of [form.querySelector(`label[for="${input.id}"]`), input.nextElementSibling]) {
      if (element instanceof HTMLElement && (element === input.nextElementSibling
        ? element.classList.contains("field-hint") : true)) element.hidden = !shown;
    }
    input.hidden = !shown;
  }
}

const form = /** @type {HTMLFormElement | null} */ (document.getElementById("new-event"));
if (form) {
  const kind = /** @type {HTMLSelectElement} */ (form.elements.namedItem("kind"));
  const movement = /** @type {HTMLSelectElement} */ (form.elements.namedItem("movement"));
  const method = /** @type {HTMLSelectElement} */ (form.elements.namedItem("method"));
  const update = () => {
    offer(movement, kind.value);
    offer(method, kind.value);
    sizes(form);
  };
  kind.addEventListener("change", update);
  movement.addEventListener("change", () => sizes(form));
  update();
}

/** The ruling forms' table, round and board fields, by the prefix of their ids. */
const RULINGS = ["c", "a", "f", "ap"];

for (const button of Array.from(document.querySelectorAll("button.fill"))) {
  if (!(button instanceof HTMLButtonElement)) continue;
  button.hidden = false;
  button.addEventListener("click", () => {
    for (const prefix of RULINGS) {
      for (const name of ["table", "round", "board"]) {
        const input = document.getElementById(`${prefix}-${name}`);
        if (input instanceof HTMLInputElement) input.value = button.dataset[name] || "";
      }
    }
    const result = document.getElementById("c-result");
    document.getElementById("correct")?.scrollIntoView();
    if (result instanceof HTMLInputElement) result.focus();
  });
}
