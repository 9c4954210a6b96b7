// Steppers for the score calculators: a number with - and + buttons (44 px or more), the part's
// name and its rule clause. It writes the same text the typed form takes into an input of class
// "field", so the page sends one request whichever way the numbers were entered; a game's own
// widgets may build on it.
import { el } from "/static/dom.js";
import { ruleRef } from "/static/words.js";

/** The next value from `value` by `delta` steps, kept in the field's range or its choices. */
export function stepped(field, value, delta) {
  const choices = field.choices || [];
  if (choices.length) {
    const at = choices.indexOf(value);
    const from = at >= 0 ? at : delta > 0 ? -1 : choices.length;
    return choices[Math.max(0, Math.min(choices.length - 1, from + delta))];
  }
  let next = value + delta;
  if (field.minimum !== null && field.minimum !== undefined) next = Math.max(field.minimum, next);
  if (field.maximum !== null && field.maximum !== undefined) next = Math.min(field.maximum, next);
  return next;
}

/** The number a stepper starts from: the text if it is one, else what a blank means. */
export function startValue(field, text) {
  const value = String(text ?? "").trim();
  if (/^-?\d+$/.test(value)) return value;
  if (field.blank !== null && field.blank !== undefined && /^-?\d+$/.test(field.blank)) return field.blank;
  if (field.choices && field.choices.length) return String(field.choices[0]);
  return String(field.minimum ?? 0);
}

function button(text, label, onclick) {
  return el("button", { type: "button", class: "step", "aria-label": label, title: label, onclick }, text);
}

/** One stepper: [-] value [+]. `input` gets the id and classes the typed form's input has. */
export function stepper({ id, field, value, key = field.key, label = field.label, spoken = label, fieldClass = "field", onChange = () => {} }) {
  const input = el("input", {
    id, class: `${fieldClass} step-value`, "data-key": key, inputmode: "numeric", autocomplete: "off",
    value, "aria-describedby": `${id}-help`, "aria-label": spoken !== label ? spoken : null,
  });
  const move = (delta) => {
    const now = Number.parseInt(input.value, 10);
    const next = stepped(field, Number.isNaN(now) ? Number(startValue(field, "")) : now, delta);
    input.value = String(next);
    onChange();
  };
  input.addEventListener("input", onChange);
  return el("div", { class: "stepper-row" },
    el("label", { for: id, class: "step-label" }, label, field.clause ? " " : null, field.clause ? ruleRef(field.clause) : null),
    el("span", { class: "step-help", id: `${id}-help` }, field.prompt),
    el("span", { class: "stepper" },
      button("−", `one less: ${spoken}`, () => move(-1)),
      input,
      button("+", `one more: ${spoken}`, () => move(1))));
}
