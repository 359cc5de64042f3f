//! The batch door of Lights Out: [`Batch`] reads boards from an input (bytes held whole, a
//! stream, board texts, or a Tatham game ID) and hands one [`BoardRecord`] per board to a
//! [`BatchSink`], in order; a board that cannot be read or answered gets its error in its
//! record, and the batch goes on. The options ([`BatchOptions`]) name the variant as the
//! command line does; each board's size may be read from the input (a solver per size, the
//! last few kept), each board may have its own holes, and clean 4x4 boards of the Flip Game
//! may be answered by the read-speed fast path straight into lines of output
//! ([`BatchSink::lines`]).
//!
//! The batch prints nothing: warnings, long steps and table builds go to the sink too.

use std::io::Read;

use crate::lights_out::board::Board;
use crate::lights_out::read::{BoardError, BoardErrorKind, BoardReader};
use crate::lights_out::size::BoardSize;
use crate::lights_out::solve::{Answer, Solver};
use crate::lights_out::variant::{Alphabet, Buttons, Goal, Variant};
use crate::text::{LineSource, Position};

mod fast;
mod holes;
mod options;
mod record;
mod sink;

use holes::Holes;
use options::Chosen;
pub use options::{BatchError, BatchOptions};
pub use record::BoardRecord;
use record::{Answered, Fields};
pub use sink::BatchSink;
use sink::{SLOW_CELLS, set_up_step};

/// Answers a batch of Lights Out boards of one set of options, input after input: each board
/// read from an input ([`Batch::run_bytes`], [`Batch::run_stream`], [`Batch::run_texts`],
/// [`Batch::run_tatham`]) is answered and handed to a [`BatchSink`] as a [`BoardRecord`], a
/// board that cannot be read or answered with its error; the batch goes on. Each board's size
/// may be read from the input (a solver per size, the last few kept); each board may have its
/// own holes. `'t` is the lifetime of a borrowed table file's payload.
pub struct Batch<'t> {
    options: BatchOptions,
    solver: Solver<'t>,
    answer: Answer,
    board: Board,
    chosen: Chosen,
    fields: Fields,
    /// With sizes read from the input: the solvers of other sizes met last, the latest last,
    /// and whether `solver` is only a stand-in (the options do not fit 4x4).
    sizes: Option<Sizes<'t>>,
    /// The table file answering, for messages.
    table_file: Option<String>,
    /// With holes: the solver follows each board's holes.
    holes: Option<Holes>,
    /// The symbols boards are read and written in: the alphabet's, and the hole's (read as the
    /// value K).
    symbols: Alphabet,
    /// The board of the Tatham game ID.
    tatham: Option<Board>,
}

impl std::fmt::Debug for Batch<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Batch").field("variant", self.solver.variant()).finish_non_exhaustive()
    }
}

/// The solvers of the sizes read from the input.
struct Sizes<'t> {
    spare: Vec<(Solver<'t>, Chosen, Fields)>,
    stand_in: bool,
}

impl Sizes<'_> {
    /// Solvers of other sizes kept.
    const SPARE: usize = 4;
}

