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
use super::shard::{Shard, ShardArgs};
use super::variant::{Chosen, VariantArgs, VariantFields};
use flipblox::flip::gf2::{DEFAULT_SEARCH_BITS, MAX_SEARCH_BITS};
use flipblox::flip::variant::bfs::{
    MAX_VARIANT_TABLE_STATES, VariantTable, variant_distance_table,
};
use flipblox::flip::variant::{Alphabet, ColourBoard, Goal, Variant};
use flipblox::flip::zk::{ZkScratch, ZkSolver};
use flipblox::flip::{Answer, BoardError, BoardReader, BoardSize, FlipSolver, GridBoard, Method};
use flipblox::table_file::Check;
use flipblox::text::{LineSource, Position};

mod fast;

/// Answer Flip Game boards: the minimum number of presses to make every piece white or every
/// piece black, or `Impossible` (POJ 1753 for 4x4; Lights Out with the plus-shaped toggle on
/// any board with --size; the Lights Out family with --goal, --toggle, --wrap, --colours).
///
/// Input: boards in the POJ layout, R lines of C characters `b` (black) or `w` (white), 4x4
/// unless --size says otherwise, with or without blank lines between boards; cells may be
/// separated by spaces or tabs; a leading line holding only a board count is read as such; CRLF
/// and trailing spaces are fine. Output: one line per board, in order; a board that could not
/// be read prints `Error` and a PATH:LINE:COLUMN message on stderr. 4x4 is answered from the
/// table embedded in the binary; other sizes by GF(2) linear algebra, or by a distance table
/// built in memory once enough boards have been answered to pay for it (--method); other
/// variants by linear algebra over Z_K.
#[derive(Debug, Args)]
pub struct FlipArgs {
    /// Files of boards; `-` or nothing reads standard input.
    #[arg(value_name = "FILE", conflicts_with = "board")]
    files: Vec<PathBuf>,

    /// Answer this board instead of reading files: its rows separated by `/`
    /// (`bwwb/bbwb/bwwb/bwww`) or R*C characters row by row. May be given more than once.
    #[arg(long, value_name = "BOARD", allow_hyphen_values = true)]
    board: Vec<String>,

    /// Also print an optimal sequence of presses: `N (r,c)(r,c)...`, 1-based row and column (a
    /// cell pressed j times, with more than two colours, is listed j times).
    #[arg(long)]
    path: bool,

    /// How each answer is printed: `line`, the distance (and --path's presses) on one line;
    /// `grid`, that line and then R lines of C numbers, how many times each cell is pressed
    /// (the layout judges such as POJ 1222 expect).
    #[arg(long, value_enum, default_value_t = OutputArg::Line)]
    output: OutputArg,

    /// Print one JSON object per line: file, index, error (null unless unreadable), distance
    /// (null when impossible), path ([[row, col], ...], 1-based; null when impossible), board,
    /// nullity (of the board size), proven_minimal (false only when the null space was too
    /// large to search whole), goal, colours, wrap, toggle, and colour (the colour the presses
    /// reach: white, black or a symbol; null when impossible).
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
    /// Other variants: `table` builds the variant's table first, `auto` and `gf2` use linear
    /// algebra over Z_K.
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
    variant: VariantArgs,

    #[command(flatten)]
    shard: ShardArgs,

    #[command(flatten)]
    map: MapArgs,
}

/// `--output`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum OutputArg {
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
            MethodArg::Gf2 => Method::Gf2,
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
    path: Option<Presses<'a>>,
    board: Option<BoardText<'a>>,
    nullity: Option<usize>,
    proven_minimal: Option<bool>,
    #[serde(flatten)]
    variant: &'a VariantFields,
    colour: Option<String>,
    /// With `--path` (text only): print the presses after the distance.
    #[serde(skip)]
    with_path: bool,
    /// With `--output grid` (text only): the board's rows, for the grid of press counts.
    #[serde(skip)]
    grid_rows: Option<usize>,
    /// With `--shard` (text only): the line starts with the index and a tab.
    #[serde(skip)]
    indexed: bool,
}

