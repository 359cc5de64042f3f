// The page: screens, forms and share links. Every answer, record, message and picture comes from
// the library through the worker (worker.js); this file only asks and shows.

const $ = (id) => document.getElementById(id);

// ---------------------------------------------------------------------------------------------
// The worker: one request at a time per call, answered in order; Cancel ends the worker and
// starts a new one.

class Solver {
  constructor() {
    this.next = 1;
    this.pending = new Map();
    this.start();
  }

  start() {
    this.worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
    this.worker.onmessage = (event) => {
      const { id, reply, failed, ms, hello } = event.data;
      if (hello) return;
      const call = this.pending.get(id);
      if (!call) return;
      this.pending.delete(id);
      this.idle();
      if (failed !== undefined) {
        // The module trapped (out of memory, an internal error): a fresh worker for what follows.
        this.restart();
        call.reject(new Error(`the solver stopped: ${failed}`));
      } else {
        call.resolve({ ...reply, ms });
      }
    };
    this.worker.onerror = (event) => {
      event.preventDefault();
      const message = event.message || "the solver could not start";
      for (const call of this.pending.values()) call.reject(new Error(message));
      this.pending.clear();
      this.idle();
    };
  }

  restart() {
    this.worker.terminate();
    this.start();
  }

  call(kind, request) {
    const id = this.next++;
    busy(true);
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, kind, request });
    });
  }

  cancel() {
    const calls = [...this.pending.values()];
    this.pending.clear();
    this.restart();
    for (const call of calls) call.reject(new Cancelled());
    this.idle();
  }

  idle() {
    if (this.pending.size === 0) busy(false);
  }
}

class Cancelled extends Error {
  constructor() {
    super("cancelled");
  }
}

let busyTimer = 0;
function busy(on) {
  clearTimeout(busyTimer);
  if (on) {
    $("status-text").textContent = "Working…";
    // Cancel shows for work that takes a while.
    busyTimer = setTimeout(() => ($("cancel").hidden = false), 300);
  } else {
    $("status-text").textContent = "Ready.";
    $("cancel").hidden = true;
  }
}

const solver = new Solver();

// ---------------------------------------------------------------------------------------------
// Messages and the test hooks: #error holds the library's message; #answer carries the answer.

function showError(message) {
  const error = $("error");
  error.textContent = message || "";
  error.hidden = !message;
}

function failed(e) {
  if (e instanceof Cancelled) {
    $("status-text").textContent = "Cancelled.";
    return;
  }
  showError(String(e.message || e));
}

let firstAnswer = true;
function setAnswer(kind, distance, path, text) {
  const answer = $("answer");
  answer.textContent = text;
  answer.dataset.kind = kind;
  answer.dataset.distance = distance === null || distance === undefined ? "" : String(distance);
  answer.dataset.path = path || "";
  if (firstAnswer) {
    firstAnswer = false;
    document.body.dataset.firstAnswerMs = String(Math.round(performance.now()));
  }
}

function clearAnswer() {
  const answer = $("answer");
  answer.textContent = "";
  delete answer.dataset.distance;
  delete answer.dataset.path;
  delete answer.dataset.kind;
}

function picture(element, svg) {
  element.innerHTML = svg || "";
}

// ---------------------------------------------------------------------------------------------
// Lights Out.

const flip = {
  board: null, // {rows, cols, cells, text, alphabet}
  history: [], // boards before each press, in play
  moves: 0,
  optimum: null,
  hint: null,
};

/** The variant's options as the command-line tool's long names. */
function flipOptions() {
  const options = {};
  const goal = $("flip-goal").value.trim();
  const alphabet = $("flip-alphabet").value.trim();
  const toggle = $("flip-toggle").value.trim();
  const colours = Number($("flip-colours").value);
  if (goal && goal !== "any") options.goal = goal;
  if (alphabet) options.alphabet = alphabet;
  if (toggle) options.toggle = toggle;
  if (colours && colours !== 2) options.colours = colours;
  if ($("flip-wrap").checked) options.wrap = true;
  return options;
}

function defaultAlphabet(colours) {
  // Only for a new board before the library has read one: its first symbol is colour 0.
  return $("flip-alphabet").value.trim() || (colours === 2 ? "wb" : "0123456789abcdef".slice(0, colours));
}

