// hoyle's table page: one WebSocket, updates numbered by the table's actions; the page
// draws what the server sends (this seat's view, the events it may see) and nothing else.
const root = document.getElementById("table");
const tableId = root.dataset.table;
const $ = (id) => document.getElementById(id);
const SUITS = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };
let ws = null;
let last = 0;          // the last action number this page has seen
let errorAt = null;    // the action number the server's last refusal (shown) came at
let frame = null;      // the last update
let selected = [];     // cards chosen for a move of several cards
let aheadPick = [];    // the lay-away chosen before this seat's turn
let pendingName = "";  // a name sent to the table, kept for the browser once taken
let retry = 500;
let resyncing = true;  // the next update answers a sync: the lines it resends are not news

export function pretty(card) {
  const r = card.slice(0, -1), s = card.slice(-1);
  return (r === "T" ? "10" : r) + SUITS[s];
}

const NS = "http://www.w3.org/2000/svg";
const L = 19, M = 30, R = 41;
// each rank's pips on a 60x84 card: [x, y, upside down]
const PIPS = {
  "2": [[M, 17], [M, 67, 1]], "3": [[M, 17], [M, 42], [M, 67, 1]],
  "4": [[L, 17], [R, 17], [L, 67, 1], [R, 67, 1]],
  "5": [[L, 17], [R, 17], [M, 42], [L, 67, 1], [R, 67, 1]],
  "6": [[L, 17], [R, 17], [L, 42], [R, 42], [L, 67, 1], [R, 67, 1]],
  "7": [[L, 17], [R, 17], [M, 29.5], [L, 42], [R, 42], [L, 67, 1], [R, 67, 1]],
  "8": [[L, 17], [R, 17], [M, 29.5], [L, 42], [R, 42], [M, 54.5, 1], [L, 67, 1], [R, 67, 1]],
  "9": [[L, 17], [R, 17], [L, 33.7], [R, 33.7], [M, 42], [L, 50.3, 1], [R, 50.3, 1], [L, 67, 1], [R, 67, 1]],
  "T": [[L, 17], [R, 17], [M, 25.3], [L, 33.7], [R, 33.7], [L, 50.3, 1], [R, 50.3, 1], [M, 58.7, 1], [L, 67, 1], [R, 67, 1]],
};

function svgEl(parent, tag, attrs, text) {
  const e = document.createElementNS(NS, tag);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  if (text !== undefined) e.textContent = text;
  parent.appendChild(e);
  return e;
}

function pip(svg, suit, x, y, size, flip) {
  const u = svgEl(svg, "use", { href: "#suit-" + suit, x: x - size / 2, y: y - size / 2, width: size, height: size,
                                class: "s-" + suit });
  if (flip) u.setAttribute("transform", `rotate(180 ${x} ${y})`);
}

// A card's face as SVG drawn here (no image file): the corner indices, the pips of a
// number card, a framed letter for a court card; its suit is a class (s-H ...), so the
// two- and four-colour packs are a stylesheet's choice.
function faceSvg(card) {
  const r = card.slice(0, -1), s = card.slice(-1);
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", "0 0 60 84");
  svg.setAttribute("aria-hidden", "true");
  svgEl(svg, "rect", { x: .5, y: .5, width: 59, height: 83, rx: 5, class: "face" });
  const rank = r === "T" ? "10" : r;
  for (const flip of [0, 1]) {
    const g = svgEl(svg, "g", flip ? { transform: "rotate(180 30 42)" } : {});
    svgEl(g, "text", { x: rank.length > 1 ? 1.5 : 3.5, y: 13, class: "s-" + s,
                       "letter-spacing": rank.length > 1 ? "-1.5" : "0" }, rank);
    pip(g, s, 8, 20.5, 7, 0);
  }
  if (PIPS[r]) for (const [x, y, f] of PIPS[r]) pip(svg, s, x, y, 10, f);
  else if (r === "A") pip(svg, s, M, 42, 22, 0);
  else {  // J, Q, K: a frame, the letter, a pip above and below
    svgEl(svg, "rect", { x: 13, y: 10, width: 34, height: 64, rx: 2, class: "court s-" + s });
    pip(svg, s, M, 20, 10, 0); pip(svg, s, M, 64, 10, 1);
    svgEl(svg, "text", { x: M, y: 51, "text-anchor": "middle", class: "big s-" + s }, r);
  }
  return svg;
}

function backSvg() {
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", "0 0 60 84");
  svg.setAttribute("aria-hidden", "true");
  svgEl(svg, "rect", { x: 1.5, y: 1.5, width: 57, height: 81, rx: 5, class: "back-face" });
  return svg;
}

function cardEl(card, opts = {}) {
  const el = document.createElement(opts.button ? "button" : "span");
  el.className = "card " + ("HD".includes(card.slice(-1)) ? "red" : "black");
  el.dataset.card = card;
  el.appendChild(faceSvg(card));
  if (opts.button) el.type = "button";
  else { el.setAttribute("role", "img"); el.setAttribute("aria-label", pretty(card)); }
  return el;
}

// n cards face down (another seat's hand, the crib, the stock): no card is named
function backsEl(n, label) {
  const wrap = document.createElement("span");
  wrap.className = "stack";
  wrap.setAttribute("role", "img");
  wrap.setAttribute("aria-label", label);
  for (let i = 0; i < n; i++) {
    const c = document.createElement("span"); c.className = "card back"; c.appendChild(backSvg());
    wrap.appendChild(c);
  }
  return wrap;
}

