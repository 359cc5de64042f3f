//! The Lights Out family's options (`--goal`, `--alphabet`, `--wrap`, `--toggle`,
//! `--colours`), shared by `flip`, `stats flip`, `table build`, `export flip` and
//! `render flip`; the puzzles beyond a toggle pattern (`--buttons`, `--broken`, `--hole`,
//! `--tatham`), shared by `flip` and `render flip`, and how a batch's errors are said.

use std::path::PathBuf;

use anyhow::Context;
use clap::Args;
use serde::Serialize;

use super::args::usage;
use flipblox::lights_out::{
    Alphabet, Batch, BatchError, BatchOptions, BatchSink, Board, BoardSize, TogglePattern, Variant,
};

/// `--goal`, `--alphabet`, `--wrap`, `--toggle`, `--colours`.
#[derive(Debug, Clone, Args)]
pub struct VariantArgs {
    /// The boards to reach: `any` uniform board (the Flip Game's question), every cell `white`
    /// or `off` (colour 0: classic Lights Out's "all lights off"), every cell `black` (two
    /// colours), every cell `on` (the highest colour), or every cell of the colour a symbol of
    /// the alphabet names. Words in any case. Default: any (with `flip --tatham`, white).
    #[arg(long, value_name = "GOAL", allow_hyphen_values = true, value_parser = GoalParser)]
    pub goal: Option<String>,

    /// The cell symbols, one per colour, white (off, colour 0) first: `01`, `.#`, `-x`, ...
    /// (default `wb` for two colours, else the first K of `0123456789abcdef`, read in either
    /// case). Symbols given are case-sensitive; cells may be separated by spaces or tabs.
    #[arg(long, value_name = "SYMBOLS", allow_hyphen_values = true)]
    pub alphabet: Option<String>,

    /// The board wraps around (a torus): a press at an edge also toggles the opposite edge.
    #[arg(long)]
    pub wrap: bool,

    /// The cells a press toggles, as an odd-sized mask centred on the press, rows separated by
    /// `/`: `.x./xxx/.x.` (the default, plus-shaped), `x.x/.x./x.x` (diagonal), `xxx/xxx/xxx`,
    /// `.x./x.x/.x.` (no self-toggle), ...
    #[arg(long, value_name = "PATTERN", value_parser = parse_toggle)]
    pub toggle: Option<TogglePattern>,

    /// Number of colours K, 2 to 16: a press advances every toggled cell by one colour mod K
    /// (K = 3 is Lights Out 2000); a cell pressed j times counts j presses.
    #[arg(long, visible_alias = "colors", value_name = "K", default_value_t = 2,
          value_parser = clap::value_parser!(u8).range(2..=Variant::MAX_COLOURS as i64))]
    pub colours: u8,
}

/// `--goal`'s value, as given (the library reads it against the alphabet): any text, with
/// the goals named by words listed, so that `-h` shows them and a shell completes them.
#[derive(Debug, Clone, Copy)]
struct GoalParser;

impl clap::builder::TypedValueParser for GoalParser {
    type Value = String;

    fn parse_ref(
        &self,
        command: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<String, clap::Error> {
        clap::builder::StringValueParser::new().parse_ref(command, arg, value)
    }

    fn possible_values(
        &self,
    ) -> Option<Box<dyn Iterator<Item = clap::builder::PossibleValue> + '_>> {
        let words = ["any", "off", "on", "white", "black"];
        Some(Box::new(words.into_iter().map(clap::builder::PossibleValue::new)))
    }
}

/// The command line's option of a batch option's `name`: `search_bits` is `--search-bits`.
fn flag(name: &str) -> String {
    format!("--{}", name.replace('_', "-"))
}

fn parse_toggle(text: &str) -> Result<TogglePattern, String> {
    text.parse::<TogglePattern>().map_err(|e| e.to_string())
}

/// The variant and alphabet the options name on one board size.
#[derive(Debug, Clone)]
pub struct Chosen {
    /// The rules and the goal.
    pub variant: Variant,
    /// The cell symbols.
    pub alphabet: Alphabet,
}

impl Chosen {
    /// The goal's name (`any`, `white`, `black` or a symbol).
    pub fn goal_name(&self) -> String {
        self.variant.goal().name(&self.alphabet)
    }

    /// The options as JSON fields: goal, colours, wrap, toggle.
    pub fn fields(&self) -> VariantFields {
        VariantFields {
            goal: self.goal_name(),
            colours: self.variant.colours(),
            wrap: self.variant.wrap(),
            toggle: self.variant.toggle().to_string(),
        }
    }
}

