//! `flip --buttons FILE`, `--hole SYMBOL` and `--tatham ID`: boards whose buttons each toggle
//! their own set of cells, boards with holes, and Simon Tatham's Flip puzzles. They are checked
//! against the other options here, turned into the variant ([`Variant::buttons`],
//! [`Variant::holes`]), and for holes the solver follows each board's hole mask.

use std::path::Path;

use anyhow::Context;

use super::super::args::usage;
use super::super::variant::Chosen;
use super::{FlipArgs, MethodArg, SolverOptions};
use flipblox::lights_out::{Alphabet, Board, BoardSize, Buttons, Goal, Solver, Variant};

/// True when none of `--buttons`, `--hole`, `--tatham` is given.
pub(super) fn none(args: &FlipArgs) -> bool {
    args.buttons.is_none() && args.hole.is_none() && args.tatham.is_none()
}

/// Refuses the options that do not go with `--buttons`, `--hole` or `--tatham`.
///
/// # Errors
///
/// A usage error naming the two options and why.
pub(super) fn check(args: &FlipArgs) -> anyhow::Result<()> {
    let refuse = |message: &str| Err(usage(&["flip"], message));
    let tables = args.table.is_some() || args.method == MethodArg::Table;
    if args.buttons.is_some() {
        if args.variant.toggle.is_some() {
            return refuse("--buttons replaces --toggle: give one of them");
        }
        if args.variant.wrap {
            return refuse(
                "--wrap does not apply to --buttons: the file lists every cell each button \
                 toggles",
            );
        }
    }
    if let Some(id) = &args.tatham {
        let others = [
            (args.buttons.is_some(), "--buttons"),
            (args.variant.toggle.is_some(), "--toggle"),
            (args.variant.wrap, "--wrap"),
            (args.size.is_some(), "--size"),
            (!args.board.is_empty(), "--board"),
            (!args.files.is_empty(), "a FILE"),
            (args.hole.is_some(), "--hole"),
            (args.variant.colours != 2, "--colours (Flip has two colours)"),
        ];
        if let Some((_, other)) = others.iter().find(|(given, _)| *given) {
            let message = format!(
                "--tatham {id} is a whole puzzle (its size, buttons and board): it cannot be \
                 used with {other}"
            );
            return Err(usage(&["flip"], message));
        }
    }
    if !none(args) && tables {
        return refuse(
            "--buttons, --hole and --tatham are answered by linear algebra: distance tables \
             (--table, --method table) are made for toggle patterns without holes",
        );
    }
    Ok(())
}

/// The variant of `base` with `buttons` and `holes` (`R * C` flags; none when empty).
///
/// # Errors
///
/// The variant's error ([`flipblox::lights_out::VariantError`]).
pub(super) fn variant_with(
    base: &Variant,
    buttons: Option<Buttons>,
    holes: Vec<bool>,
) -> anyhow::Result<Variant> {
    let size = base.size();
    let mut builder = Variant::builder(size.rows(), size.cols())
        .toggle(base.toggle().clone())
        .wrap(base.wrap())
        .colours(base.colours())
        .goal(base.goal())
        .holes(holes);
    if let Some(buttons) = buttons.or_else(|| base.buttons().cloned()) {
        builder = builder.buttons(buttons);
    }
    Ok(builder.build()?)
}

/// The buttons of the file `path` for boards of `size`.
///
/// # Errors
///
/// The file cannot be read, or `PATH:LINE:COLUMN: REASON` for a fault in it.
pub(super) fn read_buttons(path: &Path, size: BoardSize) -> anyhow::Result<Buttons> {
    let bytes = std::fs::read(path)
        .with_context(|| format!("reading the buttons file {}", path.display()))?;
    let text = String::from_utf8_lossy(&bytes);
    Buttons::parse(&text, size).map_err(|e| anyhow::anyhow!("{}:{e}", path.display()))
}

