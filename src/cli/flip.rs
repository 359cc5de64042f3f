//! `flipblox flip`: answer Flip Game boards (POJ 1753) from the embedded 4x4 table, or boards of
//! any size (`--size RxC`) by a table built at run time or by GF(2) linear algebra.

use std::io::{self, Write};
use std::path::PathBuf;

use anyhow::Context;
use clap::{Args, ValueEnum};
use serde::Serialize;

use super::args::{MapArgs, OpenedTable, Outcome, TableLimitArgs, usage};
use super::io::{Text, for_each_input, sources};
use super::print::{Printer, Record, Reporter};
use super::progress;
use flipblox::flip::gf2::{DEFAULT_SEARCH_BITS, MAX_SEARCH_BITS};
use flipblox::flip::{Answer, BoardError, BoardReader, BoardSize, FlipSolver, GridBoard, Method};
use flipblox::table_file::Check;
use flipblox::text::{LineSource, Position};

/// Answer Flip Game boards: the minimum number of presses to make every piece white or every
/// piece black, or `Impossible` (POJ 1753 for 4x4; Lights Out with the plus-shaped toggle on
/// any board with --size).
///
/// Input: boards in the POJ layout, R lines of C characters `b` (black) or `w` (white), 4x4
/// unless --size says otherwise, with or without blank lines between boards; CRLF and trailing
/// spaces are fine. Output: one line per board, in order; a board that could not be read prints
/// `Error` and a PATH:LINE:COLUMN message on stderr. 4x4 is answered from the table embedded in
/// the binary; other sizes by GF(2) linear algebra, or by a distance table built in memory once
/// enough boards have been answered to pay for it (--method).
#[derive(Debug, Args)]
pub struct FlipArgs {
    /// Files of boards; `-` or nothing reads standard input.
    #[arg(value_name = "FILE", conflicts_with = "board")]
    files: Vec<PathBuf>,

    /// Answer this board instead of reading files: its rows separated by `/`
    /// (`bwwb/bbwb/bwwb/bwww`) or R*C characters row by row. May be given more than once.
    #[arg(long, value_name = "BOARD")]
    board: Vec<String>,

    /// Also print an optimal sequence of presses: `N (r,c)(r,c)...`, 1-based row and column.
    #[arg(long)]
    moves: bool,

    /// Print one JSON object per line: file, index, board, distance (null when impossible),
    /// moves ([[row, col], ...], 1-based; null when impossible), error (null unless unreadable),
    /// nullity (of the board size), proven_minimal (false only when the null space was too
    /// large to search whole).
    #[arg(long)]
    json: bool,

    /// Board size: ROWSxCOLS, each side 1 to 1024 (4x4 when omitted; with --table, the file's
    /// board, and if given it must match).
    #[arg(long, value_name = "RxC")]
    size: Option<BoardSize>,

    /// Answer by lookup in a flipblox table file written by `flipblox table build`: the file is
    /// memory-mapped and used in place, after a check of its header (magic, version, header
    /// CRC-32, shape, length). A file that cannot be read, is truncated or corrupt, or holds
    /// another table ends the run with exit code 1 before any board is answered.
    #[arg(long, value_name = "FILE")]
    table: Option<PathBuf>,

    /// With --table: also check the payload's CRC-32 and histogram before the first board
    /// (reads the whole file: about 40 ms for a 5x5 table).
    #[arg(long, requires = "table")]
    verify_table: bool,

    /// How boards other than 4x4 are answered: `auto` uses GF(2) and builds a distance table
    /// once enough boards of a small size have been answered to pay for it; `table` builds the
    /// table first; `gf2` never builds one (for 4x4 it replaces the embedded table). All give
    /// the same answers. With --table, boards are answered from the file (`gf2` is refused).
    #[arg(long, value_enum, default_value_t = MethodArg::Auto)]
    method: MethodArg,

    #[command(flatten)]
    limit: TableLimitArgs,

    /// Generators of the GF(2) solution space weighed exactly, 0 to 28 (the null space plus the
    /// colour change; 2^N x 4 bytes). Beyond it the answer is the best found, with a warning.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_SEARCH_BITS,
          value_parser = clap::value_parser!(u32).range(0..=MAX_SEARCH_BITS as i64))]
    search_bits: u32,

    #[command(flatten)]
    map: MapArgs,
}

