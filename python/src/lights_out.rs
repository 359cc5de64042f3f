//! Lights Out and the Flip Game from Python: `Variant` (the command-line tool's variant options
//! on one board size) answering boards with `Answer`s, distance tables as NumPy arrays (the
//! embedded 4x4 table and tables built at run time without a copy), and `load_table` (a table
//! file memory-mapped, checked, and viewed as an array without a copy).

use std::fs::File;
use std::path::PathBuf;
use std::sync::Mutex;

use flipblox::lights_out::{
    self as lo, Alphabet, Board, BoardSize, DistanceTable, Goal, Method, Solver, TogglePattern,
};
use flipblox::memory::{ReadError, read_bounded};
use flipblox::table_file::{Check, TableFile};
use memmap2::Mmap;
use numpy::ndarray::ArrayView1;
use numpy::{PyArray1, PyArrayMethods};
use pyo3::exceptions::{PyMemoryError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};

use crate::errors::{self, BoardError, TableError};

/// Adds the Lights Out classes and functions to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Variant>()?;
    m.add_class::<Answer>()?;
    m.add_class::<TableMemory>()?;
    m.add_function(wrap_pyfunction!(distance, m)?)?;
    m.add_function(wrap_pyfunction!(table, m)?)?;
    m.add_function(wrap_pyfunction!(load_table, m)?)?;
    Ok(())
}

