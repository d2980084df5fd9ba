// muster serve: draws battle.json and map.svg, and reloads them when the
// server says the battle was checked again. Hand-written, no libraries.
"use strict";
const $ = (id) => document.getElementById(id);
let page = null;
let view = null; // the map's viewBox: {x, y, w, h}
let fitted = ""; // the scenario the view was last fitted to

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

function params() {
  const q = new URLSearchParams();
  if ($("scenario").value) q.set("scenario", $("scenario").value);
  return q;
}

async function load() {
  const r = await fetch("/battle.json?" + params());
  page = await r.json();
  document.title = page.title + " — muster serve";
  $("title").textContent = page.title;
  $("summary").textContent = page.summary;
  const sel = $("scenario"), keep = sel.value || page.scenario;
  sel.replaceChildren(...page.scenarios.map((s) => {
    const o = el("option", "", s.id + (s.name ? ": " + s.name : ""));
    o.value = s.id;
    return o;
  }));
  sel.value = keep;
  const t = $("turn");
  t.max = page.turns.length; // 0 is the set-up with every arrival
  if (+t.value > page.turns.length) t.value = 0;
  drawDiagnostics();
  drawOOB();
  await drawMap();
}

// The map's SVG is drawn at its own size; the view is its viewBox, which
// zoom and pan change and a redraw keeps.
function svgSize(svg) {
  return { w: +svg.getAttribute("width"), h: +svg.getAttribute("height") };
}

function applyView() {
  const svg = $("map").querySelector("svg");
  if (!svg || !view) return;
  svg.setAttribute("viewBox", [view.x, view.y, view.w, view.h].join(" "));
  svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
}

function fit(box) {
  const svg = $("map").querySelector("svg");
  if (!svg) return;
  const s = svgSize(svg);
  view = box ? { x: box.x, y: box.y, w: box.w, h: box.h } : { x: 0, y: 0, w: s.w, h: s.h };
  applyView();
}

function zoom(f, cx, cy) {
  if (!view) return;
  if (cx === undefined) { cx = view.x + view.w / 2; cy = view.y + view.h / 2; }
  const w = Math.min(Math.max(view.w * f, 40), 1e6), k = w / view.w;
  view = { x: cx - (cx - view.x) * k, y: cy - (cy - view.y) * k, w: w, h: view.h * k };
  applyView();
}

// point is a mouse position in the map's SVG units.
function point(e) {
  const m = $("map"), r = m.getBoundingClientRect();
  const k = Math.max(view.w / r.width, view.h / r.height);
  const ox = view.x - (r.width * k - view.w) / 2, oy = view.y - (r.height * k - view.h) / 2;
  return { x: ox + (e.clientX - r.left) * k, y: oy + (e.clientY - r.top) * k, k: k };
}

function drawDiagnostics() {
  const ol = $("diags");
  $("hidden").textContent = page.hidden ? page.hidden + " finding" + (page.hidden === 1 ? "" : "s") + " of other scenarios not listed (choose that scenario to see them)" : "";
  if (page.diagnostics.length === 0) {
    ol.replaceChildren(el("li", "clean", "No diagnostics: the battle checks clean."));
    return;
  }
  ol.replaceChildren(...page.diagnostics.map((d) => {
    const li = el("li");
    li.value = d.n;
    li.dataset.code = d.code;
    if (d.new) li.append(el("span", "new", "new"));
    li.append(el("span", d.severity, d.severity + " " + d.code), " ", d.message, " ");
    if (d.hexes.length) li.append(el("b", "", "[" + d.hexes.map((h) => h.label).join(", ") + "] "));
    li.append(el("span", "pos", d.pos));
    if (d.rule) li.append(" ", el("span", "rule", d.rule));
    if (d.hint) li.title = d.hint;
    li.addEventListener("click", () => focusHex(li, d));
    return li;
  }));
}

function focusHex(li, d) {
  document.querySelectorAll("#diags li.on").forEach((x) => x.classList.remove("on"));
  li.classList.add("on");
  const svg = $("map").querySelector("svg");
  if (!svg) return;
  svg.querySelectorAll("circle.focus").forEach((c) => c.remove());
  d.hexes.forEach((h) => {
    const c = document.createElementNS("http://www.w3.org/2000/svg", "circle");
    c.setAttribute("class", "focus");
    c.setAttribute("cx", h.x);
    c.setAttribute("cy", h.y);
    c.setAttribute("r", 26);
    svg.append(c);
  });
  if (d.hexes.length && view) {
    const h = d.hexes[0];
    const inside = h.x > view.x && h.x < view.x + view.w && h.y > view.y && h.y < view.y + view.h;
    if (!inside) {
      view = { x: h.x - view.w / 2, y: h.y - view.h / 2, w: view.w, h: view.h };
      applyView();
    }
  }
}

