//! The stages of the Flash game's file: the play order read, each stage built into a [`Level`].

use super::eval::{Item, Program, Unreadable, Val};
use super::literal::{self, Budget, Fault as SyntaxFault, Spanned, Value, is_literal_name};
use super::syntax::{FlashError, FlashSyntax};
use crate::bloxorz::model::level::Level;
use crate::bloxorz::model::mechanics::Action;
use crate::bloxorz::model::moves::bytes_needed;
use crate::bloxorz::read::builder::{Builder, Named, Part, Where};
use crate::bloxorz::read::error::{ErrorKind, LevelError, Limit, Notation, Rule};
use crate::bloxorz::read::source::LevelSource;
use crate::text::{Position, column_of, describe_at, quote_name};

/// One stage of the play order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stage {
    /// The level's name in the file (`levelez`), or the entry as written when it is no name.
    pub name: String,
    /// The passcode from `levelcodes`, when the file gives one.
    pub passcode: Option<String>,
    /// The level, or why it cannot be read (`level` is the stage number).
    pub level: Result<Level, LevelError>,
}

impl Stage {
    /// The stage's title as stage `number` (1-based) of the play order: `stage N: NAME`, then
    /// ` (passcode CODE)` when the file gives one (escaped as Rust escapes a string's
    /// characters, so that it is one line). It is the level's [`Level::title`] and the comment
    /// `flipblox convert` writes before it.
    pub fn title(&self, number: usize) -> String {
        let mut title = format!("stage {number}: {}", self.name);
        if let Some(code) = &self.passcode {
            title.push_str(&format!(" (passcode {})", code.escape_debug()));
        }
        title
    }
}

/// The stages of a Flash game's level file, in play order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FlashPack {
    stages: Vec<Stage>,
    problems: Vec<FlashError>,
    warnings: Vec<FlashError>,
    len: usize,
}

/// Positions of byte offsets: the number of line breaks before every 64 KiB of the file (a
/// few bytes per 64 KiB, however many lines), and the last position asked for, so that positions
/// asked for in order along a long line cost the bytes between them.
struct LineIndex<'a> {
    bytes: &'a [u8],
    /// Line breaks before byte `k << CHECKPOINT_BITS`.
    checkpoints: Vec<usize>,
    /// The last answer: (byte offset, its line's start, the position).
    last: std::cell::Cell<Option<(usize, usize, Position)>>,
}

/// Bytes between checkpoints of a [`LineIndex`]: 64 KiB.
const CHECKPOINT_BITS: u32 = 16;

