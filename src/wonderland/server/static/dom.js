// Small element builders shared by the pages: HTML elements, SVG elements, stylesheets.
const SVG_NS = "http://www.w3.org/2000/svg";

function fill(node, attrs, children, html) {
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (html && key === "class") node.className = value;
    else if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined && child !== "" && child !== false) node.append(child);
  }
  return node;
}

/** An HTML element: el("button", { class: "x", onclick: f }, "text", child). */
export function el(tag, attrs = {}, ...children) {
  return fill(document.createElement(tag), attrs, children, true);
}

/** An SVG element, built like el(): svg("circle", { cx: 5, cy: 5, r: 4 }). */
export function svg(tag, attrs = {}, ...children) {
  return fill(document.createElementNS(SVG_NS, tag), attrs, children, false);
}

/** Style properties set through the CSSOM (the page's content policy refuses style
 *  attributes): styled(node, { left: "10%", "--level": 2 }). */
export function styled(node, props) {
  for (const [name, value] of Object.entries(props)) node.style.setProperty(name, String(value));
  return node;
}

/** Adds the stylesheet at `href` to the page, once. */
export function loadStyles(href) {
  if (document.querySelector(`link[href="${href}"]`)) return;
  document.head.append(el("link", { rel: "stylesheet", href }));
}
