//! The fast solver against a plain reference BFS (`tests/common/bloxorz.rs`: a `HashMap` and a
//! `VecDeque`, sharing no code with the library) on thousands of generated levels, with every
//! path replayed by an independent replayer.

use crate::common::bloxorz::{
    Grid, Rng, random_grid, reference_distance, reference_explored, replay,
};
use crate::common::checks::pack_reports;
use flipblox::bloxorz::{Limits, PackReader, Report, RunOptions, Solver};

/// Runs the library's batch runner over `pack` and returns its reports in order.
fn run(pack: &str, jobs: usize, paths: bool) -> Vec<Report> {
    pack_reports(pack.as_bytes(), RunOptions { jobs, paths, ..RunOptions::default() })
}

/// Checks every level of `grids` against the reference and replays every path.
fn check_against_reference(grids: &[Grid]) -> (usize, usize) {
    let pack: String = grids.iter().map(Grid::to_text).collect::<String>() + "0 0\n";
    let reports = run(&pack, 2, true);
    assert_eq!(reports.len(), grids.len());
    let (mut solvable, mut impossible) = (0, 0);
    for (i, (grid, report)) in grids.iter().zip(&reports).enumerate() {
        assert_eq!(report.level, i + 1);
        let answer = report.result.as_ref().unwrap_or_else(|e| panic!("{e}\n{}", grid.to_text()));
        let expected = reference_distance(grid);
        assert_eq!(answer.solution.moves, expected, "level {}:\n{}", i + 1, grid.to_text());
        match expected {
            Some(n) => {
                solvable += 1;
                let letters: String = answer.path.iter().map(|m| m.to_string()).collect();
                let line = format!("{n} {letters}");
                let replayed = replay(grid, &line)
                    .unwrap_or_else(|e| panic!("level {}: {e}\n{}", i + 1, grid.to_text()));
                assert_eq!(replayed, n);
            }
            None => {
                impossible += 1;
                assert!(answer.path.is_empty());
            }
        }
    }
    // One job and several jobs give the same answers and paths in the same order.
    let single = run(&pack, 1, true);
    for (a, b) in reports.iter().zip(&single) {
        let (a, b) = (a.result.as_ref().unwrap(), b.result.as_ref().unwrap());
        assert_eq!((a.solution, &a.path), (b.solution, &b.path));
    }
    (solvable, impossible)
}

#[test]
fn thousands_of_generated_levels_agree_with_the_reference_bfs() {
    let mut rng = Rng(0x5EED_B10C);
    let grids: Vec<Grid> = (0..4000).map(|_| random_grid(&mut rng)).collect();
    let shapes = |f: &dyn Fn(&Grid) -> bool| grids.iter().filter(|g| f(g)).count();
    // The generator covers the shapes the issue names.
    assert!(shapes(&|g| g.height() == 1) > 100);
    assert!(shapes(&|g| g.width() == 1) > 100);
    let lying = shapes(&|g| g.rows.concat().iter().filter(|&&c| c == b'X').count() == 2);
    assert!(lying > 1000, "lying starts: {lying}");
    assert!(shapes(&|g| g.rows[0].iter().any(|&c| c != b'#')) > 2000, "borderless levels");
    let fragile_by_target = |g: &Grid| {
        let (r, row) = g.rows.iter().enumerate().find(|(_, row)| row.contains(&b'O')).unwrap();
        let c = row.iter().position(|&x| x == b'O').unwrap() as i64;
        let r = r as i64;
        [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)].iter().any(|&(r, c)| g.at(r, c) == b'E')
    };
    assert!(shapes(&fragile_by_target) > 500);
    let (solvable, impossible) = check_against_reference(&grids);
    assert!(solvable > 800 && impossible > 800, "solvable {solvable}, impossible {impossible}");
}