impl<'a> LineIndex<'a> {
    fn new(bytes: &'a [u8]) -> LineIndex<'a> {
        let mut checkpoints = vec![0];
        for chunk in bytes.chunks(1 << CHECKPOINT_BITS) {
            let before = *checkpoints.last().expect("one at least");
            checkpoints.push(before + memchr::memchr_iter(b'\n', chunk).count());
        }
        LineIndex { bytes, checkpoints, last: std::cell::Cell::new(None) }
    }

    fn position(&self, at: usize) -> Position {
        let at = at.min(self.bytes.len());
        // Along the line of the last answer: count only the characters in between (from a
        // character's first byte, so that the count adds up).
        if let Some((last, start, position)) = self.last.get()
            && last <= at
            && self.bytes.get(last).is_none_or(|&b| b & 0xC0 != 0x80)
            && memchr::memchr(b'\n', &self.bytes[last..at]).is_none()
        {
            let column = position.column + column_of(&self.bytes[last..at], at - last) - 1;
            let position = Position { line: position.line, column };
            self.last.set(Some((at, start, position)));
            return position;
        }
        let block = at >> CHECKPOINT_BITS;
        let block_start = block << CHECKPOINT_BITS;
        let line = 1
            + self.checkpoints[block]
            + memchr::memchr_iter(b'\n', &self.bytes[block_start..at]).count();
        let start = memchr::memrchr(b'\n', &self.bytes[..at]).map_or(0, |i| i + 1);
        let position = Position { line, column: column_of(&self.bytes[start..at], at - start) };
        self.last.set(Some((at, start, position)));
        position
    }
}

/// Why a stage's values could not be built.
enum StageFault {
    /// A statement that could not be read made it (or something in it).
    Broken(u32),
    /// A problem at a byte offset.
    At(usize, FlashSyntax),
}

impl StageFault {
    /// The fault of a stage whose play-order entry is at `entry`: running out of memory is
    /// the stage's own (named at its entry, whatever the limit).
    fn of(unreadable: Unreadable, entry: usize) -> StageFault {
        match unreadable {
            Unreadable::Broken(k) => StageFault::Broken(k),
            Unreadable::Fault((_, FlashSyntax::OverMemoryLimit { limit })) => {
                StageFault::At(entry, FlashSyntax::StageOverMemoryLimit { limit })
            }
            Unreadable::Fault((at, problem)) => StageFault::At(at, problem),
        }
    }
}

/// The JavaScript name written at byte `at` of `bytes`, if one starts there.
fn name_at(bytes: &[u8], at: usize) -> Option<&str> {
    let is_name = |b: &u8| b.is_ascii_alphanumeric() || *b == b'_' || *b == b'$';
    let first = bytes.get(at)?;
    if first.is_ascii_digit() || !is_name(first) {
        return None;
    }
    let len = bytes[at..].iter().take_while(|b| is_name(b)).count();
    std::str::from_utf8(&bytes[at..at + len]).ok().filter(|n| !is_literal_name(n))
}

/// The Flash tile `byte` as a cell letter of the text format, if it is a tile.
fn letter_of(byte: u8) -> Option<u8> {
    Some(match byte {
        b' ' => b'#',
        b'b' => b'.',
        b'e' => b'O',
        b'f' => b'E',
        b's' => b'S',
        b'h' => b'H',
        b'v' => b'V',
        b'l' | b'r' => b'-',
        b'k' | b'q' => b'B',
        _ => return None,
    })
}

impl FlashPack {
    /// Reads the Flash game's level file in `bytes`, running its statements as JavaScript runs
    /// them (see the module docs of `eval`: values are bound when a statement runs, a function's
    /// `var`s are its own, and a function's body runs only when the play order comes from it);
    /// levels that would need more than `max_memory` bytes
    /// ([`Level::bytes_needed`](crate::bloxorz::Level::bytes_needed)) are refused.
    ///
    /// # Errors
    ///
    /// A [`FlashError`] when the play order cannot be read (no `levels = [...]`, not a list, or a
    /// syntax error in it), when a statement cannot be evaluated (control flow, a call), or when
    /// the file needs more memory than `max_memory` to read: then no stage is known.
    pub fn parse(bytes: &[u8], max_memory: u64) -> Result<FlashPack, FlashError> {
        let index = LineIndex::new(bytes);
        let fatal =
            |(at, problem): SyntaxFault| FlashError { position: index.position(at), problem };
        // Everything kept is charged to the memory limit: the file itself, what the program
        // keeps, the values of the stage being built and the stages.
        let mut budget = Budget::new(max_memory);
        budget.spend(bytes.len() as u64, 0).map_err(fatal)?;
        let mut program = Program::run(bytes, &mut budget).map_err(fatal)?;
        let Some(order) = program.order else {
            let position = index.position(bytes.len());
            return Err(FlashError { position, problem: FlashSyntax::NoOrder });
        };
        let bad_order = |found: String| fatal((order.at, FlashSyntax::BadOrder { found }));
        let entries = match order.val {
            Val::Ref(id) if program.is_list(id) => match program.entries(id, &mut budget) {
                Ok(entries) => entries,
                Err(Unreadable::Broken(k)) => {
                    let broken = &program.broken[k as usize];
                    return Err(fatal((broken.at, broken.problem.clone())));
                }
                Err(Unreadable::Fault(fault)) => return Err(fatal(fault)),
            },
            Val::Broken(k) => {
                let broken = &program.broken[k as usize];
                return Err(fatal((broken.at, broken.problem.clone())));
            }
            Val::Lazy => {
                let value = literal::value_at(bytes, order.at, &mut budget).map_err(fatal)?;
                match value.value {
                    Value::List(items) => {
                        items.iter().map(|v| Item { at: v.at, val: Val::Lazy }).collect()
                    }
                    other => return Err(bad_order(other.describe())),
                }
            }
            Val::Ref(_) => return Err(bad_order("an object".into())),
            Val::Undefined => return Err(bad_order(Value::Undefined.describe())),
            Val::Function(_) => return Err(bad_order("a function".into())),
        };
        let codes = program.codes.and_then(|c| program.value(c, 0, &mut budget.clone()).ok());
        let codes = match codes.map(|c| c.value) {
            Some(Value::List(codes)) => codes,
            _ => Vec::new(),
        };
        let mut stages = Vec::new();
        for (i, entry) in entries.iter().enumerate() {
            let number = stages.len() + 1;
            let passcode = codes.get(i).and_then(|c| match &c.value {
                Value::Str(s, _) => Some(String::from_utf8_lossy(s).into_owned()),
                Value::Num(n) => Some(n.to_string()),
                _ => None,
            });
            // The entry's name as written, or its place in the play order.
            let written = name_at(bytes, entry.at).map(str::to_owned);
            let name = written.clone().unwrap_or_else(|| format!("levels[{i}]"));
            // The stage's values are built, and given back once its level is.
            let before = budget;
            let values = match entry.val {
                Val::Lazy => match literal::value_at(bytes, entry.at, &mut budget) {
                    Ok(Spanned { value: Value::Str(..), .. }) => continue,
                    Ok(Spanned { value: Value::List(values), at }) => Ok((values, at)),
                    Ok(other) => {
                        let found = other.value.describe();
                        Err(StageFault::At(entry.at, FlashSyntax::NotAName { found }))
                    }
                    Err(fault) => Err(StageFault::of(Unreadable::Fault(fault), entry.at)),
                },
                Val::Ref(id) if program.is_list(id) => program
                    .values(id, &mut budget)
                    .map(|values| (values, program.defined_at(id)))
                    .map_err(|e| StageFault::of(e, entry.at)),
                Val::Ref(_) => {
                    let found = "an object".into();
                    Err(StageFault::At(entry.at, FlashSyntax::NotAName { found }))
                }
                Val::Function(_) => {
                    let found = format!("the function {}", quote_name(name.as_bytes()));
                    Err(StageFault::At(entry.at, FlashSyntax::NotAName { found }))
                }
                Val::Undefined => {
                    let name = written.clone().unwrap_or_default();
                    let problem = match program.first_assigned(&name) {
                        Some(later) => {
                            FlashSyntax::NotYetAssigned { name, later: index.position(later) }
                        }
                        None => FlashSyntax::UndefinedLevel { name },
                    };
                    Err(StageFault::At(entry.at, problem))
                }
                Val::Broken(k) => Err(StageFault::Broken(k)),
            };
            let flash = |at: usize, problem: FlashSyntax| LevelError {
                level: number,
                position: Some(index.position(at)),
                kind: ErrorKind::Flash(problem),
            };
            let level =
                match values {
                    Ok((values, array_at)) => {
                        build(&values, array_at, &index, max_memory).map_err(|(at, kind)| {
                            LevelError { level: number, position: Some(index.position(at)), kind }
                        })
                    }
                    Err(StageFault::Broken(k)) => {
                        let broken = &mut program.broken[k as usize];
                        Err(match broken.reported_by {
                            None => {
                                broken.reported_by = Some(number);
                                flash(broken.at, broken.problem.clone())
                            }
                            Some(level) => {
                                let statement = index.position(broken.at);
                                flash(entry.at, FlashSyntax::BrokenBefore { statement, level })
                            }
                        })
                    }
                    Err(StageFault::At(at, problem)) => Err(flash(at, problem)),
                };
            budget = before;
            let level =
                level.and_then(|level| match budget.spend(level.memory_usage() as u64, entry.at) {
                    Ok(()) => Ok(level),
                    Err(_) => Err(flash(
                        entry.at,
                        FlashSyntax::StageOverMemoryLimit { limit: max_memory },
                    )),
                });
            let cost = size_of::<Stage>() + name.len() + passcode.as_ref().map_or(0, String::len);
            budget.spend(cost as u64, entry.at).map_err(fatal)?;
            stages.push(Stage { name, passcode, level });
        }
        let mut problems: Vec<(usize, FlashSyntax)> = program
            .broken
            .into_iter()
            .filter(|b| b.reported_by.is_none())
            .map(|b| (b.at, b.problem))
            .collect();
        problems.sort_by_key(|&(at, _)| at);
        let problems = problems
            .into_iter()
            .map(|(at, problem)| FlashError { position: index.position(at), problem })
            .collect();
        let warnings = program
            .warnings
            .into_iter()
            .map(|(at, name)| FlashError {
                position: index.position(at),
                problem: FlashSyntax::NotApplied { name },
            })
            .collect();
        Ok(FlashPack { stages, problems, warnings, len: bytes.len() })
    }

