//! Fallible allocation of the buffers whose size comes from the input or from flags (a level's
//! grid, a search's buffers, a table): [`AllocError`] says how many bytes could not be had, and
//! for what, instead of the process aborting.

use std::alloc::{Layout, alloc_zeroed};

/// A buffer that could not be allocated: `cannot allocate N bytes for WHAT`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("cannot allocate {bytes} bytes for {what}")]
pub struct AllocError {
    /// The size asked for.
    pub bytes: u64,
    /// What it was for (`the level's grid`, ...).
    pub what: &'static str,
}

impl AllocError {
    /// The error for `count` values of `T`.
    pub(crate) fn of<T>(count: usize, what: &'static str) -> AllocError {
        let bytes = (count as u64).saturating_mul(size_of::<T>() as u64);
        AllocError { bytes, what }
    }
}

/// Reserves room for `additional` more values in `vec`.
pub(crate) fn try_reserve<T>(
    vec: &mut Vec<T>,
    additional: usize,
    what: &'static str,
) -> Result<(), AllocError> {
    vec.try_reserve(additional).map_err(|_| AllocError::of::<T>(vec.len() + additional, what))
}

/// Integers, for which all-zero bytes are the value 0.
pub(crate) trait Zeroed: Copy {}
impl Zeroed for u8 {}
impl Zeroed for u16 {}
impl Zeroed for u32 {}

/// `len` zeros, allocated fallibly and, like `vec![0; len]`, as zeroed memory that the system
/// hands out a page at a time as it is first touched (so the parts a search never reaches cost
/// nothing).
pub(crate) fn try_zeroed<T: Zeroed>(len: usize, what: &'static str) -> Result<Vec<T>, AllocError> {
    let fail = || AllocError::of::<T>(len, what);
    if len == 0 {
        return Ok(Vec::new());
    }
    let layout = Layout::array::<T>(len).map_err(|_| fail())?;
    // SAFETY: what could go wrong: a zero-sized layout (undefined for `alloc_zeroed`), a null
    // pointer taken for memory, bytes that are no valid T, or a Vec freeing the memory with
    // another layout than it was allocated with (heap corruption). What we do: the layout has a
    // non-zero size (len > 0 and T is an integer of 1, 2 or 4 bytes); a null pointer (the system
    // refused the memory) is returned as an error before any use; zero bytes are a valid T
    // (`Zeroed` is implemented only for integers); and the Vec takes the pointer over with
    // length and capacity `len`, the global allocator's layout of `len` values of T, exactly as
    // `Vec<T>` allocates it.
    unsafe {
        let ptr = alloc_zeroed(layout).cast::<T>();
        if ptr.is_null() {
            return Err(fail());
        }
        Ok(Vec::from_raw_parts(ptr, len, len))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zeroed_buffers_are_zero_and_too_large_ones_are_an_error() {
        let v: Vec<u32> = try_zeroed(1000, "a test").unwrap();
        assert!(v.len() == 1000 && v.iter().all(|&x| x == 0));
        let err = try_zeroed::<u16>(usize::MAX / 4, "a test").unwrap_err();
        let bytes = (usize::MAX / 4) as u64 * 2;
        assert_eq!(err.to_string(), format!("cannot allocate {bytes} bytes for a test"));
        let mut v: Vec<u8> = Vec::new();
        assert!(try_reserve(&mut v, usize::MAX / 2, "bytes").is_err());
    }
}
