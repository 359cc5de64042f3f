//! [`SolutionCount`]: how many press sets reach the goal, exactly, however large.

use std::fmt;

/// The number of press sets (each cell pressed `0 ..= K - 1` times) that turn a board into one
/// that meets the goal: `0` when the goal cannot be reached, otherwise the product of the orders
/// of the generators of the solutions, each a divisor of `K` (`K^nullity` for a prime `K` and a
/// one-colour goal, `K^nullity` times the number of reachable colours for the goal "any").
///
/// It is kept factored, so it stays exact however large it is (`2^484` for the 1024x1024
/// Lights Out); [`Display`](fmt::Display) writes it in decimal and [`SolutionCount::to_u128`]
/// gives it as a number when it fits.
///
/// ```
/// use flipblox::lights_out::{Goal, Solver, Variant};
/// // The 5x5 Lights Out has nullity 2: a solvable board has 2^2 solutions per goal colour.
/// let variant = Variant::builder(5, 5).goal(Goal::Colour(0)).build()?;
/// let mut solver = Solver::new(&variant).with_counts(true);
/// let answer = solver.solve(&variant.board("bbbbb/bbbbb/bbbbb/bbbbb/bbbbb")?)?;
/// assert_eq!(answer.solutions.to_string(), "4");
/// assert_eq!(answer.optimal_solutions, Some(4));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct SolutionCount {
    /// False for zero (the default); otherwise the count is the product of `factors`.
    reachable: bool,
    /// `(factor, exponent)`, factors above 1, ascending and distinct.
    factors: Vec<(u8, u32)>,
}

impl SolutionCount {
    /// Sets the count to zero (the goal cannot be reached).
    pub(crate) fn set_zero(&mut self) {
        self.reachable = false;
        self.factors.clear();
    }

    /// Sets the count to the product of `orders` (`1` for none).
    pub(crate) fn set_product(&mut self, orders: impl IntoIterator<Item = u8>) {
        self.set_zero();
        self.reachable = true;
        for order in orders {
            self.multiply(order, 1);
        }
    }

    /// Multiplies the count by `factor^exponent`.
    pub(crate) fn multiply(&mut self, factor: u8, exponent: u32) {
        if factor == 0 {
            self.set_zero();
        }
        if !self.reachable || factor == 1 || exponent == 0 {
            return;
        }
        match self.factors.binary_search_by_key(&factor, |&(f, _)| f) {
            Ok(i) => self.factors[i].1 += exponent,
            Err(i) => self.factors.insert(i, (factor, exponent)),
        }
    }

    /// The count as a number, `None` when it exceeds `u128::MAX`.
    pub fn to_u128(&self) -> Option<u128> {
        if !self.reachable {
            return Some(0);
        }
        self.factors.iter().try_fold(1u128, |acc, &(factor, exponent)| {
            acc.checked_mul(u128::from(factor).checked_pow(exponent)?)
        })
    }

    /// The count in base `10^9`, least significant limb first.
    fn limbs(&self) -> Vec<u32> {
        const BASE: u64 = 1_000_000_000;
        let mut limbs = vec![u32::from(self.reachable)];
        for &(factor, exponent) in &self.factors {
            for _ in 0..exponent {
                let mut carry = 0u64;
                for limb in &mut limbs {
                    let v = u64::from(*limb) * u64::from(factor) + carry;
                    *limb = (v % BASE) as u32;
                    carry = v / BASE;
                }
                if carry > 0 {
                    limbs.push(carry as u32);
                }
            }
        }
        limbs
    }
}

impl fmt::Display for SolutionCount {
    /// The count in decimal, every digit exact.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(small) = self.to_u128() {
            return fmt::Display::fmt(&small, f);
        }
        let limbs = self.limbs();
        let mut text = String::with_capacity(limbs.len() * 9);
        let mut rest = limbs.iter().rev();
        if let Some(top) = rest.next() {
            text.push_str(&top.to_string());
        }
        for limb in rest {
            text.push_str(&format!("{limb:09}"));
        }
        f.pad_integral(true, "", &text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(factors: &[(u8, u32)]) -> SolutionCount {
        let mut c = SolutionCount::default();
        c.set_product([]);
        for &(f, e) in factors {
            c.multiply(f, e);
        }
        c
    }

    #[test]
    fn small_counts_are_numbers() {
        assert_eq!(SolutionCount::default().to_string(), "0");
        assert_eq!(count(&[]).to_string(), "1");
        assert_eq!(count(&[(2, 5), (3, 2), (2, 1)]).to_u128(), Some(576));
        assert_eq!(count(&[(2, 127)]).to_string(), (1u128 << 127).to_string());
        assert_eq!(count(&[(2, 128)]).to_u128(), None);
    }

    #[test]
    fn large_counts_are_exact_in_decimal() {
        // 2^128 = 340282366920938463463374607431768211456 (and 2^484 has 146 digits).
        assert_eq!(count(&[(2, 128)]).to_string(), "340282366920938463463374607431768211456");
        let big = count(&[(2, 484)]).to_string();
        assert_eq!(big.len(), 146);
        assert!(big.starts_with("49947976") && big.ends_with("816"), "{big}");
        // 5^60 = 867361737988403547205962240695953369140625.
        assert_eq!(count(&[(5, 60)]).to_string(), "867361737988403547205962240695953369140625");
        // Each limb of 2^100 * 10^27 is padded: 1267650600228229401496703205376 000...0.
        let padded = count(&[(2, 127), (5, 27)]).to_string();
        assert_eq!(padded, format!("{}{}", 1u128 << 100, "0".repeat(27)));
    }
}
