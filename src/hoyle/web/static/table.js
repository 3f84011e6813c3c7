// hoyle's table page: one WebSocket, updates numbered by the table's actions; the page
// draws what the server sends (this seat's view, the events it may see) and nothing else.
const root = document.getElementById("table");
const tableId = root.dataset.table;
const $ = (id) => document.getElementById(id);
const SUITS = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };
let ws = null;
let last = 0;          // the last action number this page has seen
let frame = null;      // the last update
let selected = [];     // cards chosen for a move of several cards
let retry = 500;

export function pretty(card) {
  const r = card.slice(0, -1), s = card.slice(-1);
  return (r === "T" ? "10" : r) + SUITS[s];
}

function cardEl(card, opts = {}) {
  const el = document.createElement(opts.button ? "button" : "span");
  el.className = "card " + ("HD".includes(card.slice(-1)) ? "red" : "black");
  el.dataset.card = card;
  el.textContent = pretty(card);
  if (opts.button) el.type = "button";
  return el;
}

function cardsEl(cards, label) {
  const wrap = document.createElement("span");
  wrap.className = "cards";
  if (label) wrap.setAttribute("aria-label", label);
  for (const c of cards || []) wrap.appendChild(cardEl(c));
  if (!cards || !cards.length) wrap.append("\u2014");
  return wrap;
}

function send(msg) {
  if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(msg));
}

function move(fields) {
  $("error").textContent = "";
  send({ type: "move", seq: last, ...fields });
}

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  ws = new WebSocket(`${proto}://${location.host}/t/${tableId}/ws`);
  ws.onopen = () => { retry = 500; $("conn").textContent = "connected"; send({ type: "sync", seq: last }); };
  ws.onclose = (ev) => {
    if (ev.code === 4409) {  // this seat's oldest socket, closed for a newer one: no fight
      $("conn").textContent = "closed: this seat is open in a newer tab (reload to take it back here)";
      return;
    }
    if (ev.code === 4408) {  // too many messages: this socket is closed, a reload opens another
      $("conn").textContent = "closed by the server: " + (ev.reason || "too many messages") + " (reload to go on)";
      return;
    }
    if (ev.code === 4403) {  // a page of another origin: nothing to reconnect to
      $("conn").textContent = "closed by the server: " + (ev.reason || "refused");
      return;
    }
    $("conn").textContent = "disconnected: reconnecting…";
    setTimeout(connect, retry); retry = Math.min(retry * 2, 8000);
  };
  ws.onmessage = (ev) => {
    const msg = JSON.parse(ev.data);
    if (msg.type === "update") update(msg);
    else if (msg.type === "presence") presence(msg);
    else if (msg.type === "error") $("error").textContent = msg.message;
    else if (msg.type === "confirm") confirmMove(msg);
    else if (msg.type === "help") { $("said").replaceChildren(...msg.lines.map((t) => { const p = document.createElement("p"); p.textContent = t; return p; })); }
  };
}

function confirmMove(msg) {
  const box = $("decision");
  box.replaceChildren();
  const q = document.createElement("p"); q.textContent = msg.question;
  const yes = document.createElement("button"); yes.type = "button"; yes.textContent = "Yes";
  yes.onclick = () => move({ action: msg.action });
  const no = document.createElement("button"); no.type = "button"; no.textContent = "No";
  no.onclick = () => box.replaceChildren();
  box.append(q, yes, no);
  yes.focus();
}

