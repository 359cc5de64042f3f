//! Buttons (a toggle set for every button), holes and Tatham's Flip IDs against this file's own
//! brute force: every press set of small boards, hence the distance of every state towards
//! every colour, with `K = 2` and `3`; every printed press set replayed here (not by the
//! library) to the goal in exactly the distance.

use super::buttons_reference::{NONE, Sets, hex, plus_sets, random_sets};
use super::rng::Rng;
use crate::lights_out::{Board, BoardSize, Buttons, Goal, Solver, Variant};

/// Checks every state of `variant` (whose rules are `sets`) against the brute force, for its
/// goal: the distance, the colour, proven minimality, and the presses replayed by `sets`.
fn check_every_state(sets: &Sets, variant: &Variant) {
    let best = sets.brute_force();
    let k = sets.k;
    let mut solver = Solver::new(variant);
    // The brute force's distance of every state towards the goal.
    let wanted: Vec<usize> = match variant.goal() {
        Goal::Colour(c) => best[usize::from(c)].clone(),
        Goal::Any => {
            let states = best[0].len();
            (0..states).map(|s| best.iter().map(|b| b[s]).min().unwrap()).collect()
        }
    };
    for (s, &want) in wanted.iter().enumerate() {
        let board =
            Board::from_cells(sets.rows, sets.cols, sets.board(s, (s % usize::from(k)) as u8));
        let answer = solver.solve(&board).unwrap();
        let context = || format!("{variant}: state {s}, board {:?}", board.cells());
        assert_eq!(answer.distance, (want != NONE).then_some(want), "{}", context());
        assert!(answer.proven_minimal, "{}", context());
        let Some(distance) = answer.distance else { continue };
        let weight: usize = answer.presses.iter().map(|&(_, n)| usize::from(n)).sum();
        assert_eq!(weight, distance, "{}", context());
        let after = sets.replay(board.cells(), &answer.presses);
        let colour = answer.colour.unwrap();
        assert!(variant.goal().admits(colour), "{}", context());
        for c in sets.present() {
            assert_eq!(after[c], colour, "{}: cell {c} after {:?}", context(), answer.presses);
        }
        // The library's own press agrees with the sets.
        let mut pressed = board.clone();
        for &(b, n) in &answer.presses {
            variant.press(&mut pressed, b, n);
        }
        for c in sets.present() {
            assert_eq!(pressed.cells()[c], after[c], "{}", context());
        }
    }
}

fn goals(k: u8) -> [Goal; 3] {
    [Goal::Any, Goal::Colour(0), Goal::Colour(k - 1)]
}

/// `--buttons`: random toggle sets (buttons that cannot be pressed among them), every state,
/// K = 2 and 3, every goal.
#[test]
fn buttons_answer_every_state_as_the_brute_force() {
    let mut rng = Rng(27);
    let mut checked = 0;
    for (k, sizes) in [
        (2u8, &[(1, 1), (1, 2), (2, 2), (2, 3), (3, 2), (3, 3)][..]),
        (3, &[(1, 2), (2, 2), (2, 3)]),
    ] {
        for &(rows, cols) in sizes {
            for _ in 0..4 {
                let sets = random_sets(&mut |p| rng.chance(p), rows, cols, k, false);
                let size = BoardSize::new(rows, cols).unwrap();
                let buttons = Buttons::parse(&sets.file(), size).unwrap();
                for goal in goals(k) {
                    let variant = Variant::builder(rows, cols)
                        .buttons(buttons.clone())
                        .colours(k)
                        .goal(goal)
                        .build()
                        .unwrap();
                    check_every_state(&sets, &variant);
                    checked += 1;
                }
            }
        }
    }
    assert_eq!(checked, 4 * 3 * 9);
}