/// The puzzle of `--tatham ID`: its variant (goal all lights off unless `--goal` names a
/// colour) and its board.
///
/// # Errors
///
/// A usage error `--tatham ID: column C: REASON`.
pub(super) fn tatham(id: &str, chosen: &Chosen) -> anyhow::Result<(Variant, Board)> {
    let (buttons, board) = Buttons::tatham(id).map_err(|e| {
        usage(&["flip"], format!("--tatham {id}: column {}: {}", e.column, e.reason()))
    })?;
    let size = buttons.size();
    let goal = match chosen.variant.goal() {
        Goal::Any => Goal::Colour(0),
        goal => goal,
    };
    let variant = Variant::builder(size.rows(), size.cols())
        .buttons(buttons)
        .colours(chosen.variant.colours())
        .goal(goal)
        .build()?;
    Ok((variant, board))
}

/// The alphabet boards are read in with `--hole SYMBOL`: the colours' symbols, then the hole's,
/// which reads as the value `K`.
///
/// # Errors
///
/// A usage error for a symbol that is already a colour's, or cannot be a symbol.
pub(super) fn hole_alphabet(alphabet: &Alphabet, hole: char) -> anyhow::Result<Alphabet> {
    alphabet.with_symbol(hole).map_err(|e| {
        let reason = match e {
            flipblox::lights_out::AlphabetError::Repeated { first_colour, .. } => {
                format!("{hole:?} is already the symbol of colour {first_colour}")
            }
            _ => "expected a printable ASCII character other than the space and '/'".into(),
        };
        usage(&["flip"], format!("--hole {hole}: {reason}"))
    })
}

/// The solver of each board's holes (`--hole`): the cells reading as `K` are holes, and the
/// solver is made again whenever a board's size or hole mask differs from the last one's.
#[derive(Debug)]
pub(super) struct Holes {
    /// The value a hole reads as, `K`.
    value: u8,
    options: SolverOptions,
    /// The size of the solver now, `None` when the solver is not one this made (or not
    /// known to be).
    size: Option<BoardSize>,
    /// The hole mask of the solver now (empty: none).
    mask: Vec<bool>,
}

impl Holes {
    /// Follows the holes of boards of `K` colours, answered by solvers of `options`; the
    /// solver of `size` now is the one of no holes.
    pub(super) fn new(colours: u8, size: BoardSize, options: SolverOptions) -> Holes {
        Holes { value: colours, options, size: Some(size), mask: Vec::new() }
    }

    /// Forgets which solver is made: the next board's gets one of its own.
    pub(super) fn forget(&mut self) {
        self.size = None;
    }

    /// Makes `solver` the solver of `board`'s holes in `base` (the variant of the board's size
    /// without holes); false when every cell is a hole (the board then meets every goal with
    /// no press).
    ///
    /// # Errors
    ///
    /// The solver's set-up errors.
    pub(super) fn fit(
        &mut self,
        base: &Variant,
        board: &Board,
        solver: &mut Solver<'_>,
    ) -> anyhow::Result<bool> {
        let holes = board.cells().iter().filter(|&&c| c == self.value).count();
        if holes == board.cells().len() {
            return Ok(false);
        }
        let same = self.size == Some(base.size())
            && match holes {
                0 => self.mask.is_empty(),
                _ => {
                    self.mask.len() == board.cells().len()
                        && board
                            .cells()
                            .iter()
                            .zip(&self.mask)
                            .all(|(&c, &h)| (c == self.value) == h)
                }
            };
        if !same {
            self.mask = match holes {
                0 => Vec::new(),
                _ => board.cells().iter().map(|&c| c == self.value).collect(),
            };
            self.size = None;
            let variant = variant_with(base, None, self.mask.clone())?;
            let _slow = super::slow_set_up(&variant);
            *solver = self.options.solver(&variant).map_err(super::over_budget)?;
            self.size = Some(base.size());
        }
        Ok(true)
    }
}