function cardsEl(cards, label) {
  const wrap = document.createElement("span");
  wrap.className = "cards fan";
  if (label) { wrap.setAttribute("role", "group"); wrap.setAttribute("aria-label", label); }
  for (const c of cards || []) wrap.appendChild(cardEl(c));
  return wrap;
}

function send(msg) {
  if (ws && ws.readyState === WebSocket.OPEN) { ws.send(JSON.stringify(msg)); return true; }
  return false;
}

// A move sent leaves the table busy (aria-busy) till the server answers it; meanwhile a
// second tap sends nothing (it would be refused as stale). Never longer than 10 s.
let busyTimer = null;
const busy = () => root.getAttribute("aria-busy") === "true";
function setBusy(on) {
  clearTimeout(busyTimer);
  if (on) { root.setAttribute("aria-busy", "true"); busyTimer = setTimeout(() => setBusy(false), 10000); }
  else root.removeAttribute("aria-busy");
}

// A move is sent now or refused where the player is looking: never kept to be sent later
// (the table may have moved on by then), never dropped without a word.
function move(fields) {
  if (busy()) return;
  $("error").textContent = ""; errorAt = null;
  if (send({ type: "move", seq: last, ...fields })) setBusy(true);  // till the answer
  else $("error").textContent = "Not sent: the connection to the table is lost. Reconnecting\u2026 make the move again when the page says connected.";
}