function newBoard() {
  const rows = clamp(Number($("flip-rows").value), 1, 1024);
  const cols = clamp(Number($("flip-cols").value), 1, 1024);
  const colours = clamp(Number($("flip-colours").value) || 2, 2, 16);
  const alphabet = defaultAlphabet(colours);
  const row = alphabet[0].repeat(cols);
  setBoard({ rows, cols, cells: new Array(rows * cols).fill(0), alphabet, text: Array(rows).fill(row).join("/") });
  picture($("flip-picture"), "");
  clearAnswer();
  writeHash();
}

function clamp(n, lo, hi) {
  return Math.min(hi, Math.max(lo, Number.isFinite(n) ? Math.round(n) : lo));
}

/** The largest board drawn as buttons; larger boards are solved and drawn as pictures. */
const EDITOR_CELLS = 40 * 40;

function setBoard(board) {
  flip.board = board;
  flip.hint = null;
  $("flip-rows").value = board.rows;
  $("flip-cols").value = board.cols;
  drawBoard();
}

// The editor's cells in the colours `render flip` draws: pieces of the Flip Game's alphabet
// (`wb...`) white to black, lights of any other alphabet (`01`) dark grey (off) to yellow (on).
function cellColour(colour, colours, alphabet) {
  const steps = Math.max(colours, 2) - 1;
  if (alphabet.startsWith("wb")) {
    const level = Math.round(255 - (colour * 255) / steps);
    return `rgb(${level},${level},${level})`;
  }
  const [off, lit] = [[0x3b, 0x3b, 0x3b], [0xff, 0xd2, 0x3f]];
  const mix = [0, 1, 2].map((i) => Math.floor((off[i] * (steps - colour) + lit[i] * colour) / steps));
  return `rgb(${mix.join(",")})`;
}

function drawBoard() {
  const grid = $("flip-board");
  const board = flip.board;
  grid.replaceChildren();
  if (!board) return;
  if (board.rows * board.cols > EDITOR_CELLS) {
    grid.textContent = `A ${board.rows}x${board.cols} board: too large to edit here; solve it to see its picture.`;
    return;
  }
  const colours = board.alphabet.length;
  grid.style.gridTemplateColumns = `repeat(${board.cols}, max-content)`;
  const size = Math.max(0.9, Math.min(2.6, 30 / board.cols));
  grid.style.setProperty("--cell", `${size}rem`);
  grid.style.setProperty("--cell-phone", `${Math.min(size, 20 / board.cols)}rem`);
  const play = $("flip-play").checked;
  for (let r = 0; r < board.rows; r++) {
    const row = document.createElement("div");
    row.setAttribute("role", "row");
    row.style.display = "contents";
    for (let c = 0; c < board.cols; c++) {
      const i = r * board.cols + c;
      const cell = document.createElement("button");
      cell.type = "button";
      cell.setAttribute("role", "gridcell");
      cell.dataset.row = r + 1;
      cell.dataset.col = c + 1;
      const colour = board.cells[i];
      cell.style.background = cellColour(colour, colours, board.alphabet);
      cell.textContent = board.alphabet[colour];
      cell.setAttribute("aria-label", `row ${r + 1}, column ${c + 1}: ${board.alphabet[colour]}${play ? ", press" : ", change"}`);
      if (flip.hint === i) cell.classList.add("hint");
      cell.addEventListener("click", () => (play ? press(i) : edit(i)));
      row.append(cell);
    }
    grid.append(row);
  }
}

function edit(i) {
  const board = flip.board;
  const colours = board.alphabet.length;
  const cells = board.cells.slice();
  cells[i] = (cells[i] + 1) % colours;
  const rows = [];
  for (let r = 0; r < board.rows; r++) {
    rows.push(cells.slice(r * board.cols, (r + 1) * board.cols).map((c) => board.alphabet[c]).join(""));
  }
  setBoard({ ...board, cells, text: rows.join("/") });
  picture($("flip-picture"), "");
  clearAnswer();
  writeHash();
}

/** Solves `request` (boards and options); shows the picture and the answer of board `index`. */
async function solveFlip(request, index = 1) {
  showError("");
  const reply = await solver.call("flip", { ...flipOptions(), ...request, picture: index });
  if (reply.error) {
    showError(reply.error);
    return null;
  }
  const record = reply.records[index - 1];
  if (reply.warnings.length) $("status-text").textContent = reply.warnings.join("\n");
  if (!record) {
    showError(`${request.name || "<paste>"}: no board found`);
    return reply;
  }
  if (record.error) {
    showError(`${record.file}:${record.error}`);
    clearAnswer();
    return reply;
  }
  if (reply.board) setBoard(reply.board);
  picture($("flip-picture"), reply.picture);
  const line = reply.answers[index - 1] || "";
  const path = line.includes(" ") ? line.slice(line.indexOf(" ") + 1) : "";
  setAnswer("flip", record.distance, path, flipSummary(record, reply.ms));
  return reply;
}

