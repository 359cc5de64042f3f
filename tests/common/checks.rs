//! Running the library's batch runner and checking what it says, for the tests and the byte
//! fuzzers (`tests/bloxorz_fuzz.rs` and the cargo-fuzz targets `pack_parser` and `flash_file`,
//! which include this file by path). The checks panic on a violation (proptest reports a panic as a
//! failing case and shrinks it).

use flipblox::bloxorz::{
    Answer, Chunk, FlashPack, Level, LevelSource, PackReader, Placement, Report, RunOptions, Runner,
};

use flipblox::text::Lines;

use super::extended::read_ext_pack;

/// Every report of the runner over `source`, in order.
pub fn reports(source: impl LevelSource, options: RunOptions) -> Vec<Report> {
    let mut runner = Runner::new(options);
    let mut out = Vec::new();
    runner
        .run_source(source, |r| {
            out.push(r);
            Ok::<(), ()>(())
        })
        .unwrap();
    out
}

/// Every report of the runner over the text pack `bytes`, in order.
pub fn pack_reports(bytes: &[u8], options: RunOptions) -> Vec<Report> {
    reports(PackReader::new(bytes).max_memory(options.max_memory), options)
}

/// Checks one answer's path on the level it answers: a POJ 3322 level's path with the library's
/// `roll` (rolls only, ending standing on the target), any other level's with the tests'
/// independent model on the level as the library writes it back.
pub fn check_answer(level: &Level, answer: &Answer) {
    let moves = answer.solution.moves;
    if !level.mechanics().is_empty() {
        let text = level.to_string();
        let models = read_ext_pack(&text);
        assert_eq!(models.len(), 1, "{text}");
        let path: String = answer.path.iter().map(|s| s.to_string()).collect();
        match moves {
            Some(n) => assert_eq!(models[0].replay(&format!("{n} {path}")), Ok(n), "{text}"),
            None => assert!(path.is_empty()),
        }
        return;
    }
    assert_eq!(answer.path.len(), moves.unwrap_or(0) as usize);
    let mut at = level.start();
    for step in &answer.path {
        assert!(step.cube.is_none());
        at = level.roll(at, step.direction).expect("every move of a path is legal");
    }
    if moves.is_some() {
        let (r, c) = level.target();
        assert_eq!(at, Placement::standing(r, c));
    }
}

/// Whatever `bytes`: the runner (with `jobs` workers, memory limit `limit`) gives one report per
/// level the parser reads, numbered 1, 2, 3, ..., readable where the parser read the level (or
/// over the limit in its search), and every path replays.
pub fn check_pack(bytes: &[u8], jobs: usize, limit: u64) {
    let levels: Vec<Option<Level>> =
        PackReader::new(bytes).max_memory(limit).map(Result::ok).collect();
    let options =
        RunOptions { jobs, paths: true, max_memory: limit, timings: false, analyse: false };
    let reports = pack_reports(bytes, options);
    assert_eq!(reports.len(), levels.len());
    for (i, (report, level)) in reports.iter().zip(&levels).enumerate() {
        assert_eq!(report.level, i + 1);
        assert!(report.end_offset <= bytes.len());
        match (&report.result, level) {
            (Ok(answer), Some(level)) => check_answer(level, answer),
            (Err(e), None) => {
                let _ = e.to_string();
            }
            // A level read well whose search needs more than the memory limit.
            (Err(e), Some(_)) if e.is_search_limit() => {}
            _ => panic!("the runner and the parser disagree on level {}", i + 1),
        }
    }
}