/// The variant's JSON fields, in the vocabulary's order.
#[derive(Debug, Clone, Serialize)]
pub struct VariantFields {
    /// `any`, `white`, `black` or a symbol.
    pub goal: String,
    /// K.
    pub colours: u8,
    /// A torus.
    pub wrap: bool,
    /// The toggle pattern, e.g. `.x./xxx/.x.`.
    pub toggle: String,
}

impl VariantArgs {
    /// The variant on `size`, checked; `command` names the subcommand for usage errors.
    ///
    /// # Errors
    ///
    /// A usage error for an alphabet, goal or pattern that does not fit.
    pub fn choose(
        &self,
        size: BoardSize,
        command: &'static [&'static str],
    ) -> anyhow::Result<Chosen> {
        let (variant, alphabet) = self.options().variant(size).map_err(|e| usage(command, e))?;
        Ok(Chosen { variant, alphabet })
    }

    /// The options of a batch of boards these name (the variant only; the rest is the
    /// default's).
    pub fn options(&self) -> BatchOptions {
        BatchOptions {
            goal: self.goal.clone().unwrap_or_else(|| "any".to_string()),
            alphabet: self.alphabet.clone(),
            toggle: self.toggle.clone(),
            wrap: self.wrap,
            colours: self.colours,
            option_name: flag,
            ..BatchOptions::default()
        }
    }

    /// True when `--goal` was given (not left to its default).
    pub fn has_goal(&self) -> bool {
        self.goal.is_some()
    }

    /// True when no option differs from the Flip Game's (`--goal any`, no other option).
    pub fn is_default(&self) -> bool {
        self.options().is_flip_game()
    }
}

/// `--buttons`, `--broken`, `--hole`, `--tatham`: puzzles beyond a toggle pattern.
#[derive(Debug, Clone, Args)]
pub struct PuzzleArgs {
    /// A toggle set for every button, from FILE: one line per button in row-major order of
    /// the board's cells (R*C lines), each listing the cells it toggles as ROW,COL pairs
    /// (1-based) separated by spaces; an empty line is a button that cannot be pressed. A press
    /// adds 1 mod K to each listed cell. Replaces --toggle; --wrap does not apply. The board
    /// size is --size's, else each board's, read from the input.
    #[arg(long, value_name = "FILE")]
    pub buttons: Option<PathBuf>,

    /// A button that cannot be pressed, at ROW,COL (1-based, as --path prints presses): the
    /// other buttons toggle the pattern of --toggle (with --wrap) or of --buttons as usual, and
    /// this cell keeps its light, which they toggle. May be given more than once.
    #[arg(long, value_name = "ROW,COL", value_parser = parse_cell)]
    pub broken: Vec<(usize, usize)>,

    /// A board symbol for a cell that is not there: no light, no button (its line in a --buttons
    /// file is ignored, and presses skip it), its colour never counts for the goal. Each board
    /// may have its own holes, and without --size its own size.
    #[arg(long, value_name = "SYMBOL")]
    pub hole: Option<char>,

    /// Answer the puzzle of a game ID of Simon Tatham's Flip (the "Game ID" its program shows,
    /// e.g. `2x2:edb7,f`): its size, the cells each button toggles and its board, towards all
    /// lights off (white, the game's goal) unless --goal names another (`--goal any`: either
    /// uniform board). Takes no board, FILE, --size, --toggle or --wrap.
    #[arg(long, value_name = "ID", allow_hyphen_values = true)]
    pub tatham: Option<String>,
}

impl PuzzleArgs {
    /// True when none of the four is given.
    pub fn is_none(&self) -> bool {
        self.buttons.is_none()
            && self.broken.is_empty()
            && self.hole.is_none()
            && self.tatham.is_none()
    }

    /// Puts the hole and the game ID in `options`, and a stand-in for the buttons file, so that
    /// [`BatchOptions::check`] can refuse options that do not go together before the file is
    /// read ([`PuzzleArgs::batch`] reads it). A game ID without `--goal` in `variant` asks for
    /// the game's goal, all lights off.
    pub fn apply(&self, options: &mut BatchOptions, variant: &VariantArgs) {
        options.hole = self.hole;
        options.broken.clone_from(&self.broken);
        options.tatham = self.tatham.clone();
        if self.tatham.is_some() && !variant.has_goal() {
            options.goal = "white".to_string();
        }
        options.buttons = self.buttons.as_ref().map(|_| String::new());
    }