/// A member of the Lights Out family on one board size: the command-line tool's variant
/// options (`flipblox flip --size RxC --goal ... --alphabet ... --wrap --toggle ... --colours K`).
///
/// `rows` x `cols` cells (1 to 1024 each; the Flip Game is 4 x 4) of `colours` colours (2 to
/// 16; 0 is white, "off"). A press advances the cells of the `toggle` pattern around the pressed
/// cell by one colour, modulo `colours` (the default `.x./xxx/.x.`, the plus: the cell and its
/// orthogonal neighbours; rows of the odd-sized mask separated by `/`, `x` toggled); with
/// `wrap=True` the board is a torus. `goal` is `"any"` (any uniform board: the Flip Game's
/// question), `"white"` (every cell colour 0: classic Lights Out's "all lights off"), `"black"`
/// (two colours), or the symbol of a colour. Boards are written in `alphabet`, one symbol per
/// colour, white first (`"wb"` for two colours by default, else the first K of
/// `0123456789abcdef`), rows separated by `/` or line breaks.
///
/// `Variant()` is the Flip Game (POJ 1753): its boards are answered by one lookup in the table
/// embedded at build time. Raises `BoardError` (the command-line tool's message) for options
/// that name no variant.
#[pyclass(module = "flipblox", frozen)]
struct Variant {
    variant: lo::Variant,
    alphabet: Alphabet,
    /// The solver of the last `solve` (with its method and whether it counts), kept for the
    /// next: a solver of the Flip Game's rules builds its table once it has answered enough
    /// boards.
    solver: Mutex<Option<(Method, bool, Solver<'static>)>>,
}

#[pymethods]
impl Variant {
    #[new]
    #[pyo3(signature = (rows=4, cols=4, *, goal="any", alphabet=None, wrap=false, toggle=None,
                        colours=2))]
    fn new(
        rows: usize,
        cols: usize,
        goal: &str,
        alphabet: Option<&str>,
        wrap: bool,
        toggle: Option<&str>,
        colours: u8,
    ) -> PyResult<Variant> {
        let bad = |option: &str, value: &str, e: &dyn std::fmt::Display| {
            BoardError::new_err(format!("{option}={value:?}: {e}"))
        };
        let size = BoardSize::new(rows, cols)
            .map_err(|e| BoardError::new_err(format!("rows={rows}, cols={cols}: {e}")))?;
        if !(2..=lo::Variant::MAX_COLOURS).contains(&colours) {
            return Err(BoardError::new_err(format!(
                "colours={colours}: expected 2 to {}",
                lo::Variant::MAX_COLOURS
            )));
        }
        let alphabet = match alphabet {
            Some(symbols) => {
                Alphabet::new(symbols, colours).map_err(|e| bad("alphabet", symbols, &e))?
            }
            None => Alphabet::default_for(colours),
        };
        let goal = Goal::parse(goal, &alphabet).map_err(|e| bad("goal", goal, &e))?;
        let toggle = match toggle {
            Some(text) => text.parse::<TogglePattern>().map_err(|e| bad("toggle", text, &e))?,
            None => TogglePattern::plus(),
        };
        let variant = lo::Variant::builder(size.rows(), size.cols())
            .toggle(toggle.clone())
            .wrap(wrap)
            .colours(colours)
            .goal(goal)
            .build()
            .map_err(|e| bad("toggle", &toggle.to_string(), &e))?;
        Ok(Variant { variant, alphabet, solver: Mutex::new(None) })
    }

    /// Rows of the board.
    #[getter]
    fn rows(&self) -> usize {
        self.variant.size().rows()
    }

    /// Columns of the board.
    #[getter]
    fn cols(&self) -> usize {
        self.variant.size().cols()
    }

    /// The goal's name: `"any"`, `"white"`, `"black"` or a symbol.
    #[getter]
    fn goal(&self) -> String {
        self.variant.goal().name(&self.alphabet)
    }

    /// The number of colours K.
    #[getter]
    fn colours(&self) -> u8 {
        self.variant.colours()
    }

    /// True for a torus.
    #[getter]
    fn wrap(&self) -> bool {
        self.variant.wrap()
    }

    /// The toggle pattern, e.g. `".x./xxx/.x."`.
    #[getter]
    fn toggle(&self) -> String {
        self.variant.toggle().to_string()
    }

    /// The cell symbols, white (colour 0) first.
    #[getter]
    fn alphabet(&self) -> String {
        self.alphabet.as_str().to_string()
    }

    /// The number of states, K^(rows*cols), or None when it exceeds 2^64.
    #[getter]
    fn states(&self) -> Option<u64> {
        self.variant.states()
    }

    fn __repr__(&self) -> String {
        format!(
            "Variant({}, {}, goal={:?}, alphabet={:?}, wrap={}, toggle={:?}, colours={})",
            self.rows(),
            self.cols(),
            self.goal(),
            self.alphabet(),
            if self.wrap() { "True" } else { "False" },
            self.toggle(),
            self.colours()
        )
    }

    /// The colours of the board `text` (in the variant's alphabet) as a `uint8` NumPy array of
    /// shape (rows, cols). Raises `BoardError` (`LINE:COLUMN: ...`) for text that is not a
    /// board of the variant.
    fn board<'py>(&self, py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyAny>> {
        let board = Board::parse(text, self.variant.size(), &self.alphabet)
            .map_err(|e| BoardError::new_err(e.to_string()))?;
        let shape = [self.rows(), self.cols()];
        Ok(PyArray1::from_slice(py, board.cells()).reshape(shape)?.into_any())
    }

    /// Answers one board or many: the fewest presses that reach the goal.
    ///
    /// `boards` is one board (its text, or a NumPy array of colours of shape (rows, cols)) or
    /// many (a list of texts, or an array of shape (N, rows, cols)); one board gives an `Answer`,
    /// many a list of them in order. `method` is `"auto"` (the embedded table for the 4x4 Flip
    /// Game, else linear algebra, switching to a table built at run time once enough boards of
    /// the Flip Game's rules are answered), `"table"` (the variant's table, built first) or
    /// `"linear_algebra"`; every method gives the same distances. With `counts=True` each
    /// answer also counts its solutions (`Answer.optimal_solutions` and `Answer.solutions`, by
    /// linear algebra as it answers; the 4x4 Flip Game then builds no table). The GIL is
    /// released while the boards are answered.
    ///
    /// Raises `BoardError` for a board that cannot be read (`boards[I]: LINE:COLUMN: ...` in a
    /// list) or holds a colour not below K, `TableError` when `method="table"` asks for a
    /// table too large to build.
    #[pyo3(signature = (boards, *, method="auto", counts=false))]
    fn solve<'py>(
        &self,
        py: Python<'py>,
        boards: &Bound<'py, PyAny>,
        method: &str,
        counts: bool,
    ) -> PyResult<Bound<'py, PyAny>> {
        let method = match method {
            "auto" => Method::Auto,
            "table" => Method::Table,
            "linear_algebra" => Method::LinearAlgebra,
            other => {
                return Err(errors::argument(
                    "method",
                    format_args!(
                        "{other:?} is not a method: expected 'auto', 'table' or 'linear_algebra'"
                    ),
                ));
            }
        };
        let (boards, one) = self.boards(boards)?;
        let answers = py.detach(|| self.answer(&boards, method, counts))?;
        let cols = self.cols();
        let answers: Vec<Answer> = answers.iter().map(|a| Answer::new(a, cols, counts)).collect();
        if one {
            let answer = answers.into_iter().next().expect("one board");
            return Ok(Bound::new(py, answer)?.into_any());
        }
        Ok(PyList::new(py, answers)?.into_any())
    }

    /// The variant's distance table as a `uint8` NumPy array of K^(rows*cols) entries: entry
    /// `state` is the fewest presses from that board to the goal, 255 when it cannot be reached.
    /// A board's state is the base-K number of its colours, cell (r, c) the digit of
    /// K^(r*cols + c) (for two colours: bit `r*cols + c` set for black). The 4x4 Flip Game's is
    /// the embedded table, read-only and not copied; others are built by visiting every press
    /// vector once (GIL released), up to 32 cells for two colours and 2^`max_cells` states for
    /// more. Raises `TableError` for a larger one.
    #[pyo3(signature = (*, max_cells=32))]
    fn table<'py>(&self, py: Python<'py>, max_cells: usize) -> PyResult<Bound<'py, PyAny>> {
        if self.variant == *DistanceTable::embedded().variant() {
            return embedded_table(py);
        }
        DistanceTable::check_size(&self.variant, max_cells)
            .map_err(|e| TableError::new_err(e.to_string()))?;
        let built = py.detach(|| DistanceTable::build(&self.variant, |_, _| {}));
        let built = built.map_err(|e| TableError::new_err(e.to_string()))?;
        let owner = Bound::new(py, TableMemory { owned: Owned::Table(built) })?;
        table_array(owner, None, None)
    }
}

