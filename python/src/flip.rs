//! Lights Out batches from Python: `flip`, the command-line tool's `flipblox flip --json` with
//! its options as keyword arguments, through the library's batch door
//! ([`flipblox::lights_out::Batch`]): one record per board, the library's
//! [`BoardRecord`](flipblox::lights_out::BoardRecord) as a dict.

use flipblox::bloxorz::Shard;
use flipblox::lights_out::{
    Batch, BatchError, BatchOptions, BatchSink, BoardRecord, BoardSize, Method, Solver,
    TogglePattern,
};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString, PyTuple};

use crate::errors::{self, BoardError, TableError};
use crate::input::{FILE_LIMIT, Input};
use crate::records;

/// Adds `flip` to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(flip, m)?)?;
    Ok(())
}

/// The input name of boards given as strings: the command-line tool's.
const BOARD: &str = "--board";

/// The input name of a Tatham game ID: the command-line tool's.
const TATHAM: &str = "--tatham";

/// What a batch reads: an input's bytes, board strings, or nothing (a Tatham game ID).
enum Boards {
    Input(Input),
    Texts(Vec<String>),
    Tatham,
}

/// Collects a batch's records as JSON Lines (the library's records serialised, and the fast
/// path's lines as they are), and its warnings.
#[derive(Default)]
struct Collected {
    lines: Vec<u8>,
    warnings: Vec<String>,
}

/// The sink's error: a batch that stopped (a solver failed).
struct Stopped(BatchError);

impl From<BatchError> for Stopped {
    fn from(e: BatchError) -> Stopped {
        Stopped(e)
    }
}

impl BatchSink for Collected {
    type Error = Stopped;

    fn record(&mut self, record: &BoardRecord<'_>) -> Result<(), Stopped> {
        serde_json::to_writer(&mut self.lines, record).expect("a record serialises");
        self.lines.push(b'\n');
        Ok(())
    }

    fn lines(&mut self, lines: &[u8]) -> Result<(), Stopped> {
        self.lines.extend_from_slice(lines);
        Ok(())
    }

    fn warning(&mut self, message: &str) {
        self.warnings.push(message.to_string());
    }
}

/// The exception of a batch that cannot start or stopped: [`TableError`] for a solver's
/// failure, [`BoardError`] for options that do not fit (the command-line tool's messages).
fn batch_error(e: &BatchError) -> PyErr {
    match e {
        BatchError::Solver { .. } => TableError::new_err(e.to_string()),
        _ => BoardError::new_err(e.to_string()),
    }
}

/// How messages name an option: as the command-line tool does (`--search-bits`), so that
/// records and messages are its own.
fn cli_name(name: &str) -> String {
    format!("--{}", name.replace('_', "-"))
}

/// `size=`: `"RxC"` or `(rows, cols)`.
fn board_size(size: &Bound<'_, PyAny>) -> PyResult<BoardSize> {
    if let Ok(text) = size.cast::<PyString>() {
        let text = text.to_cow()?;
        return text.parse::<BoardSize>().map_err(|e| errors::argument("size", e));
    }
    if let Ok((rows, cols)) = size.extract::<(usize, usize)>() {
        return BoardSize::new(rows, cols).map_err(|e| errors::argument("size", e));
    }
    Err(PyTypeError::new_err(format!(
        "size: expected \"RxC\" or (rows, cols), not {}",
        size.get_type().name()?
    )))
}

/// `buttons=`: a path (its text and name), or the text itself (named `<string>`).
fn buttons_text(buttons: &Bound<'_, PyAny>) -> PyResult<(String, String)> {
    let input = Input::extract(buttons, None, FILE_LIMIT, "")?;
    Ok((String::from_utf8_lossy(&input.bytes).into_owned(), input.name))
}

// The defaults of `search_bits` and `max_table_cells` are written as numbers, so that Python's
// signature shows them; they are the library's.
const _: () = assert!(Solver::DEFAULT_SEARCH_BITS == 24 && Solver::DEFAULT_MAX_TABLE_CELLS == 25);

