//! The options of a batch ([`BatchOptions`]): the variant's choices as their text names them,
//! how the size is found, holes, a buttons file, a Tatham game ID and the solvers' settings;
//! checked together, and turned into the variant of each board size.

use std::fmt;

use crate::bloxorz::Shard;
use crate::lights_out::read::ButtonsError;
use crate::lights_out::size::BoardSize;
use crate::lights_out::solve::{Method, Solver, SolverError};
use crate::lights_out::table::{DistanceTable, TableError};
use crate::lights_out::variant::{Alphabet, Buttons, Goal, TogglePattern, Variant, VariantError};

/// What a batch of Lights Out boards is answered with: the variant (each option as the
/// command line names it: `goal`, `alphabet`, `toggle`, `wrap`, `colours`), where the board size
/// comes from, per-board holes, a buttons file or a Tatham game ID, the solvers' settings and
/// what each answer carries. [`BatchOptions::default`] is the Flip Game with sizes read from the
/// input, answers without presses.
#[derive(Debug, Clone)]
pub struct BatchOptions {
    /// The board size; `None` reads each board's size from the input (a size line `R C`, else
    /// the block of rows; a block of `4n` rows of 4 pieces is `n` 4x4 boards).
    pub size: Option<BoardSize>,
    /// The goal as text: `any`, `white`/`off`, `black`, `on`, or a symbol of the alphabet
    /// ([`Goal::parse`]).
    pub goal: String,
    /// The cell symbols, colour 0 first; `None` for [`Alphabet::default_for`].
    pub alphabet: Option<String>,
    /// The toggle pattern; `None` for the plus.
    pub toggle: Option<TogglePattern>,
    /// The board wraps around (a torus).
    pub wrap: bool,
    /// The number of colours `K`, 2 to [`Variant::MAX_COLOURS`].
    pub colours: u8,
    /// The symbol of a cell that is not there (no light, no button); each board has its own
    /// holes.
    pub hole: Option<char>,
    /// The text of a buttons file ([`Buttons::parse`]) for boards of `size` (when `None`, of
    /// each board's size read from the input): replaces `toggle`.
    pub buttons: Option<String>,
    /// Buttons that cannot be pressed, each `(row, column)`, 1-based: the toggle pattern's (with
    /// `wrap`) or the buttons file's others are pressed as usual, and the cells of these keep
    /// their lights, which other presses toggle. The variant then has
    /// [`Buttons`] (its `toggle` field reads `buttons`).
    pub broken: Vec<(usize, usize)>,
    /// A game ID of Simon Tatham's Flip: the whole puzzle, answered by
    /// [`Batch::run_tatham`](super::Batch::run_tatham) towards `goal` (the game's own goal, all
    /// lights off, is `white`; `any` is any uniform board, as for every other board).
    pub tatham: Option<String>,
    /// How boards other than the embedded 4x4 table's are answered.
    pub method: Method,
    /// The largest board, in cells, whose distance table may be built in memory.
    pub max_table_cells: usize,
    /// Generators of the solution space weighed exactly, 0 to [`Solver::MAX_SEARCH_BITS`].
    pub search_bits: u32,
    /// The most word operations the set-up of a linear-algebra solver may be estimated to take
    /// (`u64::MAX`: no limit).
    pub max_setup_operations: u64,
    /// The answers carry an optimal press set.
    pub presses: bool,
    /// The answers carry their solution counts (what `--json` prints); implies `presses` for the
    /// 4x4 fast path's records.
    pub counts: bool,
    /// Only the boards of this part are answered (and every part's boards read).
    pub shard: Option<Shard>,
    /// Clean 4x4 boards of the Flip Game may be answered by the fast path and handed to
    /// [`BatchSink::lines`](super::BatchSink::lines) already written: JSON Lines records with
    /// `counts`, else answer lines (the distance, with `presses` its presses, or `Impossible`).
    pub lines: bool,
    /// How messages name an option, given as its name here (`size`, `goal`, `method`,
    /// `search_bits`, `max_setup`, `max_table_cells`, `hole`, `tatham`, ...): the command line
    /// writes `--search-bits`. The default writes the name as it is.
    pub option_name: fn(&str) -> String,
}