impl Variant {
    /// The boards `boards` names, and whether it is one board.
    fn boards(&self, boards: &Bound<'_, PyAny>) -> PyResult<(Vec<Board>, bool)> {
        let size = self.variant.size();
        let read = |text: &str| Board::parse(text, size, &self.alphabet);
        if let Ok(text) = boards.cast::<PyString>() {
            let board = read(&text.to_cow()?).map_err(|e| BoardError::new_err(e.to_string()))?;
            return Ok((vec![board], true));
        }
        if let Ok(list) = boards.cast::<PyList>()
            && list.iter().all(|b| b.is_instance_of::<PyString>())
        {
            let mut read_all = Vec::with_capacity(list.len());
            for (i, text) in list.iter().enumerate() {
                let text: String = text.extract()?;
                let board =
                    read(&text).map_err(|e| BoardError::new_err(format!("boards[{i}]: {e}")))?;
                read_all.push(board);
            }
            return Ok((read_all, false));
        }
        self.boards_of_array(boards)
    }

    /// The boards of an array-like of colours: (rows, cols) for one, (N, rows, cols) for many.
    fn boards_of_array(&self, boards: &Bound<'_, PyAny>) -> PyResult<(Vec<Board>, bool)> {
        let py = boards.py();
        let numpy = py.import("numpy")?;
        let array = numpy.call_method1("asarray", (boards,))?;
        let kind: String = array.getattr("dtype")?.getattr("kind")?.extract()?;
        if !matches!(kind.as_str(), "i" | "u" | "b") {
            return Err(PyTypeError::new_err(format!(
                "boards: expected a board's text, a list of them, or an integer array of colours \
                 of shape ({rows}, {cols}) or (N, {rows}, {cols}); found an array of dtype {}",
                array.getattr("dtype")?.str()?,
                rows = self.rows(),
                cols = self.cols()
            )));
        }
        let shape: Vec<usize> = array.getattr("shape")?.extract()?;
        let (rows, cols) = (self.rows(), self.cols());
        let one = match shape[..] {
            [r, c] if (r, c) == (rows, cols) => true,
            [_, r, c] if (r, c) == (rows, cols) => false,
            _ => {
                return Err(BoardError::new_err(format!(
                    "boards: expected shape ({rows}, {cols}) or (N, {rows}, {cols}), found {shape:?}"
                )));
            }
        };
        let wide = array.call_method1("astype", ("int64",))?;
        let wide = wide.cast_into::<numpy::PyArrayDyn<i64>>()?;
        let readonly = wide.readonly();
        let cells = readonly.as_array();
        let colours = i64::from(self.variant.colours());
        let per_board = rows * cols;
        let flat: Vec<i64> = cells.iter().copied().collect();
        let mut read_all = Vec::with_capacity(flat.len() / per_board.max(1));
        for (i, chunk) in flat.chunks(per_board).enumerate() {
            if let Some(at) = chunk.iter().position(|&c| !(0..colours).contains(&c)) {
                let (r, c) = (at / cols, at % cols);
                let place = if one { String::new() } else { format!("boards[{i}]: ") };
                return Err(BoardError::new_err(format!(
                    "{place}row {}, column {}: colour {} is not below {colours}",
                    r + 1,
                    c + 1,
                    chunk[at]
                )));
            }
            let cells = chunk.iter().map(|&c| c as u8).collect();
            read_all.push(Board::from_cells(rows, cols, cells));
        }
        Ok((read_all, one))
    }

