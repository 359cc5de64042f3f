//! `flipblox flip`: answer Flip Game boards (POJ 1753) from the embedded 4x4 table, or boards of
//! any size (`--size RxC`) by a table built at run time or by GF(2) linear algebra.

use std::fmt::Display;
use std::io::Write;
use std::path::PathBuf;

use anyhow::Context;
use clap::{Args, ValueEnum};
use serde::Serialize;

use super::print;
use super::progress;
use super::table::{self, OpenedTable, TableLimitArgs};
use super::{Outcome, usage_error};
use flipblox::flip::gf2::{DEFAULT_SEARCH_BITS, MAX_SEARCH_BITS};
use flipblox::flip::{
    Answer, Board, BoardError, BoardReader, BoardSize, DistanceTable, FlipSolver, GridBoard,
    Method, TableSolver,
};
use super::io::{Input, Source};
use flipblox::table_file::Check;
use flipblox::text::Position;

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

    /// Generators of the GF(2) solution space weighed exactly (the null space plus the colour
    /// change; 2^N x 4 bytes). Beyond it the answer is the best found, with a warning.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_SEARCH_BITS,
          value_parser = clap::value_parser!(u32).range(0..=MAX_SEARCH_BITS as i64))]
    search_bits: u32,
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

/// One answered (or unreadable) board, as printed by `--json`.
#[derive(Debug, Serialize)]
struct JsonAnswer<'a> {
    file: &'a str,
    index: usize,
    board: Option<String>,
    distance: Option<usize>,
    moves: Option<Vec<[usize; 2]>>,
    error: Option<String>,
    nullity: Option<usize>,
    proven_minimal: Option<bool>,
}

/// What the printer needs of one answer.
struct Reply<'a> {
    distance: Option<usize>,
    /// Row-major indices of the presses, ascending.
    presses: &'a [usize],
    proven_minimal: bool,
}

struct Printer<W: Write> {
    out: W,
    moves: bool,
    json: bool,
    cols: usize,
    nullity: usize,
    line: String,
}

impl<W: Write> Printer<W> {
    fn answer(
        &mut self,
        file: &str,
        index: usize,
        board: &dyn Display,
        reply: &Reply<'_>,
    ) -> anyhow::Result<()> {
        let rc = |i: usize| [i / self.cols + 1, i % self.cols + 1];
        if self.json {
            let answer = JsonAnswer {
                file,
                index,
                board: Some(board.to_string()),
                distance: reply.distance,
                moves: reply.distance.map(|_| reply.presses.iter().map(|&i| rc(i)).collect()),
                error: None,
                nullity: Some(self.nullity),
                proven_minimal: Some(reply.proven_minimal),
            };
            serde_json::to_writer(&mut self.out, &answer)?;
            self.out.write_all(b"\n")?;
            return Ok(());
        }
        match reply.distance {
            None => self.out.write_all(b"Impossible\n")?,
            Some(d) if !self.moves => writeln!(self.out, "{d}")?,
            Some(d) => {
                use std::fmt::Write as _;
                self.line.clear();
                write!(self.line, "{d}")?;
                if d > 0 {
                    self.line.push(' ');
                }
                for &i in reply.presses {
                    let [r, c] = rc(i);
                    write!(self.line, "({r},{c})")?;
                }
                writeln!(self.out, "{}", self.line)?;
            }
        }
        Ok(())
    }

    fn error(&mut self, file: &str, index: usize, error: &BoardError) -> anyhow::Result<()> {
        // Flush the answers before this board so stdout and stderr interleave in order.
        self.out.flush()?;
        print::report(format_args!("{file}:{error}"));
        if self.json {
            let answer = JsonAnswer {
                file,
                index,
                board: None,
                distance: None,
                moves: None,
                error: Some(error.to_string()),
                nullity: None,
                proven_minimal: None,
            };
            serde_json::to_writer(&mut self.out, &answer)?;
            self.out.write_all(b"\n")?;
        } else {
            self.out.write_all(b"Error\n")?;
        }
        Ok(())
    }
}