/// Answers every board of `source` (or of `board`, or the Tatham game ID `tatham`) with the
/// options of `flipblox flip`: one record per board, in input order, each a dict equal to the
/// object `flipblox flip --json` prints (docs/JSON.md): `file`, `index` (1-based), `error` (None,
/// or `LINE:COLUMN: board N: ...` for a board that cannot be read or answered: the batch goes
/// on), `distance` (None when impossible), `lower_bound`, `path` (the presses, `[row, col]`
/// 1-based, a cell pressed j times listed j times), `optimal_solutions`, `solutions` (a decimal
/// string), `board`, `nullity`, `proven_minimal`, `goal`, `colours`, `wrap`, `toggle`,
/// `colour`.
///
/// `source` is a path (`pathlib.Path`, any `os.PathLike`; its records' `file` is the path as
/// given), the text of boards as `str` or `bytes` (`file` is `name`, by default `"<string>"` or
/// `"<bytes>"`), or a list of board strings (as `board=`). Boards are read as the command-line
/// tool reads a file: without `size` each board's size comes from the input (an `R C` size
/// line before each board, else a block of rows; a block of 4n rows of 4 pieces is n 4x4
/// boards). `board` is one board string or a list of them (the command-line tool's `--board`,
/// `file` `"--board"`): rows separated by `/`, or R*C cells in a row. `tatham` is a game ID of
/// Simon Tatham's Flip (`"2x2:edb7,f"`, `file` `"--tatham"`): its size, buttons and board.
///
/// The options are the command-line tool's: `size` (`"RxC"` or `(rows, cols)`, each side 1 to
/// 1024), `goal` (`"any"`, `"white"`/`"off"`, `"black"`, `"on"` or a symbol; by default
/// `"any"`, and `"white"`, the game's own, for `tatham`), `alphabet`,
/// `wrap`, `toggle` (a pattern such as `".x./xxx/.x."`), `colours` (2 to 16), `hole` (the
/// symbol of a cell that is not there; each board has its own holes), `buttons` (a buttons file:
/// a path, or its text as `str`; without `size`, for each board's size), `broken` (buttons that
/// cannot be pressed, a list of `(row, col)`, 1-based: `--broken ROW,COL`), `method` (`"auto"`, `"table"` or `"gf2"`, also spelt
/// `"linear_algebra"`), `search_bits` (0 to 28), `max_setup` (seconds of set-up linear algebra
/// may be estimated to take; 0 for no limit), `max_table_cells` (1 to 32), `shard=(K, N)` (only
/// the boards numbered i with (i - 1) % N == K - 1). `path` is accepted for the command line's
/// sake: records always carry the presses. The GIL is released while the boards are answered.
///
/// Raises `OSError` for a file that cannot be read, `BoardError` for options that do not fit
/// together or a buttons file or game ID that cannot be read (the command-line tool's
/// messages, which name its options), `TableError` when a solver fails, `ValueError` for an
/// option out of its range; warns (`InputWarning`) about a count line that does not match and
/// answers not proven minimal.
#[pyfunction]
#[pyo3(signature = (source=None, *, board=None, size=None, goal=None, alphabet=None,
                    wrap=false, toggle=None, colours=2, hole=None, buttons=None, broken=None,
                    tatham=None,
                    path=false, method="auto", search_bits=24,
                    max_setup=60, max_table_cells=25,
                    shard=None, name=None))]
