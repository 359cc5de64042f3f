//! `flipblox flip`: answer Flip Game boards (POJ 1753) from the embedded 4x4 table, or boards of
//! any size (`--size RxC`) by a table built at run time or by GF(2) linear algebra.

use std::io::{self, Write};
use std::path::PathBuf;

use anyhow::Context;
use clap::{Args, ValueEnum};
use serde::Serialize;

use super::args::{MapArgs, OpenedTable, Outcome, TableLimitArgs, usage};
use super::io::{Destination, Text, for_each_input, sources};
use super::print::{Printer, Record, Reporter};
use super::progress;
use super::shard::{Shard, ShardArgs};
use super::variant::{Chosen, VariantArgs, VariantFields};
use flipblox::lights_out::{
    Alphabet, Answer, Board, BoardError, BoardErrorKind, BoardReader, BoardSize, Goal, Method,
    Solver, SolverError, TableError, Variant,
};
use flipblox::table_file::Check;
use flipblox::text::{LineSource, Position};

mod fast;
mod graph;

/// Answer Flip Game boards: the minimum number of presses to make every piece white or every
/// piece black, or `Impossible` (POJ 1753 for 4x4; Lights Out with the plus-shaped toggle on
/// any board with --size; the Lights Out family with --goal, --toggle, --wrap, --colours).
///
/// Input: boards in the POJ layout, R lines of C characters `b` (black) or `w` (white), with or
/// without blank lines between boards; cells may be separated by spaces or tabs; a leading line
/// holding only a board count is read as such; CRLF and blanks around a row are fine. Without
/// --size the size is read from the input (docs/FLIP.md): a size line `R C` before each board
/// (HDU 1882, bzoj 4171), else one board per block of lines, but a block of 4n rows of 4
/// pieces is n 4x4 boards (POJ 1753). Output: one line per board, in order; a board that could
/// not be read prints `Error` and a PATH:LINE:COLUMN message on stderr. 4x4 is answered from the
/// table embedded in the binary; other sizes by GF(2) linear algebra, or by a distance table
/// built in memory once enough boards have been answered to pay for it (--method); a one-colour
/// --goal on those rules by GF(2) too; other variants by linear algebra over Z_K.
#[derive(Debug, Args)]
pub struct FlipArgs {
    /// Files of boards; `-` or nothing reads standard input.
    #[arg(value_name = "FILE", conflicts_with = "board", help_heading = "Input")]
    files: Vec<PathBuf>,

    /// Answer this board instead of reading files: its rows separated by `/`
    /// (`bwwb/bbwb/bwwb/bwww`; without --size, the rows give the size) or R*C characters row by
    /// row (16 without --size). May be given more than once.
    #[arg(long, value_name = "BOARD", allow_hyphen_values = true, help_heading = "Input")]
    board: Vec<String>,

    /// Also print an optimal sequence of presses: `N (r,c)(r,c)...`, 1-based row and column (a
    /// cell pressed j times, with more than two colours, is listed j times).
    #[arg(long, help_heading = "Output")]
    path: bool,

    /// How each answer is printed: `line`, the distance (and --path's presses) on one line;
    /// `grid`, that line and then R lines of C numbers, how many times each cell is pressed
    /// (the layout judges such as POJ 1222 expect; not with --json).
    #[arg(long, value_enum, default_value_t = LayoutArg::Line, help_heading = "Output")]
    layout: LayoutArg,

    /// Write the answers to FILE instead of standard output: a temporary file beside it, renamed
    /// over FILE once every board is answered (boards that could not be read are in it as
    /// `Error`), so FILE is whole or as it was; `-` is standard output.
    #[arg(short, long, value_name = "FILE", help_heading = "Output")]
    output: Option<PathBuf>,

    /// Print one JSON object per line: file, index, error (null unless unreadable), distance
    /// (null when impossible), lower_bound (a proven lower bound of the distance, the distance
    /// itself when proven minimal), path ([[row, col], ...], 1-based; null when impossible),
    /// optimal_solutions (how many press sets have that distance; null when not proven
    /// minimal), solutions (how many press sets reach the goal, a decimal string), board,
    /// nullity (of the board size), proven_minimal (false only when the null space was too
    /// large to search whole), goal, colours, wrap, toggle, and colour (the colour the presses
    /// reach: white, black or a symbol; null when impossible).
    #[arg(long, help_heading = "Output")]
    json: bool,