/// Presses on a board of `cols` columns, written as 1-based `[row, col]`, a cell pressed `j`
/// times written `j` times.
#[derive(Debug, Clone, Copy)]
enum Presses<'a> {
    /// Row-major indices, each pressed once.
    Once { indices: &'a [usize], cols: usize },
    /// `(index, count)`.
    Counted { presses: &'a [(usize, u8)], cols: usize },
}

impl Presses<'_> {
    fn cols(self) -> usize {
        match self {
            Presses::Once { cols, .. } | Presses::Counted { cols, .. } => cols,
        }
    }

    /// Calls `f` with every press `(index, count)`.
    fn each<E>(self, mut f: impl FnMut(usize, u8) -> Result<(), E>) -> Result<(), E> {
        match self {
            Presses::Once { indices, .. } => indices.iter().try_for_each(|&i| f(i, 1)),
            Presses::Counted { presses, .. } => presses.iter().try_for_each(|&(i, n)| f(i, n)),
        }
    }

    /// Calls `f` with `[row, col]` (1-based) of every press, repeated by its count.
    fn each_row_col<E>(self, mut f: impl FnMut([usize; 2]) -> Result<(), E>) -> Result<(), E> {
        let cols = self.cols();
        self.each(|i, n| (0..n).try_for_each(|_| f([i / cols + 1, i % cols + 1])))
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
enum BoardText<'a> {
    Grid(&'a GridBoard),
    Colours(&'a ColourBoard, &'a Alphabet),
}

impl Serialize for BoardText<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            BoardText::Grid(board) => serializer.collect_str(board),
            BoardText::Colours(board, alphabet) => {
                serializer.serialize_str(&board.to_text(alphabet))
            }
        }
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
            let cols = presses.cols();
            let mut counts = vec![0u8; rows * cols];
            presses
                .each(|i, n| {
                    counts[i] = n;
                    Ok::<(), ()>(())
                })
                .expect("no error");
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

/// What answers the boards: the Flip Game's solver, or a variant's. One per run, so the size
/// of the larger variant costs nothing.
#[allow(clippy::large_enum_variant)]
enum Engine<'t> {
    Flip { solver: FlipSolver<'t>, answer: Answer, board: GridBoard },
    Family(Family<'t>),
}

/// A variant's solver: linear algebra over Z_K, or a distance table.
struct Family<'t> {
    solver: ZkSolver,
    scratch: ZkScratch,
    table: Option<VariantTable<'t>>,
    presses: Vec<(usize, u8)>,
    board: ColourBoard,
}

/// The answer of one board by a [`Family`] solver.
struct FamilyAnswer {
    distance: Option<usize>,
    colour: Option<u8>,
    proven_minimal: bool,
}

impl Family<'_> {
    /// Answers `self.board` into `self.presses`.
    fn answer(&mut self) -> anyhow::Result<FamilyAnswer> {
        if let Some(table) = &self.table {
            let distance = table.presses_into(&self.board, &mut self.presses)?;
            let colour = distance.map(|_| self.reached_colour());
            return Ok(FamilyAnswer {
                distance: distance.map(usize::from),
                colour,
                proven_minimal: true,
            });
        }
        let found = self.solver.solve_into(&self.board, &mut self.scratch, &mut self.presses);
        Ok(FamilyAnswer {
            distance: found.map(|o| o.distance),
            colour: found.map(|o| o.colour),
            proven_minimal: found.is_none_or(|o| o.proven_minimal),
        })
    }

    /// The colour `self.presses` turn `self.board` into.
    fn reached_colour(&self) -> u8 {
        let variant = self.solver.variant();
        let matrix = variant.toggle_matrix();
        let mut cells = self.board.cells().to_vec();
        for &(press, times) in &self.presses {
            matrix.press(&mut cells, variant.colours(), press, times);
        }
        cells.first().copied().unwrap_or(0)
    }
}

/// Answers boards and prints them.
struct Answerer<'t> {
    engine: Engine<'t>,
    chosen: Chosen,
    fields: VariantFields,
    /// The table file answering, for messages.
    table_file: Option<String>,
    path: bool,
    grid: bool,
    json: bool,
    /// `--shard`: the boards to answer.
    shard: Option<Shard>,
    /// With `--shard`, text lines start with the board's index.
    indexed: bool,
}

