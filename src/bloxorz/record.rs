//! The JSON records of docs/JSON.md for Bloxorz, one definition each, built from the library's
//! results: a level answered or not ([`LevelRecord`], `flipblox bloxorz --json`), its analysis
//! ([`AnalysisRecord`], with `--analyse`), a generated level ([`GeneratedRecord`], `flipblox
//! generate bloxorz --json`). A front end serialises them (serde) or reads their fields.

use serde::Serialize;

use super::analysis::Analysis;
use super::generate::Generated;
use super::model::{Step, write_path};
use super::runner::{Report, RunOptions};

/// The record of one level of a batch (schema `bloxorz-level` of docs/JSON.md): answered, or
/// why not.
///
/// ```
/// use flipblox::bloxorz::{LevelRecord, PackReader, RunOptions, Runner};
/// let options = RunOptions { jobs: 1, paths: true, ..RunOptions::default() };
/// let mut records = Vec::new();
/// Runner::new(options).run_source(PackReader::new(b"1 4\nX..O\n1 2\nXq\n"), |report| {
///     let record = LevelRecord::new("pack.txt", &report, &options, "--max-memory");
///     records.push(serde_json::to_string(&record).unwrap());
///     Ok::<(), ()>(())
/// }).unwrap();
/// assert!(records[0].starts_with(r#"{"file":"pack.txt","index":1,"error":null,"distance":2"#));
/// assert!(records[1].contains(r#""error":"4:2: level 2: expected a cell"#));
/// ```
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LevelRecord<'a> {
    /// The input's name, as the front end names it.
    pub file: &'a str,
    /// The level's number within its input, 1-based.
    pub index: usize,
    /// Why the level could not be read or answered: `LINE:COLUMN: level N: ...`; `None` when
    /// it was answered.
    pub error: Option<String>,
    /// The minimum number of moves; `None` when impossible or not answered.
    pub distance: Option<u32>,
    /// One shortest path in the `--path` notation, when paths are asked for and the level is
    /// possible.
    pub path: Option<String>,
    /// The level's rows, when it was read.
    pub rows: Option<usize>,
    /// The level's columns, when it was read.
    pub cols: Option<usize>,
    /// The states the search reached (a measure of the work, the same on every run).
    pub states_explored: Option<u64>,
    /// The level's title (the `;` comment line right before it, or the Flash stage's name).
    pub title: Option<String>,
    /// The search's wall time in microseconds, only when timings are asked for (and the level
    /// was answered); left out of the JSON object otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub microseconds: Option<u64>,
    /// The analysis, only when asked for (its keys all `null` for a level not answered); its
    /// keys are the record's own in JSON.
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub analysis: Option<AnalysisRecord>,
}

impl<'a> LevelRecord<'a> {
    /// The record of `report`, a level of the input `file`, with what `options` asked of the
    /// batch (`paths`, `timings`, `analyse`). An error that a larger memory limit would lift
    /// ends with ` (MEMORY_OPTION)`: the front end's name for that limit (`--max-memory`).
    pub fn new(
        file: &'a str,
        report: &Report,
        options: &RunOptions,
        memory_option: &str,
    ) -> LevelRecord<'a> {
        let answer = match &report.result {
            Ok(answer) => answer,
            Err(e) => {
                let error = match e.kind.is_over_memory_limit() {
                    true => format!("{e} ({memory_option})"),
                    false => e.to_string(),
                };
                return LevelRecord {
                    file,
                    index: report.level,
                    error: Some(error),
                    distance: None,
                    path: None,
                    rows: None,
                    cols: None,
                    states_explored: None,
                    title: None,
                    microseconds: None,
                    analysis: options.analyse.then(AnalysisRecord::default),
                };
            }
        };
        let distance = answer.solution.moves;
        LevelRecord {
            file,
            index: report.level,
            error: None,
            distance,
            path: (options.paths && distance.is_some()).then(|| path_text(&answer.path)),
            rows: Some(answer.rows),
            cols: Some(answer.cols),
            states_explored: Some(answer.solution.states_explored),
            title: answer.title.clone(),
            microseconds: options
                .timings
                .then(|| u64::try_from(answer.elapsed.as_micros()).unwrap_or(u64::MAX)),
            analysis: answer.analysis.as_ref().map(AnalysisRecord::new),
        }
    }
}