    /// Board size: ROWSxCOLS, each side 1 to 1024 (when omitted, read from the input; with
    /// --table, the file's board, and if given it must match).
    #[arg(long, value_name = "RxC", help_heading = "Input")]
    size: Option<BoardSize>,

    /// Answer by lookup in a table file (written by `flipblox table build`): the file is
    /// memory-mapped and used in place, after a check of its header (magic, version, header
    /// CRC-32, shape, length). A file that cannot be read, is truncated or corrupt, or holds
    /// another table ends the run with exit code 1 before any board is answered.
    #[arg(long, value_name = "FILE", help_heading = "Tables")]
    table: Option<PathBuf>,

    /// Check the whole table file (with --table): also its payload's CRC-32 and histogram,
    /// before the first board (reads the whole file once: time in proportion to its size).
    #[arg(long, requires = "table", help_heading = "Tables")]
    verify_table: bool,

    /// How boards other than 4x4 are answered: `auto` uses GF(2) and builds a distance table
    /// once enough boards of a small size have been answered to pay for it; `table` builds the
    /// table first; `gf2` never builds one (for 4x4 it replaces the embedded table). All give
    /// the same answers. With --table, boards are answered from the file (`gf2` is refused).
    /// Other variants: `table` builds the variant's table first, `auto` and `gf2` use linear
    /// algebra (GF(2) for a one-colour --goal on the Flip Game's rules, Z_K otherwise).
    #[arg(long, value_enum, default_value_t = MethodArg::Auto, help_heading = "Tables")]
    method: MethodArg,

    #[command(flatten, next_help_heading = "Tables")]
    limit: TableLimitArgs,

    /// Generators of the GF(2) solution space weighed exactly, 0 to 28 (the null space plus the
    /// colour change; 2^N x 4 bytes). Beyond it the answer is the best found, with a warning.
    #[arg(long, value_name = "N", default_value_t = Solver::DEFAULT_SEARCH_BITS,
          value_parser = clap::value_parser!(u32).range(0..=Solver::MAX_SEARCH_BITS as i64),
          help_heading = "Tables")]
    search_bits: u32,

    /// The most seconds the set-up of linear algebra over Z_K (every variant but the Flip
    /// Game's rules: --wrap, --toggle, --colours, --buttons, --hole) may be estimated to take,
    /// at 10^9 word operations a second. A variant over it is refused before any board is read,
    /// with the estimate (operations, seconds, bytes); boards whose size or holes are read from
    /// the input get the refusal as their error. 0 refuses none.
    #[arg(long, value_name = "SECONDS", default_value_t = 60, help_heading = "Tables")]
    max_setup: u64,

    #[command(flatten, next_help_heading = "Variant")]
    variant: VariantArgs,

    /// A toggle set for every button, from FILE: one line per button in row-major order of
    /// the board's cells (R*C lines), each listing the cells it toggles as ROW,COL pairs
    /// (1-based) separated by spaces; an empty line is a button that cannot be pressed. A press
    /// adds 1 mod K to each listed cell. Replaces --toggle; --wrap does not apply. The board
    /// size is --size's (4x4 when omitted).
    #[arg(long, value_name = "FILE")]
    buttons: Option<PathBuf>,

    /// A board symbol for a cell that is not there: no light, no button (its line in a --buttons
    /// file is ignored, and presses skip it), its colour never counts for the goal. Each board
    /// may have its own holes, and without --size (or --buttons) its own size.
    #[arg(long, value_name = "SYMBOL")]
    hole: Option<char>,

    /// Answer the puzzle of a game ID of Simon Tatham's Flip (the "Game ID" its program shows,
    /// e.g. `2x2:edb7,f`): its size, the cells each button toggles and its board, towards all
    /// lights off (white) unless --goal names a colour. Takes no board, FILE, --size, --toggle
    /// or --wrap.
    #[arg(long, value_name = "ID", allow_hyphen_values = true)]
    tatham: Option<String>,

    #[command(flatten, next_help_heading = "Output")]
    shard: ShardArgs,

    #[command(flatten, next_help_heading = "Input")]
    map: MapArgs,
}