impl Batch<'static> {
    /// A batch of `options`, its first solver set up (its long step told to `sink`): of
    /// `options.size` (4x4 when sizes are read from the input), of the buttons file or of the
    /// Tatham game ID.
    ///
    /// # Errors
    ///
    /// [`BatchError::Options`] for options that do not fit together or do not fit the board
    /// (also a table over `max_table_cells`, a set-up over `max_setup_operations`),
    /// [`BatchError::Buttons`], or the solver's error.
    pub fn new(
        options: BatchOptions,
        sink: &mut impl BatchSink,
    ) -> Result<Batch<'static>, BatchError> {
        options.check(None, false)?;
        let infer = options.infers_size();
        let mut stand_in = false;
        let mut tatham = None;
        let (solver, chosen) = if infer && options.choose(BoardSize::CLASSIC).is_err() {
            // Options that do not fit 4x4 (a large toggle pattern) may fit the boards read:
            // checked on the largest board, with the Flip Game's solver as a stand-in until
            // the first board.
            let largest = BoardSize::new(BoardSize::MAX_SIDE, BoardSize::MAX_SIDE)
                .expect("the largest size is a size");
            let alphabet = options.choose_rules(largest)?.alphabet;
            let variant = Variant::flip_game(BoardSize::CLASSIC);
            stand_in = true;
            let solver = Solver::builder(&variant)
                .build()
                .map_err(|source| BatchError::Solver { context: String::new(), source })?;
            (solver, Chosen { variant, alphabet })
        } else {
            let mut chosen = options.choose(options.size.unwrap_or(BoardSize::CLASSIC))?;
            if let Some(id) = &options.tatham {
                let (variant, board) = tatham_puzzle(id, &chosen, &options)?;
                chosen.variant = variant;
                tatham = Some(board);
            }
            let made = set_up_step(sink, &chosen.variant, || options.solver(&chosen.variant));
            let solver = made.map_err(|e| options.set_up_error(e, &chosen.variant))?;
            (solver, chosen)
        };
        let sizes = infer.then(|| Sizes { spare: Vec::new(), stand_in });
        Batch::with_solver(options, solver, chosen, sizes, None, tatham)
    }
}