#[test]
fn hand_made_corner_cases_agree_with_the_reference_bfs() {
    let levels = [
        // one row, standing and lying starts
        "XO",
        "X.O",
        "X..O",
        "XX.O",
        ".XXO",
        "OXX",
        "O.XX",
        "XEO",
        "X.EO",
        "XEEO",
        "OEEX",
        // one column
        "X\n.\n.\nO",
        "X\nX\nO",
        "O\n.\nX\nX",
        "X\nE\nE\nO",
        // fragile cells around the target
        "X..\n.EO\n.E.",
        "EEE\nEOE\nEXE\nE.E",
        // the start next to the target, standing and lying
        "XO.\n...",
        "O..\nXX.\n...",
        "XXO\n...",
        // the POJ sample
        "#######\n#..X###\n#..##O#\n#....E#\n#....E#\n#.....#\n#######",
    ];
    let grids: Vec<Grid> = levels
        .iter()
        .map(|l| Grid { rows: l.lines().map(|r| r.as_bytes().to_vec()).collect() })
        .collect();
    check_against_reference(&grids);
}

/// A random `h x w` level: noise (holes and fragile cells at random rates) or regular blocks, the
/// target and a standing or lying start on rigid cells (at least two cells); many cannot be
/// solved.
fn sized_grid(rng: &mut Rng, h: usize, w: usize) -> Grid {
    let hole = [0.0, 0.15, 0.3, 0.45][rng.below(4) as usize];
    let fragile = [0.0, 0.1, 0.25][rng.below(3) as usize];
    let regular = rng.chance(0.3);
    let (bh, bw) = (1 + rng.below(4) as usize, 1 + rng.below(4) as usize);
    let mut rows: Vec<Vec<u8>> = (0..h)
        .map(|r| {
            (0..w)
                .map(|c| {
                    let x = if regular {
                        ((r / bh + 2 * (c / bw)) % 7) as f64 / 7.0
                    } else {
                        (rng.next() >> 11) as f64 / (1u64 << 53) as f64
                    };
                    if x < hole {
                        b'#'
                    } else if x < hole + fragile {
                        b'E'
                    } else {
                        b'.'
                    }
                })
                .collect()
        })
        .collect();
    let cell = |rng: &mut Rng| (rng.below(h as u64) as usize, rng.below(w as u64) as usize);
    let (tr, tc) = cell(rng);
    let (sr, sc) = loop {
        let at = cell(rng);
        if at != (tr, tc) {
            break at;
        }
    };
    rows[tr][tc] = b'O';
    rows[sr][sc] = b'X';
    let second = if rng.chance(0.5) { (sr, sc + 1) } else { (sr + 1, sc) };
    if rng.chance(0.5) && second.0 < h && second.1 < w && second != (tr, tc) {
        rows[second.0][second.1] = b'X';
    }
    Grid { rows }
}

/// `Solver::solve` (which answers levels of up to 28 x 28 cells by its bit-parallel search)
/// against the reference BFS, in distance and in states explored, and against
/// `Solver::solve_with_path` (the array search), on levels of every size up to 30 x 30.
#[test]
fn the_distance_alone_and_the_states_explored_agree_with_the_reference_up_to_30_cells() {
    let mut rng = Rng(0xB17_B0A2D);
    let mut sizes: Vec<(usize, usize)> = vec![(1, 2), (2, 1), (28, 28), (29, 29), (30, 30)];
    for n in [27, 28, 29] {
        sizes.extend([(n, 1), (1, n), (n, 5), (5, n), (n, 16), (16, n)]);
    }
    for _ in 0..1500 {
        let (h, w) = (1 + rng.below(30) as usize, 1 + rng.below(30) as usize);
        sizes.push(if h * w == 1 { (1, 2) } else { (h, w) });
    }
    let mut solver = Solver::new();
    let mut path = Vec::new();
    let (mut solved, mut impossible) = (0, 0);
    for (h, w) in sizes {
        let grid = sized_grid(&mut rng, h, w);
        let text = grid.to_text();
        let level = PackReader::new(text.as_bytes()).next().unwrap().unwrap();
        let alone = solver.solve(&level, Limits::default()).unwrap();
        assert_eq!((alone.moves, alone.states_explored), reference_explored(&grid), "{text}");
        let with_path = solver.solve_with_path(&level, Limits::default(), &mut path).unwrap();
        assert_eq!(alone, with_path, "{text}");
        if alone.moves.is_some() { solved += 1 } else { impossible += 1 }
    }
    assert!(solved > 300 && impossible > 300, "solved {solved}, impossible {impossible}");
}
