//! Bloxorz levels as PDDL planning problems: the reader ([`PddlReader`]) of problem files of the
//! Bloxorz domain of the planning benchmarks (the encoding of the public repository
//! RAIRLab/bloxorz, `domain2.pddl`), its errors ([`PddlSyntax`]), and the writer
//! ([`Level::write_pddl`](crate::bloxorz::Level::write_pddl), with the domain,
//! [`Level::PDDL_DOMAIN`](crate::bloxorz::Level::PDDL_DOMAIN)).
//!
//! # The encoding
//!
//! A problem `(define (problem NAME) (:domain bloxorz) (:objects ...) (:init ...) (:goal ...))`
//! is one level. Its objects are the tiles (type `tile`): every cell that can ever hold the
//! block. Its initial facts:
//!
//! | fact | meaning | cell of the text format |
//! |---|---|---|
//! | `(adjacent A B D)` | tile `B` is next to `A` in direction `D` (`north`, `south`, `east`, `west`) | the grid itself |
//! | `(active T)` | the tile is there at the start | `.`; without it `#` (or `-` for a bridge tile) |
//! | `(yellow T)` | fragile: the block may not stand on it | `E` |
//! | `(enabling S T)` | pressing switch `S` makes `T` present | `S`, `on T`; `T` a bridge tile |
//! | `(disabling S T)` | pressing `S` makes `T` absent | `S`, `off T` (both facts: `toggle T`) |
//! | `(hard S)` | only the whole block standing presses `S` | `H` instead of `S` |
//! | `(standing-on T)` | the block starts standing on `T` | `X` |
//! | `(lying-on T)` twice | the block starts lying on two tiles side by side | two `X` |
//! | `(perpendicular D1 D2)` | a fact of the domain's geometry | (checked, not needed) |
//!
//! The goal is `(standing-on T)`, alone or in an `(and ...)`: `T` is the target `O`. The tiles'
//! places come from the `adjacent` facts, which must lay them on a square grid, both ways (each
//! fact with its reverse), between every two tiles side by side and only between tiles side by
//! side in the fact's direction (a ring of facts is refused); when every tile's name ends
//! in two numbers (`t-4-12`, `t-004-012`, row then column, from 1) that agree with the facts,
//! those numbers place it, so a level keeps its margins; otherwise each group of connected tiles
//! is laid out from the top left, the groups side by side one empty column apart. Names,
//! predicates and keywords are compared without regard to ASCII case, and `;` starts a comment.
//! A file may hold several problems (each a level, in order) and domains (skipped).
//!
//! The domain knows no split switches, and its rules differ from flipblox's (`docs/LEVELS.md`) in
//! two corner cases: a block whose own switch takes a tile away from under it stays where it is
//! in the domain and falls in flipblox, and two soft switches under one lying block act at once
//! in the domain, one after the other (the top or left one first) in flipblox. Levels read from
//! PDDL are answered under flipblox's rules.
//!
//! # Errors
//!
//! Every problem is reported at its line and column (lines end at `\n`; columns count
//! characters) as a [`LevelError`] of the problem's level, and reading goes on with the next
//! top-level form; no input makes the reader panic.

pub(crate) mod syntax;
mod write;

use std::collections::HashMap;
use std::hash::{Hash, Hasher};

pub use syntax::PddlSyntax;

use super::builder::{Builder, Where};
use super::error::{ErrorKind, LevelError, Limit, Notation};
use super::source::LevelSource;
use super::text::DEFAULT_MAX_MEMORY;
use crate::bloxorz::model::level::Level;
use crate::bloxorz::model::mechanics::Action;
use crate::bloxorz::model::moves::bytes_needed;
use crate::text::{Position, bom_len};
use syntax::BYTES_PER_OBJECT;

/// The four directions, in the order of [`Tile::next`]: north, south, west, east (a row up, a
/// row down, a column left, a column right).
const DIRECTIONS: [&str; 4] = ["north", "south", "west", "east"];

/// Row and column steps of [`DIRECTIONS`].
const STEPS: [(i64, i64); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];

/// No tile (in [`Tile::next`] and the grid).
const NONE: u32 = u32::MAX;

/// A token of the file: its kind and the byte offset where it starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Token<'a> {
    Open,
    Close,
    Atom(&'a [u8]),
    End,
}

/// A name compared and hashed without regard to ASCII case.
#[derive(Debug, Clone, Copy)]
struct Name<'a>(&'a [u8]);

impl PartialEq for Name<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.0.eq_ignore_ascii_case(other.0)
    }
}

impl Eq for Name<'_> {}

impl Hash for Name<'_> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_usize(self.0.len());
        for &b in self.0 {
            state.write_u8(b.to_ascii_lowercase());
        }
    }
}

/// True when `atom` is `word` (lower case) in any ASCII case.
fn is(atom: &[u8], word: &str) -> bool {
    atom.eq_ignore_ascii_case(word.as_bytes())
}

