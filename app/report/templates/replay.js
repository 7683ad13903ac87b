// The in-page replay of a student's page: the board animated step by step from the game logs.
// The logs are the JSON of <script id="games">: a game itself (a page written to disk: no network, no server), or
// {"url": ...}, the address a live page (the class arena's) fetches it from when it is first shown.
// ?game=N&autoplay plays game N to the end; ?step=K opens it at step K.
"use strict";
const GAMES = JSON.parse(document.getElementById("games").textContent);
const LETTER = {water: "~", sub: "o", left: "<", right: ">", top: "^", bot: "v", middle: "#"};
let game = null, at = 0, timer = null;

function cellText(piece) { return LETTER[piece] || ""; }

function boardAt(g, upto) {
  // the board after the first `upto` steps: what the agent knew and did
  const cells = [];
  for (let x = 0; x < 10; x++) { cells.push([]); for (let y = 0; y < 10; y++) cells[x].push({piece: null, known: false, fired: false, flag: false}); }
  for (const [x, y, piece] of g.known) { cells[x][y].piece = piece; cells[x][y].known = true; }
  for (const s of g.steps.slice(0, upto)) {
    if (s.x === null || s.y === null || s.outcome === "rejected") continue;
    const c = cells[s.x][s.y];
    if (s.action === "fire") { c.fired = true; c.piece = s.revealed || (s.outcome === "miss" ? "water" : c.piece); }
    else if (s.action === "guess") c.flag = true;
    else if (s.action === "unguess") c.flag = false;
  }
  return cells;
}

function draw() {
  const board = document.getElementById("board");
  const cells = boardAt(game, at);
  const over = at >= game.steps.length;
  const last = at > 0 ? game.steps[at - 1] : null;
  const parts = ['<div class="count"></div>'];
  for (let y = 0; y < 10; y++) parts.push('<div class="count">' + game.cols[y] + "</div>");
  for (let x = 0; x < 10; x++) {
    parts.push('<div class="count">' + game.rows[x] + "</div>");
    for (let y = 0; y < 10; y++) {
      const c = cells[x][y];
      const classes = [];
      let text = "";
      if (c.piece) { classes.push(c.piece === "water" ? "water" : "ship"); text = cellText(c.piece); }
      else if (over && game.truth[x][y] !== "water") { classes.push("truth"); text = cellText(game.truth[x][y]); }
      else classes.push("unknown");
      if (c.known) classes.push("known");
      if (c.fired) classes.push("fired");
      if (c.flag) { classes.push("flag"); text = ""; }
      if (last && last.x === x && last.y === y) classes.push("last");
      parts.push('<div class="' + classes.join(" ") + '" title="' + x + " " + y + '">' + text + "</div>");
    }
  }
  board.innerHTML = parts.join("");
  const items = document.getElementById("steps").children;
  for (let i = 0; i < items.length; i++) items[i].className = i < at - 1 ? "" : i === at - 1 ? "now" : "future";
  const list = document.getElementById("steps");
  if (at > 0 && items[at - 1]) list.scrollTop = Math.max(0, items[at - 1].offsetTop - list.offsetTop - list.clientHeight / 2);
  document.getElementById("status").textContent = "step " + at + " of " + game.steps.length;
  const final = document.getElementById("final");
  if (over) {
    final.textContent = "final score " + game.result.score + " (oracle " + game.result.oracle + ")";
    final.setAttribute("data-score", String(game.result.score));
    document.body.setAttribute("data-replayed", String(game.result.score));
  } else {
    final.textContent = "";
    final.removeAttribute("data-score");
  }
}

function describe(s) {
  let text = s.action + (s.x !== null ? " " + s.x + " " + s.y : "") + (s.by_engine ? " [automatic]" : "");
  text += ": " + s.outcome + (s.revealed && (s.outcome === "hit" || s.outcome === "miss") ? " (" + s.revealed + ")" : "");
  if (s.reason) text += ", " + s.reason;
  return text;
}

function escapeText(text) {
  return String(text).replace(/[&<>"]/g, ch => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"}[ch]));
}

function loaded(index) {
  // game `index`, fetched once if the page holds only its address
  const entry = GAMES[index];
  if (!entry.url) return Promise.resolve(entry);
  return fetch(entry.url, {credentials: "same-origin"})
    .then(answer => answer.json().then(body => {
      if (!answer.ok) throw new Error(body.error || answer.statusText);
      return (GAMES[index] = body);
    }));
}

function showGame(index, step, scroll, autoplay) {
  stop();
  loaded(index).then(g => { show(g, step, scroll); if (autoplay) togglePlay(20); }, failure => {
    game = null;
    document.getElementById("title").textContent = "this game cannot be shown: " + failure.message;
  });
}

function show(g, step, scroll) {
  game = g;
  document.getElementById("title").textContent = "map " + game.map + (game.rules ? ", rules " + game.rules : "");
  const list = document.getElementById("steps");
  list.innerHTML = game.steps.map((s, i) => {
    const notes = (game.notes[String(s.step)] || []).map(n => '<span class="note">' + escapeText(n) + "</span>").join("");
    return '<li onclick="go(' + (i + 1) + ')">' + escapeText(describe(s)) + notes + "</li>";
  }).join("");
  go(step ? Math.min(step + 1, game.steps.length) : 0);
  if (scroll) document.getElementById("replay-title").scrollIntoView();
}

function go(step) {
  if (game === null) return;  // not loaded (yet)
  at = Math.max(0, Math.min(step, game.steps.length));
  draw();
}

function stop() {
  if (timer !== null) { clearInterval(timer); timer = null; }
  document.getElementById("play").textContent = "play";
}

function togglePlay(delay) {
  if (timer !== null) { stop(); return; }
  if (game === null) return;
  if (at >= game.steps.length) go(0);
  document.getElementById("play").textContent = "pause";
  timer = setInterval(() => { if (at >= game.steps.length) stop(); else go(at + 1); }, delay || 400);
}

(function start() {
  const query = new URLSearchParams(window.location.search);
  const index = Math.max(0, Math.min(GAMES.length - 1, parseInt(query.get("game") || "0", 10) || 0));
  showGame(index, Math.max(0, parseInt(query.get("step") || "0", 10) || 0), false, query.has("autoplay"));
})();