function flipSummary(record, ms) {
  if (record.distance === null) {
    return `Impossible: no presses reach the goal ${record.goal}.`;
  }
  const proven = record.proven_minimal
    ? "proven minimal"
    : `not proven minimal (lower bound ${record.lower_bound})`;
  const count = record.solutions ? `, ${record.solutions} optimal solution${record.solutions === "1" ? "" : "s"}` : "";
  return `${record.distance} presses (${proven}${count}); goal ${record.goal}; ${ms.toFixed(1)} ms.`;
}

async function solveBoard() {
  if (!flip.board) return;
  const { rows, cols, text } = flip.board;
  try {
    await solveFlip({ board: [text], size: `${rows}x${cols}` });
    writeHash();
  } catch (e) {
    failed(e);
  }
}

async function solveText() {
  const text = $("flip-text").value;
  const tatham = $("flip-tatham").value.trim();
  try {
    const reply = tatham
      ? await solveFlip({ tatham, name: "--tatham" })
      : await solveFlip({ text, name: flip.fileName || "<paste>" });
    if (reply && reply.records.length > 1) listBoards(reply, text);
    else $("flip-list").replaceChildren();
  } catch (e) {
    failed(e);
  }
}

function listBoards(reply, text) {
  const table = document.createElement("table");
  table.innerHTML = "<thead><tr><th>Board</th><th>Size</th><th>Presses</th><th></th></tr></thead>";
  const body = document.createElement("tbody");
  reply.records.slice(0, 2000).forEach((record, k) => {
    const tr = document.createElement("tr");
    const size = record.board ? `${record.board.split("/").length}x${record.board.split("/")[0].length}` : "";
    const answer = record.error ? "Error" : record.distance === null ? "Impossible" : record.distance;
    tr.innerHTML = `<td>${record.index}</td><td>${size}</td><td>${answer}</td><td></td>`;
    const show = document.createElement("button");
    show.type = "button";
    show.textContent = "Show";
    show.setAttribute("aria-label", `Show board ${record.index}`);
    show.addEventListener("click", () => solveFlip({ text, name: record.file }, k + 1).catch(failed));
    tr.lastChild.append(show);
    body.append(tr);
  });
  table.append(body);
  $("flip-list").replaceChildren(table);
}

// Play: presses by the library's rules, a move counter against the optimum, hint, undo.

async function startPlay() {
  flip.history = [];
  flip.moves = 0;
  flip.optimum = null;
  flip.hint = null;
  drawBoard();
  updatePlay();
  if (!$("flip-play").checked || !flip.board) return;
  try {
    const reply = await solveFlip({ board: [flip.board.text], size: `${flip.board.rows}x${flip.board.cols}` });
    const record = reply && reply.records[0];
    flip.optimum = record && !record.error ? record.distance : null;
    updatePlay(record);
  } catch (e) {
    failed(e);
  }
}

async function press(i) {
  const board = flip.board;
  try {
    const reply = await solver.call("flip_press", {
      ...flipOptions(),
      board: board.text,
      size: `${board.rows}x${board.cols}`,
      cell: i,
    });
    if (reply.error) {
      showError(reply.error);
      return;
    }
    showError("");
    flip.history.push(board);
    flip.moves++;
    setBoard(reply);
    await afterMove();
  } catch (e) {
    failed(e);
  }
}

async function afterMove() {
  // The current board solved: its distance tells whether it is at the goal.
  const reply = await solveFlip({ board: [flip.board.text], size: `${flip.board.rows}x${flip.board.cols}` });
  updatePlay(reply && reply.records[0]);
  writeHash();
}

function updatePlay(record) {
  const playing = $("flip-play").checked;
  $("flip-hint").disabled = !playing;
  $("flip-undo").disabled = !playing || flip.history.length === 0;
  $("flip-help").textContent = playing
    ? "Play: click a cell to press it (it toggles its pattern)."
    : "Edit: click a cell to change its colour.";
  if (!playing) {
    $("flip-moves").textContent = "";
    return;
  }
  const optimum = flip.optimum === null ? "?" : flip.optimum;
  let text = `Moves: ${flip.moves} (optimum from the start: ${optimum}).`;
  if (record && !record.error) {
    text += record.distance === 0 ? " Solved!" : record.distance === null ? " The goal cannot be reached from here." : ` ${record.distance} more needed.`;
  }
  $("flip-moves").textContent = text;
}