/// A name as messages quote it: at most 60 characters, escaped.
fn shown(atom: &[u8]) -> String {
    let text = String::from_utf8_lossy(atom);
    let mut out: String = text.chars().take(60).flat_map(char::escape_default).collect();
    if text.chars().count() > 60 {
        out.push_str("...");
    }
    out
}

/// How a "found ..." message names a token.
fn found(token: Token<'_>) -> String {
    match token {
        Token::Open => "'('".to_string(),
        Token::Close => "')'".to_string(),
        Token::Atom(atom) => format!("`{}`", shown(atom)),
        Token::End => "the end of the file".to_string(),
    }
}

/// A problem found at byte offset `at` (turned into a line and column when reported).
type Fault = (usize, ErrorKind);

/// The error `syntax` at byte offset `at`.
fn fault<T>(at: usize, syntax: PddlSyntax) -> Result<T, Fault> {
    Err((at, ErrorKind::Pddl(syntax)))
}

/// The tokens of a byte slice, with the offset of each.
#[derive(Debug, Clone, Copy)]
struct Cursor<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Cursor<'a> {
    /// The next token and its byte offset (the end of the file: its length).
    fn next(&mut self) -> (usize, Token<'a>) {
        let bytes = self.bytes;
        loop {
            match bytes.get(self.at) {
                None => return (bytes.len(), Token::End),
                Some(b';') => {
                    let rest = &bytes[self.at..];
                    self.at += rest.iter().position(|&b| b == b'\n').unwrap_or(rest.len());
                }
                Some(b) if b.is_ascii_whitespace() => self.at += 1,
                Some(&b) => {
                    let start = self.at;
                    self.at += 1;
                    if b == b'(' {
                        return (start, Token::Open);
                    }
                    if b == b')' {
                        return (start, Token::Close);
                    }
                    let rest = &bytes[self.at..];
                    let end = |b: &u8| b.is_ascii_whitespace() || matches!(b, b'(' | b')' | b';');
                    self.at += rest.iter().position(end).unwrap_or(rest.len());
                    return (start, Token::Atom(&bytes[start..self.at]));
                }
            }
        }
    }

    /// The next token without taking it.
    fn peek(&self) -> (usize, Token<'a>) {
        let mut copy = *self;
        copy.next()
    }

    /// The next token, which must be `(`.
    fn open(&mut self) -> Result<usize, Fault> {
        match self.next() {
            (at, Token::Open) => Ok(at),
            (at, token) => fault(at, PddlSyntax::Expected { expected: "'('", found: found(token) }),
        }
    }

    /// The next token, which must be `)`.
    fn close(&mut self) -> Result<usize, Fault> {
        match self.next() {
            (at, Token::Close) => Ok(at),
            (at, token) => fault(at, PddlSyntax::Expected { expected: "')'", found: found(token) }),
        }
    }

    /// The next token, which must be a name (`expected` says what it is for).
    fn atom(&mut self, expected: &'static str) -> Result<(usize, &'a [u8]), Fault> {
        match self.next() {
            (at, Token::Atom(atom)) => Ok((at, atom)),
            (at, token) => fault(at, PddlSyntax::Expected { expected, found: found(token) }),
        }
    }

    /// The next token, which must be the word `word` (shown as `expected`).
    fn word(&mut self, word: &str, expected: &'static str) -> Result<usize, Fault> {
        match self.next() {
            (at, Token::Atom(atom)) if is(atom, word) => Ok(at),
            (at, token) => fault(at, PddlSyntax::Expected { expected, found: found(token) }),
        }
    }

    /// Skips to just past the `)` that closes a list whose `(` has been read (to the end of the
    /// file when there is none).
    fn skip_list(&mut self) {
        let mut depth = 1usize;
        loop {
            match self.next().1 {
                Token::Open => depth += 1,
                Token::Close => {
                    depth -= 1;
                    if depth == 0 {
                        return;
                    }
                }
                Token::Atom(_) => {}
                Token::End => return,
            }
        }
    }
}

/// Turns byte offsets into lines and columns (lines end at `\n`; columns count characters, from
/// the character after a byte-order mark that starts the file), scanning each byte of the input
/// once while the offsets asked for grow, as a reader's do: reading a file of many problems
/// stays linear in its length.
#[derive(Debug, Clone, Copy, Default)]
struct Positions {
    /// The offset scanned up to, and its line and column.
    at: usize,
    line: usize,
    column: usize,
    /// Bytes scanned in all (each byte once unless an offset before `at` is asked for).
    scanned: usize,
}

impl Positions {
    /// The line and column of byte offset `at` of `bytes`.
    fn of(&mut self, bytes: &[u8], at: usize) -> Position {
        let at = at.min(bytes.len());
        if at < self.at || self.line == 0 {
            // Start over from the top of the file (never, for offsets that grow).
            let start = bom_len(bytes);
            *self = Positions { at: start.min(at), line: 1, column: 1, scanned: self.scanned };
        }
        let span = &bytes[self.at..at];
        self.scanned += span.len();
        let after_line_break = match memchr::memrchr(b'\n', span) {
            Some(last) => {
                self.line += memchr::memchr_iter(b'\n', span).count();
                self.column = 1;
                &span[last + 1..]
            }
            None => span,
        };
        // Characters: every byte but UTF-8 continuation bytes.
        self.column += after_line_break.iter().filter(|&&b| b & 0xC0 != 0x80).count();
        self.at = at;
        Position { line: self.line, column: self.column }
    }
}

