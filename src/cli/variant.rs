//! The Lights Out family's options (`--goal`, `--alphabet`, `--wrap`, `--toggle`,
//! `--colours`), shared by `flip`, `stats flip`, `table build`, `export flip` and
//! `render flip`.

use clap::Args;
use serde::Serialize;

use super::args::usage;
use flipblox::lights_out::{Alphabet, BatchOptions, BoardSize, TogglePattern, Variant};

/// `--goal`, `--alphabet`, `--wrap`, `--toggle`, `--colours`.
#[derive(Debug, Clone, Args)]
pub struct VariantArgs {
    /// The boards to reach: `any` uniform board (the Flip Game's question), every cell `white`
    /// or `off` (colour 0: classic Lights Out's "all lights off"), every cell `black` (two
    /// colours), every cell `on` (the highest colour), or every cell of the colour a symbol of
    /// the alphabet names. Words in any case. Default: any (with `flip --tatham`, white).
    #[arg(long, value_name = "GOAL", allow_hyphen_values = true)]
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
