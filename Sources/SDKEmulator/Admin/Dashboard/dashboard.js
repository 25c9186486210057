// The emulator's dashboard: reads and changes the emulator through its JSON admin API only
// (GET /_admin/ lists it). No build step, no outside assets; data is put on the page as text,
// never as markup.
"use strict";

const admin = "/_admin";
const pollMilliseconds = 250;
const shownRequests = 500;
const dashboard = { ready: false, api: null, routes: [], lastSequence: 0, entries: new Map(), selected: null };
window.dashboard = dashboard;

function element(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = String(text);
  if (className) node.className = className;
  return node;
}

async function call(method, path, body) {
  const response = await fetch(admin + path, {
    method,
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
    cache: "no-store",
  });
  const text = await response.text();
  const value = text ? JSON.parse(text) : null;
  if (!response.ok) {
    const message = value && value.error ? value.error.message : response.status + " " + response.statusText;
    throw new Error(message);
  }
  return value;
}

function describeFault(fault) {
  if (!fault) return "";
  switch (fault.kind) {
    case "status": return "status " + fault.status + (fault.code ? " " + fault.code : "");
    case "delay": return "delay " + fault.milliseconds + " ms";
    default: return fault.kind;
  }
}

// MARK: Request log

function isDropped(entry) {
  return Boolean(entry.fault && entry.fault.kind.startsWith("drop"));
}

function isUnderWay(entry) {
  return (entry.status === undefined || entry.status === null) && !isDropped(entry);
}

function statusCell(entry) {
  if (entry.status === undefined || entry.status === null) {
    return element("td", isDropped(entry) ? "dropped" : "…", isDropped(entry) ? "status-bad" : "muted");
  }
  return element("td", entry.status, entry.status < 400 ? "status-ok" : "status-bad");
}

function row(entry) {
  const tr = element("tr");
  tr.dataset.sequence = entry.sequence;
  tr.dataset.route = entry.route || "";
  tr.dataset.status = entry.status === undefined || entry.status === null ? "" : entry.status;
  const time = new Date(entry.receivedAt);
  tr.append(
    element("td", entry.sequence),
    element("td", time.toLocaleTimeString([], { hour12: false }) + "." + String(time.getMilliseconds()).padStart(3, "0")),
    element("td", entry.method),
    element("td", entry.route || "(no route)", entry.route ? "" : "muted"),
    element("td", entry.path),
    statusCell(entry),
    element("td", describeFault(entry.fault)),
  );
  tr.addEventListener("click", () => showDetail(entry.sequence));
  if (dashboard.selected === entry.sequence) tr.classList.add("selected");
  return tr;
}

function showDetail(sequence) {
  const entry = dashboard.entries.get(sequence);
  if (!entry) return;
  dashboard.selected = sequence;
  for (const tr of document.querySelectorAll("#log tbody tr")) {
    tr.classList.toggle("selected", Number(tr.dataset.sequence) === sequence);
  }
  document.getElementById("detail-section").hidden = false;
  document.getElementById("detail-title").textContent = "#" + entry.sequence + " " + entry.method + " " + entry.path;
  const headers = document.querySelector("#detail-headers tbody");
  headers.replaceChildren(...entry.headers.map((field) => {
    const tr = element("tr");
    tr.append(element("th", field.name), element("td", field.value));
    return tr;
  }));
  let body = entry.body !== undefined ? entry.body : entry.bodyBase64 !== undefined ? "(base64) " + entry.bodyBase64 : "";
  try { if (body) body = JSON.stringify(JSON.parse(body), null, 2); } catch (_) { /* not JSON: as it is */ }
  if (entry.bodyOmitted !== undefined) {
    body = `(not kept: ${entry.bodyOmitted.length} bytes, SHA-256 ${entry.bodyOmitted.sha256})`;
  }
  document.getElementById("detail-body").textContent = body || "(empty)";
}