function update(f) {
  frame = f;
  last = f.seq;
  root.dataset.seq = f.seq;
  root.dataset.mine = f.legal.length ? "1" : "0";
  root.dataset.finished = f.finished ? "1" : "0";
  selected = [];
  const live = $("live");
  for (const line of f.lines) {
    const li = document.createElement("li");
    li.textContent = line.text;
    li.dataset.n = line.n;
    if (/Ruling /.test(line.text)) li.className = "ruling";
    $("log").appendChild(li);
    const p = document.createElement("p"); p.textContent = line.text; live.appendChild(p);
  }
  while (live.childNodes.length > 12) live.removeChild(live.firstChild);
  if (f.lines.length) $("log").lastElementChild.scrollIntoView({ block: "nearest" });
  drawScores(f); drawBoard(f); drawCentre(f); drawShow(f);
  if (f.kind === "referee") drawReferee(f); else drawMine(f);
  const st = f.status.map((b) => typeof b === "string" ? b :
    [b.title, ...b.rows.map((r) => r.join("  "))].filter(Boolean).join("\n")).join("\n");
  $("status").textContent = st;
  $("seed").textContent = f.seed ? `Seed: ${f.seed} (its SHA-256 is the commitment above).`
                                 : "The seed is revealed when the game ends.";
  if (f.kind === "referee") { $("seed").textContent = f.finished ? "The game is over: the record holds every card entered." : ""; }
  drawMatch(f);
  drawPresence(f);
}

// who is present or away and the free seats: sent alone (a "presence" frame, of the same
// action number as the last update) when only they changed
function presence(p) {
  if (!frame) return;
  Object.assign(frame, { present: p.present, away: p.away, adjournment: p.adjournment,
                         free_seats: p.free_seats });
  drawPresence(frame);
}

function drawPresence(f) {
  const sit = document.querySelector(".sit");
  if (sit && (!f.free_seats.length || f.seat !== null)) sit.hidden = true;
  const invite = document.querySelector(".invite");
  if (invite && !f.free_seats.length) invite.hidden = true;
  const waiting = f.names.filter((_, i) => f.free_seats.includes(i));
  $("conn").textContent = "connected" + (waiting.length ? `; waiting for ${waiting.join(", ")} to sit` : "");
  // an away seat: its opponent sees how long the seat still waits (never forfeited)
  awayUntil = {};
  const now = Date.now();
  for (const [seat, gone] of Object.entries(f.away || {}))
    if (+seat !== f.seat && !f.finished) awayUntil[seat] = now + (f.adjournment - gone) * 1000;
  tick();
}

// a match table: the game, the games won, and each game's commitment, seed and record
function drawMatch(f) {
  const m = f.match;
  if (!m) return;
  const line = $("match");
  if (line) line.textContent = m.line;
  const c = $("commitment");
  if (c && f.commitment) c.textContent = f.commitment;
  const seed = $("seed");
  if (seed && f.kind !== "referee" && !f.finished) seed.textContent = "This game's seed is revealed when it ends.";
  const list = $("games");
  if (!list) return;
  list.replaceChildren(...m.games.map((g) => {
    const li = document.createElement("li");
    const a = document.createElement("a");
    a.href = `/t/${root.dataset.table}/record.json?game=${g.number}`;
    a.textContent = `Game ${g.number}`;
    li.append(a, g.commitment ? `: commitment ${g.commitment}` : "", g.seed ? `, seed ${g.seed}` : "",
              g.over ? "" : " (being played)");
    return li;
  }));
}

let awayUntil = {};
function clock(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}
// once a second: each away seat's countdown; at zero the game is adjourned and kept
function tick() {
  const box = $("away");
  if (!box || !frame) return;
  const parts = [];
  for (const [seat, until] of Object.entries(awayUntil)) {
    const who = frame.names[seat], left = until - Date.now();
    parts.push(left > 0 ? `${who} is away: the seat waits ${clock(left)} before the game is adjourned.`
      : `${who} has not come back: the game is adjourned and kept as it stands. Nothing is forfeited; ` +
        `it goes on from this move when ${who} opens the link again (you may close the page and come back too).`);
  }
  box.textContent = parts.join(" ");
  box.hidden = !parts.length;
}
setInterval(tick, 1000);