    /// Answers `boards` with the kept solver (or a new one when another thread holds it),
    /// counting their solutions or not.
    fn answer(&self, boards: &[Board], method: Method, counts: bool) -> PyResult<Vec<lo::Answer>> {
        let fresh = || {
            Solver::builder(&self.variant)
                .method(method)
                .build()
                .map(|solver| solver.with_counts(counts))
                .map_err(|e| TableError::new_err(e.to_string()))
        };
        let mut kept = self.solver.try_lock().ok();
        let mut own;
        let solver = match kept.as_deref_mut() {
            Some(slot) => {
                if slot.as_ref().is_none_or(|(m, c, _)| (*m, *c) != (method, counts)) {
                    *slot = Some((method, counts, fresh()?));
                }
                &mut slot.as_mut().expect("set above").2
            }
            None => {
                own = fresh()?;
                &mut own
            }
        };
        boards
            .iter()
            .map(|board| solver.solve(board).map_err(|e| TableError::new_err(e.to_string())))
            .collect()
    }
}

/// One board's answer (`Variant.solve`).
///
/// - `distance`: the fewest presses that reach the goal (a cell pressed j times counts j), or
///   None when the goal cannot be reached.
/// - `presses`: one optimal press set, as 0-based `(row, col)` pairs in row-major order, a cell
///   pressed j times listed j times (so `len(presses) == distance`); empty when impossible or
///   already at the goal.
/// - `colour`: the colour every cell shows after the presses (0 is white), None when impossible.
/// - `proven_minimal`: False only when linear algebra could not weigh every solution (a null
///   space beyond its search limit) and `distance` is the lightest it found; table answers are
///   always proven.
/// - `lower_bound`: a proven lower bound of `distance` (`distance` itself when proven minimal;
///   otherwise what the cells need in all to reach the goal colour over the cells a press
///   changes, rounded up); None when impossible.
/// - `optimal_solutions`: with `solve(..., counts=True)`, how many press sets (each cell pressed
///   0 to K-1 times) have `distance` presses (0 when impossible); None when not every solution
///   was weighed, or without `counts=True`.
/// - `solutions`: with `counts=True`, how many press sets reach the goal at all (an exact int:
///   `2**484` on 1024 x 1024 boards; 0 when impossible); None without `counts=True`.
#[pyclass(module = "flipblox", frozen, eq)]
#[derive(Debug, Clone, PartialEq)]
struct Answer {
    #[pyo3(get)]
    distance: Option<usize>,
    #[pyo3(get)]
    presses: Vec<(usize, usize)>,
    #[pyo3(get)]
    colour: Option<u8>,
    #[pyo3(get)]
    proven_minimal: bool,
    #[pyo3(get)]
    lower_bound: Option<usize>,
    #[pyo3(get)]
    optimal_solutions: Option<u64>,
    /// `solutions` in decimal (a Python int of any size is made from it when read).
    solutions: Option<String>,
}

impl Answer {
    /// The answer of `answer` on a board of `cols` columns; its counts when `counted`.
    fn new(answer: &lo::Answer, cols: usize, counted: bool) -> Answer {
        let presses = answer
            .presses
            .iter()
            .flat_map(|&(cell, count)| {
                std::iter::repeat_n((cell / cols, cell % cols), count.into())
            })
            .collect();
        Answer {
            distance: answer.distance,
            presses,
            colour: answer.colour,
            proven_minimal: answer.proven_minimal,
            lower_bound: answer.lower_bound,
            optimal_solutions: answer.optimal_solutions.filter(|_| counted),
            solutions: counted.then(|| answer.solutions.to_string()),
        }
    }
}