impl Default for BatchOptions {
    fn default() -> BatchOptions {
        BatchOptions {
            size: None,
            goal: "any".to_string(),
            alphabet: None,
            toggle: None,
            wrap: false,
            colours: 2,
            hole: None,
            buttons: None,
            broken: Vec::new(),
            tatham: None,
            method: Method::Auto,
            max_table_cells: Solver::DEFAULT_MAX_TABLE_CELLS,
            search_bits: Solver::DEFAULT_SEARCH_BITS,
            max_setup_operations: 60 * Solver::SETUP_OPERATIONS_PER_SECOND,
            presses: false,
            counts: false,
            shard: None,
            lines: false,
            option_name: str::to_string,
        }
    }
}

/// Why a batch cannot start, or stopped: its options do not fit together or do not fit the
/// board, a buttons file or game ID does not parse, or a solver failed.
#[derive(Debug)]
pub enum BatchError {
    /// The options: the message names the option (`--goal black: ...`, as the command line
    /// spells it).
    Options(String),
    /// A buttons file does not parse: `LINE:COLUMN: REASON`.
    Buttons(ButtonsError),
    /// The variant with buttons or holes cannot be made.
    Variant(VariantError),
    /// A check of the batch's own failed (a bug): what.
    Fault(String),
    /// A solver's set-up or answer failed: what was being done, and the solver's error.
    Solver {
        /// `answering FILE:LINE:COLUMN: board N`, or the set-up.
        context: String,
        /// The solver's error.
        source: SolverError,
    },
}

impl fmt::Display for BatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BatchError::Options(message) | BatchError::Fault(message) => f.write_str(message),
            BatchError::Buttons(e) => write!(f, "{e}"),
            BatchError::Variant(e) => write!(f, "{e}"),
            BatchError::Solver { context, source } if context.is_empty() => write!(f, "{source}"),
            BatchError::Solver { context, source } => write!(f, "{context}: {source}"),
        }
    }
}

/// The message says the source's own message: no error is its source.
impl std::error::Error for BatchError {}

/// The variant and the alphabet of one board size.
#[derive(Debug, Clone)]
pub(crate) struct Chosen {
    pub(crate) variant: Variant,
    pub(crate) alphabet: Alphabet,
}

impl BatchOptions {
    /// `name` as messages write it ([`BatchOptions::option_name`]).
    pub(crate) fn name(&self, name: &str) -> String {
        (self.option_name)(name)
    }

    /// True when no variant option differs from the Flip Game's (`goal` `any`, the `wb`
    /// alphabet, the plus, no wrap, two colours).
    pub fn is_flip_game(&self) -> bool {
        self.goal == "any"
            && self.alphabet.as_deref().is_none_or(|a| a == "wb")
            && !self.wrap
            && self.toggle.as_ref().is_none_or(TogglePattern::is_plus)
            && self.colours == 2
    }

    /// The variant these options name on boards of `size` (with the buttons of `buttons` and
    /// `broken`, if any), and the alphabet boards are written in (without the hole's symbol).
    ///
    /// # Errors
    ///
    /// [`BatchError::Options`] for an alphabet, goal or toggle pattern that does not fit
    /// (`--alphabet X: ...`, `--goal X: ...`, `--toggle X: ...`), a broken button off the board
    /// or a pattern that wraps onto a cell twice with more than two colours (`--broken ...`);
    /// [`BatchError::Buttons`] for a buttons file that does not parse for `size`.
    pub fn variant(&self, size: BoardSize) -> Result<(Variant, Alphabet), BatchError> {
        let chosen = self.choose(size)?;
        Ok((chosen.variant, chosen.alphabet))
    }

