// Steppers for the score calculators: a number with - and + buttons (44 px or more), the part's
// name and its rule clause; and the quests as feat/objective steppers, one row per quest. Each
// writes the same text the typed form takes into an input of class "field", so the page sends
// one request whichever way the numbers were entered.
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

/** `3/2 -/4` as [{ feat: 3, objective: 2 }, { feat: 0, objective: 4 }] (0: not achieved);
 *  null when the text is not that form (the typed form then keeps it). */
export function parseQuests(text) {
  const quests = [];
  for (const word of String(text || "").trim().split(/\s+/).filter(Boolean)) {
    if (["none", "-"].includes(word.toLowerCase())) continue;
    const match = /^(-|\d+)\/(-|\d+)$/.exec(word);
    if (!match) return null;
    quests.push({ feat: match[1] === "-" ? 0 : Number(match[1]), objective: match[2] === "-" ? 0 : Number(match[2]) });
  }
  return quests;
}

/** The quests as the typed form writes them (a quest with neither part is left out). */
export function questText(quests) {
  const words = quests.filter((q) => q.feat || q.objective)
    .map((q) => `${q.feat ? q.feat : "-"}/${q.objective ? q.objective : "-"}`);
  return words.length ? words.join(" ") : "none";
}

const PART = { minimum: 0, maximum: 20, choices: [], blank: "0" };

/** The quests of player `p`: per quest a feat and an objective stepper (0 shows as "–", not
 *  achieved), "Add a quest" and "Remove"; the text goes to a hidden input of class "field". */
export function questPicker({ field, p, text, onChange = () => {} }) {
  const hidden = el("input", { type: "hidden", id: `${field.key}-${p}`, class: "field", "data-key": field.key });
  const quests = parseQuests(text) || [];
  const list = el("ol", { class: "quest-list" });
  const box = el("div", { class: "quest-picker", role: "group", "aria-labelledby": `${field.key}-${p}-label` },
    el("p", { class: "step-label", id: `${field.key}-${p}-label` }, field.label, field.clause ? " " : null, field.clause ? ruleRef(field.clause) : null),
    el("span", { class: "step-help" }, "points of each achieved part; – for a part not achieved; both parts double (G1)"),
    list, hidden);
  const write = () => { hidden.value = questText(quests); onChange(); };
  const draw = () => {
    list.replaceChildren(...quests.map((quest, i) => {
      const part = (name) => {
        const id = `${field.key}-${p}-${i}-${name}`;
        const row = stepper({
          id, field: { ...PART, label: name, prompt: "" }, value: quest[name] ? String(quest[name]) : "–",
          key: `${field.key}-${name}`, label: name, spoken: `quest ${i + 1} ${name}`, fieldClass: "quest-part",
          onChange: () => {
            const input = row.querySelector("input");
            const value = Number.parseInt(input.value, 10);
            quest[name] = Number.isNaN(value) || value < 0 ? 0 : value;
            if (!quest[name] && input.value !== "–" && document.activeElement !== input) input.value = "–";
            write();
          },
        });
        return row;
      };
      return el("li", { class: "quest" },
        el("span", { class: "quest-head" }, `Quest ${i + 1}`,
          el("button", { type: "button", class: "quest-remove", onclick: () => { quests.splice(i, 1); draw(); write(); } }, `Remove quest ${i + 1}`)),
        part("feat"), part("objective"));
    }));
  };
  box.append(el("button", { type: "button", class: "quest-add", onclick: () => {
    quests.push({ feat: 0, objective: 0 });
    draw();
    write();
    list.lastElementChild?.querySelector(".step")?.focus();
  } }, "Add a quest"));
  draw();
  hidden.value = questText(quests);
  return box;
}