/// `--hole`: holes with the plus (with and without wrap-around) and with random buttons, every
/// state of the cells that are there (the holes holding any colour), K = 2 and 3.
#[test]
fn holes_answer_every_state_as_the_brute_force() {
    let mut rng = Rng(4171);
    for (k, sizes) in [(2u8, &[(2, 2), (2, 3), (3, 3), (3, 4)][..]), (3, &[(2, 2), (2, 3), (3, 3)])]
    {
        for &(rows, cols) in sizes {
            for _ in 0..3 {
                let n = rows * cols;
                let mut holes: Vec<bool> = (0..n).map(|_| rng.chance(0.3)).collect();
                holes[rng.below(n as u64) as usize] = false;
                for wrap in [false, true] {
                    let sets = plus_sets(rows, cols, wrap, k, holes.clone());
                    for goal in goals(k) {
                        let variant = Variant::builder(rows, cols)
                            .wrap(wrap)
                            .holes(holes.clone())
                            .colours(k)
                            .goal(goal)
                            .build()
                            .unwrap();
                        check_every_state(&sets, &variant);
                    }
                }
                let sets = random_sets(&mut |p| rng.chance(p), rows, cols, k, true);
                let size = BoardSize::new(rows, cols).unwrap();
                for goal in goals(k) {
                    let variant = Variant::builder(rows, cols)
                        .buttons(Buttons::parse(&sets.file(), size).unwrap())
                        .holes(sets.holes.clone())
                        .colours(k)
                        .goal(goal)
                        .build()
                        .unwrap();
                    check_every_state(&sets, &variant);
                }
            }
        }
    }
}

/// A button that toggles nothing is pressed all the same, so it doubles (K-fold) the press sets
/// that reach the goal, with holes as without: the diagonal `x.x/.../x.x` beside holes, the
/// plus on a 1x3 torus over three colours (the middle press lands on its own cell three times)
/// and a buttons file whose button lists hole cells only. The counts (and the distances) of
/// every state are the brute force's, with K = 2 and 3 and every goal.
#[test]
fn buttons_that_toggle_nothing_count_as_press_sets() {
    let diagonal = |rows: usize, cols: usize, k: u8, holes: Vec<bool>| {
        let near = |a: usize, d: isize, n: usize| a.checked_add_signed(d).filter(|&x| x < n);
        let toggles = (0..rows * cols)
            .map(|i| {
                let (r, c) = (i / cols, i % cols);
                [(-1, -1), (-1, 1), (1, -1), (1, 1)]
                    .iter()
                    .filter_map(|&(dr, dc)| Some(near(r, dr, rows)? * cols + near(c, dc, cols)?))
                    .collect()
            })
            .collect();
        let builder = Variant::builder(rows, cols).toggle("x.x/.../x.x".parse().unwrap());
        (Sets { rows, cols, toggles, holes, k, idle_pressable: false }, builder)
    };
    let (f, t) = (false, true);
    let buttons = Buttons::parse("1,1 2,2\n2,1\n\n1,1\n", BoardSize::new(2, 2).unwrap());
    let cases = [
        // Buttons (1,1) and (1,3) reach only the hole (2,2).
        diagonal(2, 3, 2, vec![f, f, f, t, t, f]),
        diagonal(2, 3, 3, vec![f, f, f, t, t, f]),
        diagonal(3, 3, 2, vec![f, t, f, t, t, f, f, f, f]),
        (plus_sets(1, 3, true, 3, vec![t, f, t]), Variant::builder(1, 3).wrap(true)),
        (
            Sets {
                rows: 2,
                cols: 2,
                toggles: vec![vec![0, 3], vec![2], vec![], vec![0]],
                holes: vec![f, f, t, f],
                k: 3,
                idle_pressable: false,
            },
            Variant::builder(2, 2).buttons(buttons.unwrap()),
        ),
    ];
    let mut toggling_nothing = 0;
    for (sets, builder) in cases {
        let k = sets.k;
        let zeros = vec![0; sets.cells()];
        toggling_nothing +=
            sets.live().iter().filter(|&&b| sets.replay(&zeros, &[(b, 1)]) == zeros).count();
        let tallies = sets.tallies();
        for goal in goals(k) {
            let builder = builder.clone().holes(sets.holes.clone()).colours(k).goal(goal);
            let variant = builder.build().unwrap();
            let mut solver = Solver::new(&variant).with_counts(true);
            let colours: Vec<usize> = match goal {
                Goal::Any => (0..usize::from(k)).collect(),
                Goal::Colour(c) => vec![usize::from(c)],
            };
            for (s, _) in tallies[0].iter().enumerate() {
                let board = Board::from_cells(sets.rows, sets.cols, sets.board(s, 0));
                let answer = solver.solve(&board).unwrap();
                let tally = |c: &usize| tallies[*c][s];
                let best = colours.iter().map(|c| tally(c).best).min().unwrap();
                let at_best = colours.iter().filter(|c| tally(c).best == best);
                let optimal: u64 = at_best.map(|c| tally(c).optimal).sum();
                let all: u64 = colours.iter().map(|c| tally(c).all).sum();
                let context = format!("{variant}: state {s}");
                assert_eq!(answer.distance, (best != NONE).then_some(best), "{context}");
                assert_eq!(answer.optimal_solutions, Some(optimal), "{context}");
                assert_eq!(answer.solutions.to_u128(), Some(u128::from(all)), "{context}");
            }
        }
    }
    assert_eq!(toggling_nothing, 10, "buttons that toggle nothing");
}