/// Boards of at least this many cells (256x256) show a spinner on a terminal while their
/// solver is set up and while they are answered, once that has taken a second; so do boards
/// whose null space is too large to weigh whole.
const SLOW_CELLS: usize = 1 << 16;

/// The spinner of setting up the solver of `variant`, for boards of [`SLOW_CELLS`] or more and
/// for every variant off the Flip Game's rules (linear algebra over `Z_K`, whose set-up grows
/// with the toggle pattern, the wrap-around and the holes as well as the size).
fn slow_set_up(variant: &Variant) -> Option<progress::Slow> {
    let size = variant.size();
    let flip_game_rules = variant.with_goal(Goal::Any).is_ok_and(|v| v.is_flip_game());
    (size.cells() >= SLOW_CELLS || !flip_game_rules)
        .then(|| progress::slow(format!("setting up the {size} solver")))
}

/// `--layout`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum LayoutArg {
    Line,
    Grid,
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
            MethodArg::Gf2 => Method::LinearAlgebra,
        }
    }
}

/// One answered (or unreadable) board: a text line, or a JSON object for `--json` (keys in the
/// order of docs/JSON.md's vocabulary). The board and the presses are borrowed and only written
/// out for JSON, so the plain text answer costs no allocation.
#[derive(Debug, Serialize)]
struct BoardRecord<'a> {
    file: &'a str,
    index: usize,
    error: Option<String>,
    distance: Option<usize>,
    /// A proven lower bound of the distance: the distance itself when proven minimal.
    lower_bound: Option<usize>,
    path: Option<Presses<'a>>,
    optimal_solutions: Option<u64>,
    /// A decimal number as a string (it can have hundreds of digits).
    solutions: Option<String>,
    board: Option<BoardText<'a>>,
    nullity: Option<usize>,
    proven_minimal: Option<bool>,
    #[serde(flatten)]
    variant: &'a VariantFields,
    colour: Option<String>,
    /// With `--path` (text only): print the presses after the distance.
    #[serde(skip)]
    with_path: bool,
    /// With `--layout grid` (text only): the board's rows, for the grid of press counts.
    #[serde(skip)]
    grid_rows: Option<usize>,
    /// With `--shard` (text only): the line starts with the index and a tab.
    #[serde(skip)]
    indexed: bool,
}

/// Presses `(index, count)` on a board of `cols` columns, written as 1-based `[row, col]`, a
/// cell pressed `j` times written `j` times.
#[derive(Debug, Clone, Copy)]
struct Presses<'a> {
    presses: &'a [(usize, u8)],
    cols: usize,
}

impl Presses<'_> {
    /// Calls `f` with `[row, col]` (1-based) of every press, repeated by its count.
    fn each_row_col<E>(self, mut f: impl FnMut([usize; 2]) -> Result<(), E>) -> Result<(), E> {
        let cols = self.cols;
        self.presses
            .iter()
            .try_for_each(|&(i, n)| (0..n).try_for_each(|_| f([i / cols + 1, i % cols + 1])))
    }
}

impl Serialize for Presses<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeSeq;
        let mut seq = serializer.serialize_seq(None)?;
        self.each_row_col(|rc| seq.serialize_element(&rc))?;
        seq.end()
    }
}

/// A board, written as its rows separated by `/` (`bwwb/bbwb/...`).
#[derive(Debug, Clone, Copy)]
struct BoardText<'a>(&'a Board, &'a Alphabet);

impl Serialize for BoardText<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.0.to_text(self.1))
    }
}

impl Record for BoardRecord<'_> {
    fn text(&self, out: &mut impl Write) -> io::Result<()> {
        if self.indexed {
            write!(out, "{}\t", self.index)?;
        }
        if self.error.is_some() {
            return out.write_all(b"Error");
        }
        let Some(d) = self.distance else { return out.write_all(b"Impossible") };
        write!(out, "{d}")?;
        let Some(presses) = self.path else { return Ok(()) };
        if self.with_path {
            if d > 0 {
                out.write_all(b" ")?;
            }
            presses.each_row_col(|[r, c]| write!(out, "({r},{c})"))?;
        }
        if let Some(rows) = self.grid_rows {
            let cols = presses.cols;
            let mut counts = vec![0u8; rows * cols];
            for &(i, n) in presses.presses {
                counts[i] = n;
            }
            for row in counts.chunks(cols.max(1)) {
                out.write_all(b"\n")?;
                for (c, n) in row.iter().enumerate() {
                    if c > 0 {
                        out.write_all(b" ")?;
                    }
                    write!(out, "{n}")?;
                }
            }
        }
        Ok(())
    }
}

