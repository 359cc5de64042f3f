//! Fuzzes the Bloxorz pack parser and solver: any bytes must be read without a panic, one report
//! per level, and every path the solver gives must replay to the target.
#![no_main]

use flipblox::bloxorz::{PackReader, Placement, RunOptions, Runner, roll};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    // A small memory limit keeps every level the fuzzer builds cheap to search.
    let limit = 1 << 20;
    let levels: Vec<_> = PackReader::new(bytes).max_memory(limit).map(Result::ok).collect();
    let mut runner = Runner::new(RunOptions { jobs: 1, paths: true, max_memory: limit });
    let mut count = 0;
    runner
        .run(bytes, |report| {
            count += 1;
            assert_eq!(report.level, count);
            let level = &levels[count - 1];
            match (&report.result, level) {
                (Ok(answer), Some(level)) => {
                    assert_eq!(answer.path.len(), answer.solution.moves.unwrap_or(0) as usize);
                    let mut at = level.start();
                    for &m in &answer.path {
                        at = roll(level, at, m).expect("every move of a path is legal");
                    }
                    if answer.solution.moves.is_some() {
                        let (r, c) = level.target();
                        assert_eq!(at, Placement::standing(r, c));
                    }
                }
                (Err(e), None) => {
                    let _ = e.to_string();
                }
                _ => panic!("the runner and the parser disagree on level {count}"),
            }
            Ok::<(), ()>(())
        })
        .unwrap();
    assert_eq!(count, levels.len());
});