/// How boards are answered: the embedded 4x4 table, or a solver for any size (over a mapped
/// table file named `table_file`, or its own table or GF(2)).
enum Answerer<'t> {
    Classic { table: DistanceTable<'static>, presses: Vec<usize> },
    Sized { solver: Box<FlipSolver<'t>>, answer: Answer, table_file: Option<String> },
}

impl Answerer<'_> {
    /// Answers `cells` (read at `position` of `file`) and prints the answer.
    fn answer<W: Write>(
        &mut self,
        printer: &mut Printer<W>,
        file: &str,
        index: usize,
        position: Position,
        cells: &GridBoard,
    ) -> anyhow::Result<()> {
        match self {
            Answerer::Classic { table, presses } => {
                let board = Board::from_bits(cells.words()[0] as u16);
                let distance = table.distance(board).map(usize::from);
                presses.clear();
                if printer.moves || printer.json {
                    let found = table.optimal_presses(board).unwrap_or_default();
                    presses.extend(found.iter().map(|p| p.index()));
                }
                let reply = Reply { distance, presses, proven_minimal: true };
                printer.answer(file, index, &board, &reply)
            }
            Answerer::Sized { solver, answer, table_file } => {
                if solver.wants_table() {
                    printer.out.flush()?;
                    let size = solver.size();
                    let bar = progress::table_build(size, solver.solvable_states());
                    solver.build_table(|reached| bar.set_position(reached))?;
                    bar.finish_and_clear();
                }
                solver.answer_into(cells, answer).with_context(|| match table_file {
                    Some(name) => format!("{file}:{position}: board {index}: --table {name}"),
                    None => format!("{file}:{position}: board {index}"),
                })?;
                let reply = Reply {
                    distance: answer.distance,
                    presses: &answer.presses,
                    proven_minimal: answer.proven_minimal,
                };
                printer.answer(file, index, cells, &reply)?;
                if !answer.proven_minimal {
                    printer.out.flush()?;
                    print::report(format_args!(
                        "{file}:{position}: board {index}: warning: the null space of {} has \
                         dimension {}, too large to search whole (--search-bits {}); {} presses \
                         is the best found, not proven minimal",
                        solver.size(),
                        solver.gf2().nullity(),
                        solver.gf2().search_bits(),
                        answer.distance.unwrap_or(0),
                    ));
                }
                Ok(())
            }
        }
    }
}

/// Runs `flipblox flip`.
pub fn run(args: FlipArgs) -> anyhow::Result<Outcome> {
    let method = Method::from(args.method);
    if args.table.is_some() && method == Method::Gf2 {
        usage_error(
            &["flip"],
            "--table answers by table lookup; it cannot be used with --method gf2",
        );
    }
    let check = if args.verify_table { Check::Full } else { Check::Header };
    let opened = args.table.as_deref().map(|path| OpenedTable::open(path, check)).transpose()?;
    let file_table = opened.as_ref().map(|o| o.flip_table(args.size)).transpose()?;
    let size = match &file_table {
        Some(t) => table::size_of(t)?,
        None => args.size.unwrap_or(BoardSize::CLASSIC),
    };
    let mut answerer = if let (Some(t), Some(opened)) = (file_table, &opened) {
        // The solver borrows the mapped payload: no copy of the table is made.
        let solver = TableSolver::from_bytes(size, t.distances())
            .with_context(|| format!("--table {}", opened.name()))?;
        let solver = FlipSolver::with_table(solver).with_presses(args.moves || args.json);
        let table_file = Some(opened.name().to_string());
        Answerer::Sized { solver: Box::new(solver), answer: Answer::default(), table_file }
    } else if size == BoardSize::CLASSIC && method != Method::Gf2 {
        Answerer::Classic { table: DistanceTable::embedded(), presses: Vec::new() }
    } else {
        let solver = FlipSolver::new(size, method, args.limit.cells())
            .unwrap_or_else(|e| usage_error(&["flip"], format!("--method table: {e}")))
            .with_search_bits(args.search_bits)
            .with_presses(args.moves || args.json);
        Answerer::Sized { solver: Box::new(solver), answer: Answer::default(), table_file: None }
    };
    let nullity = match &answerer {
        Answerer::Classic { .. } => 4,
        Answerer::Sized { solver, .. } => solver.gf2().nullity(),
    };
    let mut printer = Printer {
        out: print::stdout(),
        moves: args.moves,
        json: args.json,
        cols: size.cols(),
        nullity,
        line: String::new(),
    };
    let mut failed = false;
    if !args.board.is_empty() {
        for (i, text) in args.board.iter().enumerate() {
            match GridBoard::parse(text, size.rows(), size.cols()) {
                Ok(cells) => {
                    let start = Position { line: 1, column: 1 };
                    answerer.answer(&mut printer, "--board", i + 1, start, &cells)?;
                }
                Err(mut e) => {
                    e.board = i + 1;
                    printer.error("--board", i + 1, &e)?;
                    failed = true;
                }
            }
        }
        printer.out.flush().context("writing to stdout")?;
        return Ok(Outcome::from_failed(failed));
    }
    let sources: Vec<Source> = if args.files.is_empty() {
        vec![Source::Stdin]
    } else {
        args.files.iter().map(|p| Source::from_arg(p)).collect()
    };
    let mut cells = GridBoard::new(size.rows(), size.cols());
    for source in &sources {
        let input = match Input::open(source) {
            Ok(input) => input,
            Err(e) => {
                printer.out.flush()?;
                print::report(format_args!("{}: cannot read: {e}", source.display_name()));
                failed = true;
                continue;
            }
        };
        let name = input.name();
        let mut reader = BoardReader::new(input.bytes(), size.rows(), size.cols());
        loop {
            let start = reader.skip_to_next_board().unwrap_or_else(|| reader.end_position());
            let Some(result) = reader.read_into(&mut cells) else { break };
            let index = reader.boards_started();
            match result {
                Ok(()) => answerer.answer(&mut printer, name, index, start, &cells)?,
                Err(e) => {
                    printer.error(name, index, &e)?;
                    failed = true;
                }
            }
        }
    }
    printer.out.flush().context("writing to stdout")?;
    Ok(Outcome::from_failed(failed))
}
