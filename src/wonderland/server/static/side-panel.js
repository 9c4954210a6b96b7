// A side panel of the table page (advice.js, undo.js): a bar with one button, shown while it
// may be pressed, and a panel that comes and goes with what it says. Both are built on the
// first use, with the stylesheet /static/<name>.css, and placed by the caller; ids and
// classes are <name>-bar, <name>-ask, <name>-panel and <name>-title.
import { el, loadStyles } from "/static/dom.js";
import { icon } from "/static/icons.js";

export class SidePanel {
  /** `ask`: the button's children; `onAsk`: its click; `role`: the panel's role (or none);
   *  `place(bar, panel)` puts both in the page. */
  constructor(name, { ask, onAsk, role = null, place }) {
    this.name = name;
    this.options = { ask, onAsk, role, place };
    this.bar = null;
    this.button = null;
    this.panel = null;
  }

  /** Build the bar and the panel, once. */
  build() {
    if (this.bar) return this;
    const { name } = this;
    const { ask, onAsk, role, place } = this.options;
    loadStyles(`/static/${name}.css`);
    this.button = el("button", { type: "button", id: `${name}-ask`, class: `${name}-ask`, onclick: onAsk }, ...ask());
    this.bar = el("div", { class: `${name}-bar`, id: `${name}-bar`, hidden: "" }, this.button);
    this.panel = el("section", { class: `${name}-panel`, id: `${name}-panel`, role, "aria-live": "polite", "aria-labelledby": `${name}-title`, hidden: "" });
    place(this.bar, this.panel);
    return this;
  }

  /** The panel's heading: an icon, then words (and controls). */
  heading(iconName, ...children) {
    return el("h2", { id: `${this.name}-title`, class: `${this.name}-title` }, icon(iconName), ...children);
  }

  /** Show the panel with these children. */
  show(...children) {
    this.panel.hidden = false;
    this.panel.replaceChildren(...children);
  }

  /** Hide the panel and empty it. */
  hide() {
    this.panel.hidden = true;
    this.panel.replaceChildren();
  }
}