async function hint() {
  try {
    const reply = await solver.call("flip", {
      ...flipOptions(),
      board: [flip.board.text],
      size: `${flip.board.rows}x${flip.board.cols}`,
      picture: 0,
    });
    const record = reply.records && reply.records[0];
    if (reply.error || !record || record.error) {
      showError(reply.error || (record && `${record.file}:${record.error}`) || "no answer");
      return;
    }
    if (!record.path || record.path.length === 0) {
      $("flip-moves").textContent += record.distance === 0 ? "" : " No press reaches the goal.";
      return;
    }
    const [r, c] = record.path[0];
    flip.hint = (r - 1) * flip.board.cols + (c - 1);
    drawBoard();
    $("flip-moves").textContent = `Hint: press row ${r}, column ${c}.`;
    const cell = $("flip-board").querySelector(`[data-row="${r}"][data-col="${c}"]`);
    if (cell) cell.focus();
  } catch (e) {
    failed(e);
  }
}

function undo() {
  const board = flip.history.pop();
  if (!board) return;
  flip.moves--;
  setBoard(board);
  afterMove().catch(failed);
}

// ---------------------------------------------------------------------------------------------
// Bloxorz.

const blox = { text: "", name: "<paste>", records: [], selected: 0 };

async function loadDemos() {
  try {
    const response = await fetch("demos/index.json");
    const demos = await response.json();
    const select = $("bloxorz-demo");
    for (const demo of demos) {
      const option = document.createElement("option");
      option.value = demo.file;
      option.textContent = demo.title;
      select.append(option);
    }
  } catch {
    // A page served without its demos still solves what is pasted.
  }
}

async function openDemo(file) {
  if (!file) return;
  const response = await fetch(`demos/${file}`);
  $("bloxorz-text").value = await response.text();
  blox.name = file;
  await solvePack();
}

async function solvePack(selected = 1) {
  showError("");
  clearAnswer();
  const text = $("bloxorz-text").value;
  blox.text = text;
  const request = { text, name: blox.name, input_format: $("bloxorz-format").value, path: true };
  try {
    const reply = await solver.call("bloxorz", request);
    if (reply.error) {
      showError(reply.error);
      $("bloxorz-list").replaceChildren();
      clearLevel();
      return;
    }
    blox.records = reply.records;
    const solved = reply.records.filter((r) => !r.error && r.distance !== null).length;
    const s = reply.records.length === 1 ? "" : "s";
    $("bloxorz-summary").textContent = `${reply.records.length} level${s} (${reply.format}), ${solved} solvable; ${reply.ms.toFixed(1)} ms.`;
    if (reply.warnings.length) $("status-text").textContent = reply.warnings.join("\n");
    listLevels(reply.records);
    writeHash(selected);
    if (reply.records.length) await selectLevel(Math.min(selected, reply.records.length));
    else showError(`${blox.name}: no level found`);
  } catch (e) {
    failed(e);
  }
}

/** The most rows the level list shows at once. */
const LIST_ROWS = 500;

function listLevels(records) {
  const table = document.createElement("table");
  table.innerHTML = "<thead><tr><th>Level</th><th>Title</th><th>Size</th><th>Par</th><th></th></tr></thead>";
  const body = document.createElement("tbody");
  for (const record of records.slice(0, LIST_ROWS)) {
    const tr = document.createElement("tr");
    tr.id = `level-row-${record.index}`;
    const par = record.error ? "Error" : record.distance === null ? "Impossible" : record.distance;
    const size = record.rows ? `${record.rows}x${record.cols}` : "";
    for (const text of [record.index, record.title || "", size, par]) {
      const td = document.createElement("td");
      td.textContent = text;
      tr.append(td);
    }
    const td = document.createElement("td");
    const show = document.createElement("button");
    show.type = "button";
    show.textContent = "Show";
    show.setAttribute("aria-label", `Show level ${record.index}`);
    show.addEventListener("click", () => selectLevel(record.index));
    td.append(show);
    tr.append(td);
    body.append(tr);
  }
  table.append(body);
  const parts = [table];
  if (records.length > LIST_ROWS) {
    const more = document.createElement("p");
    more.className = "help";
    more.textContent = `The first ${LIST_ROWS} of ${records.length} levels are listed; a link with index=N shows any.`;
    parts.push(more);
  }
  $("bloxorz-list").replaceChildren(...parts);
}