/// The measures of an [`Analysis`] in a record (docs/JSON.md): every key `null` for a level
/// that could not be answered ([`AnalysisRecord::default`]).
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
pub struct AnalysisRecord {
    /// [`Analysis::optimal_solutions`].
    pub optimal_solutions: Option<u64>,
    /// [`Analysis::optimal_solutions_saturated`].
    pub optimal_solutions_saturated: Option<bool>,
    /// [`Analysis::reachable`].
    pub reachable: Option<u64>,
    /// [`Analysis::dead_ends`].
    pub dead_ends: Option<u64>,
    /// [`Analysis::trap_moves`].
    pub trap_moves: Option<u64>,
    /// [`Analysis::cells_used`].
    pub cells_used: Option<u64>,
    /// [`Analysis::cells_unused`].
    pub cells_unused: Option<u64>,
    /// [`Analysis::unused_cells`] as `[row, col]`, 1-based.
    pub unused_cells: Option<Vec<[usize; 2]>>,
    /// [`Analysis::difficulty`] rounded to 1/1000, so that records compare alike everywhere.
    pub difficulty: Option<f64>,
}

impl AnalysisRecord {
    /// The record of `analysis`.
    pub fn new(analysis: &Analysis) -> AnalysisRecord {
        AnalysisRecord {
            optimal_solutions: Some(analysis.optimal_solutions),
            optimal_solutions_saturated: Some(analysis.optimal_solutions_saturated),
            reachable: Some(analysis.reachable),
            dead_ends: Some(analysis.dead_ends),
            trap_moves: Some(analysis.trap_moves),
            cells_used: Some(analysis.cells_used),
            cells_unused: Some(analysis.cells_unused()),
            unused_cells: Some(
                analysis.unused_cells.iter().map(|&(r, c)| [r + 1, c + 1]).collect(),
            ),
            difficulty: analysis.difficulty.map(|d| (d * 1000.0).round() / 1000.0),
        }
    }
}

/// The record of a generated level (schema `generate-level` of docs/JSON.md): its text, its par
/// and one shortest path, its analysis, and the candidates evaluated to find it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GeneratedRecord {
    /// The level's number in the generated pack, 1-based.
    pub index: u64,
    /// The level's title ([`Level::title`](crate::bloxorz::Level::title)).
    pub title: Option<String>,
    /// The level in the text format, as `Display` writes it.
    pub level: String,
    /// Its par: the minimum number of moves.
    pub distance: u32,
    /// One shortest path in the `--path` notation.
    pub path: String,
    /// The level's rows.
    pub rows: usize,
    /// The level's columns.
    pub cols: usize,
    /// Its analysis; its keys are the record's own in JSON (none of them `null` but
    /// `difficulty` for an impossible level).
    #[serde(flatten)]
    pub analysis: AnalysisRecord,
    /// [`Generated::evaluated`].
    pub evaluated: u64,
}

impl GeneratedRecord {
    /// The record of `generated`, level `index` (1-based) of a pack, with one shortest path of
    /// it and its analysis.
    pub fn new(
        index: u64,
        generated: &Generated,
        path: &[Step],
        analysis: &Analysis,
    ) -> GeneratedRecord {
        let level = &generated.level;
        GeneratedRecord {
            index,
            title: level.title().map(str::to_owned),
            level: level.to_string(),
            distance: generated.moves,
            path: path_text(path),
            rows: level.rows(),
            cols: level.cols(),
            analysis: AnalysisRecord::new(analysis),
            evaluated: generated.evaluated,
        }
    }
}

/// `path` in the `--path` notation.
fn path_text(path: &[Step]) -> String {
    let mut text = String::new();
    write_path(path, &mut text);
    text
}
