//! The original Flash game's level file (`bloxorzlevels.txt`, Damien Clarke's *Bloxorz*, 2007;
//! its layout and the game's rules are in `docs/LEVELS.md`): its reader ([`FlashPack`]), its
//! ActionScript literals and its syntax errors ([`FlashSyntax`](syntax::FlashSyntax)).
//!
//! The file is ActionScript: each level is an array (`levelez = [];`) onto which the game pushes
//! its rows (strings, row `y` = 0, 1, ... of columns `x` = 0, 1, ...), its start `[x, y]` (the
//! block standing there), a switch table `{swatchXY: [[x, y, "on"|"off"|"onoff"], ...], ...}` and
//! a split-switch table `{swatchXY: [x1, y1, x2, y2], ...}`; a key `swatchXY` names the cell whose
//! row `y` is the key's last digit and whose column `x` is the digits before it. The play order is
//! `levels = ["", levelez, levelpq, ...]`: its names, in order, are the stages 1, 2, 3...; string
//! entries (the game's `""` placeholder at index 0) are skipped. `levelcodes` gives the passcodes
//! by the same index.
//!
//! Tiles: ` ` void, `b` normal, `e` the exit (the target), `f` fragile, `s` soft switch, `h` heavy
//! switch, `l` and `r` bridge tiles absent at the start, `k` and `q` bridge tiles present at the
//! start, `v` split switch. Each stage becomes a [`Level`](crate::bloxorz::Level) of the text format (`docs/LEVELS.md`),
//! with the same checks as a level written by hand (named in the file's terms,
//! [`Notation::Flash`](super::error::Notation::Flash)); the start must be a normal tile `b`.
//!
//! A JavaScript port of the file is run as JavaScript runs it (`eval`): values are bound when
//! their statement runs, lists are shared by the names that hold them, a function's `var`s are
//! its own and its body runs only when it is called (`getLevels()`, when no `levels` is set at
//! the top level); what cannot be evaluated (control flow, calls) is an error of the file, never a
//! different level.
//!
//! Only the stages in the play order are built and checked. A statement that cannot be read makes
//! what it was about unreadable (the name it assigns, the list it pushes onto), and the first stage
//! made of it reports it (later ones name that stage); one about no stage is a [`FlashError`] of
//! the file ([`FlashPack::problems`]) that does not stop the stages being answered; a play order
//! that cannot be read makes the whole file unreadable.

mod eval;
mod literal;
mod stages;
pub(crate) mod syntax;

pub(crate) use stages::FlashStages;
pub use stages::{FlashPack, Stage};
pub use syntax::FlashError;