function clearLevel() {
  $("bloxorz-facts").replaceChildren();
  for (const id of ["bloxorz-animation", "bloxorz-picture", "bloxorz-field"]) picture($(id), "");
  $("bloxorz-animation-buttons").hidden = true;
}

async function selectLevel(index) {
  blox.selected = index;
  for (const row of $("bloxorz-list").querySelectorAll("tr[aria-selected]")) row.removeAttribute("aria-selected");
  const row = $(`level-row-${index}`);
  if (row) row.setAttribute("aria-selected", "true");
  const request = { text: blox.text, name: blox.name, input_format: $("bloxorz-format").value, level: index };
  try {
    const reply = await solver.call("bloxorz_level", request);
    clearLevel();
    const record = reply.record;
    if (reply.error && !record) {
      showError(reply.error);
      clearAnswer();
      return;
    }
    if (record && record.error) {
      showError(`${record.file}:${record.error}`);
      clearAnswer();
      return;
    }
    showError(reply.error || "");
    facts(record, reply);
    picture($("bloxorz-animation"), reply.animation_svg);
    picture($("bloxorz-picture"), reply.level_svg);
    picture($("bloxorz-field"), reply.field_svg || `<p class="help">${escapeHtml(reply.field_error || "")}</p>`);
    $("bloxorz-animation-buttons").hidden = !reply.animation_svg;
    $("bloxorz-pause").textContent = "Pause";
    const par = record.distance === null ? "Impossible" : `par ${record.distance}`;
    setAnswer("bloxorz", record.distance, record.path, `Level ${record.index}: ${par}${record.path ? `, path ${record.path}` : ""}.`);
    writeHash(index);
  } catch (e) {
    failed(e);
  }
}

function facts(record, reply) {
  const a = record;
  const rows = [
    ["Level", `${a.index}${a.title ? `: ${a.title}` : ""} (${a.rows}x${a.cols})`],
    ["Par", a.distance === null ? "Impossible" : a.distance],
    ["Path", a.path || "—"],
    ["States explored", a.states_explored],
  ];
  if (a.optimal_solutions !== undefined && a.optimal_solutions !== null) {
    rows.push(["Optimal solutions", `${a.optimal_solutions}${a.optimal_solutions_saturated ? "+" : ""}`]);
  }
  for (const [key, name] of [["reachable", "Reachable states"], ["dead_ends", "Dead ends"], ["trap_moves", "Trap moves"], ["cells_unused", "Unused tiles"], ["difficulty", "Difficulty"]]) {
    if (a[key] !== undefined && a[key] !== null) rows.push([name, typeof a[key] === "number" && !Number.isInteger(a[key]) ? a[key].toFixed(2) : a[key]]);
  }
  rows.push(["Time", `${reply.ms.toFixed(1)} ms`]);
  const dl = $("bloxorz-facts");
  dl.replaceChildren();
  for (const [name, value] of rows) {
    const dt = document.createElement("dt");
    dt.textContent = name;
    const dd = document.createElement("dd");
    dd.textContent = value;
    dl.append(dt, dd);
  }
}

function escapeHtml(text) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function animation() {
  return $("bloxorz-animation").querySelector("svg");
}

function togglePause() {
  const svg = animation();
  if (!svg) return;
  if (svg.animationsPaused()) {
    svg.unpauseAnimations();
    $("bloxorz-pause").textContent = "Pause";
  } else {
    svg.pauseAnimations();
    $("bloxorz-pause").textContent = "Play";
  }
}

function restartAnimation() {
  const svg = animation();
  if (svg) svg.setCurrentTime(0);
}

// ---------------------------------------------------------------------------------------------
// Screens and share links: `#flip?board=...&alphabet=01&goal=0`, `#bloxorz?level=TEXT`. Keys are
// the command-line tool's long option names.

let writing = false;

function encode(params) {
  return Object.entries(params)
    .filter(([, v]) => v !== undefined && v !== null && v !== "" && v !== false)
    .map(([k, v]) => (v === true ? k : `${k}=${encodeURIComponent(v)}`))
    .join("&");
}

