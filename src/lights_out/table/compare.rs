//! Comparing a distance table with a reference, entry by entry and by histogram
//! ([`DistanceTable::compare`](crate::lights_out::DistanceTable::compare)).

/// One state where two tables disagree. Entries are raw:
/// [`DistanceTable::IMPOSSIBLE`](crate::lights_out::DistanceTable::IMPOSSIBLE) (255) means
/// Impossible.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EntryDifference {
    /// The state (see [`Board::state`](crate::lights_out::Board::state)).
    pub state: u64,
    /// The entry of the table under test.
    pub table: u8,
    /// The entry of the reference.
    pub reference: u8,
}

/// The outcome of [`DistanceTable::compare`](crate::lights_out::DistanceTable::compare).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableComparison {
    /// Entries of the table under test and of the reference.
    pub lengths: (u64, u64),
    /// States (among the first `min(lengths)`) whose entries differ.
    pub differing: u64,
    /// The first differences, in state order, at most the `keep` asked for.
    pub first: Vec<EntryDifference>,
    /// The histogram of the table under test
    /// ([`DistanceTable::histogram`](crate::lights_out::DistanceTable::histogram)).
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

/// Compares the entries `a` (with their histogram) with the reference `b` on every state,
/// keeping the first `keep` differences.
pub(crate) fn compare_entries(
    (a, table_histogram): (&[u8], (Vec<u64>, u64)),
    (b, reference_histogram): (&[u8], (Vec<u64>, u64)),
    keep: usize,
) -> TableComparison {
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
        table_histogram,
        reference_histogram,
    }
}

#[cfg(test)]
mod tests {
    use crate::lights_out::{BoardSize, DistanceTable, Variant};

    use super::*;

    #[test]
    fn a_corrupted_table_is_caught_entry_by_entry_and_by_histogram() {
        let reference = DistanceTable::embedded();
        let mut corrupted = reference.as_bytes().to_vec();
        corrupted[0x0001] = 3; // an Impossible state claimed solvable
        corrupted[0xFFFF] = DistanceTable::IMPOSSIBLE; // a uniform board claimed impossible
        let flip = Variant::flip_game(BoardSize::CLASSIC);
        let corrupted = DistanceTable::from_bytes(&flip, &corrupted).unwrap();
        let cmp = corrupted.compare(&reference, 1);
        assert!(!cmp.agree());
        assert_eq!(cmp.differing, 2);
        let first = EntryDifference { state: 1, table: 3, reference: DistanceTable::IMPOSSIBLE };
        assert_eq!(cmp.first, vec![first]);
        assert_eq!(cmp.table_histogram.0[0], 1);
        assert_eq!(cmp.reference_histogram.0[0], 2);
    }

    #[test]
    fn tables_of_different_sizes_do_not_agree() {
        let small = Variant::flip_game(BoardSize::new(2, 2).unwrap());
        let small = DistanceTable::build(&small, |_, _| {}).unwrap();
        let cmp = small.compare(&DistanceTable::embedded(), 10);
        assert_eq!(cmp.lengths, (16, 65_536));
        assert!(!cmp.agree());
    }
}
