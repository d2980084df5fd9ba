// muster serve: draws battle.json and map.svg, and reloads them when the
// server says the battle was checked again. Hand-written, no libraries.
"use strict";
const $ = (id) => document.getElementById(id);
let page = null;

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

function drawDiagnostics() {
  const ol = $("diags");
  if (page.diagnostics.length === 0) {
    ol.replaceChildren(el("li", "clean", "No diagnostics: the battle checks clean."));
    return;
  }
  ol.replaceChildren(...page.diagnostics.map((d) => {
    const li = el("li");
    li.value = d.n;
    li.dataset.code = d.code;
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
  if (d.hexes.length) {
    const m = $("map");
    m.scrollTo({ left: d.hexes[0].x - m.clientWidth / 2, top: d.hexes[0].y - m.clientHeight / 2, behavior: "smooth" });
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
  const left = m.scrollLeft, top = m.scrollTop;
  m.replaceChildren(document.importNode(doc.documentElement, true));
  m.scrollTo(left, top);
}

function drawOOB() {
  const box = $("oob");
  box.replaceChildren();
  if (!page.oob) return;
  for (const side of page.oob.Sides) {
    const div = el("div");
    div.append(el("h3", "", side.Name));
    const table = el("table"), head = el("tr");
    side.Columns.forEach((c) => head.append(el("th", "", c)));
    table.append(head);
    for (const b of side.Blocks) {
      const tr = el("tr"), td = el("td", "heading", b.Heading);
      td.colSpan = side.Columns.length;
      tr.append(td);
      table.append(tr);
      for (const l of b.Leaders || []) {
        const lr = el("tr", "leader"), lt = el("td", "", l.Name + (l.Where ? " — " + l.Where : ""));
        lt.colSpan = side.Columns.length;
        lr.append(lt);
        table.append(lr);
      }
      for (const u of b.Rows || []) {
        const ur = el("tr", u.Withdraws ? "withdraws" : "");
        u.Cells.forEach((c) => ur.append(el("td", "", c)));
        table.append(ur);
      }
    }
    div.append(table);
    box.append(div);
  }
}

$("scenario").addEventListener("change", () => { $("turn").value = 0; load(); });
$("turn").addEventListener("input", drawMap);

const events = new EventSource("/events");
events.addEventListener("battle", (e) => {
  $("status").textContent = "live: checked " + new Date().toLocaleTimeString();
  if (page && +e.data !== page.gen) load();
});
events.onerror = () => { $("status").textContent = "disconnected: is muster serve running?"; };

load();
