//! Lights Out in the page: `flipblox flip --json` through the library's batch door
//! ([`Batch`]), the picture `flipblox render flip` draws ([`FlipPicture`]), and one press under a
//! variant's rules ([`Variant::press`](flipblox::lights_out::Variant::press)).

use flipblox::lights_out::{
    Alphabet, Batch, BatchError, BatchOptions, BatchSink, Board, BoardRecord, BoardSize, Method,
    Solver, TogglePattern,
};
use flipblox::render::FlipPicture;
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

use crate::reply;

/// The input name of boards given as strings: the command-line tool's.
const BOARD: &str = "--board";

/// The input name of a Tatham game ID: the command-line tool's.
const TATHAM: &str = "--tatham";

/// The name of pasted text when the request names none.
const PASTE: &str = "<paste>";

/// The options of `flipblox flip`, by their long names (`search_bits` for `--search-bits`).
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct VariantRequest {
    /// `RxC`.
    size: Option<String>,
    goal: Option<String>,
    alphabet: Option<String>,
    wrap: bool,
    toggle: Option<String>,
    colours: Option<u8>,
    hole: Option<String>,
    /// The text of a buttons file.
    buttons: Option<String>,
    tatham: Option<String>,
    /// `auto`, `table` or `gf2`.
    method: Option<String>,
    search_bits: Option<u32>,
    /// Seconds; 0 for no limit.
    max_setup: Option<u64>,
    max_table_cells: Option<usize>,
}

/// A batch: the boards (a file's text, or board strings as `--board`, or the game ID alone),
/// the options, and which board to draw.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct FlipRequest {
    /// The text of a file of boards, read as `flipblox flip FILE` reads it.
    text: Option<String>,
    /// Board strings, as `--board` (one or more).
    board: Vec<String>,
    /// The input's name in records and messages (a file's name; `<paste>` by default).
    name: Option<String>,
    #[serde(flatten)]
    options: VariantRequest,
    /// The board (1-based) whose picture is drawn; 0 for none. Default 1.
    picture: Option<usize>,
}

/// The reply to a [`FlipRequest`].
#[derive(Serialize)]
pub struct FlipReply {
    /// One record per board, as `flipblox flip --json` prints them.
    records: Vec<Box<RawValue>>,
    /// Each record's answer line as `flipblox flip --path` prints it: `Error`, `Impossible`, or
    /// the distance and the presses `(row,col)`.
    answers: Vec<String>,
    /// The warnings `flipblox flip` prints (`FILE:LINE:COLUMN: warning: ...`).
    warnings: Vec<String>,
    /// The message of a batch that could not start or stopped, else null.
    error: Option<String>,
    /// The picture board `picture` gets from `flipblox render flip` (SVG), when it is answered.
    picture: Option<String>,
    /// Board `picture` as it was read: its cells (colours, row by row), rows and columns, and
    /// the alphabet it is written in.
    board: Option<BoardView>,
}

/// A board's cells for the page's editor.
#[derive(Serialize)]
pub struct BoardView {
    rows: usize,
    cols: usize,
    /// Each cell's colour, 0 to K - 1, row by row.
    cells: Vec<u8>,
    /// The board's text in `alphabet` (rows separated by `/`).
    text: String,
    /// The cell symbols, colour 0 first.
    alphabet: String,
}

