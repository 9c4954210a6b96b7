// Wonderland's War's score widget: the quests of each player as feat/objective steppers, one
// row per quest (rule W51). It writes the text the typed form takes ("3/2 -/4") into a hidden input
// of class "field", so the page sends one request whichever way the quests were entered.
import { el } from "/static/dom.js";
import { stepper } from "/static/score-steppers.js";
import { prose, ruleRef } from "/static/words.js";

/** The stylesheet the widget needs, next to this module. */
export const styles = ["score.css"];

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
    el("span", { class: "step-help" }, prose("points of each achieved part; – for a part not achieved; both parts double (G1)")),
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

/** Why the steppers cannot show the players' typed quests (a text not in feat/objective form),
 *  or null when they can. */
function questsCheck(field, entries) {
  const bad = entries.filter((entry) => parseQuests(entry[field.key]) === null)
    .map((entry) => `${entry.name}: ${field.label} "${entry[field.key]}"`);
  return bad.length ? `The steppers cannot show ${bad.join(", ")}: write each quest as feat/objective points (e.g. 3/2 -/4), or clear it.` : null;
}

/** The score page's widgets by field kind. */
export const widgets = {
  quests: {
    box: (field, p, value, page) => questPicker({ field, p, text: value, onChange: page.changed }),
    check: questsCheck,
  },
};
