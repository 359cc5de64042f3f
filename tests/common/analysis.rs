//! An independent reference for `flipblox bloxorz --analyse`: the measures of a level computed
//! plainly from a model's rules (the POJ 3322 model of `bloxorz.rs` or the original game's of
//! `extended.rs`), sharing no code with the library. The states are explored with a `HashMap`
//! and a `VecDeque`; the distances to the goal come from a map of predecessors; the optimal
//! solutions are counted backwards from the goal (the library counts forwards from the start).

use std::collections::{HashMap, HashSet, VecDeque};
use std::hash::Hash;

use super::bloxorz::{Grid, ROLLS, roll};
use super::extended::{Block, DIRS, Ext, State};

/// The rules of a level as the reference needs them.
pub trait Model {
    type S: Clone + Eq + Hash;
    fn start(&self) -> Self::S;
    fn is_goal(&self, s: &Self::S) -> bool;
    /// One entry per legal move.
    fn moves(&self, s: &Self::S) -> Vec<Self::S>;
    /// The cells `(row, col)` the block covers.
    fn covers(&self, s: &Self::S) -> Vec<(i64, i64)>;
    /// The level's letters, row by row.
    fn letters(&self) -> &[Vec<u8>];
}

impl Model for Grid {
    type S = [(i64, i64); 2];
    fn start(&self) -> Self::S {
        let x: Vec<(i64, i64)> = (0..self.height())
            .flat_map(|r| (0..self.width()).map(move |c| (r, c)))
            .filter(|&(r, c)| self.at(r, c) == b'X')
            .collect();
        let mut s = [x[0], *x.last().unwrap()];
        s.sort();
        s
    }
    fn is_goal(&self, s: &Self::S) -> bool {
        s[0] == s[1] && self.at(s[0].0, s[0].1) == b'O'
    }
    fn moves(&self, s: &Self::S) -> Vec<Self::S> {
        ROLLS.iter().map(|&(_, d)| roll(*s, d)).filter(|&n| self.can_rest(n)).collect()
    }
    fn covers(&self, s: &Self::S) -> Vec<(i64, i64)> {
        s.to_vec()
    }
    fn letters(&self) -> &[Vec<u8>] {
        &self.rows
    }
}

impl Model for Ext {
    type S = State;
    fn start(&self) -> State {
        Ext::start(self)
    }
    fn is_goal(&self, s: &State) -> bool {
        s.0 == self.goal()
    }
    fn moves(&self, s: &State) -> Vec<State> {
        match s.0 {
            Block::Whole(_) => DIRS.iter().filter_map(|&(_, d)| self.roll(s, d)).collect(),
            Block::Cubes(cubes) => cubes
                .iter()
                .flat_map(|&cube| DIRS.iter().filter_map(move |&(_, d)| self.slide(s, cube, d)))
                .collect(),
        }
    }
    fn covers(&self, s: &State) -> Vec<(i64, i64)> {
        match s.0 {
            Block::Whole(c) | Block::Cubes(c) => c.to_vec(),
        }
    }
    fn letters(&self) -> &[Vec<u8>] {
        &self.rows
    }
}

/// The measures, as `flipblox bloxorz --analyse --json` names them.
#[derive(Debug, Clone, PartialEq)]
pub struct Measures {
    pub distance: Option<u32>,
    pub optimal_solutions: u64,
    pub saturated: bool,
    pub reachable: u64,
    pub dead_ends: u64,
    pub trap_moves: u64,
    pub cells_used: u64,
    /// `[row, col]`, 1-based, row-major.
    pub unused_cells: Vec<[usize; 2]>,
    pub difficulty: Option<f64>,
}