// the show, hand by hand in the players' words, as the game holds it on screen
let showGame = null;     // the match's game the show on the page is of
function drawShow(f) {
  const box = $("show");
  if (!box) return;
  const game = f.match ? f.match.game : 1;
  if (game !== showGame) { box.replaceChildren(); showGame = game; }  // a new game: none yet
  if (!f.show || !f.show.length) return;  // the last show stays until the next
  const h = document.createElement("h2"); h.textContent = "The last show";
  box.replaceChildren(h, ...f.show.map((t) => { const p = document.createElement("p"); p.textContent = t; return p; }));
}

// the referee's page: the prompt, the decision's options as buttons, the pack to tap
// cards into the entry line, and the report menu
function drawReferee(f) {
  const buttons = $("buttons");
  $("hand").replaceChildren(); buttons.replaceChildren(); $("decision").replaceChildren();
  $("prompt").textContent = f.prompt || (f.finished ? "The game is over." : "");
  for (const d of f.decision) { const p = document.createElement("p"); p.textContent = d; $("decision").appendChild(p); }
  for (const a of f.legal) {
    const b = document.createElement("button"); b.type = "button"; b.textContent = a.toLowerCase();
    b.className = "act"; b.onclick = () => move({ action: a });
    buttons.appendChild(b);
  }
  if (!f.board) {  // a game with no pegging board: its score as the terminal says it
    const score = document.createElement("p"); score.className = "score-line"; score.textContent = (f.score || []).join("; ");
    $("scores").appendChild(score);
  }
  const form = $("move");
  form.hidden = !f.referee || f.finished;
  const pack = $("pack"), menu = $("menu");
  if (pack && !pack.childElementCount) {
    for (const c of f.pack) {
      const b = cardEl(c, { button: true });
      b.setAttribute("aria-label", "enter " + pretty(c));
      b.onclick = () => { const i = $("move-text"); i.value = (i.value.trim() + " " + c.toLowerCase()).trim(); i.focus(); };
      pack.appendChild(b);
    }
  }
  if (menu) {
    menu.replaceChildren();
    for (const m of f.menu) {
      const li = document.createElement("li");
      const b = document.createElement("button"); b.type = "button"; b.className = "act report";
      b.textContent = `${m.kind} (${m.law})`; b.dataset.kind = m.kind;
      b.onclick = () => { const who = $("report-seat").value; move({ text: `report ${m.kind}` + (who !== "" ? ` ${who}` : "") }); };
      li.append(b, " " + m.text);
      menu.appendChild(li);
    }
  }
  if (f.referee && !f.finished && document.activeElement === document.body) $("move-text").focus();
}

function drawScores(f) {
  const v = f.view, box = $("scores");
  box.replaceChildren();
  const scores = v.scores || [];
  scores.forEach((s, i) => {
    const p = document.createElement("p");
    const who = v.players > 2 && scores.length < v.players ? `Side ${i + 1}` : f.names[i];
    p.textContent = `${who}: ${s} of ${v.target}` + (v.tricks ? `, tricks ${v.tricks[i]}` : "") +
      (v.dealer === i ? " (dealer)" : "") + (v.elder === i ? " (elder hand)" : "") +
      (v.announced && v.announced[i] ? " (marked the king)" : "") + (f.to_act === i ? " \u2190 to play" : "");
    p.className = "score" + (f.to_act === i ? " to-act" : "");
    box.appendChild(p);
  });
  if (v.result) {
    const p = document.createElement("p"); p.className = "result";
    const w = v.result.winner;
    p.textContent = w === f.seat ? "Game over: you win." :
      `Game over: ${f.names[w] || "side " + (w + 1)} wins.`;
    box.appendChild(p);
  }
}