#[pymethods]
impl Answer {
    /// How many press sets reach the goal, as an int (see the class docs), or None.
    #[getter]
    fn solutions<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        let int = py.import("builtins")?.getattr("int")?;
        self.solutions.as_deref().map(|text| int.call1((text,))).transpose()
    }

    fn __repr__(&self) -> String {
        let none = |v: Option<String>| v.unwrap_or_else(|| "None".to_string());
        format!(
            "Answer(distance={}, presses={:?}, colour={}, proven_minimal={}, lower_bound={}, \
             optimal_solutions={}, solutions={})",
            none(self.distance.map(|d| d.to_string())),
            self.presses,
            none(self.colour.map(|c| c.to_string())),
            if self.proven_minimal { "True" } else { "False" },
            none(self.lower_bound.map(|b| b.to_string())),
            none(self.optimal_solutions.map(|n| n.to_string())),
            none(self.solutions.clone()),
        )
    }
}

/// The distance of a 4x4 Flip Game board (POJ 1753) from its text: four rows of `b` (black)
/// and `w` (white) separated by `/` or line breaks, or the 16 pieces in a row. One lookup in the
/// embedded table; None when no uniform board can be reached. Raises `BoardError`
/// (`LINE:COLUMN: ...`) for anything but a 4x4 board.
#[pyfunction]
fn distance(board: &str) -> PyResult<Option<u8>> {
    lo::distance(board).map_err(|e| BoardError::new_err(e.to_string()))
}

/// The embedded 4x4 Flip Game table (`Variant().table()`): 65,536 `uint8` entries, entry
/// `state` the fewest presses from that board to a uniform one (255: impossible; bit
/// `4*row + col` of `state` set for a black piece). Read-only, not copied.
#[pyfunction]
fn table(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    embedded_table(py)
}

/// Reads the table file `path` (`.fbt`, as `flipblox table build` and `flipblox export` write it;
/// docs/FORMATS.md) and returns its entries as a read-only NumPy array: a copy of a file of up to
/// 256 MiB (it does not change when the file does), a view of the mapped file, not copied, for a
/// larger one (docs/RELIABILITY.md, "Python"): a Lights Out table as `uint8` of shape
/// (K^(rows*cols),), a Bloxorz field as `int32` of shape (R, C, 3) (the shapes and dtypes of the
/// `.npy` export).
///
/// `check` is `"full"` (the default: the header and payload checksums, the histogram, and for a
/// Lights Out table the proof that it holds the distances of its variant), `"payload"` (checksums
/// and histogram) or `"header"` (the header alone: reads the first page only). The checks run with
/// the GIL released. Raises `OSError` for a file that cannot be read and `TableError` (the
/// command-line tool's message, `NAME: ...`) for one that fails a check.
#[pyfunction]
#[pyo3(signature = (path, *, check="full"))]
fn load_table<'py>(py: Python<'py>, path: PathBuf, check: &str) -> PyResult<Bound<'py, PyAny>> {
    let check = match check {
        "full" => Check::Full,
        "payload" => Check::Payload,
        "header" => Check::Header,
        other => {
            return Err(errors::argument(
                "check",
                format_args!("{other:?}: expected 'full', 'payload' or 'header'"),
            ));
        }
    };
    let name = path.to_string_lossy().into_owned();
    let file = File::open(&path).map_err(|e| errors::unreadable(&name, &e))?;
    let len = file.metadata().map_err(|e| errors::unreadable(&name, &e))?.len();
    let owned = if len <= COPY_LIMIT {
        // A copy: the array cannot change or fault when the file is truncated or rewritten.
        match py.detach(|| read_bounded(&file, COPY_LIMIT)) {
            Ok(bytes) => Owned::Copied(bytes),
            Err(ReadError::Read(e)) => return Err(errors::unreadable(&name, &e)),
            Err(ReadError::TooLong { .. }) => {
                return Err(TableError::new_err(format!(
                    "{name}: the file changed size while being read"
                )));
            }
            Err(e) => return Err(PyMemoryError::new_err(format!("{name}: {e}"))),
        }
    } else {
        // SAFETY: a mapped file changed or truncated by another process while it is mapped
        // changes or faults (SIGBUS) the reads of it, as docs/RELIABILITY.md says for Python;
        // the file is mapped read-only and private to this object, so nothing in this process
        // writes it. Table files are written to a temporary file and renamed over the old one
        // (the command-line tool does), which never changes a mapped file's contents.
        Owned::Mapped(unsafe { Mmap::map(&file) }.map_err(|e| errors::unreadable(&name, &e))?)
    };
    let bytes = owned.bytes();
    let layout = py.detach(|| -> Result<(usize, usize, String, Vec<usize>), String> {
        let parsed = TableFile::parse(bytes, check).map_err(|e| e.to_string())?;
        let header = parsed.header();
        let offset = usize::try_from(header.payload_offset).map_err(|e| e.to_string())?;
        let len = usize::try_from(header.payload_len).map_err(|e| e.to_string())?;
        let shape = header.shape.iter().map(|&n| n as usize).collect();
        Ok((offset, len, header.element.numpy_descr().to_string(), shape))
    });
    let (offset, len, descr, shape) =
        layout.map_err(|e| TableError::new_err(format!("{name}: {e}")))?;
    let owner = Bound::new(py, TableMemory { owned })?;
    table_array(owner, Some((offset, len)), Some((descr, shape)))
}