async function refreshLog() {
  // Entries still under way are asked for again, so their status appears when it is known.
  const pending = [...dashboard.entries.values()].filter(isUnderWay);
  const after = pending.length ? Math.min(...pending.map((entry) => entry.sequence)) - 1 : dashboard.lastSequence;
  const { requests } = await call("GET", "/requests?after=" + after);
  const body = document.querySelector("#log tbody");
  for (const entry of requests) {
    const known = dashboard.entries.has(entry.sequence);
    dashboard.entries.set(entry.sequence, entry);
    const fresh = row(entry);
    const old = body.querySelector('tr[data-sequence="' + entry.sequence + '"]');
    if (known && old) old.replaceWith(fresh);
    else body.prepend(fresh);
    dashboard.lastSequence = Math.max(dashboard.lastSequence, entry.sequence);
  }
  // The page keeps the newest requests only, like the emulator's own log.
  while (body.rows.length > shownRequests) {
    const oldest = body.rows[body.rows.length - 1];
    dashboard.entries.delete(Number(oldest.dataset.sequence));
    oldest.remove();
  }
  document.getElementById("log-empty").hidden = dashboard.entries.size > 0;
}

// MARK: Faults

async function refreshFaults() {
  const { faults } = await call("GET", "/faults");
  const list = document.getElementById("faults");
  list.replaceChildren(...faults.map((rule) => {
    const item = element("li");
    const scope = rule.times !== undefined ? ", next " + rule.times : rule.fraction !== undefined ? ", " + rule.fraction * 100 + " %" : ", until cleared";
    item.append(element("code", rule.route || "every route"), document.createTextNode(": " + describeFault(rule.fault) + scope));
    // The admin API clears faults by route: the button says what it removes.
    const clear = element("button", rule.route ? "clear " + rule.route + "'s faults" : "clear all faults");
    clear.type = "button";
    clear.addEventListener("click", () => act(() => call("DELETE", "/faults" + (rule.route ? "?route=" + encodeURIComponent(rule.route) : ""))));
    item.append(clear);
    return item;
  }));
  if (!faults.length) list.replaceChildren(element("li", "none", "muted"));
}

function faultFromForm() {
  const kind = document.getElementById("fault-kind").value;
  const fault = { kind };
  if (kind === "status") {
    fault.status = Number(document.getElementById("fault-status").value);
    fault.code = fault.status >= 400 ? "INJECTED" : undefined;
  }
  if (kind === "delay") fault.milliseconds = Number(document.getElementById("fault-delay").value);
  const rule = { fault };
  const route = document.getElementById("fault-route").value;
  if (route) rule.route = route;
  const times = document.getElementById("fault-times").value;
  if (times) rule.times = Number(times);
  return rule;
}

// MARK: API state

function tags(values) {
  const cell = element("td");
  if (!values.length) cell.append(element("span", "none", "muted"));
  for (const value of values) cell.append(element("span", value, "tag"));
  return cell;
}

function table(headings, rows) {
  const node = element("table");
  const head = element("tr");
  head.append(...headings.map((heading) => element("th", heading)));
  node.append(element("thead"), element("tbody"));
  node.tHead.append(head);
  node.tBodies[0].append(...rows);
  return node;
}

async function voidhashState() {
  const [{ people }, { events }] = await Promise.all([call("GET", "/voidhash/people"), call("GET", "/voidhash/events")]);
  // A person's groups: the `$groups` of their latest event that carried any.
  const groups = new Map();
  for (const event of events) {
    const value = event.properties && event.properties.$groups;
    if (value && typeof value === "object") groups.set(event.distinctId, Object.entries(value).map(([type, key]) => type + ": " + key));
  }
  return table(["person", "email", "active perks", "groups"], people.map((person) => {
    const tr = element("tr");
    tr.append(element("td", person.distinctId), element("td", person.email || ""), tags(person.activePerkSlugs || []), tags(groups.get(person.distinctId) || []));
    return tr;
  }));
}