// The board (f.board: the game's tracks, target and marked line): a start hole, the holes
// in groups of five, rows of thirty, the game hole at the end, the skunk (or lurch) line
// drawn after its hole; each side's front and back peg.
function drawBoard(f) {
  const b = f.board, box = $("board");
  box.replaceChildren();
  if (!b) return;
  const ns = "http://www.w3.org/2000/svg", perRow = 30, gap = 9, group = 5;
  const rows = Math.ceil((b.target - 1) / perRow), sides = b.tracks.length, rowH = sides * gap + 10;
  const xOf = (c) => 24 + c * gap + Math.floor(c / group) * 5;
  const W = xOf(perRow) + 24, H = rows * rowH + 8;
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", b.tracks.map((t) => `${t.name} ${t.front}, back peg ${t.back}`).join("; ") +
    `; game ${b.target}` + (b.line ? `; ${b.line[0]} line after ${b.line[1]}` : ""));
  svg.classList.add("board");
  const el = (tag, attrs) => { const e = document.createElementNS(ns, tag); for (const k in attrs) e.setAttribute(k, attrs[k]); svg.appendChild(e); return e; };
  const where = (h) => {  // hole h (1 .. target-1) -> row, column; 0: the start hole, target: the game hole
    if (h <= 0) return [0, -1.6];
    if (h >= b.target) return [rows - 1, perRow + 0.6];
    return [Math.floor((h - 1) / perRow), (h - 1) % perRow];
  };
  const px = (c) => c < 0 ? 10 : c >= perRow ? W - 12 : xOf(c);
  b.tracks.forEach((t, side) => {
    for (let h = 0; h <= b.target; h++) {
      const [r, c] = where(h);
      if (h === 0 && r !== 0) continue;
      const front = Math.min(t.front, b.target) === h, back = t.back === h && t.back !== t.front;
      el("circle", { cx: px(c), cy: 8 + r * rowH + side * gap, r: front || back ? 3.4 : (h === 0 || h === b.target ? 2.4 : 1.4),
        class: front ? `front peg${side % 3}` : back ? `back peg${side % 3}` : (h === 0 ? "hole start" : h === b.target ? "hole game" : "hole") });
    }
  });
  if (b.line) {
    const [r, c] = where(b.line[1]);
    const x = px(c) + gap / 2 + (c % group === group - 1 ? 2.5 : 0);
    el("line", { x1: x, x2: x, y1: 2 + r * rowH, y2: r * rowH + sides * gap + 4, class: "line" });
    const label = el("text", { x: x + 2, y: r * rowH + sides * gap + 9, class: "line-label" });
    label.textContent = b.line[0];
  }
  box.appendChild(svg);
}

function labelled(text, node) {
  const p = document.createElement("p");
  p.append(text + " ", node);
  return p;
}

function drawCentre(f) {
  const v = f.view, box = $("centre");
  box.replaceChildren();
  if ("starter" in v) box.appendChild(labelled("Starter:", cardsEl(v.starter ? [v.starter] : [])));
  if ("count_cards" in v) box.appendChild(labelled(`Count ${v.count}:`, cardsEl(v.count_cards, "the cards of the count")));
  if ("turn_up" in v) box.appendChild(labelled("Turn-up:", cardsEl(v.turn_up ? [v.turn_up] : [])));
  if ("trick" in v) box.appendChild(labelled("Trick:", cardsEl(v.trick.map((p) => p[1]), "the trick")));
  if ("stock_size" in v) box.appendChild(labelled("Stock:", document.createTextNode(`${v.stock_size} cards; proposals ${v.proposals}, exchanges ${v.exchanges}`)));
  if (v.shown && v.shown.length) {
    for (const [seat, what, cards] of v.shown)
      box.appendChild(labelled(seat === f.seat ? `Your ${what}:` : `${f.names[seat]}'s ${what}:`, cardsEl(cards)));
  }
  if (v.hand_sizes) {
    const others = v.hand_sizes.map((n, i) => i === f.seat ? null : `${f.names[i]} holds ${n}`).filter(Boolean);
    box.appendChild(labelled("", document.createTextNode(others.join("; "))));
  }
}

function actionCards(a) { return a.split(" ").slice(1).filter((t) => /^(10|[2-9TJQKA])[SHDC]$/.test(t)); }

