//! Comparing a distance table with a reference, entry by entry and by histogram: the logic of
//! `flipblox verify flip` (reference: [`brute_force_table`](super::brute_force_table)).

use super::table::DistanceTable;

/// One state where two tables disagree. Entries are raw: [`IMPOSSIBLE`](super::IMPOSSIBLE)
/// (255) means Impossible.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EntryDifference {
    /// The state (its bits; for 4x4 see [`Board`](super::Board)).
    pub state: u64,
    /// The entry of the table under test.
    pub table: u8,
    /// The entry of the reference.
    pub reference: u8,
}

/// The outcome of [`compare_tables`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableComparison {
    /// Entries of the table under test and of the reference.
    pub lengths: (u64, u64),
    /// States (among the first `min(lengths)`) whose entries differ.
    pub differing: u64,
    /// The first differences, in state order, at most the `keep` asked for.
    pub first: Vec<EntryDifference>,
    /// The histogram of the table under test ([`DistanceTable::histogram`]).
    pub table_histogram: (Vec<u64>, u64),
    /// The histogram of the reference.
    pub reference_histogram: (Vec<u64>, u64),
}

impl TableComparison {
    /// True when the tables have the same length, every entry agrees and so do the
    /// histograms.
    pub fn agree(&self) -> bool {
        self.lengths.0 == self.lengths.1
            && self.differing == 0
            && self.table_histogram == self.reference_histogram
    }
}

/// Compares `table` with `reference` on every state and by histogram, keeping the first `keep`
/// differences.
///
/// ```
/// use flipblox::flip::{DistanceTable, brute_force_table, compare_tables};
/// let reference = brute_force_table(4, 4);
/// let reference = DistanceTable::new(4, 4, &reference).unwrap();
/// let ok = compare_tables(&DistanceTable::embedded(), &reference, 10);
/// assert!(ok.agree());
/// ```
pub fn compare_tables(
    table: &DistanceTable<'_>,
    reference: &DistanceTable<'_>,
    keep: usize,
) -> TableComparison {
    let (a, b) = (table.as_bytes(), reference.as_bytes());
    let mut first = Vec::new();
    let mut differing = 0u64;
    for (state, (&x, &y)) in a.iter().zip(b).enumerate() {
        if x != y {
            differing += 1;
            if first.len() < keep {
                first.push(EntryDifference { state: state as u64, table: x, reference: y });
            }
        }
    }
    TableComparison {
        lengths: (a.len() as u64, b.len() as u64),
        differing,
        first,
        table_histogram: table.histogram(),
        reference_histogram: reference.histogram(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::flip::IMPOSSIBLE;

    #[test]
    fn a_corrupted_table_is_caught_entry_by_entry_and_by_histogram() {
        let reference = DistanceTable::embedded();
        let mut corrupted = reference.as_bytes().to_vec();
        corrupted[0x0001] = 3; // an Impossible state claimed solvable
        corrupted[0xFFFF] = IMPOSSIBLE; // a uniform board claimed impossible
        let corrupted = DistanceTable::new(4, 4, &corrupted).unwrap();
        let cmp = compare_tables(&corrupted, &reference, 1);
        assert!(!cmp.agree());
        assert_eq!(cmp.differing, 2);
        assert_eq!(cmp.first, vec![EntryDifference { state: 1, table: 3, reference: IMPOSSIBLE }]);
        assert_eq!(cmp.table_histogram.0[0], 1);
        assert_eq!(cmp.reference_histogram.0[0], 2);
    }

    #[test]
    fn tables_of_different_sizes_do_not_agree() {
        let small = crate::flip::distance_table(2, 2, |_| {});
        let small = DistanceTable::new(2, 2, &small).unwrap();
        let cmp = compare_tables(&small, &DistanceTable::embedded(), 10);
        assert_eq!(cmp.lengths, (16, 65_536));
        assert!(!cmp.agree());
    }
}