impl VariantRequest {
    /// The batch options these name, as `flipblox flip --json` takes them (presses and counts
    /// in every record), checked together.
    fn options(&self, given: Option<&str>) -> Result<BatchOptions, String> {
        let method = match self.method.as_deref().unwrap_or("auto") {
            "auto" => Method::Auto,
            "table" => Method::Table,
            "gf2" | "linear-algebra" => Method::LinearAlgebra,
            other => {
                return Err(format!(
                    "--method {other}: expected auto, table or gf2 (linear-algebra)"
                ));
            }
        };
        let search_bits = self.search_bits.unwrap_or(Solver::DEFAULT_SEARCH_BITS);
        if search_bits > Solver::MAX_SEARCH_BITS {
            return Err(format!(
                "--search-bits {search_bits}: expected 0 to {}",
                Solver::MAX_SEARCH_BITS
            ));
        }
        let max_table_cells = self.max_table_cells.unwrap_or(Solver::DEFAULT_MAX_TABLE_CELLS);
        if !(1..=32).contains(&max_table_cells) {
            return Err(format!("--max-table-cells {max_table_cells}: expected 1 to 32"));
        }
        let hole = match self.hole.as_deref().filter(|h| !h.is_empty()) {
            None => None,
            Some(symbol) => {
                let mut chars = symbol.chars();
                match (chars.next(), chars.next()) {
                    (Some(c), None) => Some(c),
                    _ => return Err(format!("--hole {symbol}: expected one character")),
                }
            }
        };
        let toggle = match self.toggle.as_deref().filter(|t| !t.is_empty()) {
            None => None,
            Some(text) => {
                Some(text.parse::<TogglePattern>().map_err(|e| format!("--toggle {text}: {e}"))?)
            }
        };
        let size = match self.size.as_deref().filter(|s| !s.is_empty()) {
            None => None,
            Some(text) => {
                Some(text.parse::<BoardSize>().map_err(|e| format!("--size {text}: {e}"))?)
            }
        };
        let tatham = self.tatham.clone().filter(|t| !t.is_empty());
        let goal = match self.goal.as_deref().filter(|g| !g.is_empty()) {
            Some(goal) => goal.to_string(),
            // Without a goal: any uniform board, or for a Tatham game ID the game's, all off.
            None if tatham.is_some() => "white".to_string(),
            None => "any".to_string(),
        };
        let options = BatchOptions {
            size,
            goal,
            alphabet: self.alphabet.clone().filter(|a| !a.is_empty()),
            toggle,
            wrap: self.wrap,
            colours: self.colours.unwrap_or(2),
            hole,
            buttons: self.buttons.clone().filter(|b| !b.is_empty()),
            broken: Vec::new(),
            tatham,
            method,
            max_table_cells,
            search_bits,
            max_setup_operations: match self.max_setup.unwrap_or(60) {
                0 => u64::MAX,
                s => s.saturating_mul(Solver::SETUP_OPERATIONS_PER_SECOND),
            },
            presses: true,
            counts: true,
            shard: None,
            // Every board through `record`, so that each can be drawn.
            lines: false,
            option_name: cli_name,
        };
        options.check(given, false).map_err(|e| e.to_string())?;
        Ok(options)
    }
}

/// How messages name an option: as the command-line tool does (`--search-bits`).
fn cli_name(name: &str) -> String {
    format!("--{}", name.replace('_', "-"))
}

/// Collects the records, the warnings, and the picture of one board.
struct Collected {
    records: Vec<Box<RawValue>>,
    answers: Vec<String>,
    warnings: Vec<String>,
    /// The board to draw (1-based; 0 for none).
    picture: usize,
    drawn: Option<(String, Option<BoardView>)>,
    /// The alphabet boards are written in; `None` when boards have holes (not shown as cells).
    alphabet: Option<Alphabet>,
}

/// The sink's error: a batch that stopped.
struct Stopped(BatchError);

impl From<BatchError> for Stopped {
    fn from(e: BatchError) -> Stopped {
        Stopped(e)
    }
}

impl BatchSink for Collected {
    type Error = Stopped;

    fn record(&mut self, record: &BoardRecord<'_>) -> Result<(), Stopped> {
        self.records.push(reply::record(record));
        let mut line = Vec::new();
        record.write_line(&mut line, true).expect("a Vec takes every byte");
        self.answers.push(String::from_utf8_lossy(&line).into_owned());
        if record.index() == self.picture
            && record.error().is_none()
            && let Some(board) = record.board()
        {
            let presses = record.presses().unwrap_or_default();
            let mut picture = match record.distance() {
                Some(_) => FlipPicture::from_board(board, record.colours(), presses),
                None => FlipPicture::from_board(board, record.colours(), &[]),
            };
            // A board written in symbols of its own (`--alphabet 01`) is drawn in them, as
            // `render flip` draws it.
            picture.alphabet = self.alphabet.clone();
            let svg = picture.draw();
            if let Ok(svg) = svg {
                let view = self.alphabet.as_ref().map(|alphabet| view(board, alphabet));
                self.drawn = Some((svg.to_svg(), view));
            }
        }
        Ok(())
    }