function drawMine(f) {
  const hand = $("hand"), buttons = $("buttons");
  hand.replaceChildren(); buttons.replaceChildren(); $("decision").replaceChildren();
  $("prompt").textContent = f.prompt || (f.finished ? "The game is over." :
    f.seat === null ? "" : "Waiting for the other side.");
  const v = f.view;
  const legal = new Set(f.legal_cards);
  for (const c of v.hand || []) {
    const b = cardEl(c, { button: true });
    b.setAttribute("aria-label", pretty(c) + (legal.has(c) ? " (playable)" : ""));
    if (legal.has(c)) b.classList.add("legal"); else b.disabled = true;
    b.onclick = () => pick(c, b);
    hand.appendChild(b);
  }
  if (v.kept && v.kept.length && v.phase !== "discard") hand.appendChild(labelled(" kept:", cardsEl(v.kept)));
  if (v.discards && v.discards.length) hand.appendChild(labelled(" laid away:", cardsEl(v.discards)));
  for (const d of f.decision) { const p = document.createElement("p"); p.textContent = d; $("decision").appendChild(p); }
  const plain = f.legal.filter((a) => actionCards(a).length === 0);
  if (plain.length <= 14) for (const a of plain) {
    const b = document.createElement("button"); b.type = "button"; b.textContent = a.toLowerCase();
    b.className = "act"; b.onclick = () => move({ action: a });
    buttons.appendChild(b);
  } else {  // many plain choices (a claim's every number): one list and a button
    const label = document.createElement("label"); label.textContent = "Choose ";
    const sel = document.createElement("select"); sel.id = "choices";
    for (const a of plain) { const o = document.createElement("option"); o.value = a; o.textContent = a.toLowerCase(); sel.appendChild(o); }
    label.appendChild(sel);
    const b = document.createElement("button"); b.type = "button"; b.textContent = "Send"; b.className = "act choose";
    b.onclick = () => move({ action: sel.value });
    buttons.append(label, b);
  }
  const form = $("move");
  form.hidden = f.seat === null || f.finished;
  if (f.prompt && document.activeElement === document.body) {
    const first = hand.querySelector("button.legal") || buttons.querySelector("button");
    if (first) first.focus();
  }
}

// A click chooses a card; a move is sent when the chosen cards are exactly a legal
// action's and no legal action takes more of them (else a Send button waits).
function pick(card, el) {
  const i = selected.indexOf(card);
  if (i >= 0) { selected.splice(i, 1); el.classList.remove("chosen"); }
  else { selected.push(card); el.classList.add("chosen"); }
  el.setAttribute("aria-pressed", selected.includes(card) ? "true" : "false");
  const key = (cs) => [...cs].sort().join(" ");
  const want = key(selected);
  const exact = frame.legal.filter((a) => actionCards(a).length && key(actionCards(a)) === want);
  const more = frame.legal.some((a) => { const cs = actionCards(a); return cs.length > selected.length && selected.every((c) => cs.includes(c)); });
  const buttons = $("buttons");
  buttons.querySelectorAll(".chosen-send").forEach((b) => b.remove());
  if (exact.length === 1 && !more) { move({ action: exact[0] }); return; }
  for (const a of exact) {
    const b = document.createElement("button"); b.type = "button"; b.className = "act chosen-send";
    b.textContent = a.split(" ")[0].toLowerCase() + " " + actionCards(a).map(pretty).join(" ");
    b.onclick = () => move({ action: a });
    buttons.appendChild(b);
  }
}

$("move").addEventListener("submit", (ev) => {
  ev.preventDefault();
  const input = $("move-text");
  const text = input.value.trim();
  if (!text) return;
  move({ text });
  input.value = "";
});
document.addEventListener("keydown", (ev) => {
  if (ev.key === "/" && document.activeElement !== $("move-text")) { ev.preventDefault(); $("move-text").focus(); }
});
connect();