/// The options every solver of a run is built with: the first one, those of the sizes read
/// from the input and those of the boards' holes.
#[derive(Debug, Clone, Copy)]
pub(super) struct SolverOptions {
    method: Method,
    max_table_cells: usize,
    search_bits: u32,
    /// `--max-setup`, in word operations.
    max_setup: u64,
    presses: bool,
    /// `--json`: the answers carry their solution counts.
    counts: bool,
}

impl SolverOptions {
    /// The solver of `variant` with these options.
    ///
    /// # Errors
    ///
    /// [`SolverBuilder::build`](flipblox::lights_out::SolverBuilder::build)'s.
    pub(super) fn solver(&self, variant: &Variant) -> Result<Solver<'static>, SolverError> {
        Ok(Solver::builder(variant)
            .method(self.method)
            .max_table_cells(self.max_table_cells)
            .search_bits(self.search_bits)
            .max_setup_operations(self.max_setup)
            .presses(self.presses)
            .build()?
            .with_counts(self.counts))
    }
}

/// Answers boards and prints them.
struct Answerer<'t> {
    solver: Solver<'t>,
    answer: Answer,
    board: Board,
    chosen: Chosen,
    fields: VariantFields,
    /// Without --size (and --table): how to make the solver of each size met, the solvers of
    /// the last sizes met, and whether `solver` is only a stand-in (the options do not fit
    /// 4x4).
    sizes: Option<Sizes<'t>>,
    /// The table file answering, for messages.
    table_file: Option<String>,
    path: bool,
    grid: bool,
    json: bool,
    /// `--shard`: the boards to answer.
    shard: Option<Shard>,
    /// With `--shard`, text lines start with the board's index.
    indexed: bool,
    /// With `--hole`: the solver follows each board's holes.
    holes: Option<graph::Holes>,
    /// The symbols boards are read and written in: the alphabet's, and with `--hole` the
    /// hole's (read as the value K).
    symbols: Alphabet,
}

/// The solvers of the sizes read from the input.
struct Sizes<'t> {
    variant: VariantArgs,
    limit: TableLimitArgs,
    options: SolverOptions,
    /// The solvers of other sizes met last, the latest last.
    spare: Vec<(Solver<'t>, Chosen, VariantFields)>,
    /// The answerer's solver is a stand-in, to be replaced before the first board.
    stand_in: bool,
}

impl Sizes<'_> {
    /// Solvers of other sizes kept.
    const SPARE: usize = 4;
}