/// `--method`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum MethodArg {
    Auto,
    Table,
    Gf2,
}

impl From<MethodArg> for Method {
    fn from(m: MethodArg) -> Method {
        match m {
            MethodArg::Auto => Method::Auto,
            MethodArg::Table => Method::Table,
            MethodArg::Gf2 => Method::Gf2,
        }
    }
}

/// One answered (or unreadable) board: a text line, or a JSON object for `--json`. The board
/// and the presses are borrowed and only written out for JSON, so the plain text answer costs no
/// allocation.
#[derive(Debug, Serialize)]
struct BoardRecord<'a> {
    file: &'a str,
    index: usize,
    #[serde(serialize_with = "as_text")]
    board: Option<&'a GridBoard>,
    distance: Option<usize>,
    moves: Option<Presses<'a>>,
    error: Option<String>,
    nullity: Option<usize>,
    proven_minimal: Option<bool>,
    /// With `--moves` (text only): print the presses after the distance.
    #[serde(skip)]
    with_moves: bool,
}

/// Presses as row-major indices on a board of `cols` columns, written as 1-based `[row, col]`.
#[derive(Debug, Clone, Copy)]
struct Presses<'a> {
    indices: &'a [usize],
    cols: usize,
}

impl Presses<'_> {
    fn rows_cols(self) -> impl Iterator<Item = [usize; 2]> {
        self.indices.iter().map(move |&i| [i / self.cols + 1, i % self.cols + 1])
    }
}

impl Serialize for Presses<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.rows_cols())
    }
}

/// A board as its text (`bwwb/bbwb/...`), or `null`.
fn as_text<S: serde::Serializer>(
    board: &Option<&GridBoard>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    match board {
        Some(board) => serializer.collect_str(board),
        None => serializer.serialize_none(),
    }
}

impl Record for BoardRecord<'_> {
    fn text(&self, out: &mut impl Write) -> io::Result<()> {
        let Some(d) = self.distance else { return out.write_all(b"Impossible") };
        write!(out, "{d}")?;
        if let Some(presses) = self.moves.filter(|_| self.with_moves) {
            if d > 0 {
                out.write_all(b" ")?;
            }
            for [r, c] in presses.rows_cols() {
                write!(out, "({r},{c})")?;
            }
        }
        Ok(())
    }
}

/// Answers boards with a [`FlipSolver`] and prints them.
struct Answerer<'t> {
    solver: FlipSolver<'t>,
    answer: Answer,
    /// The table file answering, for messages.
    table_file: Option<String>,
    moves: bool,
}

impl Answerer<'_> {
    /// Answers `board` (board `index` of `file`, read at `position`) and prints the answer.
    fn answer(
        &mut self,
        printer: &mut Printer,
        file: &str,
        index: usize,
        position: Position,
        board: &GridBoard,
    ) -> anyhow::Result<()> {
        let solver = &mut self.solver;
        if solver.wants_table() {
            printer.flush()?;
            let bar = progress::table_build(solver.size(), solver.solvable_states());
            solver.build_table(|reached| bar.set_position(reached))?;
            bar.finish_and_clear();
        }
        let answer = &mut self.answer;
        solver.answer_into(board, answer).with_context(|| match &self.table_file {
            Some(name) => format!("{name}: answering {file}:{position}: board {index}"),
            None => format!("answering {file}:{position}: board {index}"),
        })?;
        let cols = solver.size().cols();
        printer.record(&BoardRecord {
            file,
            index,
            board: Some(board),
            distance: answer.distance,
            moves: answer.distance.map(|_| Presses { indices: &answer.presses, cols }),
            error: None,
            nullity: Some(solver.nullity()),
            proven_minimal: Some(answer.proven_minimal),
            with_moves: self.moves,
        })?;
        if !answer.proven_minimal {
            printer.report(format_args!(
                "{file}:{position}: board {index}: warning: the null space of {} has dimension \
                 {}, too large to search whole (--search-bits {}); {} presses is the best found, \
                 not proven minimal",
                solver.size(),
                solver.nullity(),
                solver.gf2().search_bits(),
                answer.distance.unwrap_or(0),
            ));
        }
        Ok(())
    }

    /// Prints board `index` of `file`, which could not be read.
    fn failure(
        &self,
        printer: &mut Printer,
        file: &str,
        index: usize,
        error: &BoardError,
    ) -> anyhow::Result<()> {
        let record = BoardRecord {
            file,
            index,
            board: None,
            distance: None,
            moves: None,
            error: Some(error.to_string()),
            nullity: None,
            proven_minimal: None,
            with_moves: self.moves,
        };
        printer.failure(format_args!("{file}:{error}"), &record)
    }
}