/// The largest table file `load_table` copies into memory (256 MiB: every Lights Out table up
/// to 5x5 and 2 colours, every Bloxorz field of up to 22 million cells); a larger one is mapped.
const COPY_LIMIT: u64 = 256 << 20;

/// The memory a table array views: the embedded table, a table built at run time, or a mapped
/// table file. It is the array's `base`, alive as long as the array (and any view of it).
#[pyclass(module = "flipblox", frozen)]
struct TableMemory {
    owned: Owned,
}

enum Owned {
    /// The embedded table (its bytes are static) or a table built at run time.
    Table(DistanceTable<'static>),
    /// A table file of at most [`COPY_LIMIT`] bytes, read into memory.
    Copied(Vec<u8>),
    /// A larger table file, mapped.
    Mapped(Mmap),
}

impl Owned {
    fn bytes(&self) -> &[u8] {
        match self {
            Owned::Table(table) => table.as_bytes(),
            Owned::Copied(bytes) => bytes,
            Owned::Mapped(map) => map,
        }
    }
}

impl TableMemory {
    fn bytes(&self) -> &[u8] {
        self.owned.bytes()
    }
}

/// The embedded 4x4 table as an array.
fn embedded_table(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    let owner = Bound::new(py, TableMemory { owned: Owned::Table(DistanceTable::embedded()) })?;
    table_array(owner, None, None)
}

/// A read-only array viewing `range` (offset, length) of `owner`'s bytes (all of them when
/// `None`), as `dtype` of `shape` when given (else `uint8`, one dimension).
fn table_array<'py>(
    owner: Bound<'py, TableMemory>,
    range: Option<(usize, usize)>,
    typed: Option<(String, Vec<usize>)>,
) -> PyResult<Bound<'py, PyAny>> {
    let py = owner.py();
    let memory = owner.get();
    let all = memory.bytes();
    let bytes = match range {
        Some((offset, len)) => all.get(offset..offset + len).ok_or_else(|| {
            TableError::new_err("the payload lies outside the file (checked above)")
        })?,
        None => all,
    };
    let view = ArrayView1::from(bytes);
    // SAFETY: the array's memory is `owner`'s: the embedded table (static), a built table's
    // bytes (owned by `owner`, never changed or moved after it is made: `TableMemory` is frozen)
    // or a mapped file (unmapped only when `owner` is dropped). `owner` becomes the array's
    // base, which NumPy keeps alive as long as the array and every view of it. The array is
    // made read-only at once, and cannot be made writeable again (it does not own its data and
    // its base exposes no writeable buffer), so nothing writes the embedded or mapped bytes.
    let array = unsafe { PyArray1::<u8>::borrow_from_array(&view, owner.clone().into_any()) };
    let flags = PyDict::new(py);
    flags.set_item("write", false)?;
    array.call_method("setflags", (), Some(&flags))?;
    match typed {
        Some((descr, shape)) => {
            Ok(array.call_method1("view", (descr,))?.call_method1("reshape", (shape,))?)
        }
        None => Ok(array.into_any()),
    }
}