    /// The stages in play order (stage `k` at index `k - 1`).
    pub fn stages(&self) -> &[Stage] {
        &self.stages
    }

    /// Problems outside the stages: syntax errors in statements about no stage, pushes onto
    /// undefined names. They do not stop the stages being answered.
    pub fn problems(&self) -> &[FlashError] {
        &self.problems
    }

    /// Statements of a JavaScript port that are read but not applied
    /// (such as `levels[1].unshift("780464");`): warnings, which do not make the file fail.
    pub fn warnings(&self) -> &[FlashError] {
        &self.warnings
    }

    /// The stages as a [`LevelSource`] for the batch runner.
    pub fn source(&self) -> impl LevelSource + '_ {
        self.stage_source()
    }

    /// The stages as a [`LevelSource`], named.
    pub(crate) fn stage_source(&self) -> FlashStages<'_> {
        FlashStages { pack: self, next: 0 }
    }
}

/// The stages of a [`FlashPack`] as a [`LevelSource`], in play order.
#[derive(Debug, Clone)]
pub(crate) struct FlashStages<'a> {
    pack: &'a FlashPack,
    next: usize,
}

impl LevelSource for FlashStages<'_> {
    fn read_into(&mut self, level: &mut Level) -> Option<Result<(), LevelError>> {
        let stage = self.pack.stages.get(self.next)?;
        self.next += 1;
        Some(match &stage.level {
            Ok(l) => {
                level.clone_from(l);
                level.set_title(Some(&stage.title(self.next)));
                Ok(())
            }
            Err(e) => Err(e.clone()),
        })
    }

    fn levels_started(&self) -> usize {
        self.next
    }

    fn offset(&self) -> usize {
        self.pack.len * self.next / self.pack.stages.len().max(1)
    }
}