/// Runs `flipblox flip`.
pub fn run(args: FlipArgs) -> anyhow::Result<Outcome> {
    let method = Method::from(args.method);
    if args.table.is_some() && method == Method::Gf2 {
        return Err(usage(
            &["flip"],
            "--table answers by table lookup; it cannot be used with --method gf2",
        ));
    }
    let check = if args.verify_table { Check::Full } else { Check::Header };
    let map = args.map.map();
    let opened =
        args.table.as_deref().map(|path| OpenedTable::open(path, check, map)).transpose()?;
    let presses = args.moves || args.json;
    let (solver, table_file) = match &opened {
        Some(opened) => {
            // The solver borrows the mapped payload: no copy of the table is made.
            let table = opened.flip_table(args.size)?;
            (FlipSolver::with_table(table), Some(opened.name().to_string()))
        }
        None => {
            let size = args.size.unwrap_or(BoardSize::CLASSIC);
            let solver = FlipSolver::new(size, method, args.limit.cells())
                .map_err(|e| usage(&["flip"], format!("--method table: {e}")))?
                .with_search_bits(args.search_bits);
            (solver, None)
        }
    };
    let size = solver.size();
    let solver = solver.with_presses(presses);
    let mut answerer =
        Answerer { solver, answer: Answer::default(), table_file, moves: args.moves };
    let mut printer = Printer::new(args.json);
    let mut failed = false;
    if !args.board.is_empty() {
        for (i, text) in args.board.iter().enumerate() {
            match GridBoard::parse(text, size.rows(), size.cols()) {
                Ok(board) => {
                    let start = Position { line: 1, column: 1 };
                    answerer.answer(&mut printer, "--board", i + 1, start, &board)?;
                }
                Err(mut e) => {
                    e.board = i + 1;
                    answerer.failure(&mut printer, "--board", i + 1, &e)?;
                    failed = true;
                }
            }
        }
        printer.finish()?;
        return Ok(Outcome::from_failed(failed));
    }
    let mut board = GridBoard::new(size.rows(), size.cols());
    let (rows, cols) = (size.rows(), size.cols());
    let unreadable = for_each_input(&sources(&args.files), map, &mut printer, |printer, input| {
        let name = input.name().to_string();
        let mut boards = Boards { answerer: &mut answerer, board: &mut board, failed: &mut failed };
        match input.text() {
            Text::Bytes(bytes) => {
                boards.answer_all(printer, &name, BoardReader::new(bytes, rows, cols))
            }
            Text::Stream(incoming) => {
                let probe = incoming.probe();
                let incoming = incoming.flushing(printer.flush_hook());
                let mut reader = BoardReader::from_reader(incoming, rows, cols);
                reader.lines_mut().set_probe(probe);
                boards.answer_all(printer, &name, &mut reader)?;
                if let Some(e) = reader.lines_mut().take_error() {
                    printer.unreadable(&name, &format_args!("{e}"));
                    *boards.failed = true;
                }
                Ok(())
            }
        }
    })?;
    printer.finish()?;
    Ok(Outcome::from_failed(failed || unreadable))
}

/// Answers every board of one input.
struct Boards<'r, 't> {
    answerer: &'r mut Answerer<'t>,
    board: &'r mut GridBoard,
    failed: &'r mut bool,
}

impl Boards<'_, '_> {
    /// Reads, answers and prints every board `reader` holds (the input `name`).
    fn answer_all<S: LineSource>(
        &mut self,
        printer: &mut Printer,
        name: &str,
        mut reader: impl std::borrow::BorrowMut<BoardReader<S>>,
    ) -> anyhow::Result<()> {
        let reader = reader.borrow_mut();
        loop {
            let Some(result) = reader.read_into(self.board) else { return Ok(()) };
            let (index, start) = (reader.boards_started(), reader.board_start());
            match result {
                Ok(()) => self.answerer.answer(printer, name, index, start, self.board)?,
                Err(e) => {
                    self.answerer.failure(printer, name, index, &e)?;
                    *self.failed = true;
                }
            }
        }
    }
}