/// One object of a problem.
#[derive(Debug, Clone)]
struct Tile<'a> {
    name: &'a [u8],
    /// Where it is declared.
    at: usize,
    /// Its neighbour in each of [`DIRECTIONS`] ([`NONE`] when none), and where the fact is.
    next: [(u32, usize); 4],
    active: bool,
    yellow: bool,
    hard: bool,
}

/// One `enabling` or `disabling` fact.
#[derive(Debug, Clone, Copy)]
struct Effect {
    switch: u32,
    tile: u32,
    enabling: bool,
}

/// A problem as read, before it is made a level.
#[derive(Debug, Default)]
struct Problem<'a> {
    tiles: Vec<Tile<'a>>,
    names: HashMap<Name<'a>, u32>,
    effects: Vec<Effect>,
    /// The start: one tile standing or two lying, with where each fact is.
    standing: Vec<(u32, usize)>,
    lying: Vec<(u32, usize)>,
    goal: Option<(u32, usize)>,
}

/// Reads the levels of PDDL problem files (see the module docs) from a byte slice, one problem
/// after another.
///
/// ```
/// use flipblox::bloxorz::{InputFormat, LevelInput, LevelSource, Limits, Solver};
/// let problem = b"(define (problem row) (:domain bloxorz)
///   (:objects a b c d - tile)
///   (:init (adjacent a b east) (adjacent b a west) (adjacent b c east) (adjacent c b west)
///          (adjacent c d east) (adjacent d c west)
///          (active a) (active b) (active c) (active d) (standing-on a))
///   (:goal (standing-on d)))";
/// let mut input = LevelInput::from_bytes(&problem[..], InputFormat::Pddl, 1 << 20);
/// let mut reader = input.levels().unwrap();
/// let mut level = flipblox::bloxorz::Level::new();
/// reader.read_into(&mut level).unwrap().unwrap();
/// assert_eq!(level.to_string(), "1 4\nX..O\n");
/// assert_eq!(Solver::new().solve(&level, Limits::default()).unwrap().moves, Some(2));
/// ```
#[derive(Debug, Clone)]
pub struct PddlReader<'a> {
    cursor: Cursor<'a>,
    levels: usize,
    max_memory: u64,
    /// The offset just past the last problem read.
    offset: usize,
    /// Lines and columns of the offsets reported.
    positions: Positions,
}

impl<'a> PddlReader<'a> {
    /// Starts reading the problems in `bytes`, with the default memory limit (2 GiB).
    pub fn new(bytes: &'a [u8]) -> PddlReader<'a> {
        let start = if bytes.starts_with(b"\xEF\xBB\xBF") { 3 } else { 0 };
        PddlReader {
            cursor: Cursor { bytes, at: start },
            levels: 0,
            max_memory: DEFAULT_MAX_MEMORY,
            offset: 0,
            positions: Positions::default(),
        }
    }

    /// Sets the memory limit for one level in bytes: a level whose grid and search would need
    /// more ([`Level::bytes_needed`]), or with more than
    /// `limit / 128` objects, is refused.
    pub fn max_memory(mut self, limit: u64) -> PddlReader<'a> {
        self.max_memory = limit;
        self
    }

    /// Reads the next problem into `level`: `None` when there are no more.
    ///
    /// # Errors
    ///
    /// A [`LevelError`] naming the problem's number, the line and column and what is wrong (see
    /// the module docs).
    pub fn read_into(&mut self, level: &mut Level) -> Option<Result<(), LevelError>> {
        loop {
            let (start, token) = self.cursor.next();
            let bytes = self.cursor.bytes;
            if token == Token::End {
                return None;
            }
            // A domain is skipped; anything else is a level, read or reported.
            if token == Token::Open {
                let mut ahead = self.cursor;
                let domain = ahead.word("define", "").is_ok()
                    && ahead.open().is_ok()
                    && ahead.word("domain", "").is_ok();
                if domain {
                    self.cursor.skip_list();
                    self.offset = self.cursor.at;
                    continue;
                }
            }
            self.levels += 1;
            let number = self.levels;
            let result = match token {
                Token::Open => self.problem(start, level),
                other => {
                    let expected = "a problem `(define (problem NAME) ...)`";
                    fault(start, PddlSyntax::Expected { expected, found: found(other) })
                }
            };
            self.offset = self.cursor.at;
            return Some(result.map_err(|(at, kind)| LevelError {
                level: number,
                position: Some(self.positions.of(bytes, at)),
                kind,
            }));
        }
    }