    /// The variant of [`BatchOptions::choose_rules`] on `size`, with the buttons file's
    /// buttons and the broken buttons.
    pub(crate) fn choose(&self, size: BoardSize) -> Result<Chosen, BatchError> {
        let mut chosen = self.choose_rules(size)?;
        if self.buttons.is_none() && self.broken.is_empty() {
            return Ok(chosen);
        }
        let base = &chosen.variant;
        let buttons = match &self.buttons {
            Some(text) => Buttons::parse(text, size).map_err(BatchError::Buttons)?,
            None => Buttons::from_pattern(size, base.toggle(), base.wrap(), base.colours())
                .ok_or_else(|| {
                    BatchError::Options(format!(
                        "{}: the toggle pattern {} wraps onto a cell twice on the {size} board \
                         with {} colours; broken buttons are made of buttons, which toggle a \
                         cell once",
                        self.name("broken"),
                        base.toggle(),
                        base.colours()
                    ))
                })?,
        };
        let mut dead = Vec::with_capacity(self.broken.len());
        for &(row, col) in &self.broken {
            let (rows, cols) = (size.rows(), size.cols());
            if !(1..=rows).contains(&row) || !(1..=cols).contains(&col) {
                return Err(BatchError::Options(format!(
                    "{} {row},{col}: the cell is off the {size} board (rows 1 to {rows}, columns \
                     1 to {cols})",
                    self.name("broken")
                )));
            }
            dead.push((row - 1) * cols + col - 1);
        }
        chosen.variant = Variant::builder(size.rows(), size.cols())
            .buttons(buttons.without(&dead))
            .colours(base.colours())
            .goal(base.goal())
            .build()
            .map_err(BatchError::Variant)?;
        Ok(chosen)
    }

    /// The variant of the toggle pattern, wrap-around, colours and goal on `size` (no buttons),
    /// and the alphabet.
    pub(crate) fn choose_rules(&self, size: BoardSize) -> Result<Chosen, BatchError> {
        let option = |message: String| BatchError::Options(message);
        let alphabet = match &self.alphabet {
            Some(symbols) => Alphabet::new(symbols, self.colours)
                .map_err(|e| option(format!("{} {symbols}: {e}", self.name("alphabet"))))?,
            None => Alphabet::default_for(self.colours),
        };
        let goal = Goal::parse(&self.goal, &alphabet)
            .map_err(|e| option(format!("{} {}: {e}", self.name("goal"), self.goal)))?;
        let toggle = self.toggle.clone().unwrap_or_else(TogglePattern::plus);
        let variant = Variant::builder(size.rows(), size.cols())
            .toggle(toggle.clone())
            .wrap(self.wrap)
            .colours(self.colours)
            .goal(goal)
            .build()
            .map_err(|e| option(format!("{} {toggle}: {e}", self.name("toggle"))))?;
        Ok(Chosen { variant, alphabet })
    }

    /// Refuses the options that do not go together: `buttons`, `hole` or `tatham` with each
    /// other, with a toggle pattern, wrap-around, a size or distance tables.
    ///
    /// `boards` names the boards given besides, if any (`--board`, `a FILE`), for the Tatham
    /// game ID, which is a whole puzzle; `tables` tells whether a table file answers.
    ///
    /// # Errors
    ///
    /// [`BatchError::Options`] naming the two options and why.
    pub fn check(&self, boards: Option<&str>, tables: bool) -> Result<(), BatchError> {
        let refuse = |message: String| Err(BatchError::Options(message));
        let [buttons, toggle, wrap, size, hole, colours, tatham, table, method, broken] = [
            "buttons", "toggle", "wrap", "size", "hole", "colours", "tatham", "table", "method",
            "broken",
        ]
        .map(|name| self.name(name));
        if self.buttons.is_some() {
            if self.toggle.is_some() {
                return refuse(format!("{buttons} replaces {toggle}: give one of them"));
            }
            if self.wrap {
                return refuse(format!(
                    "{wrap} does not apply to {buttons}: the file lists every cell each button \
                     toggles",
                ));
            }
        }
        if let Some(id) = &self.tatham {
            let colours = format!("{colours} (Flip has two colours)");
            let others = [
                (self.buttons.is_some(), buttons.as_str()),
                (self.toggle.is_some(), &toggle),
                (self.wrap, &wrap),
                (self.size.is_some(), &size),
                (boards.is_some(), boards.unwrap_or_default()),
                (self.hole.is_some(), &hole),
                (self.colours != 2, &colours),
                (!self.broken.is_empty(), &broken),
            ];
            if let Some((_, other)) = others.iter().find(|(given, _)| *given) {
                return Err(BatchError::Options(format!(
                    "{tatham} {id} is a whole puzzle (its size, buttons and board): it cannot be \
                     used with {other}"
                )));
            }
        }
        let graphs = self.buttons.is_some()
            || self.hole.is_some()
            || self.tatham.is_some()
            || !self.broken.is_empty();
        if graphs && (tables || self.method == Method::Table) {
            return refuse(format!(
                "{buttons}, {broken}, {hole} and {tatham} are answered by linear algebra: \
                 distance tables ({table}, {method} table) are made for toggle patterns without \
                 holes",
            ));
        }
        Ok(())
    }

