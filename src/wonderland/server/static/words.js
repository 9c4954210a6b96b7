// Text as a person reads it: seat numbers become names and bracketed rule clauses such as
// "(P8)" become small references, "rule P8", that cannot be mistaken for cards (the terminal
// writes the same words: wonderland.core.words).
import { el } from "/static/dom.js";

// Only clauses in brackets are references: a bare "P8" may be a card (a purple 8).
// "(P14)" and "(P14, P15)" become references; "(P14: same colour)" keeps its words too; a
// clause already written as words, "(rule W48)", is styled the same.
const CLAUSE = /\((?:rules? )?((?:[A-Z]{1,2}\d{1,3}[a-z]?)(?:(?:,\s?|\/|–|-|\s(?:and|or)\s)[A-Z]{1,2}\d{1,3}[a-z]?)*)(?::\s*([^()]*))?\)/g;
const SEAT = /\b[Ss]eat (\d)\b/g;  // seats as people count them, from 1

/** A small reference to a rule clause, e.g. ruleRef("P8") reads "rule P8". */
export function ruleRef(clause) {
  const words = /[A-Z]\d+[a-z]?\W+[A-Z]/.test(clause) ? "rules" : "rule";
  return el("abbr", { class: "rule-ref", title: `${words} ${clause} (see the game's rules)` }, `${words} ${clause}`);
}

/** Text with rule clauses as references and "seat N" (N counted from 1, as every sentence
 *  counts seats) as the seat's name; a fragment.
 *  `name(seat)` gives a seat's name by its index, from 0 ("you" for the reader's own seat). */
export function prose(text, name = null) {
  const fragment = document.createDocumentFragment();
  let rest = String(text);
  if (name) rest = rest.replace(SEAT, (whole, seat) => name(Number(seat) - 1) ?? whole);
  let last = 0;
  for (const match of rest.matchAll(CLAUSE)) {
    fragment.append(rest.slice(last, match.index));
    // As the terminal writes it: "(rule P14)", "(rule P14: same colour)".
    fragment.append("(", ruleRef(match[1]), match[2] ? `: ${match[2]})` : ")");
    last = match.index + match[0].length;
  }
  fragment.append(rest.slice(last));
  return fragment;
}