impl<'t> Batch<'t> {
    /// A batch of `options` answering from `table` (a table file's, named `name` in messages),
    /// whose board size is the batch's.
    ///
    /// # Errors
    ///
    /// [`BatchError::Options`] for options that do not fit together or do not fit the table's
    /// board (buttons, holes and game IDs are answered by linear algebra, not tables; the
    /// variant must be the table's).
    pub fn with_table(
        options: BatchOptions,
        table: crate::lights_out::table::DistanceTable<'t>,
        name: &str,
    ) -> Result<Batch<'t>, BatchError> {
        options.check(None, true)?;
        let chosen = options.choose(table.size())?;
        if table.variant() != &chosen.variant {
            return Err(BatchError::Options(format!(
                "{name}: a table of {}, not of {}",
                table.variant(),
                chosen.variant
            )));
        }
        let solver =
            Solver::with_table(table).with_presses(options.presses).with_counts(options.counts);
        Batch::with_solver(options, solver, chosen, None, Some(name.to_string()), None)
    }

    fn with_solver(
        options: BatchOptions,
        solver: Solver<'t>,
        chosen: Chosen,
        sizes: Option<Sizes<'t>>,
        table_file: Option<String>,
        tatham: Option<Board>,
    ) -> Result<Batch<'t>, BatchError> {
        let size = chosen.variant.size();
        let fields = Fields::of(&chosen.variant, &chosen.alphabet);
        let holes = options.hole.map(|_| Holes::new(chosen.variant.colours(), size));
        let symbols = options.symbols(&chosen.alphabet)?;
        Ok(Batch {
            options,
            solver,
            answer: Answer::default(),
            board: Board::new(size.rows(), size.cols()),
            chosen,
            fields,
            sizes,
            table_file,
            holes,
            symbols,
            tatham,
        })
    }

    /// The variant of the last board answered (of the first solver before any board).
    pub fn variant(&self) -> &Variant {
        &self.chosen.variant
    }

    /// With the environment variable `FLIPBLOX_PHASES` set, the GF(2) solver's phase times so
    /// far, as text; `None` otherwise.
    pub fn phase_report() -> Option<String> {
        crate::lights_out::solve::gf2::phases::report()
    }

    /// Answers the puzzle of the Tatham game ID of the options: board 1 of the input `name`.
    ///
    /// # Errors
    ///
    /// [`BatchError::Options`] when the options hold no game ID; the sink's errors and the
    /// solver's.
    pub fn run_tatham<S: BatchSink>(&mut self, name: &str, sink: &mut S) -> Result<bool, S::Error> {
        let Some(board) = self.tatham.clone() else {
            let tatham = self.options.name("tatham");
            return Err(BatchError::Options(format!("no {tatham} game ID to answer")).into());
        };
        self.board = board;
        if self.takes(1) {
            self.answer(sink, name, 1, Position { line: 1, column: 1 })?;
        }
        Ok(false)
    }

    /// Answers boards given as texts (the input `name`, e.g. `--board`): each its rows separated
    /// by `/` or its cells row by row, of the options' size, else of the size its rows give.
    /// Returns true when a board could not be read or answered.
    ///
    /// # Errors
    ///
    /// The sink's errors, and the solver's.
    pub fn run_texts<S: BatchSink>(
        &mut self,
        name: &str,
        texts: &[impl AsRef<str>],
        sink: &mut S,
    ) -> Result<bool, S::Error> {
        let mut failed = false;
        for (i, text) in texts.iter().enumerate() {
            if !self.takes(i + 1) {
                continue;
            }
            let parsed = match self.sizes {
                Some(_) => Board::parse_any_size(text.as_ref(), &self.symbols),
                None => Board::parse(text.as_ref(), self.size(), &self.symbols),
            };
            match parsed {
                Ok(board) => {
                    self.board = board;
                    let start = Position { line: 1, column: 1 };
                    failed |= !self.answer_read(sink, name, i + 1, start)?;
                }
                Err(mut e) => {
                    e.board = i + 1;
                    let start = Position { line: 1, column: 1 };
                    self.failure(sink, name, i + 1, start, &e)?;
                    failed = true;
                }
            }
        }
        Ok(failed)
    }

    /// Answers every board of `bytes`, the input `name` held whole (a leading count line is
    /// checked against the boards found). Returns true when a board could not be read or
    /// answered.
    ///
    /// # Errors
    ///
    /// The sink's errors, and the solver's.
    pub fn run_bytes<S: BatchSink>(
        &mut self,
        name: &str,
        bytes: &[u8],
        sink: &mut S,
    ) -> Result<bool, S::Error> {
        let mut failed = false;
        let symbols = self.symbols.clone();
        if self.fast_applies() {
            self.answer_all_fast(sink, name, bytes, &mut failed)?;
        } else if self.sizes.is_some() {
            self.answer_all(sink, name, BoardReader::inferring(bytes, &symbols), &mut failed)?;
        } else {
            let reader = BoardReader::new(bytes, self.size(), &symbols);
            self.answer_all(sink, name, reader, &mut failed)?;
        }
        Ok(failed)
    }

    /// Answers every board of the stream `input`, the input `name`, as they are read; `ready`
    /// tells whether more input is at hand without waiting (so that a board whose line has not
    /// ended yet is not waited for when the stream has paused). An I/O error ends the input
    /// ([`BatchSink::unreadable`]). Returns true when a board could not be read or answered, or
    /// the stream failed.
    ///
    /// # Errors
    ///
    /// The sink's errors, and the solver's.
    pub fn run_stream<S: BatchSink, R: Read>(
        &mut self,
        name: &str,
        input: R,
        ready: Option<impl FnMut() -> bool + 'static>,
        sink: &mut S,
    ) -> Result<bool, S::Error> {
        let symbols = self.symbols.clone();
        let mut reader = match self.sizes.is_some() {
            true => BoardReader::from_reader_inferring(input, &symbols),
            false => BoardReader::from_reader(input, self.size(), &symbols),
        };
        if let Some(ready) = ready {
            reader.lines_mut().set_probe(ready);
        }
        let mut failed = false;
        self.answer_all(sink, name, &mut reader, &mut failed)?;
        if let Some(e) = reader.lines_mut().take_error() {
            sink.unreadable(name, &e);
            failed = true;
        }
        Ok(failed)
    }

    /// True when board `index` is in the options' part (every board without a shard).
    fn takes(&self, index: usize) -> bool {
        self.options.shard.is_none_or(|shard| shard.takes(index))
    }

    fn size(&self) -> BoardSize {
        self.chosen.variant.size()
    }

    /// Makes the solver the one of `size` (a board whose size was read from the input): kept
    /// from an earlier board, or made now.
    ///
    /// # Errors
    ///
    /// The options do not fit `size` (a toggle pattern larger than the board, a table over
    /// `max_table_cells`, a set-up over the budget): the message, for the board's error.
    fn fit(&mut self, size: BoardSize, sink: &mut impl BatchSink) -> Result<(), String> {
        let Some(sizes) = &mut self.sizes else { return Ok(()) };
        if self.chosen.variant.size() == size && !sizes.stand_in {
            return Ok(());
        }
        let options = &self.options;
        if let Some(holes) = &mut self.holes {
            // The solver follows each board's holes: only the variant of the size is kept.
            self.chosen = options.choose(size).map_err(|e| read_size_error(options, size, e))?;
            self.fields = Fields::of(&self.chosen.variant, &self.chosen.alphabet);
            sizes.stand_in = false;
            holes.forget();
            return Ok(());
        }
        let mut next = match sizes.spare.iter().position(|(_, c, _)| c.variant.size() == size) {
            Some(i) => sizes.spare.remove(i),
            None => {
                let chosen = options.choose(size).map_err(|e| read_size_error(options, size, e))?;
                let made = set_up_step(sink, &chosen.variant, || options.solver(&chosen.variant));
                let solver = made
                    .map_err(|e| options.set_up_error(e, &chosen.variant))
                    .map_err(|e| e.to_string())?;
                let fields = Fields::of(&chosen.variant, &chosen.alphabet);
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

    /// Answers the board read (board `index` of `file`, read at `position`) and hands its
    /// record to `sink`.
    fn answer<S: BatchSink>(
        &mut self,
        sink: &mut S,
        file: &str,
        index: usize,
        position: Position,
    ) -> Result<(), S::Error> {
        let size = self.size();
        let present = match &mut self.holes {
            Some(holes) => holes.fit(
                &self.options,
                &self.chosen.variant,
                &self.board,
                &mut self.solver,
                sink,
            )?,
            None => true,
        };
        if self.solver.wants_table() {
            sink.flush()?;
            let variant = self.solver.variant().clone();
            let built = self.solver.build_table(|reached, of| {
                sink.table_progress(&variant, reached, of);
            });
            sink.table_built();
            built.map_err(|source| BatchError::Solver { context: String::new(), source })?;
        }
        // Boards that are all holes: the press sets reaching their goal (none with a button).
        let mut no_button = None;
        if present {
            let nullity = self.solver.nullity();
            let slow = size.cells() >= SLOW_CELLS || nullity >= self.solver.search_bits() as usize;
            if slow {
                sink.step(Some(&format!(
                    "answering board {index} of {file} ({size}, null space of dimension \
                     {nullity})"
                )));
            }
            let solved = self.solver.solve_into(&self.board, &mut self.answer);
            if slow {
                sink.step(None);
            }
            solved.map_err(|source| {
                let context = match &self.table_file {
                    Some(name) => format!("{name}: answering {file}:{position}: board {index}"),
                    None => format!("answering {file}:{position}: board {index}"),
                };
                BatchError::Solver { context, source }
            })?;
        } else {
            // Every cell is a hole: every goal is met, with no press (no button, so the empty
            // press set is the only one, whatever goal colours it meets).
            let (colour, goals) = match self.chosen.variant.goal() {
                Goal::Colour(c) => (c, 1),
                Goal::Any => (0, 1),
            };
            let answer = &mut self.answer;
            answer.presses.clear();
            (answer.distance, answer.colour) = (Some(0), Some(colour));
            (answer.proven_minimal, answer.lower_bound) = (true, Some(0));
            answer.optimal_solutions = self.options.counts.then_some(goals);
            no_button = Some(goals);
        }
        let answer = &self.answer;
        let nullity = if no_button.is_some() { 0 } else { self.solver.nullity() };
        let solutions = self.options.counts.then(|| match no_button {
            Some(goals) => goals.to_string(),
            None => answer.solutions.to_string(),
        });
        let answered = Answered {
            board: &self.board,
            symbols: &self.symbols,
            alphabet: &self.chosen.alphabet,
            answer,
            nullity,
            solutions,
            start: Some(position),
        };
        sink.record(&BoardRecord::answered(file, index, &self.fields, answered))?;
        if !answer.proven_minimal {
            // With the goal "any" every goal colour's solutions are weighed too, so even a null
            // space of dimension 0 can be over a small search.
            let colours = match self.chosen.variant.goal() {
                Goal::Colour(_) => "",
                _ => " and the goal any weighs each goal colour's solutions",
            };
            sink.warning(&format!(
                "{file}:{position}: board {index}: warning: the null space of {size} has dimension \
                 {nullity}{colours}: too many solutions to weigh whole ({} {}); {} presses is \
                 the best found, not proven minimal (proven lower bound: {})",
                self.options.name("search_bits"),
                self.solver.search_bits(),
                answer.distance.unwrap_or(0),
                answer.lower_bound.unwrap_or(0),
            ));
        }
        Ok(())
    }

    /// Hands the record of board `index` of `file` (starting at `start`), which could not be
    /// read, to `sink`.
    fn failure<S: BatchSink>(
        &self,
        sink: &mut S,
        file: &str,
        index: usize,
        start: Position,
        error: &BoardError,
    ) -> Result<(), S::Error> {
        let message = match error.kind {
            // The reader asks for the board's size; the option that gives it is named.
            BoardErrorKind::AmbiguousSizeLine { .. } | BoardErrorKind::OneLine { .. } => {
                format!("{error} ({} RxC)", self.options.name("size"))
            }
            // A board of lights written 0 and 1 in the Flip Game's alphabet: the option that
            // reads them is named.
            BoardErrorKind::BadPiece { ref found } if found == "'0'" || found == "'1'" => {
                let alphabet = self.options.name("alphabet");
                format!("{error} (for lights written 0 and 1, give {alphabet} 01)")
            }
            _ => error.to_string(),
        };
        sink.record(&BoardRecord::failed(file, index, start, &self.fields, message))
    }

    /// Answers the board read (board `index` of `file`, read at `position`), first making the
    /// solver the board's size's; a size the options do not fit fails the board. False when
    /// the board failed.
    fn answer_read<S: BatchSink>(
        &mut self,
        sink: &mut S,
        file: &str,
        index: usize,
        position: Position,
    ) -> Result<bool, S::Error> {
        let size = BoardSize::new(self.board.rows(), self.board.cols())
            .expect("the reader reads boards of a valid size");
        if let Err(message) = self.fit(size, sink) {
            let error = format!("{position}: board {index}: {message}");
            sink.record(&BoardRecord::failed(file, index, position, &self.fields, error))?;
            return Ok(false);
        }
        self.answer(sink, file, index, position)?;
        Ok(true)
    }

    /// Reads, answers and hands over every board `reader` holds (the input `name`).
    fn answer_all<S: BatchSink, L: LineSource>(
        &mut self,
        sink: &mut S,
        name: &str,
        mut reader: impl std::borrow::BorrowMut<BoardReader<L>>,
        failed: &mut bool,
    ) -> Result<(), S::Error> {
        let reader = reader.borrow_mut();
        let count = reader.read_count_line();
        self.answer_rest(sink, name, reader, count, failed)
    }

    /// Reads, answers and hands over the boards left in `reader` (the input `name`, whose count
    /// line, if any, was `count`).
    fn answer_rest<S: BatchSink, L: LineSource>(
        &mut self,
        sink: &mut S,
        name: &str,
        reader: &mut BoardReader<L>,
        count: Option<(u64, Position)>,
        failed: &mut bool,
    ) -> Result<(), S::Error> {
        // The one size of every board read from the input, for the count line's warning.
        let mut read: Option<Option<BoardSize>> = None;
        while let Some(result) = reader.read_into(&mut self.board) {
            let (index, start) = (reader.boards_started(), reader.board_start());
            if self.sizes.is_some() && result.is_ok() {
                let size = BoardSize::new(self.board.rows(), self.board.cols()).ok();
                read = Some(match read {
                    None => size,
                    Some(before) => before.filter(|&b| Some(b) == size),
                });
            }
            if !self.takes(index) {
                continue;
            }
            self.answer_one(sink, name, index, start, result, failed)?;
        }
        let end = reader.end_position();
        let found = reader.boards_started();
        input_ended(sink, &self.options, name, count, (found, read.flatten()), end);
        Ok(())
    }

    /// Answers and hands over board `index` of the input `name`, which starts at `start`: read
    /// (`result` is `Ok`) or not, with its error.
    fn answer_one<S: BatchSink>(
        &mut self,
        sink: &mut S,
        name: &str,
        index: usize,
        start: Position,
        result: Result<(), BoardError>,
        failed: &mut bool,
    ) -> Result<(), S::Error> {
        match result {
            Ok(()) => *failed |= !self.answer_read(sink, name, index, start)?,
            Err(e) => {
                self.failure(sink, name, index, start, &e)?;
                *failed = true;
            }
        }
        Ok(())
    }
}

/// The message of `error`, the options' on boards of `size` read from the input: a buttons
/// file that does not fit them says which option it is and which option gives the size.
fn read_size_error(options: &BatchOptions, size: BoardSize, error: BatchError) -> String {
    match error {
        BatchError::Buttons(e) => format!(
            "{} {e} (the board is {size}, read from the input; {} RxC gives the size)",
            options.name("buttons"),
            options.name("size")
        ),
        e => e.to_string(),
    }
}

/// Warns when the leading count line (`count`: its number and position) does not match the
/// `found` boards of the input `name` (and `read`, the one size of them all when each board's
/// size was read from the input), then tells `sink` that the input ended at `end`
/// ([`BatchSink::end`]).
fn input_ended(
    sink: &mut impl BatchSink,
    options: &BatchOptions,
    name: &str,
    count: Option<(u64, Position)>,
    (found, read): (usize, Option<BoardSize>),
    end: Position,
) {
    warn_count(sink, options, name, count, (found, read));
    sink.end(name, found, end);
}

/// Warns when the leading count line (`count`: its number and position) does not match the
/// `found` boards of the input `name`; when every board's size was read from the input and
/// was one size `read`, the warning names it, and the size that would make the count's boards
/// of those rows (boards written one under another with no blank line between them are read
/// as one board: POJ 1222's two 5x6 boards as one 10x6).
fn warn_count(
    sink: &mut impl BatchSink,
    options: &BatchOptions,
    name: &str,
    count: Option<(u64, Position)>,
    (found, read): (usize, Option<BoardSize>),
) {
    let Some((count, position)) = count else { return };
    if count == found as u64 {
        return;
    }
    let s = |n: u64| if n == 1 { "" } else { "s" };
    let size = options.name("size");
    let why = match read {
        None => String::new(),
        Some(read) => {
            let rows = (found as u64).saturating_mul(read.rows() as u64);
            let fits = (count > 0 && rows.is_multiple_of(count))
                .then(|| BoardSize::new((rows / count) as usize, read.cols()).ok())
                .flatten();
            let boards = match found {
                1 => format!("a {read} board"),
                _ => format!("all {read} boards"),
            };
            match fits {
                Some(fits) if fits != read => format!(
                    " ({boards}, the size read from the input; for {count} board{} of {fits} \
                     give {size} {fits})",
                    s(count)
                ),
                _ => {
                    format!(" ({boards}, the size read from the input; {size} RxC gives the size)")
                }
            }
        }
    };
    sink.warning(&format!(
        "{name}:{position}: warning: the count line says {count} board{}, found {found}{why}",
        s(count)
    ));
}

/// The puzzle of a Tatham game ID: its variant (towards the options' goal) and its board.
fn tatham_puzzle(
    id: &str,
    chosen: &Chosen,
    options: &BatchOptions,
) -> Result<(Variant, Board), BatchError> {
    let (buttons, board) = Buttons::tatham(id).map_err(|e| {
        let tatham = options.name("tatham");
        BatchError::Options(format!("{tatham} {id}: column {}: {}", e.column, e.reason()))
    })?;
    let size = buttons.size();
    let goal = chosen.variant.goal();
    let variant = Variant::builder(size.rows(), size.cols())
        .buttons(buttons)
        .colours(chosen.variant.colours())
        .goal(goal)
        .build()
        .map_err(BatchError::Variant)?;
    Ok((variant, board))
}