    /// Reads the problem whose `(` is at `start` into `level`; on an error, skips to the end of
    /// its top-level form.
    fn problem(&mut self, start: usize, level: &mut Level) -> Result<(), Fault> {
        let mut form = self.cursor;
        match Self::read_problem(&mut form, self.max_memory) {
            Ok((problem, end)) => {
                self.cursor = form;
                build(&problem, start, end, self.max_memory, level)?;
                level.set_origin(self.positions.of(self.cursor.bytes, start));
                Ok(())
            }
            Err(e) => {
                // From just after the form's `(` to past its matching `)`.
                self.cursor.skip_list();
                Err(e)
            }
        }
    }

    /// Reads a problem after its `(`: what it says, and the offset of its closing `)`.
    fn read_problem(c: &mut Cursor<'a>, max_memory: u64) -> Result<(Problem<'a>, usize), Fault> {
        c.word("define", "`define`")?;
        c.open()?;
        c.word("problem", "`problem`")?;
        c.atom("the problem's name")?;
        c.close()?;
        let mut problem = Problem::default();
        let (mut objects, mut init) = (false, false);
        loop {
            let (at, token) = c.next();
            match token {
                Token::Close => {
                    let missing = if !objects {
                        Some(":objects")
                    } else if !init {
                        Some(":init")
                    } else if problem.goal.is_none() {
                        Some(":goal")
                    } else {
                        None
                    };
                    if let Some(section) = missing {
                        return fault(at, PddlSyntax::MissingSection { section });
                    }
                    return Ok((problem, at));
                }
                Token::Open => {}
                other => {
                    let expected = "a section `(:objects ...)`, `(:init ...)` or `(:goal ...)`";
                    return fault(at, PddlSyntax::Expected { expected, found: found(other) });
                }
            }
            let expected = "a section keyword (:domain, :objects, :init or :goal)";
            let (at, keyword) = c.atom(expected)?;
            let repeated = |section| fault(at, PddlSyntax::RepeatedSection { section });
            if is(keyword, ":domain") {
                c.atom("the domain's name")?;
                c.close()?;
            } else if is(keyword, ":requirements") {
                c.skip_list();
            } else if is(keyword, ":objects") {
                if objects {
                    return repeated(":objects");
                }
                objects = true;
                read_objects(c, &mut problem, max_memory)?;
            } else if is(keyword, ":init") {
                if init {
                    return repeated(":init");
                }
                if !objects {
                    return fault(at, PddlSyntax::MissingSection { section: ":objects" });
                }
                init = true;
                read_init(c, &mut problem)?;
            } else if is(keyword, ":goal") {
                if problem.goal.is_some() {
                    return repeated(":goal");
                }
                if !objects {
                    return fault(at, PddlSyntax::MissingSection { section: ":objects" });
                }
                read_goal(c, &mut problem)?;
            } else {
                let found = found(Token::Atom(keyword));
                return fault(at, PddlSyntax::Expected { expected, found });
            }
        }
    }
}

/// Reads `(:objects` names and types `)` after the keyword.
fn read_objects<'a>(
    c: &mut Cursor<'a>,
    problem: &mut Problem<'a>,
    max_memory: u64,
) -> Result<(), Fault> {
    let limit = max_memory / BYTES_PER_OBJECT;
    loop {
        let (at, token) = c.next();
        let name = match token {
            Token::Close => return Ok(()),
            Token::Atom(name) => name,
            other => {
                let expected = "an object's name or ')'";
                return fault(at, PddlSyntax::Expected { expected, found: found(other) });
            }
        };
        if name == b"-" {
            let (at, kind) = c.atom("a type")?;
            if !is(kind, "tile") {
                return fault(at, PddlSyntax::NotTile { found: shown(kind) });
            }
            continue;
        }
        let index = problem.tiles.len() as u64;
        if index >= limit {
            return fault(at, PddlSyntax::TooManyObjects { objects: index + 1, limit: max_memory });
        }
        if problem.names.insert(Name(name), index as u32).is_some() {
            return fault(at, PddlSyntax::RepeatedObject { name: shown(name) });
        }
        let next = [(NONE, 0); 4];
        problem.tiles.push(Tile { name, at, next, active: false, yellow: false, hard: false });
    }
}

/// The tile named `name` at `at`.
fn tile_of(problem: &Problem<'_>, at: usize, name: &[u8]) -> Result<u32, Fault> {
    match problem.names.get(&Name(name)) {
        Some(&index) => Ok(index),
        None => fault(at, PddlSyntax::UnknownObject { name: shown(name) }),
    }
}

/// The index in [`DIRECTIONS`] of the direction `name` at `at`.
fn direction_of(at: usize, name: &[u8]) -> Result<usize, Fault> {
    match DIRECTIONS.iter().position(|d| is(name, d)) {
        Some(d) => Ok(d),
        None => fault(at, PddlSyntax::NotDirection { found: shown(name) }),
    }
}