#[allow(clippy::too_many_arguments)]
fn flip<'py>(
    py: Python<'py>,
    source: Option<&Bound<'py, PyAny>>,
    board: Option<&Bound<'py, PyAny>>,
    size: Option<&Bound<'py, PyAny>>,
    goal: Option<&str>,
    alphabet: Option<String>,
    wrap: bool,
    toggle: Option<&str>,
    colours: u8,
    hole: Option<&str>,
    buttons: Option<&Bound<'py, PyAny>>,
    broken: Option<Vec<(usize, usize)>>,
    tatham: Option<String>,
    path: bool,
    method: &str,
    search_bits: u32,
    max_setup: u64,
    max_table_cells: usize,
    shard: Option<(usize, usize)>,
    name: Option<String>,
) -> PyResult<Bound<'py, PyList>> {
    let _ = path;
    // Board strings: `board=` (one or a list), or a list of them as the source.
    let texts: Option<Vec<String>> = match (source, board) {
        (Some(_), Some(_)) => {
            return Err(errors::argument("board", "give the boards as source or board=, not both"));
        }
        (None, Some(text)) if text.cast::<PyString>().is_ok() => Some(vec![text.extract()?]),
        (None, Some(texts)) => Some(texts.extract()?),
        (Some(texts), None)
            if texts.cast::<PyList>().is_ok() || texts.cast::<PyTuple>().is_ok() =>
        {
            Some(texts.extract()?)
        }
        _ => None,
    };
    let file = source.filter(|_| texts.is_none());
    if texts.is_none() && file.is_none() && tatham.is_none() {
        return Err(errors::argument("source", "give a source, board= or tatham="));
    }
    let method = match method {
        "auto" => Method::Auto,
        "table" => Method::Table,
        "gf2" | "linear_algebra" => Method::LinearAlgebra,
        other => {
            return Err(errors::argument(
                "method",
                format_args!("{other:?} is not a method: expected 'auto', 'table' or 'gf2'"),
            ));
        }
    };
    if search_bits > Solver::MAX_SEARCH_BITS {
        return Err(errors::argument(
            "search_bits",
            format_args!("expected 0 to {}", Solver::MAX_SEARCH_BITS),
        ));
    }
    if !(1..=32).contains(&max_table_cells) {
        return Err(errors::argument("max_table_cells", "expected 1 to 32"));
    }
    let hole = match hole {
        None => None,
        Some(symbol) => {
            let mut chars = symbol.chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) => Some(c),
                _ => return Err(errors::argument("hole", "expected one character")),
            }
        }
    };
    let toggle = match toggle {
        None => None,
        Some(text) => Some(
            text.parse::<TogglePattern>()
                .map_err(|e| BoardError::new_err(format!("--toggle {text}: {e}")))?,
        ),
    };
    let shard = match shard {
        None => None,
        Some((k, n)) => Some(Shard::new(k, n).ok_or_else(|| {
            errors::argument(
                "shard",
                format_args!("expected (K, N) with 1 <= K <= N, found ({k}, {n})"),
            )
        })?),
    };
    let (buttons, buttons_name) = match buttons {
        None => (None, None),
        Some(buttons) => {
            let (text, name) = buttons_text(buttons)?;
            (Some(text), Some(name))
        }
    };
    let given = match (&texts, file) {
        (Some(_), _) => Some(BOARD),
        (None, Some(_)) => Some("source"),
        (None, None) => None,
    };
    let options = BatchOptions {
        size: size.map(board_size).transpose()?,
        // Without a goal: any uniform board, or for a Tatham game ID the game's, all lights off.
        goal: goal.unwrap_or(if tatham.is_some() { "white" } else { "any" }).to_string(),
        alphabet,
        toggle,
        wrap,
        colours,
        hole,
        buttons,
        broken: broken.unwrap_or_default(),
        tatham,
        method,
        max_table_cells,
        search_bits,
        max_setup_operations: match max_setup {
            0 => u64::MAX,
            s => s.saturating_mul(Solver::SETUP_OPERATIONS_PER_SECOND),
        },
        presses: true,
        counts: true,
        shard,
        lines: true,
        option_name: cli_name,
    };
    options.check(given, false).map_err(|e| batch_error(&e))?;
    let boards = match (texts, file) {
        (Some(texts), _) => Boards::Texts(texts),
        (None, Some(source)) => Boards::Input(Input::extract(source, name, FILE_LIMIT, "")?),
        (None, None) => Boards::Tatham,
    };
    let mut sink = Collected::default();
    let run = py.detach(|| -> Result<(), Stopped> {
        let mut batch = Batch::new(options, &mut sink)?;
        match &boards {
            Boards::Input(input) => batch.run_bytes(&input.name, &input.bytes, &mut sink)?,
            Boards::Texts(texts) => batch.run_texts(BOARD, texts, &mut sink)?,
            Boards::Tatham => batch.run_tatham(TATHAM, &mut sink)?,
        };
        Ok(())
    });
    for warning in &sink.warnings {
        errors::warn(py, warning)?;
    }
    if let Err(Stopped(e)) = run {
        return Err(match (&e, buttons_name) {
            (BatchError::Buttons(_), Some(name)) => BoardError::new_err(format!("{name}:{e}")),
            _ => batch_error(&e),
        });
    }
    records::from_json_lines(py, &sink.lines)
}