impl Answerer<'_> {
    /// Makes the answerer's solver the one of `size` (a board read without --size): kept from
    /// an earlier board, or made now.
    ///
    /// # Errors
    ///
    /// The options do not fit `size` (a toggle pattern larger than the board, a table over
    /// --max-table-cells): the message, for the board's error.
    fn fit(&mut self, size: BoardSize) -> Result<(), String> {
        let Some(sizes) = &mut self.sizes else { return Ok(()) };
        if self.chosen.variant.size() == size && !sizes.stand_in {
            return Ok(());
        }
        if let Some(holes) = &mut self.holes {
            // The solver follows each board's holes: only the variant of the size is kept.
            self.chosen = sizes.variant.choose(size, &["flip"]).map_err(|e| format!("{e:#}"))?;
            self.fields = self.chosen.fields();
            sizes.stand_in = false;
            holes.forget();
            return Ok(());
        }
        let mut next = match sizes.spare.iter().position(|(_, c, _)| c.variant.size() == size) {
            Some(i) => sizes.spare.remove(i),
            None => {
                let chosen = sizes.variant.choose(size, &["flip"]).map_err(|e| format!("{e:#}"))?;
                let _slow = slow_set_up(&chosen.variant);
                let solver = sizes.options.solver(&chosen.variant).map_err(|e| {
                    let flip = sizes.variant.is_default();
                    format!("{:#}", table_too_large(e, &chosen, sizes.limit, flip))
                })?;
                let fields = chosen.fields();
                (solver, chosen, fields)
            }
        };
        std::mem::swap(&mut self.solver, &mut next.0);
        std::mem::swap(&mut self.chosen, &mut next.1);
        std::mem::swap(&mut self.fields, &mut next.2);
        if !std::mem::take(&mut sizes.stand_in) {
            if sizes.spare.len() == Sizes::SPARE {
                sizes.spare.remove(0);
            }
            sizes.spare.push(next);
        }
        Ok(())
    }

    /// True when board `index` is in this run's part (`--shard`; every board without it).
    fn takes(&self, index: usize) -> bool {
        self.shard.is_none_or(|shard| shard.takes(index))
    }

    fn size(&self) -> BoardSize {
        self.chosen.variant.size()
    }

    /// Answers the board read (board `index` of `file`, read at `position`) and prints the
    /// answer.
    fn answer(
        &mut self,
        printer: &mut Printer,
        file: &str,
        index: usize,
        position: Position,
    ) -> anyhow::Result<()> {
        let size = self.size();
        let (rows, cols) = (size.rows(), size.cols());
        let context = || match &self.table_file {
            Some(name) => format!("{name}: answering {file}:{position}: board {index}"),
            None => format!("answering {file}:{position}: board {index}"),
        };
        let present = match &mut self.holes {
            Some(holes) => holes.fit(&self.chosen.variant, &self.board, &mut self.solver)?,
            None => true,
        };
        if self.solver.wants_table() {
            printer.flush()?;
            let bar = progress::table_build(self.solver.variant());
            self.solver.build_table(|reached, of| progress::advance(&bar, reached, of))?;
            bar.finish_and_clear();
        }
        // Boards that are all holes: the press sets reaching their goal (none with a button).
        let mut no_button = None;
        if present {
            let nullity = self.solver.nullity();
            let _slow = (size.cells() >= SLOW_CELLS
                || nullity >= self.solver.search_bits() as usize)
                .then(|| {
                    progress::slow(format!(
                        "answering board {index} of {file} ({size}, null space of dimension \
                         {nullity})"
                    ))
                });
            self.solver.solve_into(&self.board, &mut self.answer).with_context(context)?;
        } else {
            // Every cell is a hole: every goal is met, with no press (no button, so the empty
            // press set is the only one: once per goal colour for the goal "any").
            let (colour, goals) = match self.chosen.variant.goal() {
                Goal::Colour(c) => (c, 1),
                Goal::Any => (0, u64::from(self.chosen.variant.colours())),
            };
            self.answer.presses.clear();
            (self.answer.distance, self.answer.colour) = (Some(0), Some(colour));
            (self.answer.proven_minimal, self.answer.lower_bound) = (true, Some(0));
            self.answer.optimal_solutions = self.json.then_some(goals);
            no_button = Some(goals);
        }
        let answer = &self.answer;
        let nullity = if no_button.is_some() { 0 } else { self.solver.nullity() };
        let solutions = self.json.then(|| match no_button {
            Some(goals) => goals.to_string(),
            None => answer.solutions.to_string(),
        });
        printer.record(&BoardRecord {
            file,
            index,
            error: None,
            distance: answer.distance,
            lower_bound: answer.lower_bound,
            path: answer.distance.map(|_| Presses { presses: &answer.presses, cols }),
            optimal_solutions: answer.optimal_solutions,
            solutions,
            board: Some(BoardText(&self.board, &self.symbols)),
            nullity: Some(nullity),
            proven_minimal: Some(answer.proven_minimal),
            variant: &self.fields,
            colour: answer.colour.map(|c| self.chosen.colour_name(c)),
            with_path: self.path,
            grid_rows: self.grid.then_some(rows),
            indexed: self.indexed,
        })?;
        if !answer.proven_minimal {
            // With the goal "any" every goal colour's solutions are weighed too, so even a null
            // space of dimension 0 can be over a small --search-bits.
            let colours = match self.chosen.variant.goal() {
                Goal::Colour(_) => "",
                _ => " and the goal any weighs each goal colour's solutions",
            };
            printer.report(format_args!(
                "{file}:{position}: board {index}: warning: the null space of {size} has dimension \
                 {nullity}{colours}: too many solutions to weigh whole (--search-bits {}); {} \
                 presses is the best found, not proven minimal (proven lower bound: {})",
                self.solver.search_bits(),
                answer.distance.unwrap_or(0),
                answer.lower_bound.unwrap_or(0),
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
        match error.kind {
            // The library asks for the board's size; the option that gives it is ours to name.
            BoardErrorKind::AmbiguousSizeLine { .. } | BoardErrorKind::OneLine { .. } => {
                self.failure_at(printer, file, index, &format_args!("{error} (--size RxC)"))
            }
            _ => self.failure_at(printer, file, index, error),
        }
    }

    /// Prints board `index` of `file`, which could not be read or answered: `error` is
    /// `LINE:COLUMN: board N: ...`.
    fn failure_at(
        &self,
        printer: &mut Printer,
        file: &str,
        index: usize,
        error: &dyn std::fmt::Display,
    ) -> anyhow::Result<()> {
        let record = BoardRecord {
            file,
            index,
            error: Some(error.to_string()),
            distance: None,
            lower_bound: None,
            path: None,
            optimal_solutions: None,
            solutions: None,
            board: None,
            nullity: None,
            proven_minimal: None,
            variant: &self.fields,
            colour: None,
            with_path: self.path,
            grid_rows: None,
            indexed: self.indexed,
        };
        printer.failure(format_args!("{file}:{error}"), &record)
    }

    /// Reads the board `text` of `--board`: of the size given, else of the size its rows have.
    fn parse(&mut self, text: &str) -> Result<(), BoardError> {
        self.board = match self.sizes {
            Some(_) => Board::parse_any_size(text, &self.symbols)?,
            None => Board::parse(text, self.size(), &self.symbols)?,
        };
        Ok(())
    }

    /// Answers the board read (board `index` of `file`, read at `position`), first making the
    /// solver the board's size's; a size the options do not fit fails the board.
    fn answer_read(
        &mut self,
        printer: &mut Printer,
        file: &str,
        index: usize,
        position: Position,
    ) -> anyhow::Result<bool> {
        let size = BoardSize::new(self.board.rows(), self.board.cols())
            .expect("the reader reads boards of a valid size");
        if let Err(message) = self.fit(size) {
            let error = format_args!("{position}: board {index}: {message}");
            self.failure_at(printer, file, index, &error)?;
            return Ok(false);
        }
        self.answer(printer, file, index, position)?;
        Ok(true)
    }

    /// Reads the next board of `reader`.
    fn read<S: LineSource>(
        &mut self,
        reader: &mut BoardReader<S>,
    ) -> Option<Result<(), BoardError>> {
        reader.read_into(&mut self.board)
    }
}

/// Runs `flipblox flip`.
pub fn run(args: FlipArgs) -> anyhow::Result<Outcome> {
    let method = Method::from(args.method);
    graph::check(&args)?;
    if args.json && args.layout == LayoutArg::Grid {
        return Err(usage(
            &["flip"],
            "--layout grid prints text lines, --json one object a board (its path gives the \
             presses): give one of them",
        ));
    }
    if args.shard.shard.is_some() && args.layout == LayoutArg::Grid {
        return Err(usage(
            &["flip"],
            "--shard numbers each answer line, and --layout grid prints several lines a board: \
             use --json to shard it",
        ));
    }
    if args.table.is_some() && method == Method::LinearAlgebra {
        return Err(usage(
            &["flip"],
            "--table answers by table lookup; it cannot be used with --method gf2",
        ));
    }
    let check = if args.verify_table { Check::Full } else { Check::Header };
    let map = args.map.map();
    let opened =
        args.table.as_deref().map(|path| OpenedTable::open(path, check, map)).transpose()?;
    let presses = args.path || args.json || args.layout == LayoutArg::Grid;
    let options = SolverOptions {
        method,
        max_table_cells: args.limit.cells(),
        search_bits: args.search_bits,
        max_setup: setup_budget(args.max_setup),
        presses,
        counts: args.json,
    };
    // Without --size or --table (or the options of button graphs, which are made for one
    // size), each board's size is read from the input.
    let infer =
        args.size.is_none() && opened.is_none() && args.buttons.is_none() && args.tatham.is_none();
    // The table borrows the mapped payload: no copy of it is made. Its variant must be the
    // options' on its board.
    let mut stand_in = false;
    let (solver, chosen) = match &opened {
        Some(o) => {
            let table = o.table(args.size, args.variant.is_default())?;
            let chosen = args.variant.choose(table.size(), &["flip"])?;
            o.require_variant(&table, &chosen.variant)?;
            (Solver::with_table(table).with_presses(presses).with_counts(args.json), chosen)
        }
        None if infer && args.variant.choose(BoardSize::CLASSIC, &["flip"]).is_err() => {
            // Options that do not fit 4x4 (a large toggle pattern) may fit the boards read:
            // checked on the largest board, with the Flip Game's solver as a stand-in until
            // the first board.
            let largest = BoardSize::new(BoardSize::MAX_SIDE, BoardSize::MAX_SIDE)?;
            let alphabet = args.variant.choose(largest, &["flip"])?.alphabet;
            let variant = Variant::flip_game(BoardSize::CLASSIC);
            stand_in = true;
            (Solver::builder(&variant).build()?, Chosen { variant, alphabet })
        }
        None => {
            let mut chosen =
                args.variant.choose(args.size.unwrap_or(BoardSize::CLASSIC), &["flip"])?;
            if let Some(path) = &args.buttons {
                let buttons = graph::read_buttons(path, chosen.variant.size())?;
                chosen.variant = graph::variant_with(&chosen.variant, Some(buttons), Vec::new())?;
            }
            if let Some(id) = &args.tatham {
                chosen.variant = graph::tatham(id, &chosen)?.0;
            }
            let _slow = slow_set_up(&chosen.variant);
            let solver = options
                .solver(&chosen.variant)
                .map_err(|e| table_too_large(e, &chosen, args.limit, args.variant.is_default()))?;
            (solver, chosen)
        }
    };
    let size = chosen.variant.size();
    let mut fields = chosen.fields();
    if chosen.variant.buttons().is_some() {
        fields.toggle = "buttons".to_string();
    }
    let holes = args.hole.map(|_| graph::Holes::new(chosen.variant.colours(), size, options));
    let symbols = match args.hole {
        Some(hole) => graph::hole_alphabet(&chosen.alphabet, hole)?,
        None => chosen.alphabet.clone(),
    };
    let sizes = infer.then(|| Sizes {
        variant: args.variant.clone(),
        limit: args.limit,
        options,
        spare: Vec::new(),
        stand_in,
    });
    let mut answerer = Answerer {
        solver,
        answer: Answer::default(),
        board: Board::new(size.rows(), size.cols()),
        chosen,
        fields,
        sizes,
        table_file: opened.as_ref().map(|o| o.name().to_string()),
        path: args.path,
        grid: args.layout == LayoutArg::Grid,
        json: args.json,
        shard: args.shard.shard,
        indexed: args.shard.shard.is_some() && !args.json,
        holes,
        symbols,
    };
    let mut printer = match &args.output {
        Some(path) => Printer::to(Destination::create(Some(path))?, args.json),
        None => Printer::new(args.json),
    };
    let mut failed = false;
    if let Some(id) = &args.tatham {
        answerer.board = graph::tatham(id, &answerer.chosen)?.1;
        if answerer.takes(1) {
            answerer.answer(&mut printer, "--tatham", 1, Position { line: 1, column: 1 })?;
        }
        return finish(printer, false);
    }
    if !args.board.is_empty() {
        for (i, text) in args.board.iter().enumerate() {
            if !answerer.takes(i + 1) {
                continue;
            }
            match answerer.parse(text) {
                Ok(()) => {
                    let start = Position { line: 1, column: 1 };
                    failed |= !answerer.answer_read(&mut printer, "--board", i + 1, start)?;
                }
                Err(mut e) => {
                    e.board = i + 1;
                    answerer.failure(&mut printer, "--board", i + 1, &e)?;
                    failed = true;
                }
            }
        }
        return finish(printer, failed);
    }
    let fast = fast::applies(&args) && graph::none(&args);
    let alphabet = answerer.symbols.clone();
    let unreadable = for_each_input(&sources(&args.files), map, &mut printer, |printer, input| {
        let name = input.name().to_string();
        let mut boards = Boards { answerer: &mut answerer, failed: &mut failed };
        match input.text() {
            Text::Bytes(bytes) if fast => boards.answer_all_fast(printer, &name, bytes),
            Text::Bytes(bytes) if infer => {
                boards.answer_all(printer, &name, BoardReader::inferring(bytes, &alphabet))
            }
            Text::Bytes(bytes) => {
                boards.answer_all(printer, &name, BoardReader::new(bytes, size, &alphabet))
            }
            Text::Stream(incoming) => {
                let probe = incoming.probe();
                let incoming = incoming.flushing(printer.flush_hook());
                let mut reader = match infer {
                    true => BoardReader::from_reader_inferring(incoming, &alphabet),
                    false => BoardReader::from_reader(incoming, size, &alphabet),
                };
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
    finish(printer, failed || unreadable)
}

/// Ends a `flip` run: flushes the answers and, with `FLIPBLOX_PHASES` set, prints the GF(2)
/// solver's phase times on stderr, whichever way the boards came (files, `--board`, `--tatham`).
fn finish(printer: Printer, failed: bool) -> anyhow::Result<Outcome> {
    printer.finish()?;
    if let Some(phases) = crate::lights_out::solve::gf2::phases::report() {
        eprintln!("{phases}");
    }
    Ok(Outcome::from_failed(failed))
}

/// The usage error of `flip --method table` on a table over the limit (`--max-table-cells`, or
/// the largest table), said as for the Flip Game when `flip`; any other error as it is.
fn table_too_large(
    error: SolverError,
    chosen: &Chosen,
    limit: TableLimitArgs,
    flip: bool,
) -> anyhow::Error {
    match error {
        SolverError::Table(TableError::TooLarge { .. }) if flip => {
            usage(&["flip"], format!("--method table: {error}"))
        }
        SolverError::Table(TableError::TooLarge { .. }) => {
            match limit.require(&chosen.variant, false, &["flip"]) {
                Err(usage) => usage,
                Ok(()) => error.into(),
            }
        }
        error => over_budget(error),
    }
}

/// `--max-setup SECONDS` as the library's budget of word operations (0: none).
fn setup_budget(seconds: u64) -> u64 {
    match seconds {
        0 => u64::MAX,
        s => s.saturating_mul(Solver::SETUP_OPERATIONS_PER_SECOND),
    }
}

/// The usage error of a variant whose set-up is over `--max-setup`; any other error as it is.
fn over_budget(error: SolverError) -> anyhow::Error {
    match error {
        SolverError::SetupTooCostly { .. } => {
            usage(&["flip"], format!("{error}; --max-setup SECONDS raises the budget"))
        }
        error => error.into(),
    }
}

/// Answers every board of one input.
struct Boards<'r, 't> {
    answerer: &'r mut Answerer<'t>,
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
        let count = reader.read_count_line();
        self.answer_rest(printer, name, reader, count)
    }

    /// Reads, answers and prints the boards left in `reader` (the input `name`, whose count
    /// line, if any, was `count`).
    fn answer_rest<S: LineSource>(
        &mut self,
        printer: &mut Printer,
        name: &str,
        reader: &mut BoardReader<S>,
        count: Option<(u64, Position)>,
    ) -> anyhow::Result<()> {
        while let Some(result) = self.answerer.read(reader) {
            let (index, start) = (reader.boards_started(), reader.board_start());
            if !self.answerer.takes(index) {
                continue;
            }
            self.answer_one(printer, name, index, start, result)?;
        }
        warn_count(printer, name, count, reader.boards_started());
        Ok(())
    }

    /// Answers and prints board `index` of the input `name`, which starts at `start`: read
    /// (`result` is `Ok`) or not, with its error.
    fn answer_one(
        &mut self,
        printer: &mut Printer,
        name: &str,
        index: usize,
        start: Position,
        result: Result<(), BoardError>,
    ) -> anyhow::Result<()> {
        match result {
            Ok(()) => *self.failed |= !self.answerer.answer_read(printer, name, index, start)?,
            Err(e) => {
                self.answerer.failure(printer, name, index, &e)?;
                *self.failed = true;
            }
        }
        Ok(())
    }
}

/// Warns when the leading count line (`count`: its number and position) does not match the
/// `found` boards of the input `name`.
fn warn_count(printer: &mut Printer, name: &str, count: Option<(u64, Position)>, found: usize) {
    if let Some((count, position)) = count
        && count != found as u64
    {
        printer.report(format_args!(
            "{name}:{position}: warning: the count line says {count} board{}, found {found}",
            if count == 1 { "" } else { "s" }
        ));
    }
}