/// The predicates of the domain with their number of arguments.
const PREDICATES: [(&str, usize); 9] = [
    ("adjacent", 3),
    ("active", 1),
    ("yellow", 1),
    ("hard", 1),
    ("enabling", 2),
    ("disabling", 2),
    ("standing-on", 1),
    ("lying-on", 1),
    ("perpendicular", 2),
];

/// Reads one fact `(predicate args...)` after its `(`: the predicate's index in
/// [`PREDICATES`] and its arguments with their offsets.
fn read_fact<'a>(c: &mut Cursor<'a>, args: &mut Vec<(usize, &'a [u8])>) -> Result<usize, Fault> {
    let (at, predicate) = c.atom("a predicate")?;
    let Some(index) = PREDICATES.iter().position(|(p, _)| is(predicate, p)) else {
        return fault(at, PddlSyntax::UnknownPredicate { found: shown(predicate) });
    };
    args.clear();
    loop {
        match c.next() {
            (_, Token::Close) => break,
            (at, Token::Atom(arg)) => args.push((at, arg)),
            (at, other) => {
                let expected = "a name or ')'";
                return fault(at, PddlSyntax::Expected { expected, found: found(other) });
            }
        }
    }
    let (name, arity) = PREDICATES[index];
    if args.len() != arity {
        return fault(
            at,
            PddlSyntax::Arity { predicate: name, expected: arity, found: args.len() },
        );
    }
    Ok(index)
}

/// Reads `(:init` facts `)` after the keyword.
fn read_init<'a>(c: &mut Cursor<'a>, problem: &mut Problem<'a>) -> Result<(), Fault> {
    let mut args = Vec::with_capacity(3);
    loop {
        let at = match c.next() {
            (_, Token::Close) => return Ok(()),
            (at, Token::Open) => at,
            (at, other) => {
                let expected = "a fact `(PREDICATE ...)` or ')'";
                return fault(at, PddlSyntax::Expected { expected, found: found(other) });
            }
        };
        let predicate = read_fact(c, &mut args)?;
        let tile = |problem: &Problem<'_>, i: usize| tile_of(problem, args[i].0, args[i].1);
        match PREDICATES[predicate].0 {
            "adjacent" => {
                let (a, b) = (tile(problem, 0)?, tile(problem, 1)?);
                let d = direction_of(args[2].0, args[2].1)?;
                let slot = &mut problem.tiles[a as usize].next[d];
                if slot.0 != NONE && slot.0 != b {
                    let tile = shown(problem.tiles[a as usize].name);
                    return fault(at, PddlSyntax::TwoNeighbours { tile, direction: DIRECTIONS[d] });
                }
                *slot = (b, at);
            }
            "perpendicular" => {
                direction_of(args[0].0, args[0].1)?;
                direction_of(args[1].0, args[1].1)?;
            }
            "active" | "yellow" | "hard" => {
                let index = tile(problem, 0)? as usize;
                let t = &mut problem.tiles[index];
                match PREDICATES[predicate].0 {
                    "active" => t.active = true,
                    "yellow" => t.yellow = true,
                    _ => t.hard = true,
                }
            }
            "enabling" | "disabling" => {
                let (switch, t) = (tile(problem, 0)?, tile(problem, 1)?);
                let enabling = PREDICATES[predicate].0 == "enabling";
                problem.effects.push(Effect { switch, tile: t, enabling });
            }
            "standing-on" => {
                if !problem.standing.is_empty() || !problem.lying.is_empty() {
                    let problem = "one start: one (standing-on T) or two (lying-on T)";
                    return fault(at, PddlSyntax::Start { problem });
                }
                let t = tile(problem, 0)?;
                problem.standing.push((t, at));
            }
            _ => {
                if !problem.standing.is_empty() || problem.lying.len() == 2 {
                    let problem = "one start: one (standing-on T) or two (lying-on T)";
                    return fault(at, PddlSyntax::Start { problem });
                }
                let t = tile(problem, 0)?;
                problem.lying.push((t, at));
            }
        }
    }
}

/// Reads `(:goal` goal `)` after the keyword: `(standing-on T)` or `(and (standing-on T))`.
fn read_goal<'a>(c: &mut Cursor<'a>, problem: &mut Problem<'a>) -> Result<(), Fault> {
    let wrong = |at: usize, what: String| fault(at, PddlSyntax::Goal { found: what });
    let at = c.open()?;
    let in_and = matches!(c.peek().1, Token::Atom(a) if is(a, "and"));
    let mut at = at;
    if in_and {
        c.next();
        at = c.open()?;
    }
    let (p, predicate) = c.atom("a predicate")?;
    if !is(predicate, "standing-on") {
        return wrong(p, format!("`{}`", shown(predicate)));
    }
    let (t, name) = c.atom("a tile")?;
    let tile = tile_of(problem, t, name)?;
    c.close()?;
    if in_and {
        match c.next() {
            (_, Token::Close) => {}
            (at, Token::Open) => return wrong(at, "a second goal".to_string()),
            (at, other) => return wrong(at, found(other)),
        }
    }
    c.close()?;
    problem.goal = Some((tile, at));
    Ok(())
}