/// A hole mask without a hole is no hole: the variant is the plain one (and keeps its engines).
#[test]
fn buttons_and_holes_are_checked() {
    let size = BoardSize::new(2, 2).unwrap();
    let plain = Variant::builder(2, 2).build().unwrap();
    assert_eq!(Variant::builder(2, 2).holes(vec![false; 4]).build().unwrap(), plain);
    let err = |b: crate::lights_out::VariantBuilder| b.build().unwrap_err().to_string();
    assert_eq!(
        err(Variant::builder(2, 2).holes(vec![true; 4])),
        "every cell of the 2x2 board is a hole"
    );
    assert_eq!(
        err(Variant::builder(2, 2).holes(vec![true; 3])),
        "expected 4 hole flags for 2x2, found 3"
    );
    let buttons = Buttons::parse("1,1\n1,2\n2,1\n2,2\n", size).unwrap();
    assert_eq!(
        err(Variant::builder(2, 2).buttons(buttons.clone()).wrap(true)),
        "wrap-around does not apply to buttons"
    );
    assert_eq!(
        err(Variant::builder(2, 3).buttons(buttons.clone())),
        "the buttons are for 2x2, the board is 2x3"
    );
    let v = Variant::builder(2, 2)
        .buttons(buttons)
        .holes(vec![false, true, false, false])
        .build()
        .unwrap();
    assert_eq!(v.to_string(), "2x2, buttons (4 toggles), 1 hole, 2 colours, goal any");
    assert!(!v.is_flip_game_rules());
    let table = crate::lights_out::DistanceTable::build(&v, |_, _| {});
    assert!(
        table.unwrap_err().to_string().starts_with("no distance table is made for 2x2, buttons")
    );
    let solver = Solver::builder(&v).method(crate::lights_out::Method::Table).build();
    assert!(solver.is_err(), "tables are refused");
}

/// Tatham IDs made here from the format (random matrices, crosses, random grids): the buttons
/// and board read back as made, and the answers (goal: all lights off) as the brute force's.
#[test]
fn tatham_ids_answer_as_the_brute_force() {
    let mut rng = Rng(1753);
    for (w, h, crosses) in
        [(2, 2, false), (3, 2, false), (2, 3, false), (3, 3, false), (3, 3, true), (4, 2, true)]
    {
        for _ in 0..3 {
            let n = w * h;
            let sets = match crosses {
                true => plus_sets(h, w, false, 2, vec![false; n]),
                false => {
                    let mut s = random_sets(&mut |p| rng.chance(p), h, w, 2, false);
                    // Tatham's random matrices always toggle the pressed cell.
                    for (b, set) in s.toggles.iter_mut().enumerate() {
                        if !set.contains(&b) {
                            set.push(b);
                            set.sort_unstable();
                        }
                    }
                    s
                }
            };
            let mut matrix = vec![0u8; n * n];
            for (b, set) in sets.toggles.iter().enumerate() {
                for &c in set {
                    matrix[b * n + c] = 1;
                }
            }
            let grid: Vec<u8> = (0..n).map(|_| rng.below(2) as u8).collect();
            let kind = if crosses { "c" } else { "r" };
            let id = format!("{w}x{h}{kind}:{},{}", hex(&matrix), hex(&grid));
            let (buttons, board) = Buttons::tatham(&id).unwrap();
            assert_eq!(board.cells(), &grid[..], "{id}");
            for (b, set) in sets.toggles.iter().enumerate() {
                let got: Vec<usize> = buttons.toggled(b).iter().map(|&c| c as usize).collect();
                assert_eq!(&got, set, "{id}: button {b}");
            }
            let variant =
                Variant::builder(h, w).buttons(buttons).goal(Goal::Colour(0)).build().unwrap();
            let answer = Solver::new(&variant).solve(&board).unwrap();
            let best = sets.brute_force()[0][sets.state(&grid)];
            assert_eq!(answer.distance, (best != NONE).then_some(best), "{id}");
            check_every_state(&sets, &variant);
        }
    }
}