    /// The batch of `options` (with [`PuzzleArgs::apply`]'s, checked), with the buttons file
    /// read once the variant of `variant` is known to fit the buttons' size (`size`; when
    /// `None`, each board's, read from the input); its first solver's long step told to `sink`.
    /// `command` names the subcommand for usage errors.
    ///
    /// # Errors
    ///
    /// A usage error for options that do not fit; the buttons file cannot be read, or does not
    /// parse (`FILE:LINE:COLUMN: ...`); the solver's error.
    pub fn batch(
        &self,
        mut options: BatchOptions,
        variant: &VariantArgs,
        size: Option<BoardSize>,
        boards: &[String],
        sink: &mut impl BatchSink,
        command: &'static [&'static str],
    ) -> anyhow::Result<Batch<'static>> {
        if let Some(path) = &self.buttons {
            if let Some(size) = size {
                variant.choose(size, command)?;
            }
            // Without --size, the first --board's size bounds the file's lines.
            let bound = size.or_else(|| {
                let (_, alphabet) = variant.options().variant(BoardSize::CLASSIC).ok()?;
                let alphabet = match self.hole {
                    Some(hole) => alphabet.with_symbol(hole).ok()?,
                    None => alphabet,
                };
                let board = Board::parse_any_size(boards.first()?, &alphabet).ok()?;
                BoardSize::new(board.rows(), board.cols()).ok()
            });
            options.buttons = Some(read_buttons(path, bound)?);
        }
        Batch::new(options, sink).map_err(|e| match e {
            BatchError::Buttons(e) => match &self.buttons {
                Some(path) => anyhow::anyhow!("{}:{e}", path.display()),
                None => anyhow::anyhow!("{e}"),
            },
            e => batch_error(command, e),
        })
    }
}

/// A batch's error as the run's: the options' as a usage error of `command`, a solver's with
/// what was being done.
pub fn batch_error(command: &'static [&'static str], error: BatchError) -> anyhow::Error {
    match error {
        BatchError::Options(message) => usage(command, message),
        BatchError::Solver { context, source } if context.is_empty() => source.into(),
        BatchError::Solver { context, source } => anyhow::Error::new(source).context(context),
        BatchError::Variant(e) => e.into(),
        error => anyhow::anyhow!("{error}"),
    }
}

/// `--broken ROW,COL`: two numbers from 1, a comma between them.
fn parse_cell(text: &str) -> Result<(usize, usize), String> {
    let number = |part: &str| part.trim().parse::<usize>().ok().filter(|&n| n >= 1);
    text.split_once(',')
        .and_then(|(row, col)| Some((number(row)?, number(col)?)))
        .ok_or_else(|| format!("expected ROW,COL, two numbers from 1 (e.g. 3,3), found {text:?}"))
}

/// The text of the buttons file `path` for boards of `size` (when `None`, of any size), read a
/// line at a time: at most one line more than the board has cells (the reader reports it),
/// none longer than a button listing every cell can be (with room for blanks), so that an
/// endless line or input is reported at once.
///
/// # Errors
///
/// The file cannot be read, or a line is longer than that: `PATH:LINE:1: ...`.
fn read_buttons(path: &std::path::Path, given: Option<BoardSize>) -> anyhow::Result<String> {
    let size = given.unwrap_or_else(|| {
        BoardSize::new(BoardSize::MAX_SIDE, BoardSize::MAX_SIDE).expect("the largest size")
    });
    let board = match given {
        Some(size) => format!("the {size} board"),
        None => format!("a board of at most {size}"),
    };
    let name = super::io::escape_path(path);
    let file =
        std::fs::File::open(path).with_context(|| format!("reading the buttons file {name}"))?;
    let mut scanner = super::lines::Scanner::new(std::io::BufReader::with_capacity(1 << 16, file));
    // Each cell as `ROW,COL` and a blank, nine digits a number at most, and 64 KiB of blanks.
    let keep = size.cells().saturating_mul(20).saturating_add(1 << 16);
    let mut text = String::new();
    for _ in 0..=size.cells() {
        let line =
            scanner.next_line(keep).with_context(|| format!("reading the buttons file {name}"))?;
        let Some(line) = line else { break };
        if !line.whole {
            anyhow::bail!(
                "{name}:{}:1: expected the cells of one button of {board}, at most {keep} bytes, \
                 found a longer line",
                line.number
            );
        }
        text.push_str(&String::from_utf8_lossy(line.text));
        text.push('\n');
    }
    Ok(text)
}