async function mobileJoeState() {
  const [{ identities }, { plans }] = await Promise.all([call("GET", "/mobilejoe/identities"), call("GET", "/mobilejoe/votes")]);
  const container = element("div");
  container.append(element("h3", "Identities"), table(["anonymous ID", "device ID", "external ID", "identified"], identities.map((identity) => {
    const tr = element("tr");
    tr.append(element("td", identity.anonymousId), element("td", identity.deviceId), element("td", identity.externalId || "", identity.externalId ? "" : "muted"), element("td", new Date(identity.identifiedAt).toLocaleTimeString([], { hour12: false })));
    return tr;
  })));
  container.append(element("h3", "Votes"), table(["plan", "status", "votes", "voters"], plans.map((plan) => {
    const tr = element("tr");
    tr.append(element("td", plan.title + " (" + plan.id + ")"), element("td", plan.status), element("td", plan.votes), tags(plan.voters));
    return tr;
  })));
  return container;
}

async function refreshState() {
  if (!dashboard.api) return;
  const content = dashboard.api === "voidhash" ? await voidhashState() : await mobileJoeState();
  document.getElementById("state").replaceChildren(content);
}

// MARK: Wiring

async function act(change) {
  const problem = document.getElementById("fault-error");
  try {
    await change();
    problem.hidden = true;
  } catch (error) {
    problem.textContent = error.message;
    problem.hidden = false;
  }
  await refreshAll();
}

async function refreshAll() {
  const connection = document.getElementById("connection");
  try {
    await Promise.all([refreshLog(), refreshFaults(), refreshState()]);
    connection.textContent = "live";
    connection.className = "status-ok";
  } catch (error) {
    connection.textContent = "cannot reach the emulator: " + error.message;
    connection.className = "error";
  }
}

async function start() {
  const index = await call("GET", "/");
  dashboard.routes = index.routes.map((route) => route.name);
  const adminPaths = index.admin.map((route) => route.path);
  dashboard.api = adminPaths.some((path) => path.startsWith(admin + "/voidhash/")) ? "voidhash"
    : adminPaths.some((path) => path.startsWith(admin + "/mobilejoe/")) ? "mobilejoe" : null;
  document.getElementById("api-name").textContent = dashboard.api ? "· " + (dashboard.api === "voidhash" ? "Voidhash" : "Mobile Joe") : "";
  document.getElementById("state-title").textContent = dashboard.api === "voidhash" ? "People, perks and groups" : dashboard.api === "mobilejoe" ? "Identities and votes" : "State";
  const select = document.getElementById("fault-route");
  for (const name of dashboard.routes) {
    const option = element("option", name);
    option.value = name;
    select.append(option);
  }
  const kind = document.getElementById("fault-kind");
  kind.addEventListener("change", () => {
    document.getElementById("fault-status-label").hidden = kind.value !== "status";
    document.getElementById("fault-delay-label").hidden = kind.value !== "delay";
  });
  document.getElementById("fault-form").addEventListener("submit", (event) => {
    event.preventDefault();
    act(() => call("POST", "/faults", faultFromForm()));
  });
  document.getElementById("faults-clear").addEventListener("click", () => act(() => call("DELETE", "/faults")));
  document.getElementById("reset").addEventListener("click", () => act(async () => {
    await call("POST", "/reset");
    dashboard.entries.clear();
    dashboard.lastSequence = 0;
    document.querySelector("#log tbody").replaceChildren();
    document.getElementById("detail-section").hidden = true;
  }));
  await refreshAll();
  dashboard.ready = true;
  const loop = async () => {
    await refreshAll();
    setTimeout(loop, pollMilliseconds);
  };
  setTimeout(loop, pollMilliseconds);
}

start().catch((error) => {
  const connection = document.getElementById("connection");
  connection.textContent = "the dashboard could not start: " + error.message;
  connection.className = "error";
});