function writeHash(index) {
  let hash;
  if (!$("screen-flip").hidden) {
    if (!flip.board) return;
    const options = flipOptions();
    hash = "#flip?" + encode({
      board: flip.board.text,
      size: `${flip.board.rows}x${flip.board.cols}`,
      alphabet: options.alphabet,
      goal: options.goal,
      colours: options.colours,
      toggle: options.toggle,
      wrap: options.wrap,
      mode: $("flip-play").checked ? "play" : undefined,
    });
  } else {
    const format = $("bloxorz-format").value;
    hash = "#bloxorz?" + encode({
      level: blox.text,
      "input-format": format === "auto" ? undefined : format,
      index: index && index > 1 ? index : undefined,
    });
  }
  $("share-link").href = hash;
  if (location.hash !== hash) {
    writing = true;
    history.replaceState(null, "", hash);
    writing = false;
  }
}

function show(screen) {
  $("screen-flip").hidden = screen !== "flip";
  $("screen-bloxorz").hidden = screen !== "bloxorz";
  $("tab-flip").toggleAttribute("aria-current", screen === "flip");
  $("tab-bloxorz").toggleAttribute("aria-current", screen === "bloxorz");
  if (screen === "flip") $("tab-flip").setAttribute("aria-current", "page");
  if (screen === "bloxorz") $("tab-bloxorz").setAttribute("aria-current", "page");
}

async function readHash() {
  if (writing) return;
  const hash = location.hash.slice(1);
  const [screen, query = ""] = hash.split(/\?(.*)/s);
  const params = new URLSearchParams(query);
  showError("");
  if (screen === "bloxorz") {
    show("bloxorz");
    if (params.has("level")) {
      $("bloxorz-text").value = params.get("level");
      $("bloxorz-format").value = params.get("input-format") || "auto";
      blox.name = "<link>";
      await solvePack(Number(params.get("index")) || 1);
    }
    return;
  }
  show("flip");
  if (params.has("board")) {
    $("flip-alphabet").value = params.get("alphabet") || "";
    $("flip-goal").value = params.get("goal") || "any";
    $("flip-colours").value = params.get("colours") || "2";
    $("flip-toggle").value = params.get("toggle") || "";
    $("flip-wrap").checked = params.has("wrap") && params.get("wrap") !== "false";
    $("flip-play").checked = params.get("mode") === "play";
    const request = { board: [params.get("board")] };
    if (params.get("size")) request.size = params.get("size");
    try {
      await solveFlip(request);
      if ($("flip-play").checked) await startPlay();
      updatePlay();
    } catch (e) {
      failed(e);
    }
  } else if (!flip.board) {
    newBoard();
  }
}

// ---------------------------------------------------------------------------------------------
// Wiring.

function readFile(input, then) {
  const file = input.files && input.files[0];
  if (!file) return;
  const reader = new FileReader();
  reader.onload = () => then(String(reader.result), file.name);
  reader.onerror = () => showError(`${file.name}: cannot read: ${reader.error}`);
  reader.readAsText(file);
}

$("cancel").addEventListener("click", () => solver.cancel());
$("flip-new").addEventListener("click", newBoard);
$("flip-solve").addEventListener("click", solveBoard);
$("flip-read").addEventListener("click", solveText);
$("flip-play").addEventListener("change", () => {
  startPlay();
  writeHash();
});
$("flip-hint").addEventListener("click", hint);
$("flip-undo").addEventListener("click", undo);
$("flip-colours").addEventListener("change", newBoard);
$("flip-file").addEventListener("change", (e) =>
  readFile(e.target, (text, name) => {
    $("flip-text").value = text;
    flip.fileName = name;
    solveText();
  }),
);
$("flip-text").addEventListener("input", () => (flip.fileName = null));
$("bloxorz-demo").addEventListener("change", (e) => openDemo(e.target.value).catch(failed));
$("bloxorz-solve").addEventListener("click", () => {
  blox.name = "<paste>";
  solvePack();
});
$("bloxorz-file").addEventListener("change", (e) =>
  readFile(e.target, (text, name) => {
    $("bloxorz-text").value = text;
    blox.name = name;
    solvePack();
  }),
);
$("bloxorz-pause").addEventListener("click", togglePause);
$("bloxorz-restart").addEventListener("click", restartAnimation);
$("tab-flip").addEventListener("click", (e) => {
  e.preventDefault();
  show("flip");
  writeHash();
});
$("tab-bloxorz").addEventListener("click", (e) => {
  e.preventDefault();
  show("bloxorz");
  if (blox.text) writeHash(blox.selected);
  else history.replaceState(null, "", "#bloxorz");
});
window.addEventListener("hashchange", () => readHash());

// Test and tool hooks: the page's own calls, for the browser tests' parity checks.
window.flipblox = { call: (kind, request) => solver.call(kind, request) };

busy(false);
loadDemos();
readHash();