/// A problem while building a stage: the byte offset and what.
type Fault = (usize, ErrorKind);

/// `problem` of the file's syntax at byte `at`.
fn flash(at: usize, problem: FlashSyntax) -> Fault {
    (at, ErrorKind::Flash(problem))
}

/// `rule` broken at byte `at`, named in the file's terms.
fn broken(at: usize, rule: Rule) -> Fault {
    (at, ErrorKind::Rule { rule, notation: Notation::Flash })
}

/// Two whole numbers `[a, b, ...]` of a list of exactly `n` numbers.
fn numbers(value: &Spanned<Value>, n: usize, expected: &'static str) -> Result<Vec<i64>, Fault> {
    let bad = || flash(value.at, FlashSyntax::BadValue { expected, found: value.value.describe() });
    let Value::List(items) = &value.value else { return Err(bad()) };
    if items.len() != n {
        return Err(bad());
    }
    items.iter().map(|i| if let Value::Num(k) = i.value { Ok(k) } else { Err(bad()) }).collect()
}

/// The cell `(x, y)` named by a table key `swatch<x digits><y digit>`.
fn key_cell(key: &Spanned<String>) -> Result<(i64, i64), Fault> {
    let digits = key
        .value
        .strip_prefix("swatch")
        .filter(|d| d.len() >= 2 && d.len() <= 18 && d.bytes().all(|b| b.is_ascii_digit()));
    let Some(digits) = digits else {
        return Err(flash(key.at, FlashSyntax::BadKey { key: key.value.clone() }));
    };
    let (x, y) = digits.split_at(digits.len() - 1);
    Ok((x.parse().unwrap_or(i64::MAX), y.parse().unwrap_or(i64::MAX)))
}