function drawTurn() {
  const i = +$("turn").value, ul = $("events");
  if (i === 0 || !page.turns[i - 1]) {
    $("turntext").textContent = "set-up, all arrivals";
    const all = page.turns.flatMap((t) => t.events.map((e) => t.text + ": " + e));
    ul.replaceChildren(...(all.length ? all : ["no arrivals or withdrawals"]).map((e) => el("li", "", e)));
    return;
  }
  const t = page.turns[i - 1];
  $("turntext").textContent = t.text;
  ul.replaceChildren(...(t.events.length ? t.events : ["nothing arrives or leaves"]).map((e) => el("li", "", e)));
}

async function drawMap() {
  drawTurn();
  const q = params(), i = +$("turn").value;
  if (i > 0 && page.turns[i - 1]) q.set("turn", page.turns[i - 1].index);
  const r = await fetch("/map.svg?" + q);
  const m = $("map");
  if (!r.ok) {
    m.replaceChildren(el("p", "", await r.text()));
    return;
  }
  const doc = new DOMParser().parseFromString(await r.text(), "image/svg+xml");
  m.replaceChildren(document.importNode(doc.documentElement, true));
  if (fitted !== page.scenario || !view) {
    fitted = page.scenario;
    fit(page.view);
  } else {
    applyView();
  }
}

function drawOOB() {
  const box = $("oob");
  box.replaceChildren();
  if (!page.oob) return;
  for (const side of page.oob.Sides) {
    const div = el("div");
    div.append(el("h3", "", side.Name));
    const table = el("table"), head = el("tr"), n = side.Columns.length;
    side.Columns.forEach((c) => head.append(el("th", "", c)));
    table.append(head);
    const line = (cls, text) => {
      const tr = el("tr", cls), td = el("td", "", text);
      td.colSpan = n;
      tr.append(td);
      table.append(tr);
    };
    for (const b of side.Blocks) {
      if (b.TotalsOnly) {
        line("totals", "Totals, " + b.Label + ": " + b.Totals.Text);
        continue;
      }
      const tr = el("tr"), td = el("td", "heading", b.Heading + (b.Level ? " (" + b.Level + ")" : ""));
      td.colSpan = n;
      tr.append(td);
      table.append(tr);
      for (const l of b.Leaders || []) {
        line("leader", l.Role + ": " + l.Name + (l.Ratings ? " — " + l.Ratings : "") + (l.Where ? " — " + l.Where : ""));
      }
      for (const u of b.Rows || []) {
        const ur = el("tr", u.Withdraws ? "withdraws" : "");
        u.Cells.forEach((c, i) => ur.append(el("td", "", i === 0 && u.Withdraws ? c + " (W)" : c)));
        table.append(ur);
      }
      if ((b.Rows || []).length && b.Totals) line("totals", b.Label + ": " + b.Totals.Text);
    }
    line("sidetotals", side.Name + " totals: " + side.Totals.Text);
    div.append(table);
    box.append(div);
  }
}

$("scenario").addEventListener("change", () => { $("turn").value = 0; load(); });
$("fit").addEventListener("click", () => fit(page && page.view));
$("whole").addEventListener("click", () => fit(null));
$("zoomin").addEventListener("click", () => zoom(1 / 1.4));
$("zoomout").addEventListener("click", () => zoom(1.4));
$("map").addEventListener("wheel", (e) => {
  if (!view) return;
  e.preventDefault();
  const p = point(e);
  zoom(e.deltaY > 0 ? 1.2 : 1 / 1.2, p.x, p.y);
}, { passive: false });
let drag = null;
$("map").addEventListener("pointerdown", (e) => {
  if (!view || e.button !== 0) return;
  drag = { x: e.clientX, y: e.clientY, view: { ...view }, k: point(e).k, moved: false };
  $("map").setPointerCapture(e.pointerId);
});
$("map").addEventListener("pointermove", (e) => {
  if (!drag) return;
  const dx = e.clientX - drag.x, dy = e.clientY - drag.y;
  if (Math.abs(dx) + Math.abs(dy) > 3) { drag.moved = true; $("map").classList.add("dragging"); }
  view = { x: drag.view.x - dx * drag.k, y: drag.view.y - dy * drag.k, w: drag.view.w, h: drag.view.h };
  applyView();
});
const endDrag = () => { drag = null; $("map").classList.remove("dragging"); };
$("map").addEventListener("pointerup", endDrag);
$("map").addEventListener("pointercancel", endDrag);
$("turn").addEventListener("input", drawMap);

const events = new EventSource("/events");
events.addEventListener("battle", (e) => {
  $("status").textContent = "live: checked " + new Date().toLocaleTimeString();
  if (page && +e.data !== page.gen) load();
});
events.onerror = () => { $("status").textContent = "disconnected: is muster serve running?"; };

load();