    /// The alphabet boards are read in: the colours' symbols, and with `hole` the hole's, which
    /// reads as the value `K`.
    pub(crate) fn symbols(&self, alphabet: &Alphabet) -> Result<Alphabet, BatchError> {
        let Some(hole) = self.hole else { return Ok(alphabet.clone()) };
        alphabet.with_symbol(hole).map_err(|e| {
            let reason = match e {
                VariantError::RepeatedSymbol { first_colour, .. } => {
                    format!("{hole:?} is already the symbol of colour {first_colour}")
                }
                _ => "expected a printable ASCII character other than the space and '/'".into(),
            };
            BatchError::Options(format!("{} {hole}: {reason}", self.name("hole")))
        })
    }

    /// True when each board's size is read from the input (no size or game ID; with a table
    /// file, the table's size is given).
    pub(crate) fn infers_size(&self) -> bool {
        self.size.is_none() && self.tatham.is_none()
    }

    /// The solver of `variant` with these options.
    pub(crate) fn solver(&self, variant: &Variant) -> Result<Solver<'static>, SolverError> {
        Ok(Solver::builder(variant)
            .method(self.method)
            .max_table_cells(self.max_table_cells)
            .search_bits(self.search_bits)
            .max_setup_operations(self.max_setup_operations)
            .presses(self.presses)
            .build()?
            .with_counts(self.counts))
    }

    /// The message of a solver of `variant` that cannot be set up: a table over the limit said
    /// as for the Flip Game's size (`--size`) or as for a variant, a set-up over the budget
    /// with the option that raises it; `None` for any other error.
    pub(crate) fn set_up_message(&self, error: &SolverError, variant: &Variant) -> Option<String> {
        match error {
            SolverError::Table(TableError::TooLarge { .. }) if self.is_flip_game() => {
                Some(format!("{} table: {error}", self.name("method")))
            }
            SolverError::Table(TableError::TooLarge { .. }) => self.table_limit_message(variant),
            SolverError::SetupTooCostly { .. } => {
                Some(format!("{error}; {} SECONDS raises the budget", self.name("max_setup")))
            }
            _ => None,
        }
    }

    /// The message of a distance table of `variant` over `max_table_cells` (the library's
    /// rule, [`DistanceTable::check_size`]), said as for a variant (more than `2^N` states);
    /// `None` within it.
    fn table_limit_message(&self, variant: &Variant) -> Option<String> {
        let max = self.max_table_cells;
        let Err(TableError::TooLarge { .. }) = DistanceTable::check_size(variant, max) else {
            return None;
        };
        let states = variant.states();
        Some(format!(
            "a table of {variant} has {} states, over {} {max} (2^{max} states)",
            states.map_or_else(|| "more than 2^64".to_string(), |s| s.to_string()),
            self.name("max_table_cells"),
        ))
    }

    /// The error of a solver of `variant` that cannot be set up: [`BatchError::Options`] with
    /// [`BatchOptions::set_up_message`], else the solver's error.
    pub(crate) fn set_up_error(&self, error: SolverError, variant: &Variant) -> BatchError {
        match self.set_up_message(&error, variant) {
            Some(message) => BatchError::Options(message),
            None => BatchError::Solver { context: String::new(), source: error },
        }
    }
}