/// Hand-written IDs with answers worked out by hand, confirmed by the brute force.
#[test]
fn hand_written_tatham_ids() {
    let solve = |id: &str| {
        let (buttons, board) = Buttons::tatham(id).unwrap();
        let size = buttons.size();
        let variant = Variant::builder(size.rows(), size.cols())
            .buttons(buttons)
            .goal(Goal::Colour(0))
            .build()
            .unwrap();
        Solver::new(&variant).solve(&board).unwrap().distance
    };
    // 2x1 crosses: each press toggles both lights, so one light on cannot be put out.
    assert_eq!(solve("2x1c:f,8"), None);
    assert_eq!(solve("2x1:f,c"), Some(1));
    // 2x2 crosses (1110 1101 1011 0111), all on: every cell toggled three times, 4 presses.
    assert_eq!(solve("2x2:edb7,f"), Some(4));
    // 3x3 crosses, only the centre on: the four edges (each corner toggled twice, the centre
    // four times) and the centre, 5 presses (the 3x3 toggle matrix is invertible).
    let crosses: Vec<u8> = plus_sets(3, 3, false, 2, vec![false; 9])
        .toggles
        .iter()
        .flat_map(|set| (0..9).map(move |c| u8::from(set.contains(&c))))
        .collect();
    let id = format!("3x3:{},{}", hex(&crosses), hex(&[0, 0, 0, 0, 1, 0, 0, 0, 0]));
    assert_eq!(solve(&id), Some(5));
}

/// The fuzz target's checks (`fuzz/fuzz_targets/lights_out_buttons.rs`) on random texts made of
/// the readers' tokens: no panic, errors inside the text, answers that replay.
#[test]
fn random_texts_are_read_or_refused_with_a_position() {
    let mut rng = Rng(30);
    let tokens = [
        "1",
        "2",
        "3",
        "0",
        ",",
        " ",
        "\n",
        "\r\n",
        "\t",
        "x",
        "é",
        "99999999999",
        ":",
        "f",
        "7",
        "c",
        "r",
    ];
    let (mut parsed, mut ids) = (0, 0);
    for round in 0..4000 {
        let mut text = String::new();
        let size = BoardSize::new(rng.below(3) as usize + 1, rng.below(3) as usize + 1).unwrap();
        match round % 3 {
            0 => text.push_str(rng.pick(&["1x2:", "2x2:", "2:", "1x1r:", "3x1c:"])),
            1 => {
                // A good file, perhaps with a token inserted.
                let sets = random_sets(&mut |p| rng.chance(p), size.rows(), size.cols(), 2, false);
                text = sets.file();
                if rng.chance(0.5) {
                    let at = rng.below(text.len() as u64 + 1) as usize;
                    text.insert_str(at, rng.pick(&tokens));
                }
            }
            _ => {}
        }
        for _ in 0..rng.below(if round % 3 == 1 { 1 } else { 24 }) {
            text.push_str(rng.pick(&tokens));
        }
        let lines = text.lines().count();
        match Buttons::parse(&text, size) {
            Err(e) => assert!(e.line >= 1 && e.line <= lines + 1 && e.column >= 1, "{text:?}: {e}"),
            Ok(buttons) => {
                parsed += 1;
                let k = rng.below(2) as u8 + 2;
                let n = size.cells();
                let holes: Vec<bool> = (0..n).map(|_| rng.chance(0.2)).collect();
                let cells: Vec<u8> = (0..n).map(|_| rng.below(u64::from(k)) as u8).collect();
                let board = Board::from_cells(size.rows(), size.cols(), cells);
                let builder =
                    Variant::builder(size.rows(), size.cols()).colours(k).buttons(buttons);
                for variant in [builder.clone().build(), builder.holes(holes).build()] {
                    let Ok(variant) = variant else { continue };
                    let answer = Solver::new(&variant).solve(&board).unwrap();
                    let Some(_) = answer.distance else { continue };
                    let mut after = board.clone();
                    for &(b, times) in &answer.presses {
                        variant.press(&mut after, b, times);
                    }
                    let present: Vec<u8> = (0..n)
                        .filter(|&i| !variant.holes().is_some_and(|h| h[i]))
                        .map(|i| after.cells()[i])
                        .collect();
                    assert!(present.iter().all(|&c| Some(c) == answer.colour), "{text:?}");
                }
            }
        }
        match Buttons::tatham(&text) {
            Err(e) => {
                assert!(e.line == 1 && (1..=text.chars().count() + 1).contains(&e.column), "{e}")
            }
            Ok(_) => ids += 1,
        }
    }
    assert!(parsed > 100 && ids > 0, "{parsed} files and {ids} IDs read");
}