/// Whatever `bytes` as a text pack: the runner reports exactly the same (levels, answers, paths,
/// errors, numbers, offsets) with one job and with two, where the workers read the levels the
/// pack reader hands over as chunks of text; and a reader that takes chunks wherever it can
/// ([`PackReader::take_chunk`], at most `max_levels` levels each) and reads the rest level by
/// level gives what reading every level one by one gives, and stands where it would.
pub fn check_pack_jobs(bytes: &[u8], limit: u64, max_levels: usize) {
    let options =
        RunOptions { jobs: 1, paths: true, max_memory: limit, timings: false, analyse: false };
    let one = pack_reports(bytes, options);
    let two = pack_reports(bytes, RunOptions { jobs: 2, ..options });
    assert_eq!(one, two, "one job and two disagree");
    let (serial, serial_after) = read_levels(PackReader::new(bytes).line_by_line(), limit, 0);
    for (reader, max_levels) in [(PackReader::new(bytes), 0), (PackReader::new(bytes), max_levels)]
    {
        let (read, after) = read_levels(reader, limit, max_levels);
        assert_eq!(serial.len(), read.len());
        for (i, (a, b)) in serial.iter().zip(&read).enumerate() {
            assert_eq!(
                a,
                b,
                "level {} read in chunks of {max_levels} (0: plain levels whole)",
                i + 1
            );
        }
        assert_eq!(serial_after, after);
    }
}

/// What a level reads as: its number, the offset past it, and the level written back or the
/// error's message.
type ReadLevel = (usize, usize, Result<String, String>);

/// Where a reader ends: its level count, its offset, and where what it ignores after `0 0`
/// starts (line, column).
type ReaderEnd = (usize, usize, Option<(usize, usize)>);

/// Every level `reader` reads, one by one (`max_levels` 0) or in chunks of at most
/// `max_levels` levels wherever it hands them over; and where the reader ends: its level count,
/// offset, and what it says is ignored after `0 0`.
fn read_levels(
    reader: PackReader<Lines<'_>>,
    limit: u64,
    max_levels: usize,
) -> (Vec<ReadLevel>, ReaderEnd) {
    let mut reader = reader.max_memory(limit);
    let mut chunk = Chunk::default();
    let mut level = Level::new();
    let mut out = Vec::new();
    let written = |read: Result<(), _>, level: &Level| {
        read.map(|()| level.to_string()).map_err(|e: flipblox::bloxorz::LevelError| e.to_string())
    };
    loop {
        if max_levels > 0 && reader.take_chunk(&mut chunk, usize::MAX, max_levels) {
            assert!(chunk.levels() >= 1 && chunk.levels() <= max_levels);
            let mut part = chunk.reader();
            for _ in 0..chunk.levels() {
                let read = part.read_into(&mut level).expect("a level of the chunk");
                let offset = chunk.offset() + part.offset();
                out.push((part.levels_started(), offset, written(read, &level)));
            }
            assert!(part.read_into(&mut level).is_none(), "more levels than the chunk says");
            assert_eq!(reader.levels_started(), out.len());
            assert_eq!(Some(reader.offset()), out.last().map(|l| l.1));
            continue;
        }
        let Some(read) = reader.read_into(&mut level) else { break };
        out.push((reader.levels_started(), reader.offset(), written(read, &level)));
    }
    let ignored = reader.ignored_after_end().map(|p| (p.line, p.column));
    (out, (reader.levels_started(), reader.offset(), ignored))
}

/// Whatever `bytes` as the Flash game's file: a pack or a file error, never a panic; one report
/// per stage, answered where the stage was read, and every path replays.
pub fn check_flash(bytes: &[u8], limit: u64) {
    let Ok(pack) = FlashPack::parse(bytes, limit) else { return };
    for problem in pack.problems() {
        let _ = problem.to_string();
    }
    let options =
        RunOptions { jobs: 1, paths: true, max_memory: limit, timings: false, analyse: false };
    let reports = reports(pack.source(), options);
    assert_eq!(reports.len(), pack.stages().len());
    for (report, stage) in reports.iter().zip(pack.stages()) {
        match (&report.result, &stage.level) {
            (Ok(answer), Ok(level)) => check_answer(level, answer),
            (Err(e), _) => {
                let _ = e.to_string();
            }
            (Ok(_), Err(_)) => panic!("an unreadable stage was answered"),
        }
    }
}