    fn lines(&mut self, lines: &[u8]) -> Result<(), Stopped> {
        // `lines` is off: the batch hands over records only. Should lines come, they are the
        // records' JSON text all the same.
        for line in lines.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
            let text = String::from_utf8_lossy(line).into_owned();
            if let Ok(raw) = RawValue::from_string(text) {
                self.records.push(raw);
                self.answers.push(String::new());
            }
        }
        Ok(())
    }

    fn warning(&mut self, message: &str) {
        self.warnings.push(message.to_string());
    }
}

/// `board`'s cells for the page, written in `alphabet`.
fn view(board: &Board, alphabet: &Alphabet) -> BoardView {
    BoardView {
        rows: board.rows(),
        cols: board.cols(),
        cells: board.cells().to_vec(),
        text: board.to_text(alphabet),
        alphabet: alphabet.as_str().to_string(),
    }
}

/// Answers a [`FlipRequest`] as `flipblox flip --json` does.
pub fn flip(request: FlipRequest) -> Result<FlipReply, String> {
    let given = match (&request.text, request.board.is_empty()) {
        (_, false) => Some(BOARD),
        (Some(_), true) => Some("a FILE"),
        (None, true) => None,
    };
    if given.is_none() && request.options.tatham.as_deref().is_none_or(str::is_empty) {
        return Err("give boards (text or board) or a Tatham game ID".to_string());
    }
    let options = request.options.options(given)?;
    // The alphabet boards are written in (the variant's on any size: the alphabet does not
    // depend on it).
    let alphabet = match options.hole {
        Some(_) => None,
        None => options.variant(options.size.unwrap_or(BoardSize::CLASSIC)).ok().map(|v| v.1),
    };
    let mut sink = Collected {
        records: Vec::new(),
        answers: Vec::new(),
        warnings: Vec::new(),
        picture: request.picture.unwrap_or(1),
        drawn: None,
        alphabet,
    };
    let buttons = options.buttons.is_some();
    let tatham = options.tatham.is_some();
    let run = (|| -> Result<(), Stopped> {
        let mut batch = Batch::new(options, &mut sink)?;
        if !request.board.is_empty() {
            batch.run_texts(BOARD, &request.board, &mut sink)?;
        } else if let Some(text) = &request.text {
            let name = request.name.as_deref().unwrap_or(PASTE);
            batch.run_bytes(name, text.as_bytes(), &mut sink)?;
        } else if tatham {
            batch.run_tatham(TATHAM, &mut sink)?;
        }
        Ok(())
    })();
    let error = match run {
        Ok(()) => None,
        Err(Stopped(e @ BatchError::Buttons(_))) if buttons => Some(format!("buttons:{e}")),
        Err(Stopped(e)) => Some(e.to_string()),
    };
    let (picture, board) = match sink.drawn {
        Some((svg, view)) => (Some(svg), view),
        None => (None, None),
    };
    Ok(FlipReply {
        records: sink.records,
        answers: sink.answers,
        warnings: sink.warnings,
        error,
        picture,
        board,
    })
}

/// A press: the board's text (rows separated by `/`) in the variant's alphabet, its size
/// (`RxC`), the cell pressed (0-based, row by row) and the variant's options.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct PressRequest {
    board: String,
    cell: usize,
    #[serde(flatten)]
    options: VariantRequest,
}

/// Presses `cell` of the board under the request's variant.
pub fn press(request: PressRequest) -> Result<BoardView, String> {
    let options = request.options.options(Some(BOARD))?;
    if options.hole.is_some() || options.buttons.is_some() || options.tatham.is_some() {
        return Err(
            "play presses boards of a toggle pattern (no holes, buttons or game IDs)".into()
        );
    }
    let size = options.size.ok_or("a press needs the board's size")?;
    let (variant, alphabet) = options.variant(size).map_err(|e| e.to_string())?;
    let mut board = Board::parse(&request.board, size, &alphabet).map_err(|e| e.to_string())?;
    if request.cell >= size.cells() {
        return Err(format!("cell {} is off the {size} board", request.cell));
    }
    variant.press(&mut board, request.cell, 1);
    Ok(view(&board, &alphabet))
}