impl Answerer<'_> {
    /// True when board `index` is in this run's part (`--shard`; every board without it).
    fn takes(&self, index: usize) -> bool {
        self.shard.is_none_or(|shard| shard.takes(index))
    }

    fn size(&self) -> BoardSize {
        self.chosen.variant.size()
    }

    /// Answers the engine's board (board `index` of `file`, read at `position`) and prints the
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
        let grid_rows = self.grid.then_some(rows);
        let context = || match &self.table_file {
            Some(name) => format!("{name}: answering {file}:{position}: board {index}"),
            None => format!("answering {file}:{position}: board {index}"),
        };
        let (distance, proven_minimal, nullity, search_bits) = match &mut self.engine {
            Engine::Flip { solver, answer, board } => {
                if solver.wants_table() {
                    printer.flush()?;
                    let bar = progress::table_build(solver.size(), solver.solvable_states());
                    solver.build_table(|reached| bar.set_position(reached))?;
                    bar.finish_and_clear();
                }
                solver.answer_into(board, answer).with_context(context)?;
                let colour = match answer.distance {
                    Some(_) if self.json => {
                        let mut after = board.clone();
                        for &p in &answer.presses {
                            after.press(p / cols, p % cols);
                        }
                        Some(self.chosen.colour_name(u8::from(after.get(0, 0))))
                    }
                    _ => None,
                };
                printer.record(&BoardRecord {
                    file,
                    index,
                    error: None,
                    distance: answer.distance,
                    path: answer.distance.map(|_| Presses::Once { indices: &answer.presses, cols }),
                    board: Some(BoardText::Grid(board)),
                    nullity: Some(solver.nullity()),
                    proven_minimal: Some(answer.proven_minimal),
                    variant: &self.fields,
                    colour,
                    with_path: self.path,
                    grid_rows,
                    indexed: self.indexed,
                })?;
                (
                    answer.distance,
                    answer.proven_minimal,
                    solver.nullity(),
                    solver.gf2().search_bits(),
                )
            }
            Engine::Family(family) => {
                let found = family.answer().with_context(context)?;
                let nullity = family.solver.nullity();
                printer.record(&BoardRecord {
                    file,
                    index,
                    error: None,
                    distance: found.distance,
                    path: found
                        .distance
                        .map(|_| Presses::Counted { presses: &family.presses, cols }),
                    board: Some(BoardText::Colours(&family.board, &self.chosen.alphabet)),
                    nullity: Some(nullity),
                    proven_minimal: Some(found.proven_minimal),
                    variant: &self.fields,
                    colour: found.colour.map(|c| self.chosen.colour_name(c)),
                    with_path: self.path,
                    grid_rows,
                    indexed: self.indexed,
                })?;
                (found.distance, found.proven_minimal, nullity, family.solver.search_bits())
            }
        };
        if !proven_minimal {
            // With the goal "any" every goal colour's solutions are weighed too, so even a null
            // space of dimension 0 can be over a small --search-bits.
            let colours = match self.chosen.variant.goal() {
                Goal::Any => " and the goal any weighs each goal colour's solutions",
                Goal::Colour(_) => "",
            };
            printer.report(format_args!(
                "{file}:{position}: board {index}: warning: the null space of {size} has dimension \
                 {nullity}{colours}: too many solutions to weigh whole (--search-bits \
                 {search_bits}); {} presses is the best found, not proven minimal",
                distance.unwrap_or(0),
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
            error: Some(error.to_string()),
            distance: None,
            path: None,
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

    /// Reads the board `text` of `--board` into the engine's board.
    fn parse(&mut self, text: &str) -> Result<(), BoardError> {
        let size = self.size();
        match &mut self.engine {
            Engine::Flip { board, .. } => {
                *board = GridBoard::parse(text, size.rows(), size.cols())?;
            }
            Engine::Family(family) => {
                family.board =
                    ColourBoard::parse(text, size.rows(), size.cols(), &self.chosen.alphabet)?;
            }
        }
        Ok(())
    }

    /// Reads the next board of `reader` into the engine's board.
    fn read<S: LineSource>(
        &mut self,
        reader: &mut BoardReader<S>,
    ) -> Option<Result<(), BoardError>> {
        match &mut self.engine {
            Engine::Flip { board, .. } => reader.read_into(board),
            Engine::Family(family) => {
                reader.read_colours_into(&self.chosen.alphabet, &mut family.board)
            }
        }
    }

    /// True when `text` is a row of the board (so not a count line).
    fn is_row(&self, text: &[u8]) -> bool {
        match &self.engine {
            Engine::Flip { .. } => false,
            Engine::Family(_) => {
                let mut row = vec![0u8; self.size().cols()];
                self.chosen.alphabet.read_row(text, &mut row).is_ok()
            }
        }
    }
}

/// Runs `flipblox flip`.
pub fn run(args: FlipArgs) -> anyhow::Result<Outcome> {
    let method = Method::from(args.method);
    if args.shard.shard.is_some() && args.output == OutputArg::Grid && !args.json {
        return Err(usage(
            &["flip"],
            "--shard numbers each answer line, and --output grid prints several lines a board: \
             use --json to shard it",
        ));
    }
    if args.table.is_some() && method == Method::Gf2 {
        return Err(usage(
            &["flip"],
            "--table answers by table lookup; it cannot be used with --method gf2",
        ));
    }
    let default_variant = args.variant.is_default();
    let check = if args.verify_table { Check::Full } else { Check::Header };
    let map = args.map.map();
    let opened =
        args.table.as_deref().map(|path| OpenedTable::open(path, check, map)).transpose()?;
    let presses = args.path || args.json || args.output == OutputArg::Grid;
    let mut built: Option<Vec<u8>> = None;
    // The table borrows the mapped payload: no copy of it is made.
    let mut file_table = match &opened {
        Some(o) if default_variant => Some(o.flip_table(args.size)?),
        _ => None,
    };
    // Another variant: the file's variant table, whose variant must be the options'.
    let file_variant = match &opened {
        Some(o) if !default_variant => Some(o.variant_table(args.size)?),
        _ => None,
    };
    let size = match (&file_table, &file_variant) {
        (Some(table), _) => table.size(),
        (_, Some(table)) => table.variant().size(),
        _ => args.size.unwrap_or(BoardSize::CLASSIC),
    };
    let chosen = args.variant.choose(size, &["flip"])?;
    if let (Some(o), Some(table)) = (&opened, &file_variant) {
        o.require_variant(table, &chosen.variant)?;
    }
    let (engine, table_file) = if default_variant {
        match file_table.take() {
            Some(table) => {
                let solver = FlipSolver::with_table(table).with_presses(presses);
                let board = GridBoard::new(size.rows(), size.cols());
                let engine = Engine::Flip { solver, answer: Answer::default(), board };
                (engine, opened.as_ref().map(|o| o.name().to_string()))
            }
            None => {
                let solver = FlipSolver::new(size, method, args.limit.cells())
                    .map_err(|e| usage(&["flip"], format!("--method table: {e}")))?
                    .with_search_bits(args.search_bits)
                    .with_presses(presses);
                let board = GridBoard::new(size.rows(), size.cols());
                (Engine::Flip { solver, answer: Answer::default(), board }, None)
            }
        }
    } else {
        let variant = &chosen.variant;
        if method == Method::Table && file_variant.is_none() {
            require_variant_buildable(variant, args.limit, &["flip"])?;
            let bar = progress::variant_table_build(variant);
            built = Some(variant_distance_table(variant, |reached| bar.set_position(reached))?);
            bar.finish_and_clear();
        }
        let table = match &built {
            Some(bytes) => Some(VariantTable::new(variant, bytes)?),
            None => file_variant,
        };
        let family = Family {
            solver: ZkSolver::new(variant).with_search_bits(args.search_bits),
            scratch: ZkScratch::new(),
            table,
            presses: Vec::new(),
            board: ColourBoard::new(size.rows(), size.cols()),
        };
        (Engine::Family(family), opened.as_ref().map(|o| o.name().to_string()))
    };
    let fields = chosen.fields();
    let mut answerer = Answerer {
        engine,
        chosen,
        fields,
        table_file,
        path: args.path,
        grid: args.output == OutputArg::Grid,
        json: args.json,
        shard: args.shard.shard,
        indexed: args.shard.shard.is_some() && !args.json,
    };
    let mut printer = Printer::new(args.json);
    let mut failed = false;
    if !args.board.is_empty() {
        for (i, text) in args.board.iter().enumerate() {
            if !answerer.takes(i + 1) {
                continue;
            }
            match answerer.parse(text) {
                Ok(()) => {
                    let start = Position { line: 1, column: 1 };
                    answerer.answer(&mut printer, "--board", i + 1, start)?;
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
    let (rows, cols) = (size.rows(), size.cols());
    let fast = fast::applies(&args);
    let unreadable = for_each_input(&sources(&args.files), map, &mut printer, |printer, input| {
        let name = input.name().to_string();
        let mut boards = Boards { answerer: &mut answerer, failed: &mut failed };
        match input.text() {
            Text::Bytes(bytes) if fast => boards.answer_all_fast(printer, &name, bytes),
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

/// A usage error of `command` when the table of `variant` is over `--max-table-cells` (as a
/// number of states, `2^N`) or over the largest table.
///
/// # Errors
///
/// A [`super::args::UsageError`].
pub(super) fn require_variant_buildable(
    variant: &Variant,
    limit: TableLimitArgs,
    command: &'static [&'static str],
) -> anyhow::Result<()> {
    let cap = 1u64 << limit.cells().min(32);
    match variant.states() {
        Some(states) if states <= cap && states <= MAX_VARIANT_TABLE_STATES => Ok(()),
        states => Err(usage(
            command,
            format!(
                "a table of {variant} has {} states, over --max-table-cells {} (2^{} states)",
                states.map_or_else(|| "more than 2^64".to_string(), |s| s.to_string()),
                limit.cells(),
                limit.cells()
            ),
        )),
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
        let count = reader.read_count_line(|text| self.answerer.is_row(text));
        while let Some(result) = self.answerer.read(reader) {
            let (index, start) = (reader.boards_started(), reader.board_start());
            if !self.answerer.takes(index) {
                continue;
            }
            match result {
                Ok(()) => self.answerer.answer(printer, name, index, start)?,
                Err(e) => {
                    self.answerer.failure(printer, name, index, &e)?;
                    *self.failed = true;
                }
            }
        }
        warn_count(printer, name, count, reader.boards_started());
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