/// Where the tiles lie: each tile's `(row, col)` from 0, and the level's rows and columns.
type Layout = (Vec<(i64, i64)>, usize, usize);

/// The places of the tiles and the level's size; or the problem with the `adjacent` facts.
fn lay_out(problem: &Problem<'_>) -> Result<Layout, Fault> {
    let tiles = &problem.tiles;
    // Every fact has its reverse.
    for (i, t) in tiles.iter().enumerate() {
        for (d, &(n, at)) in t.next.iter().enumerate() {
            // North and south, west and east: the directions in pairs.
            let back = d ^ 1;
            if n != NONE && tiles[n as usize].next[back].0 != i as u32 {
                let (from, to) = (shown(t.name), shown(tiles[n as usize].name));
                return fault(at, PddlSyntax::OneWay { from, to, back: DIRECTIONS[back] });
            }
        }
    }
    let places = places_from_names(tiles).unwrap_or_else(|| places_from_facts(tiles));
    let (rows, cols) = places
        .iter()
        .fold((0, 0), |(r, c), &(pr, pc)| (r.max(pr as usize + 1), c.max(pc as usize + 1)));
    Ok((places, rows, cols))
}

/// The places the tiles' names give (their last two numbers, row then column, from 1; from 0
/// when some name has a 0), when every name has them and every `adjacent` fact agrees.
fn places_from_names(tiles: &[Tile<'_>]) -> Option<Vec<(i64, i64)>> {
    let numbers = |name: &[u8]| -> Option<(i64, i64)> {
        let text = std::str::from_utf8(name).ok()?;
        let mut parts = text.rsplit(['-', '_']);
        let col: i64 = parts.next()?.parse().ok()?;
        let row: i64 = parts.next()?.parse().ok()?;
        parts.next()?;
        (row < 1 << 31 && col < 1 << 31).then_some((row, col))
    };
    let mut places: Vec<(i64, i64)> =
        tiles.iter().map(|t| numbers(t.name)).collect::<Option<_>>()?;
    let base = i64::from(places.iter().all(|&(r, c)| r >= 1 && c >= 1));
    for p in &mut places {
        *p = (p.0 - base, p.1 - base);
    }
    let agree = tiles.iter().zip(&places).all(|(t, &(r, c))| {
        t.next
            .iter()
            .zip(STEPS)
            .all(|(&(n, _), (dr, dc))| n == NONE || places[n as usize] == (r + dr, c + dc))
    });
    agree.then_some(places)
}

/// The places the `adjacent` facts give: each group of connected tiles from the top left, the
/// groups side by side, one empty column apart, in the order of their first tile. Tiles the
/// facts place at two places keep the first (the grid check reports them).
fn places_from_facts(tiles: &[Tile<'_>]) -> Vec<(i64, i64)> {
    let mut places = vec![(i64::MIN, i64::MIN); tiles.len()];
    let mut queue = Vec::new();
    let mut left = 0i64;
    for first in 0..tiles.len() {
        if places[first].0 != i64::MIN {
            continue;
        }
        places[first] = (0, 0);
        queue.clear();
        queue.push(first);
        let mut i = 0;
        while let Some(&t) = queue.get(i) {
            i += 1;
            let (r, c) = places[t];
            for (&(n, _), (dr, dc)) in tiles[t].next.iter().zip(STEPS) {
                if n != NONE && places[n as usize].0 == i64::MIN {
                    places[n as usize] = (r + dr, c + dc);
                    queue.push(n as usize);
                }
            }
        }
        let (top, west) = queue
            .iter()
            .fold((i64::MAX, i64::MAX), |(r, c), &t| (r.min(places[t].0), c.min(places[t].1)));
        let east = queue.iter().map(|&t| places[t].1).max().unwrap_or(0);
        for &t in &queue {
            places[t] = (places[t].0 - top, places[t].1 - west + left);
        }
        left += east - west + 2;
    }
    places
}

/// Makes `problem` (whose `(` is at `start` and closing `)` at `end`) a level.
fn build(
    problem: &Problem<'_>,
    start: usize,
    end: usize,
    max_memory: u64,
    level: &mut Level,
) -> Result<(), Fault> {
    let tiles = &problem.tiles;
    let (places, rows, cols) = lay_out(problem)?;
    let needed = bytes_needed(rows as u64, cols as u64);
    if needed.is_none_or(|n| n > max_memory) {
        let (rows, cols, limit) = (rows as u64, cols as u64, max_memory);
        return Err((start, ErrorKind::Limit(Limit::TooLarge { rows, cols, needed, limit })));
    }
    // The grid of tiles, checked: one tile a place, a fact between every two side by side.
    let mut grid = vec![NONE; rows * cols];
    for (i, (t, &(r, c))) in tiles.iter().zip(&places).enumerate() {
        let cell = &mut grid[r as usize * cols + c as usize];
        if *cell != NONE || r < 0 || c < 0 {
            return fault(t.at, PddlSyntax::NotAGrid { tile: shown(t.name) });
        }
        *cell = i as u32;
    }
    for (i, (t, &(r, c))) in tiles.iter().zip(&places).enumerate() {
        for (d, (dr, dc)) in STEPS.into_iter().enumerate() {
            let (nr, nc) = (r + dr, c + dc);
            if nr < 0 || nc < 0 || nr as usize >= rows || nc as usize >= cols {
                continue;
            }
            let there = grid[nr as usize * cols + nc as usize];
            if there != NONE && t.next[d].0 != there {
                let (from, to) = (shown(t.name), shown(tiles[there as usize].name));
                let direction = DIRECTIONS[d];
                return fault(t.at, PddlSyntax::MissingAdjacency { from, to, direction });
            }
            debug_assert!(t.next[d].0 == there || there == NONE, "{i}");
        }
    }
    // Every fact joins two tiles side by side in its direction: facts that close a ring or
    // spiral past the grid lay a tile away from a neighbour they name.
    for (t, &(r, c)) in tiles.iter().zip(&places) {
        for (d, (&(n, at), (dr, dc))) in t.next.iter().zip(STEPS).enumerate() {
            if n != NONE && places[n as usize] != (r + dr, c + dc) {
                let (from, to) = (shown(t.name), shown(tiles[n as usize].name));
                return fault(at, PddlSyntax::Apart { from, to, direction: DIRECTIONS[d] });
            }
        }
    }
    let letters = letters(problem, end)?;
    let mut builder = Builder::begin(level, rows, cols, Notation::Text);
    let mut row = vec![b'#'; cols];
    for r in 0..rows {
        for (c, letter) in row.iter_mut().enumerate() {
            let t = grid[r * cols + c];
            *letter = if t == NONE { b'#' } else { letters[t as usize] };
        }
        builder.row(level, r, &row).map_err(|(_, kind)| (start, kind))?;
    }
    // Each switch's actions, in the order of its first fact; both facts on a tile: toggle.
    let mut order: Vec<u32> = Vec::new();
    let mut actions: HashMap<u32, Vec<(u32, bool, bool)>> = HashMap::new();
    for e in &problem.effects {
        let list = actions.entry(e.switch).or_insert_with(|| {
            order.push(e.switch);
            Vec::new()
        });
        match list.iter_mut().find(|a| a.0 == e.tile) {
            Some(a) if e.enabling => a.1 = true,
            Some(a) => a.2 = true,
            None => list.push((e.tile, e.enabling, !e.enabling)),
        }
    }
    let place = |t: u32| places[t as usize];
    for s in order {
        let list: Vec<(Action, (i64, i64))> = actions[&s]
            .iter()
            .map(|&(t, on, off)| {
                let action = match (on, off) {
                    (true, true) => Action::Toggle,
                    (true, false) => Action::On,
                    _ => Action::Off,
                };
                (action, place(t))
            })
            .collect();
        let at = tiles[s as usize].at;
        builder.switch(level, place(s), &list).map_err(|(_, kind)| (at, kind))?;
    }
    builder.finish(level).map_err(|(place, kind)| match place {
        Where::Level => (start, kind),
        Where::Cell(r, c) => (tiles[grid[r * cols + c] as usize].at, kind),
    })
}

/// The letter of the text format each tile is (see the module docs), checked.
fn letters(problem: &Problem<'_>, end: usize) -> Result<Vec<u8>, Fault> {
    let tiles = &problem.tiles;
    let mut switched = vec![false; tiles.len()];
    let mut switch = vec![false; tiles.len()];
    for e in &problem.effects {
        switch[e.switch as usize] = true;
        switched[e.tile as usize] = true;
    }
    let wrong = |t: u32, problem: &'static str| {
        let tile = &tiles[t as usize];
        fault(tile.at, PddlSyntax::Tile { tile: shown(tile.name), problem })
    };
    let mut letters = Vec::with_capacity(tiles.len());
    for (i, t) in tiles.iter().enumerate() {
        let letter = if switch[i] {
            if switched[i] {
                return wrong(i as u32, "a switch that no switch turns on or off");
            }
            if t.yellow || !t.active {
                return wrong(i as u32, "a switch on an active tile that is not yellow");
            }
            if t.hard { b'H' } else { b'S' }
        } else if switched[i] {
            if t.yellow {
                return wrong(i as u32, "a bridge tile (one a switch turns on or off) not yellow");
            }
            if t.active { b'B' } else { b'-' }
        } else if !t.active {
            b'#'
        } else if t.yellow {
            b'E'
        } else {
            b'.'
        };
        letters.push(letter);
    }
    let Some((goal, _)) = problem.goal else {
        return fault(end, PddlSyntax::MissingSection { section: ":goal" });
    };
    let plain = "the start and the goal on active tiles that are not yellow, switches or bridges";
    let starts: Vec<(u32, usize)> =
        if problem.standing.is_empty() { problem.lying.clone() } else { problem.standing.clone() };
    match starts.len() {
        0 => {
            let problem = "a start (standing-on T) or two (lying-on T)";
            return fault(end, PddlSyntax::Start { problem });
        }
        1 if !problem.lying.is_empty() => {
            let problem = "a second (lying-on T): the block lies on two tiles";
            return fault(end, PddlSyntax::Start { problem });
        }
        2 => {
            let ((a, at), (b, _)) = (starts[0], starts[1]);
            if !tiles[a as usize].next.iter().any(|&(n, _)| n == b) {
                let problem = "the two (lying-on T) tiles side by side";
                return fault(at, PddlSyntax::Start { problem });
            }
        }
        _ => {}
    }
    for &(t, _) in starts.iter().chain([&(goal, 0)]) {
        if letters[t as usize] != b'.' {
            return wrong(t, plain);
        }
    }
    if starts.iter().any(|&(t, _)| t == goal) {
        return wrong(goal, "the goal apart from the start");
    }
    for &(t, _) in &starts {
        letters[t as usize] = b'X';
    }
    letters[goal as usize] = b'O';
    Ok(letters)
}

impl LevelSource for PddlReader<'_> {
    fn read_into(&mut self, level: &mut Level) -> Option<Result<(), LevelError>> {
        PddlReader::read_into(self, level)
    }

    fn levels_started(&self) -> usize {
        self.levels
    }

    fn offset(&self) -> usize {
        self.offset
    }
}