/// Builds one stage from the items of its array, defined at byte `array_at`.
fn build(
    items: &[Spanned<Value>],
    array_at: usize,
    index: &LineIndex<'_>,
    max_memory: u64,
) -> Result<Level, Fault> {
    let mut rows: Vec<(&[u8], usize, bool)> = Vec::new();
    let mut starts = Vec::new();
    let mut tables = Vec::new();
    for item in items {
        match &item.value {
            Value::Str(text, escaped) => rows.push((text.as_slice(), item.at, *escaped)),
            Value::List(_) => starts.push(item),
            Value::Object(entries) => tables.push((item, entries)),
            other => return Err(flash(item.at, FlashSyntax::BadItem { found: other.describe() })),
        }
    }
    // Byte offset of cell c of row r: inside the literal, unless escapes moved the bytes.
    let cell_at = |r: usize, c: usize| {
        let (_, at, escaped) = rows[r];
        if escaped { at } else { at + 1 + c }
    };
    let Some(&(first, _, _)) = rows.first() else {
        return Err(flash(array_at, FlashSyntax::NoRows));
    };
    let width = first.len();
    let height = rows.len();
    let needed = bytes_needed(height as u64, width as u64);
    if needed.is_none_or(|n| n > max_memory) {
        let (rows, cols) = (height as u64, width as u64);
        let limit = max_memory;
        return Err((array_at, ErrorKind::Limit(Limit::TooLarge { rows, cols, needed, limit })));
    }
    let mut letters: Vec<Vec<u8>> = Vec::with_capacity(rows.len());
    for (r, &(text, at, _)) in rows.iter().enumerate() {
        let mut row = Vec::with_capacity(text.len());
        for (c, &b) in text.iter().enumerate() {
            let Some(letter) = letter_of(b) else {
                let found = describe_at(text, c);
                return Err(flash(cell_at(r, c), FlashSyntax::BadTile { found }));
            };
            row.push(letter);
        }
        if text.len() != width || width == 0 {
            return Err(flash(at, FlashSyntax::RowLength { expected: width, found: text.len() }));
        }
        letters.push(row);
    }
    let Some(start) = starts.first() else {
        return Err(flash(array_at, FlashSyntax::NoStart));
    };
    if let Some(second) = starts.get(1) {
        return Err(flash(second.at, FlashSyntax::ExtraStart));
    }
    let xy = numbers(start, 2, "the start as [x, y], two whole numbers")?;
    let (x, y) = (xy[0], xy[1]);
    if x < 0 || y < 0 || x as u64 >= width as u64 || y as u64 >= height as u64 {
        let (row, col, rows, cols) = (y, x, height, width);
        return Err(broken(start.at, Rule::OffGrid { row, col, rows, cols }));
    }
    let (x, y) = (x as usize, y as usize);
    if rows[y].0[x] != b'b' {
        return Err(flash(start.at, FlashSyntax::StartNotFloor { found: rows[y].0[x] as char }));
    }
    letters[y][x] = b'X';
    let mut exits = letters.iter().enumerate().flat_map(|(r, row)| {
        row.iter().enumerate().filter(|(_, l)| **l == b'O').map(move |(c, _)| (r, c))
    });
    match (exits.next(), exits.next()) {
        (None, _) => return Err(broken(array_at, Rule::NoTarget)),
        (Some(_), Some((r, c))) => return Err(broken(cell_at(r, c), Rule::ExtraTarget)),
        _ => {}
    }
    if let Some((table, _)) = tables.get(2) {
        return Err(flash(table.at, FlashSyntax::ExtraTable));
    }
    let mut level = Level::new();
    level
        .reserve(height, width)
        .map_err(|e| (array_at, ErrorKind::Limit(Limit::CannotAllocate(e))))?;
    let mut builder = Builder::begin(&mut level, height, width, Notation::Flash);
    level.set_origin(index.position(array_at));
    for (r, row) in letters.iter().enumerate() {
        builder.row(&mut level, r, row).map_err(|(c, kind)| (cell_at(r, c), kind))?;
    }
    // The builder names tiles by their letters in the text format; the file's own tile at a
    // named cell (inside the map) says what the file shows there.
    let in_file_terms = |mut kind: ErrorKind| {
        if let ErrorKind::Rule { rule, .. } = &mut kind
            && let Some(((row, col), found)) = rule.found_mut()
        {
            *found = char::from(rows[row as usize].0[col as usize]);
        }
        kind
    };
    // Cells are named `(x, y)` in the file; the builder takes `(row, col)`.
    let named = |x: i64, y: i64| -> Named { (y, x) };
    if let Some((_, entries)) = tables.first() {
        for (key, value) in entries.iter() {
            let (x, y) = key_cell(key)?;
            let bad = |at: usize, found: String| {
                flash(
                    at,
                    FlashSyntax::BadValue { expected: "a list of actions [x, y, \"on\"]", found },
                )
            };
            let Value::List(list) = &value.value else {
                return Err(bad(value.at, value.value.describe()));
            };
            let mut actions = Vec::with_capacity(list.len());
            for entry in list {
                let shape = "an action [x, y, \"on\" | \"off\" | \"onoff\"]";
                let wrong = || {
                    flash(
                        entry.at,
                        FlashSyntax::BadValue { expected: shape, found: entry.value.describe() },
                    )
                };
                let Value::List(parts) = &entry.value else { return Err(wrong()) };
                let [
                    Spanned { value: Value::Num(ax), .. },
                    Spanned { value: Value::Num(ay), .. },
                    word,
                ] = parts.as_slice()
                else {
                    return Err(wrong());
                };
                let action = match &word.value {
                    Value::Str(w, _) if w == b"on" => Action::On,
                    Value::Str(w, _) if w == b"off" => Action::Off,
                    Value::Str(w, _) if w == b"onoff" => Action::Toggle,
                    other => {
                        return Err(flash(
                            word.at,
                            FlashSyntax::BadAction { found: other.describe() },
                        ));
                    }
                };
                actions.push((action, named(*ax, *ay)));
            }
            builder.switch(&mut level, named(x, y), &actions).map_err(|(part, kind)| {
                let at = match part {
                    Part::Cell => key.at,
                    Part::Item(i) => list[i].at,
                    Part::End => value.at,
                };
                (at, in_file_terms(kind))
            })?;
        }
    }
    if let Some((_, entries)) = tables.get(1) {
        for (key, value) in entries.iter() {
            let (x, y) = key_cell(key)?;
            let t = numbers(value, 4, "the two targets as [x1, y1, x2, y2]")?;
            let targets = [named(t[0], t[1]), named(t[2], t[3])];
            builder.split(&mut level, named(x, y), targets).map_err(|(part, kind)| {
                let at = match part {
                    Part::Cell => key.at,
                    Part::Item(_) | Part::End => value.at,
                };
                (at, in_file_terms(kind))
            })?;
        }
    }
    builder.finish(&mut level).map_err(|(at, kind)| {
        let at = match at {
            Where::Level => array_at,
            Where::Cell(r, c) => cell_at(r, c),
        };
        (at, in_file_terms(kind))
    })?;
    Ok(level)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SMALL: &str = "skiptomenu = false;\r\n\
        levelab = [];\r\n\
        levelab.push(\"bbbsbbl e\");\r\n\
        levelab.push(\"vbb    bb\");\r\n\
        levelab.push([0,0]);\r\n\
        levelab.push({swatch30: [[6,0,\"onoff\"]]});\r\n\
        levelab.push({swatch01: [7,1,8,1]});\r\n\
        levels = [\"\", levelab];\r\n\
        levelcodes = [\"\", \"123456\"];\r\n";

    #[test]
    fn a_stage_becomes_a_level_of_the_text_format() {
        let pack = FlashPack::parse(SMALL.as_bytes(), 1 << 20).unwrap();
        assert!(pack.problems().is_empty());
        let stage = &pack.stages()[0];
        assert_eq!((stage.name.as_str(), stage.passcode.as_deref()), ("levelab", Some("123456")));
        let level = stage.level.as_ref().unwrap();
        assert_eq!(
            level.to_string(),
            "2 9\nX..S..-#O\nV..####..\nswitch 1 4: toggle 1 7\nsplit 2 1: 2 8, 2 9\n"
        );
        assert_eq!(level.origin(), Some(Position { line: 2, column: 1 }));
    }

    #[test]
    fn stages_pushed_onto_the_play_order_join_it_in_order() {
        let text = "var a = []; a.push(\"bbbe\"); a.push([0,0]);\n\
                    var b = []; b.push(\"be\"); b.push([0,0]);\n\
                    var levels = [\"\", a];\nlevels.push(b);\nlevels.push(a);\n";
        let pack = FlashPack::parse(text.as_bytes(), 1 << 20).unwrap();
        assert!(pack.problems().is_empty(), "{:?}", pack.problems());
        let names: Vec<&str> = pack.stages().iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["a", "b", "a"]);
        // Before any `levels = [...]`, a push has nothing to join: the file has no play order.
        let early = FlashPack::parse(b"var a = [];\nlevels.push(a);\n", 1 << 20);
        assert!(early.is_err());
    }

    #[test]
    fn a_byte_order_mark_and_old_mac_line_breaks_read_as_javascript_does() {
        let text = "// a comment\nvar a = []; a.push(\"bbbe\"); a.push([0,0])\n\
                    var levels = [\"\", a]\nlevels.push(a)\n";
        let names = |bytes: &[u8]| -> Vec<String> {
            let pack = FlashPack::parse(bytes, 1 << 20).unwrap();
            assert!(pack.problems().is_empty(), "{:?}", pack.problems());
            pack.stages().iter().map(|s| s.name.clone()).collect()
        };
        let plain = names(text.as_bytes());
        assert_eq!(plain, ["a", "a"]);
        assert_eq!(names(&[b"\xEF\xBB\xBF", text.as_bytes()].concat()), plain);
        assert_eq!(names(text.replace('\n', "\r").as_bytes()), plain);
        assert_eq!(names(text.replace('\n', "\r\n").as_bytes()), plain);
    }

    fn stage_error(text: &str) -> String {
        let pack = FlashPack::parse(text.as_bytes(), 1 << 20).unwrap();
        pack.stages()[0].level.as_ref().unwrap_err().to_string()
    }

    #[test]
    fn stage_errors_speak_the_files_terms() {
        let cases = [
            (
                "swatch30: [[6,0,\"onoff\"]]",
                "swatch20: [[6,0,\"onoff\"]]",
                "6:15: level 1: expected a switch 's' or 'h' at x 2, y 0, found 'b'",
            ),
            (
                "[[6,0,\"onoff\"]]",
                "[[5,0,\"onoff\"]]",
                "6:26: level 1: expected a bridge tile 'l', 'r', 'k' or 'q' at x 5, y 0, found 'b'",
            ),
            (
                "\"onoff\"",
                "\"of\"",
                "6:31: level 1: expected the action \"on\", \"off\" or \"onoff\", found the string \"of\"",
            ),
            (
                "[7,1,8,1]",
                "[7,1,7,1]",
                "7:25: level 1: expected two different target cells, found x 7, y 1 twice",
            ),
            (
                "[7,1,8,1]",
                "[7,1,9,1]",
                "7:25: level 1: expected a cell of the 9 x 2 map (x 0 to 8, y 0 to 1), found x 9, y 1",
            ),
            (
                "swatch01",
                "swatch1",
                "7:15: level 1: expected a key `swatchXY` (the column's digits, then the row's digit), found `swatch1`",
            ),
            ("[0,0]", "[3,0]", "5:14: level 1: expected the start on a normal tile 'b', found 's'"),
            (
                "bbbsbbl e",
                "bbbsbbl x",
                "3:23: level 1: expected a tile ' ', 'b', 'e', 'f', 's', 'h', 'l', 'r', 'k', 'q' or 'v', found 'x'",
            ),
            (
                "\"vbb    bb\"",
                "\"vbb    b\"",
                "4:14: level 1: expected 9 tiles in the row, like the first, found 8",
            ),
            (
                "levelab.push({swatch30: [[6,0,\"onoff\"]]});",
                "levelab.push({});",
                "3:18: level 1: expected an entry `swatch30` in the switch table for the 's' at x 3, y 0, found none",
            ),
            (
                "[[6,0,\"onoff\"]]",
                "[]",
                "6:25: level 1: expected at least one action [x, y, \"on\"], found none",
            ),
            (
                "levelab.push([0,0]);",
                "levelab.push([0,0]); levelab.push([1,0]);",
                "5:35: level 1: expected one start [x, y], found a second",
            ),
            (
                "levelab.push([0,0]);",
                "levelab.push([0,0)];",
                "5:18: level 1: expected ',' or ']' in the list, found ')'",
            ),
            (
                ", levelab]",
                ", levelzz]",
                "8:15: level 1: expected a level `levelzz = [];` for the play order's `levelzz`, found none",
            ),
        ];
        for (from, to, want) in cases {
            let text = SMALL.replacen(from, to, 1);
            assert_eq!(stage_error(&text), want, "{to}");
        }
    }

    #[test]
    fn file_errors_and_problems_outside_the_stages() {
        let err = FlashPack::parse(b"x = 1;\n", 1 << 20).unwrap_err();
        assert_eq!(
            err.to_string(),
            "2:1: expected a play order `levels = [...]` (or `var levels = [...]`, `let`, `const`), found none"
        );
        let err = FlashPack::parse(b"levels = [a b];\n", 1 << 20).unwrap_err();
        assert_eq!(err.to_string(), "1:13: expected ',' or ']' in the list, found `b`");
        let text = SMALL.replace("skiptomenu = false;", "skiptomenu = @;");
        let pack = FlashPack::parse(text.as_bytes(), 1 << 20).unwrap();
        assert!(pack.stages()[0].level.is_ok());
        assert_eq!(
            pack.problems()[0].to_string(),
            "1:14: expected a name, a literal or punctuation, found '@'"
        );
    }
}