function connState(text, lost) {
  const c = $("conn");
  c.textContent = text;
  c.classList.toggle("lost", !!lost);
}

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  ws = new WebSocket(`${proto}://${location.host}/t/${tableId}/ws`);
  ws.onopen = () => {
    connState("connected"); resyncing = true;
    if (/^Not sent: the connection/.test($("error").textContent)) $("error").textContent = "";
    send({ type: "sync", seq: last });
  };
  ws.onclose = (ev) => {
    setBusy(false);
    if (ev.code === 4409) {  // this seat's oldest socket, closed for a newer one: no fight
      connState("closed: this seat is open in a newer tab (reload to take it back here)", true);
      return;
    }
    if (ev.code === 4408) {  // too many messages: this socket is closed, a reload opens another
      connState("closed by the server: " + (ev.reason || "too many messages") + " (reload to go on)", true);
      return;
    }
    if (ev.code === 4403) {  // a page of another origin: nothing to reconnect to
      connState("closed by the server: " + (ev.reason || "refused"), true);
      return;
    }
    connState("connection lost: reconnecting\u2026", true);
    // later and later while it fails (a socket accepted, then closed before its first
    // frame, counts as failed), spread so that a stopped worker's pages do not all come back
    // at one instant
    setTimeout(connect, retry * (0.5 + Math.random())); retry = Math.min(retry * 2, 8000);
  };
  ws.onmessage = (ev) => {
    retry = 500;  // the server answered: the next loss is tried again soon
    const msg = JSON.parse(ev.data);
    if (msg.type !== "presence") setBusy(false);  // a move sent is answered
    if (msg.type === "update") update(msg);
    else if (msg.type === "presence") presence(msg);
    else if (msg.type === "error") { $("error").textContent = msg.message; errorAt = last; }
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

// the whole table asked again from its start (the log cleared first)
function resyncFromStart() {
  $("log").replaceChildren(); last = 0; resyncing = true;
  send({ type: "sync", seq: 0 });
}

// cards as one comparable text, whatever their order
const cardsKey = (cs) => [...cs].sort().join(" ");

let wasFinished = false;

// a small phone's page taller than its screen scrolled (the window, never a container) so
// that the `must` elements are on the screen, the `also` elements with them when there is
// room, the first's top kept on it: on your turn the prompt and the moves' buttons (a manual
// count's claim in a four-hand show at 360x640) with the coach's; at the game's end "Play again"
function bringIntoView(must, also = []) {
  const bottomOf = (ids) => Math.max(...ids.map((id) => $(id))
    .filter((e) => !e.hidden && e.getClientRects().length).map((e) => e.getBoundingClientRect().bottom));
  if (bottomOf(must) <= window.innerHeight) return;  // in view, or not shown
  const by = Math.min(bottomOf([...must, ...also]) - window.innerHeight + 8,
    $(must[0]).getBoundingClientRect().top - 4);
  if (by > 0) window.scrollBy(0, by);
}

function update(f) {
  if (frame && !f.reset && f.undos !== frame.undos) {
    resyncFromStart();  // moves were taken back while this page was away
    return;
  }
  if (f.reset) { $("log").replaceChildren(); $("live").replaceChildren(); resyncing = true; }
  if (frame && f.seq !== frame.seq) $("said").replaceChildren();  // a hint is for one move
  // a refusal is about the table as it was when it came: gone once the table moves again
  if (errorAt !== null && f.seq !== errorAt) { $("error").textContent = ""; errorAt = null; }
  frame = f;
  last = f.seq;
  root.dataset.seq = f.seq;
  root.dataset.mine = f.legal.length ? "1" : "0";
  root.dataset.finished = f.finished ? "1" : "0";
  root.dataset.phase = f.view.phase || "";
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
  if (!resyncing) queueShow(f.lines.map((l) => l.text));  // not the past, resent on (re)connecting
  if (showing && f.view.phase === "play" && "count_cards" in f.view) stopShow();
  resyncing = false;
  if (f.lines.length) { const log = $("log"); log.scrollTop = log.scrollHeight; }  // the log's own scroll, never the page's
  drawScores(f); drawBoard(f); drawOthers(f); drawCentre(f); drawShow(f); drawTitle(f);
  if (f.kind === "referee") drawReferee(f); else drawMine(f);
  if (f.finished && !wasFinished) bringIntoView(["again"]);  // the game's end
  wasFinished = !!f.finished;
  if (f.legal.length && f.kind !== "referee") bringIntoView(["prompt", "buttons"], ["coach"]);
  const st = f.status.map((b) => typeof b === "string" ? b :
    [b.title, ...b.rows.map((r) => r.join("  "))].filter(Boolean).join("\n")).join("\n");
  $("status").textContent = st;
  $("seed").textContent = f.seed ? `Seed: ${f.seed} (its SHA-256 is the commitment above).`
                                 : "The seed is revealed when the game ends.";
  if (f.kind === "referee") { $("seed").textContent = f.finished ? "The game is over: the record holds every card entered." : ""; }
  drawMatch(f);
  drawPresence(f);
  drawRename(f);
}

// A seat's name, changed before the game starts (the first move): the other pages get the
// new name in their next frame and ask for every line again in it
function drawRename(f) {
  const form = $("rename");
  if (!form) return;
  if (f.me && $("who-name")) { $("who-name").textContent = f.me; $("who-name").title = f.me; }
  const fromLobby = sessionStorage.getItem("hoyle-name-pending");
  if (fromLobby !== null && f.me) {  // the lobby's name, taken by the table: kept
    if (f.me.startsWith(fromLobby) || !fromLobby) localStorage.setItem("hoyle-name", fromLobby);
    sessionStorage.removeItem("hoyle-name-pending");
  }
  if (pendingName && f.me && f.me.startsWith(pendingName)) {  // taken: kept for this browser
    localStorage.setItem("hoyle-name", pendingName); pendingName = "";
  }
  const was = !form.hidden;
  form.hidden = !f.rename;
  if (f.rename && !was) $("rename-name").value = f.me && !/^Player \d+$/.test(f.me) ? f.me.replace(/ \(seat \d+\)$/, "") : "";
}

// who is present or away and the free seats: sent alone (a "presence" frame, of the same
// action number as the last update) when only they changed
function presence(p) {
  if (!frame) return;
  if (p.names && JSON.stringify(p.names) !== JSON.stringify(frame.names)) {
    resyncFromStart();  // a seat was taken with a name: every line again in the new names
    return;
  }
  Object.assign(frame, { present: p.present, away: p.away, adjournment: p.adjournment,
                         free_seats: p.free_seats, watching: p.watching });
  drawPresence(frame);
}

function drawPresence(f) {
  const sit = document.querySelector(".sit");
  if (sit && (!f.free_seats.length || f.seat !== null)) sit.hidden = true;
  const invite = document.querySelector(".invite");
  if (invite && !f.free_seats.length) invite.hidden = true;
  const waiting = f.names.filter((_, i) => f.free_seats.includes(i));
  connState("connected" + (waiting.length ? `; waiting for ${waiting.join(", ")} to sit` : ""));
  const n = f.watching || 0;
  $("watchers").textContent = n ? `${n} watching` : "";
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
  box.replaceChildren(h, ...f.show.map((t) => {
    const p = document.createElement("p"); p.textContent = t;
    if (/^\s*[\u201c"]/.test(t)) p.className = "said";
    return p;
  }));
}

// The show as players do it: each hand (and the crib) laid out over the play area, each
// combination lifted in turn as it is announced ("fifteen two, fifteen four, a pair is
// six"), read from the game's own lines (the same text the log shows); at the speed the
// settings say, or skipped. The page goes on underneath: a move may be made meanwhile.
const CARD_GLYPH = /^(10|[2-9JQKA])([\u2660\u2665\u2666\u2663])$/;
const GLYPH_SUIT = { "\u2660": "S", "\u2665": "H", "\u2666": "D", "\u2663": "C" };
const unpretty = (t) => { const m = CARD_GLYPH.exec(t); return m ? (m[1] === "10" ? "T" : m[1]) + GLYPH_SUIT[m[2]] : null; };
const showQueue = [];
let showing = false, showRun = 0;

function queueShow(texts) {
  let cur = null, fresh = true;
  for (const t of texts) {
    const head = /^(.*?) shows? (the hand|the crib): (.+?) \+ starter (\S+) = (\d+)$/.exec(t);
    if (head) {
      if (fresh) { showQueue.length = 0; fresh = false; }  // a newer show: an older one waiting is dropped
      cur = { who: head[1], what: head[2], cards: head[3].split(" ").map(unpretty).filter(Boolean),
              starter: unpretty(head[4]), total: +head[5], items: [] };
      showQueue.push(cur);
      continue;
    }
    if (!cur) continue;
    const words = t.trim().split(/\s+/);
    const points = /^\d+$/.test(words[words.length - 1]) ? +words[words.length - 1] : null;
    const cards = words.map(unpretty).filter(Boolean);
    if (points !== null && cards.length && !t.includes(":") && !t.includes("\u2192")) {
      cur.items.push({ words: words.filter((w) => !unpretty(w)).slice(0, -1).join(" "), cards, points });
    } else cur = null;  // the score line ends the hand's items
  }
  if (!showing) nextShow();
}

const WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
  "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen",
  "twenty", "twenty-one", "twenty-two", "twenty-three", "twenty-four", "twenty-five", "twenty-six",
  "twenty-seven", "twenty-eight", "twenty-nine"];
const numberWords = (n) => WORDS[n] ?? String(n);

function showPace() {
  const v = $("show-speed") ? $("show-speed").value : "normal";
  return { slow: 1600, normal: 900, fast: 400, skip: 0 }[v] ?? 900;
}

// the last show's hands, still being laid out when the next deal's play begins, give way
// to the play (the side's "last show" keeps their words)
function stopShow() {
  showRun++;
  showQueue.length = 0; showing = false;
  if ($("showing")) $("showing").hidden = true;
}

function nextShow(run = ++showRun) {
  if (run !== showRun) return;  // stopped since
  const box = $("showing");
  const item = showQueue.shift();
  const pace = showPace();
  if (!item || !pace || !box) { showing = false; if (box) box.hidden = true; showQueue.length = 0; return; }
  showing = true;
  box.hidden = false;
  const title = document.createElement("p"); title.className = "title";
  title.textContent = `${item.who === "You" ? "Your" : item.who + "'s"} ${item.what.replace("the ", "")}`;
  const row = document.createElement("div"); row.className = "cards";
  const els = {};
  for (const c of [...item.cards, item.starter]) { const e = cardEl(c); els[c] = e; row.appendChild(e); }
  if (els[item.starter]) els[item.starter].classList.add("starter");
  const said = document.createElement("p"); said.className = "said";
  box.replaceChildren(title, row, said);
  let total = 0, i = 0;
  const step = () => {
    if (run !== showRun) return;
    for (const e of Object.values(els)) e.classList.remove("lit");
    if (i >= item.items.length) {
      said.textContent = item.items.length ? `\u201c${said.textContent}\u201d = ${item.total}` : "\u201cnineteen\u201d (nothing) = 0";
      setTimeout(() => nextShow(run), pace * 1.5);
      return;
    }
    const it = item.items[i++];
    total += it.points;
    for (const c of it.cards) if (els[c]) els[c].classList.add("lit");
    const spoken = /^fifteen/.test(it.words) ? `fifteen ${numberWords(total)}` : `${it.words} is ${numberWords(total)}`;
    said.textContent = (said.textContent ? said.textContent + ", " : "") + spoken;
    setTimeout(step, pace);
  };
  setTimeout(step, pace / 2);
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
  if ((f.likely || []).length) {  // a claim's every number is typed; the likely ones tapped
    const lead = document.createElement("span"); lead.className = "likely-lead"; lead.textContent = "Claimed:";
    buttons.appendChild(lead);
    for (const l of f.likely) {
      const b = document.createElement("button"); b.type = "button"; b.textContent = l.label;
      b.className = "act likely"; b.onclick = () => move({ action: l.action });
      buttons.appendChild(b);
    }
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
  if (f.referee && !f.finished && document.activeElement === document.body) $("move-text").focus({ preventScroll: true });
}

const board = { shown: null, key: null, timer: null, frame: null, svg: null, layout: null, holes: [], pegged: [] };
const phone = window.matchMedia("(max-width: 46rem)");
const sideways = window.matchMedia("(orientation: landscape) and (max-height: 32rem)");  // style.css
for (const q of [phone, sideways]) q.addEventListener("change", () => { if (frame) renderBoard(); });

// the game's result in words: who won, and the score
function resultLine(f) {
  const v = f.view, r = v.result;
  if (!r) return "The game is over.";
  const scores = v.scores || [];
  const sides = f.board ? f.board.tracks.map((t) => t.name) : f.names;
  const who = r.winner === f.seat || (f.board && scores.length < (v.players || 0) && f.seat !== null
    && f.seat % scores.length === r.winner) ? "You win" : (() => {
      const side = sides[r.winner] || "side " + (r.winner + 1);
      return `${side} ${side.includes(" & ") ? "win" : "wins"}`;  // partners win
    })();
  // the winner's score first, then the others', as the log and the record give them
  const shown = [scores[r.winner], ...scores.filter((_, i) => i !== r.winner)];
  return `Game over: ${who}, ${shown.join("\u2013")}.`;
}

function drawScores(f) {
  const v = f.view, box = $("scores");
  box.replaceChildren();
  const scores = v.scores || [];
  scores.forEach((s, i) => {
    const p = document.createElement("p");
    const who = f.board ? f.board.tracks[i].name
      : v.players > 2 && scores.length < v.players ? `Side ${i + 1}` : f.names[i];
    if (f.board) { const sw = document.createElement("span"); sw.className = `swatch peg${i % 3}`; p.appendChild(sw); }
    const nm = document.createElement("span"); nm.className = "nm"; nm.textContent = who; nm.title = who;
    p.append(nm, `: ${Math.min(s, v.target)} of ${v.target}` + (v.tricks ? `, tricks ${v.tricks[i]}` : "") +
      (v.dealer === i && scores.length === (v.players || scores.length) ? " (dealer)" : "") +
      (v.elder === i ? " (elder hand)" : "") +
      (v.announced && v.announced[i] ? " (marked the king)" : ""));
    p.className = "score" + (f.to_act === i ? " to-act" : "");
    box.appendChild(p);
  });
  if (v.result) {
    const p = document.createElement("p"); p.className = "result banner";
    p.textContent = resultLine(f);
    box.appendChild(p);
  }
}

// The board (f.board: the game's tracks, target and marked line): a start hole, the holes
// in streets of thirty in groups of five, the streets run there and back (their direction
// marked), the game hole at the end, the skunk (or lurch) line after its hole, each side's
// front and back peg. Upright beside the table; across the top on a phone. When points are
// pegged the front peg walks hole by hole (a setting; never for reduced motion).
function drawBoard(f) {
  const b = f.board;
  board.frame = b;
  if (!b) { $("board").replaceChildren(); board.shown = null; return; }
  const key = `${f.match ? f.match.game : 1}:${b.target}:${b.tracks.length}`;
  const fronts = b.tracks.map((t) => Math.min(t.front, b.target));
  const walk = $("animate") && $("animate").checked && !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  if (!board.shown || board.key !== key || !walk) board.shown = fronts.slice();
  board.key = key;
  board.shown = board.shown.map((h, i) => (h > fronts[i] || fronts[i] - h > 40) ? fronts[i] : h);
  clearTimeout(board.timer);
  // hole by hole, 90 ms a hole, a long peg faster: every walk is over within 1.5 s
  const far = Math.max(0, ...board.shown.map((h, i) => fronts[i] - h));
  const pace = Math.max(20, Math.min(90, 1500 / Math.max(far, 1)));
  const stepPegs = () => {
    let behind = false;
    board.shown = board.shown.map((h, i) => { if (h < fronts[i]) { behind = true; return h + 1; } return h; });
    renderBoard();
    if (behind) board.timer = setTimeout(stepPegs, pace);
  };
  if (far > 0) { renderBoard(); board.timer = setTimeout(stepPegs, pace); }
  else renderBoard();
}

function renderBoard() {
  const b = board.frame, box = $("board");
  if (!b) return;
  const across = phone.matches && !sideways.matches;  // a phone upright: the streets across; else upright
  const layout = [across, b.target, b.tracks.length, b.line ? b.line.join(":") : ""].join("|");
  // the holes drawn once a layout; a peg's move (each step of its walk) changes its holes alone
  if (board.layout !== layout || !board.svg || box.firstChild !== board.svg) drawHoles(b, across, layout);
  board.svg.setAttribute("aria-label", "cribbage board: " + b.tracks.map((t) => `${t.name} ${t.front}, back peg ${t.back}`).join("; ") +
    `; game ${b.target}` + (b.line ? `; ${b.line[0]} line after ${b.line[1]}` : ""));
  b.tracks.forEach((t, side) => {
    const front = Math.min(board.shown ? board.shown[side] : t.front, b.target);
    const back = t.back !== front && t.back > 0 ? Math.min(t.back, b.target) : null;
    const was = board.pegged[side] || [];
    board.pegged[side] = [front, back];
    for (const h of new Set([...was, front, back])) {
      const e = h === null ? null : board.holes[side][h];
      if (!e) continue;
      const isFront = front === h, isBack = back === h;
      e.setAttribute("r", isFront || isBack ? 2.9 : (h === 0 || h === b.target ? 2.2 : 1.25));
      e.setAttribute("class", isFront ? `front peg${side % 3}` : isBack ? `back peg${side % 3}` : (h === 0 ? "hole start" : h === b.target ? "hole game" : "hole"));
    }
  });
}

// The board's holes (every one empty), its streets' directions and its marked line: drawn
// when the layout changes (the game's target, its sides, a phone turned), not at each peg.
function drawHoles(b, across, layout) {
  const box = $("board");
  const perRow = 30, gap = 7, group = 5, sides = b.tracks.length;
  const streets = Math.ceil((b.target - 1) / perRow), street = sides * gap + 9;
  const along = (c) => 14 + c * gap + Math.floor(c / group) * 4;   // a hole's place along its street
  const length = along(perRow - 1) + 14;
  const depth = streets * street + 10;
  const W = across ? length : depth, H = across ? depth : length;
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
  svg.setAttribute("role", "img");
  svg.classList.add("board");
  svgEl(svg, "rect", { x: .5, y: .5, width: W - 1, height: H - 1, rx: 6, class: "wood" });
  // street r, place c along it (-1: before its first hole; perRow: after its last) -> x, y.
  // Streets run there and back: the even ones up the board (or left to right), the odd down.
  const at = (r, c, side) => {
    const t = r % 2 ? perRow - 1 - c : c;
    const u = c < 0 ? (r % 2 ? length - 6 : 6) : c >= perRow ? (r % 2 ? 6 : length - 6) : along(t);
    const w = 7 + r * street + side * gap;
    return across ? [u, w] : [w, length - u];
  };
  const hole = (h) => h <= 0 ? [0, -1] : h >= b.target ? [streets - 1, perRow] : [Math.floor((h - 1) / perRow), (h - 1) % perRow];
  for (let r = 0; r < streets; r++) {  // the street's direction, at its start
    if (r === 0 && b.line && b.line[1] === perRow) continue;  // the line's label is there; the start holes say it
    const [x, y] = at(r, r === 0 ? perRow : -1, (sides - 1) / 2);  // street 1's start: the start holes
    const up = r % 2 === 0;
    svgEl(svg, "text", { x, y: y + 2, "text-anchor": "middle", class: "street" },
      across ? (up ? "\u25B6" : "\u25C0") : (up ? "\u25B2" : "\u25BC"));
  }
  board.holes = b.tracks.map((t, side) => {
    const row = [];
    for (let h = 0; h <= b.target; h++) {
      const [x, y] = at(...hole(h), side);
      row.push(svgEl(svg, "circle", { cx: x, cy: y, r: h === 0 || h === b.target ? 2.2 : 1.25,
        class: h === 0 ? "hole start" : h === b.target ? "hole game" : "hole" }));
    }
    return row;
  });
  if (b.line) {  // the skunk (or lurch) line: across the street, after its hole
    const [r, c] = hole(b.line[1]);
    const [x1, y1] = at(r, c + .5, -0.6), [x2, y2] = at(r, c + .5, sides - .4);
    svgEl(svg, "line", { x1, y1, x2, y2, class: "line" });
    const [lx, ly] = at(r, c + .5, sides - .1);
    svgEl(svg, "text", { x: lx + (across ? 0 : -3), y: ly + (across ? 3 : -2), "text-anchor": "middle", class: "line-label" }, b.line[0]);
  }
  board.svg = svg; board.layout = layout; board.pegged = [];
  box.replaceChildren(svg);
}

function pile(label, node, cls) {
  const d = document.createElement("div");
  d.className = "pile" + (cls ? " " + cls : "");
  const l = document.createElement("span"); l.className = "label" + (cls === "count" ? " count" : ""); l.textContent = label;
  d.append(node, l);
  return d;
}

// the seat's line: its name, the dealer's (or elder hand's) mark, whose turn it is
function seatName(f, i, you) {
  const v = f.view, n = document.createElement("div");
  n.className = "name";
  const nm = document.createElement("span"); nm.className = "nm";
  nm.textContent = f.names[i]; nm.title = f.names[i];
  n.appendChild(nm);
  const chip = (t) => { const c = document.createElement("span"); c.className = "chip"; c.textContent = t; n.appendChild(c); };
  if (v.dealer === i) chip("dealer");
  if (v.elder === i) chip("elder hand");
  if (f.to_act === i && !f.finished) chip(you ? "your turn" : "to play");
  if (v.tricks) chip(`tricks ${v.tricks[i]}`);
  return n;
}

// the crib (face down beside its owner, the dealer) once it is laid away and until shown
function cribEl(f, i) {
  const v = f.view;
  if (!("count_cards" in v) || v.dealer !== i || v.phase === "discard" || v.phase === "cut" || v.phase === "deal") return null;
  if ((v.shown || []).some(([, what]) => /crib/.test(what))) return null;
  return pile("crib", backsEl(4, "the crib, face down"));
}

function drawOthers(f) {
  const v = f.view, box = $("others");
  box.replaceChildren();
  const n = (v.hand_sizes || []).length || (f.names || []).length;
  const me = f.kind === "referee" ? null : f.seat;  // a referee's page: every player around
  for (let k = 1; k <= n; k++) {
    const i = me === null ? k - 1 : (me + k) % n;   // clockwise from the left of this seat
    if (i === me) continue;
    const seat = document.createElement("div");
    seat.className = "seat" + (f.to_act === i && !f.finished ? " to-act" : "");
    seat.appendChild(seatName(f, i, false));
    const row = document.createElement("div"); row.className = "row";
    const held = v.hand_sizes ? v.hand_sizes[i] : 0;
    row.appendChild(pile(`${held} card${held === 1 ? "" : "s"}`, backsEl(held, `${f.names[i]} holds ${held} cards`)));
    const crib = cribEl(f, i);
    if (crib) row.appendChild(crib);
    seat.appendChild(row);
    box.appendChild(seat);
  }
}

function drawCentre(f) {
  const v = f.view, box = $("centre");
  box.replaceChildren();
  // the play, or a claim in it (manual counting: "Points for your 9D?" with the count in view)
  const playing = "count_cards" in v && (v.phase === "play" || v.phase === "claim" && ["play", "go"].includes(v.claim));
  box.classList.toggle("play", playing);  // one row on a phone: the fans close up
  if ("starter" in v) {
    const pack = document.createElement("span"); pack.className = "pack";
    pack.appendChild(v.starter ? cardEl(v.starter) : backsEl(1, "the pack"));
    box.appendChild(pile(v.starter ? "starter" : "the pack", pack));
  }
  if (playing) {
    const played = v.played || [];
    const earlier = played.slice(0, played.length - v.count_cards.length).map((p) => p[1]);
    if (earlier.length) box.appendChild(pile("earlier counts", cardsEl(earlier, "the cards of the earlier counts"), "earlier"));
    box.appendChild(pile(`count ${v.count}`, cardsEl(v.count_cards, "the cards of the count"), "count"));
  }
  if ("turn_up" in v) {
    const stock = document.createElement("span"); stock.className = "pack";
    stock.append(backsEl(Math.min(v.stock_size, 3), `the stock: ${v.stock_size} cards`));
    box.appendChild(pile(`stock ${v.stock_size}`, stock));
    box.appendChild(pile("turn-up", v.turn_up ? cardEl(v.turn_up) : backsEl(1, "no turn-up")));
  }
  if ("trick" in v) {
    const t = document.createElement("span"); t.className = "cards fan";
    const played = v.played || [];
    // a trick just won stays in view until the next card is led: its two cards are the last played
    const last = !v.trick.length && played.length && played.length % 2 === 0 ? played.slice(-2) : null;
    for (const [seat, card] of last || v.trick) { const c = cardEl(card); c.title = f.names[seat]; t.appendChild(c); }
    box.appendChild(pile(last ? "the last trick" : "the trick", t, "count"));
    box.appendChild(pile("", document.createTextNode(`proposals ${v.proposals}, exchanges ${v.exchanges}`)));
  }
  for (const [seat, what, cards] of v.shown || [])
    box.appendChild(pile(seat === f.seat && f.kind !== "referee" ? `your ${what}` : `${f.names[seat]}'s ${what}`,
      cardsEl(cards, `${f.names[seat]}'s ${what}`)));
}

function actionCards(a) { return a.split(" ").slice(1).filter((t) => /^(10|[2-9TJQKA])[SHDC]$/.test(t)); }

function drawMine(f) {
  const hand = $("hand"), buttons = $("buttons"), me = $("seat-me");
  hand.replaceChildren(); buttons.replaceChildren(); $("decision").replaceChildren(); me.replaceChildren();
  const v = f.view;
  $("prompt").textContent = f.prompt || (f.finished ? resultLine(f) + (f.rating ? " " + f.rating : "") :
    f.seat === null ? "" : "Waiting for the other side.");
  $("prompt").classList.toggle("banner", !!f.finished);
  if (f.seat !== null) {
    const row = document.createElement("div"); row.className = "row";
    row.appendChild(seatName(f, f.seat, true));
    const crib = cribEl(f, f.seat);
    if (crib) row.appendChild(crib);
    // your laid-away cards, till the crib they went to is shown (then they are in it)
    const cribShown = (v.shown || []).some(([, what]) => /crib/.test(what));
    if (v.discards && v.discards.length && "count_cards" in v && !cribShown)
      row.appendChild(pile("laid away", cardsEl(v.discards, "the cards you laid away"), "earlier"));
    me.appendChild(row);
  }
  const legal = new Set(f.legal_cards);
  aheadPick = aheadPick.filter((c) => (v.hand || []).includes(c));
  if (!f.ahead && !f.legal.length) aheadPick = [];
  if (aheadPick.length && f.legal.length) {  // chosen before the turn came: sent now
    const found = f.legal.find((a) => actionCards(a).length && cardsKey(actionCards(a)) === cardsKey(aheadPick));
    aheadPick = [];
    if (found) move({ action: found });
  }
  // your hand shown in the play area (the show): a phone draws it there only (style.css)
  hand.classList.toggle("shown", (v.shown || []).some(([seat, what]) => seat === f.seat && /hand/.test(what)));
  for (const c of v.hand || []) {
    const b = cardEl(c, { button: true });
    const early = f.ahead > 0;
    b.setAttribute("aria-label", pretty(c) + (legal.has(c) ? " (playable)" : early ? " (to lay away)" : ""));
    if (legal.has(c) || early) b.classList.add("legal"); else b.disabled = true;
    if (early && aheadPick.includes(c)) { b.classList.add("chosen"); b.setAttribute("aria-pressed", "true"); }
    b.onclick = early ? () => pickAhead(c, b, f.ahead) : () => pick(c, b);
    hand.appendChild(b);
  }
  if (f.ahead) $("prompt").textContent = aheadWords(f.ahead);
  if (f.window) {  // an act the laws let him make out of turn (CLUB-24): asked, as the terminal asks
    $("prompt").textContent = f.window.question;
    const yes = document.createElement("button"); yes.type = "button"; yes.className = "act";
    yes.textContent = "Yes: " + f.window.action.split(" ")[0].toLowerCase();
    yes.onclick = () => move({ action: f.window.action });
    const no = document.createElement("button"); no.type = "button"; no.className = "act";
    no.textContent = "No"; no.onclick = () => move({ text: "no" });
    buttons.append(yes, no);
  }
  for (const d of f.decision) { const p = document.createElement("p"); p.textContent = d; $("decision").appendChild(p); }
  const plain = f.legal.filter((a) => actionCards(a).length === 0);
  if (plain.length <= 14) for (const a of plain) {
    const b = document.createElement("button"); b.type = "button";
    b.textContent = a === "DISCARD" ? "discard none" : a.toLowerCase();
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
  $("coach").hidden = !(f.coach && f.legal.length);
  $("undo").disabled = !f.undo;
  const again = $("again");  // a finished game: play it again (the same seats and options)
  again.hidden = !f.again;
  if (f.again) {
    $("review-link").hidden = !f.review;
    again.querySelector("button").textContent = f.again.made ? "Play again: join the next game" : "Play again";
    $("again-words").textContent = f.again.dealer;
  }
  const form = $("move");
  form.hidden = f.seat === null || f.finished;
  if (f.prompt && document.activeElement === document.body) {
    const first = hand.querySelector("button.legal") || buttons.querySelector("button");
    if (first) first.focus({ preventScroll: true });
  }
}

// the tab's title says when it is this seat's turn (a setting)
const baseTitle = document.title;
let wasMine = false;
function drawTitle(f) {
  const notice = !$("title-notice") || $("title-notice").checked;
  document.title = (notice && f.legal.length ? "\u25CF Your turn \u2014 " : "") + baseTitle;
  const mine = f.legal.length > 0;
  if (mine && !wasMine && $("sound") && $("sound").checked) chime();
  wasMine = mine;
}

// a short two-note chime made by the browser (Web Audio: no sound file)
let audio = null;
function chime() {
  try {
    audio = audio || new AudioContext();
    const t = audio.currentTime;
    for (const [i, hz] of [660, 880].entries()) {
      const o = audio.createOscillator(), g = audio.createGain();
      o.frequency.value = hz; o.connect(g); g.connect(audio.destination);
      g.gain.setValueAtTime(0.0001, t + i * 0.12);
      g.gain.exponentialRampToValueAtTime(0.15, t + i * 0.12 + 0.02);
      g.gain.exponentialRampToValueAtTime(0.0001, t + i * 0.12 + 0.25);
      o.start(t + i * 0.12); o.stop(t + i * 0.12 + 0.3);
    }
  } catch { /* no audio: the title still says it */ }
}

// The lay-away chosen before this seat's turn (another lays away first, CRIB-R-6): the
// cards are kept on the page and sent the moment the turn comes; a click changes them.
function aheadWords(n) {
  const word = n === 1 ? "card" : `${n} cards`;
  if (aheadPick.length === n)
    return `You lay away ${aheadPick.map(pretty).join(" ")} as soon as your turn comes (click a card to change).`;
  return `Choose the ${word} to lay away now: ${n === 1 ? "it is" : "they are"} laid away as soon as your turn comes.`;
}

function pickAhead(card, el, n) {
  const i = aheadPick.indexOf(card);
  if (i >= 0) aheadPick.splice(i, 1);
  else { if (aheadPick.length >= n) aheadPick.shift(); aheadPick.push(card); }
  for (const b of $("hand").querySelectorAll("button")) {
    const on = aheadPick.includes(b.dataset.card);
    b.classList.toggle("chosen", on); b.setAttribute("aria-pressed", on ? "true" : "false");
  }
  $("prompt").textContent = aheadWords(n);
}

// A click chooses a card; a move is sent when the chosen cards are exactly a legal
// action's and no legal action takes more of them (else a Send button waits).
function pick(card, el) {
  if (busy()) return;  // the card played is still on its way
  const i = selected.indexOf(card);
  if (i >= 0) { selected.splice(i, 1); el.classList.remove("chosen"); }
  else { selected.push(card); el.classList.add("chosen"); }
  el.setAttribute("aria-pressed", selected.includes(card) ? "true" : "false");
  const want = cardsKey(selected);
  const exact = frame.legal.filter((a) => actionCards(a).length && cardsKey(actionCards(a)) === want);
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

$("undo").addEventListener("click", () => move({ text: "undo" }));
// the coach's words and the help's answer: a tap on them, or Escape, puts them away
$("said").addEventListener("click", () => $("said").replaceChildren());
document.addEventListener("keydown", (ev) => { if (ev.key === "Escape") $("said").replaceChildren(); });
if ($("rename-form")) $("rename-form").addEventListener("submit", (ev) => {
  ev.preventDefault();
  const name = $("rename-name").value.trim();
  $("error").textContent = "";
  if (!send({ type: "rename", name }))
    $("error").textContent = "Not sent: the connection to the table is lost.";
  else { pendingName = name; $("rename").open = false; }
});
$("hint").addEventListener("click", () => {
  $("said").textContent = "The coach is thinking\u2026";
  move({ text: "hint" });
});
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
// settings, kept for this browser
const SETTINGS = ["four-colour", "animate", "title-notice", "sound"];
function applySettings() {
  document.body.classList.toggle("four-colour", $("four-colour").checked);
  if (frame) { drawTitle(frame); drawBoard(frame); }
}
for (const id of SETTINGS) {
  const box = $(id);
  if (!box) continue;
  const kept = localStorage.getItem("hoyle-" + id);
  if (kept !== null) box.checked = kept === "1";
  box.addEventListener("change", () => { localStorage.setItem("hoyle-" + id, box.checked ? "1" : "0"); applySettings(); });
}
applySettings();
const speed = $("show-speed");
if (speed) {
  speed.value = localStorage.getItem("hoyle-show-speed") || "normal";
  speed.addEventListener("change", () => localStorage.setItem("hoyle-show-speed", speed.value));
}

// the invite link: copy it, or the phone's share sheet
const invite = $("invite-link");
if (invite) {
  $("copy-invite").addEventListener("click", async () => {
    invite.select();
    let done = false;
    try { await navigator.clipboard.writeText(invite.value); done = true; }
    catch { done = document.execCommand && document.execCommand("copy"); }
    $("copied").textContent = done ? "copied" : "select the link and copy it";
  });
  if (navigator.share) {
    const share = $("share-invite");
    share.hidden = false;
    share.addEventListener("click", () => navigator.share({ title: document.title, url: invite.value }).catch(() => {}));
  }
}
// the name a person gives is kept for this browser and offered again
for (const field of document.querySelectorAll("input.name-field")) {
  field.value = localStorage.getItem("hoyle-name") || "";
  field.form.addEventListener("submit", () => localStorage.setItem("hoyle-name", field.value.trim()));
}

connect();