impl Iterator for PddlReader<'_> {
    type Item = Result<Level, LevelError>;

    /// The next level in a fresh [`Level`] (see [`PddlReader::read_into`]).
    fn next(&mut self) -> Option<Result<Level, LevelError>> {
        let mut level = Level::new();
        self.read_into(&mut level).map(|read| read.map(|()| level))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The line and column of `at`, counted from the top of the file.
    fn counted(bytes: &[u8], at: usize) -> Position {
        Positions::default().of(bytes, at)
    }

    /// Issue 38, item 4: every problem's position was counted from the top of the file, so a
    /// file of many problems took time quadratic in its length. The reader scans each byte once
    /// for positions, however many problems (read or refused, on many lines or on one) it holds.
    #[test]
    fn positions_scan_each_byte_once_however_many_problems_there_are() {
        let ok = "(define (problem ok) (:domain bloxorz) (:objects a b c d - tile)\n\
                  (:init (adjacent a b east) (adjacent b a west) (adjacent b c east)\n\
                  (adjacent c b west) (adjacent c d east) (adjacent d c west)\n\
                  (active a) (active b) (active c) (active d) (standing-on a))\n\
                  (:goal (standing-on d)))\n";
        let bad = "(define (problem bad) (:objects a - tile) (:init (actve a)))\n";
        let mut text = "\u{FEFF}; many problems\n(define (domain bloxorz))\n".to_string();
        for i in 0..3000 {
            text.push_str(if i % 7 == 3 { bad } else { ok });
        }
        // A thousand problems on one line, one with a multi-byte name.
        text.push_str(&ok.replace('\n', " ").repeat(999));
        text.push_str(&ok.replace('\n', " ").replace("problem ok", "problem \u{e9}t\u{e9}"));
        let bytes = text.as_bytes();
        let mut reader = PddlReader::new(bytes);
        let mut level = Level::new();
        let mut read = 0;
        while let Some(result) = reader.read_into(&mut level) {
            let at = match result {
                Ok(()) => level.origin().expect("an origin"),
                Err(e) => e.position.expect("a position"),
            };
            // Spot checks against a count from the top of the file.
            if read % 500 == 0 || read > 3990 {
                let start = reader.positions.at;
                assert_eq!(at, counted(bytes, start), "problem {}", read + 1);
            }
            read += 1;
        }
        assert_eq!(read, 4000);
        assert!(
            reader.positions.scanned <= bytes.len(),
            "{} bytes scanned for positions in a file of {}",
            reader.positions.scanned,
            bytes.len()
        );
    }

    #[test]
    fn positions_count_lines_and_characters_after_a_byte_order_mark() {
        let bytes = "\u{FEFF}ab\n\u{e9}\u{e9}x\ny".as_bytes();
        let x = bytes.iter().position(|&b| b == b'x').unwrap();
        assert_eq!(counted(bytes, 3), Position { line: 1, column: 1 });
        assert_eq!(counted(bytes, 4), Position { line: 1, column: 2 });
        assert_eq!(counted(bytes, x), Position { line: 2, column: 3 });
        assert_eq!(counted(bytes, bytes.len()), Position { line: 3, column: 2 });
        // Offsets asked for out of order start over, and are still right.
        let mut positions = Positions::default();
        assert_eq!(positions.of(bytes, x), Position { line: 2, column: 3 });
        assert_eq!(positions.of(bytes, 4), Position { line: 1, column: 2 });
    }
}