/// The reference measures of `model` (docs/BLOXORZ.md, "For designers").
pub fn measures<M: Model>(model: &M) -> Measures {
    // Every state reachable from the start, never leaving a goal state, with the moves of each.
    let start = model.start();
    let mut depth: HashMap<M::S, u32> = HashMap::from([(start.clone(), 0)]);
    let mut moves: HashMap<M::S, Vec<M::S>> = HashMap::new();
    let mut queue = VecDeque::from([start.clone()]);
    while let Some(s) = queue.pop_front() {
        let next = if model.is_goal(&s) { Vec::new() } else { model.moves(&s) };
        for n in &next {
            if !depth.contains_key(n) {
                depth.insert(n.clone(), depth[&s] + 1);
                queue.push_back(n.clone());
            }
        }
        moves.insert(s, next);
    }
    // Distances to the goal, backwards over a map of predecessors from every goal state.
    let mut before: HashMap<&M::S, Vec<&M::S>> = HashMap::new();
    for (s, next) in &moves {
        for n in next {
            before.entry(n).or_default().push(s);
        }
    }
    let mut to_goal: HashMap<&M::S, u32> = HashMap::new();
    let mut queue: VecDeque<&M::S> = VecDeque::new();
    for s in moves.keys().filter(|s| model.is_goal(s)) {
        to_goal.insert(s, 0);
        queue.push_back(s);
    }
    while let Some(s) = queue.pop_front() {
        for &p in before.get(s).into_iter().flatten() {
            if !to_goal.contains_key(p) {
                to_goal.insert(p, to_goal[s] + 1);
                queue.push_back(p);
            }
        }
    }
    let dead_ends = moves.keys().filter(|s| !to_goal.contains_key(s)).count() as u64;
    let trap_moves = moves
        .iter()
        .filter(|(s, _)| to_goal.contains_key(s))
        .map(|(_, next)| next.iter().filter(|n| !to_goal.contains_key(n)).count() as u64)
        .sum();
    let distance = to_goal.get(&start).copied();
    // Solutions counted backwards: ways(s) = the sum of ways(n) over the moves to a state one
    // closer to the goal; and the chance of a random player, likewise.
    let mut by_distance: Vec<&M::S> = to_goal.keys().copied().collect();
    by_distance.sort_by_key(|s| to_goal[s]);
    let mut ways: HashMap<&M::S, u128> = HashMap::new();
    let mut chance: HashMap<&M::S, f64> = HashMap::new();
    for s in by_distance {
        let d = to_goal[s];
        if d == 0 {
            ways.insert(s, 1);
            chance.insert(s, 1.0);
            continue;
        }
        let next = &moves[s];
        let closer: Vec<&M::S> = next.iter().filter(|n| to_goal.get(n) == Some(&(d - 1))).collect();
        let w = closer.iter().fold(0u128, |sum, n| sum.saturating_add(ways[n]));
        let p: f64 = closer.iter().map(|n| chance[n]).sum::<f64>() / next.len() as f64;
        ways.insert(s, w);
        chance.insert(s, p);
    }
    let total = ways.get(&start).copied().unwrap_or(0);
    let optimal_solutions = u64::try_from(total).unwrap_or(u64::MAX);
    // Cells: those of the states on some optimal solution, and the tiles no state covers.
    let mut used = HashSet::new();
    let mut covered = HashSet::new();
    for (s, &d) in &depth {
        covered.extend(model.covers(s));
        if let (Some(total), Some(&g)) = (distance, to_goal.get(s))
            && d + g == total
        {
            used.extend(model.covers(s));
        }
    }
    let mut unused_cells = Vec::new();
    for (r, row) in model.letters().iter().enumerate() {
        for (c, &letter) in row.iter().enumerate() {
            if letter != b'#' && !covered.contains(&(r as i64, c as i64)) {
                unused_cells.push([r + 1, c + 1]);
            }
        }
    }
    let bits = |n: u64| (1.0 + n as f64).log2();
    let difficulty =
        distance.map(|_| -chance[&start].log2().min(0.0) + bits(trap_moves) + bits(dead_ends));
    Measures {
        distance,
        optimal_solutions,
        saturated: total >= u128::from(u64::MAX),
        reachable: moves.len() as u64,
        dead_ends,
        trap_moves,
        cells_used: used.len() as u64,
        unused_cells,
        difficulty,
    }
}

/// The measures of a `--analyse --json` record.
pub fn from_json(record: &serde_json::Value) -> Measures {
    let number = |key: &str| record[key].as_u64().unwrap_or_else(|| panic!("{key}: {record}"));
    Measures {
        distance: record["distance"].as_u64().map(|d| d as u32),
        optimal_solutions: number("optimal_solutions"),
        saturated: record["optimal_solutions_saturated"].as_bool().unwrap(),
        reachable: number("reachable"),
        dead_ends: number("dead_ends"),
        trap_moves: number("trap_moves"),
        cells_used: number("cells_used"),
        unused_cells: serde_json::from_value(record["unused_cells"].clone()).unwrap(),
        difficulty: record["difficulty"].as_f64(),
    }
}

/// Panics unless `found` (from the library) is `expected` (from the reference), the difficulty
/// to the 1/1000 the JSON record rounds it to.
#[track_caller]
pub fn assert_agree(found: &Measures, expected: &Measures, what: &str) {
    let round = |d: Option<f64>| d.map(|d| (d * 1000.0).round() / 1000.0);
    let (mut found, mut expected) = (found.clone(), expected.clone());
    let (a, b) = (found.difficulty.take(), expected.difficulty.take());
    assert_eq!(found, expected, "{what}");
    match (a, b) {
        (Some(a), Some(b)) => assert!(
            (a - round(Some(b)).unwrap()).abs() < 1.5e-3,
            "{what}: difficulty {a} against {b}"
        ),
        (a, b) => assert_eq!(a, b, "{what}"),
    }
}
