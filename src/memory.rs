//! Fallible allocation of the buffers whose size comes from the input or from flags (a level's
//! grid, a search's buffers, a table, a picture's cells and pixels, a line of a stream, a file
//! read whole): [`AllocError`] says how many bytes could not be had, and for what, instead of the
//! process aborting.
//!
//! This module is the one path for such buffers: a buffer sized by the input is made with
//! `try_zeroed` (integers, zeroed lazily by the system), `try_filled` (any value) or
//! `try_with_capacity`, and grown with `try_reserve` or `try_reserve_exact`. A size that
//! does not fit the address space at all is the same error (with the bytes saturated at
//! `u64::MAX`). The command-line tool reports any of them as `flipblox: cannot allocate N bytes
//! for WHAT` (or at the level it belongs to) and ends with exit code 1, its temporary files
//! removed.

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
    pub fn of<T>(count: usize, what: &'static str) -> AllocError {
        let bytes = (count as u64).saturating_mul(size_of::<T>() as u64);
        AllocError { bytes, what }
    }
}

/// Why [`read_bounded`] read no bytes.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ReadError {
    /// The reader failed (`cannot read: ...`).
    #[error("cannot read: {0}")]
    Read(std::io::Error),
    /// The input is longer than the limit.
    #[error("the input is longer than {limit} bytes")]
    TooLong {
        /// The limit, in bytes.
        limit: u64,
    },
    /// The memory to hold the input cannot be had.
    #[error(transparent)]
    Alloc(#[from] AllocError),
}

/// Reads `reader` to its end into memory, refusing an input of more than `limit` bytes as soon
/// as byte `limit + 1` arrives, and allocating fallibly: the buffer grows by doubling, never far
/// past `limit` (at most 256 KiB past the bytes read). An interrupted read is retried. Every
/// input that a reader needs whole (the Flash game's file, a stream whose format is told from
/// all of it, a table file, a pack read whole) is read through here.
///
/// ```
/// use flipblox::memory::{ReadError, read_bounded};
/// assert_eq!(read_bounded(&b"0123"[..], 4)?, b"0123");
/// let endless = read_bounded(std::io::repeat(0), 1000);
/// assert!(matches!(endless, Err(ReadError::TooLong { limit: 1000 })));
/// # Ok::<(), ReadError>(())
/// ```
///
/// # Errors
///
/// [`ReadError::TooLong`] past `limit`, [`ReadError::Alloc`] (for `the input read whole`) when
/// the memory cannot be had, [`ReadError::Read`] when the reader fails.
pub fn read_bounded(mut reader: impl std::io::Read, limit: u64) -> Result<Vec<u8>, ReadError> {
    const CHUNK: usize = 1 << 16;
    let mut bytes: Vec<u8> = Vec::new();
    loop {
        if bytes.len() as u64 > limit {
            return Err(ReadError::TooLong { limit });
        }
        if bytes.capacity() - bytes.len() < CHUNK {
            // Doubling, but never far past the limit: the input may end just under it.
            let at_most = usize::try_from(limit).unwrap_or(usize::MAX).saturating_add(1);
            let wanted = (bytes.capacity() * 2).min(at_most).max(bytes.len() + CHUNK);
            let more = wanted - bytes.len();
            try_reserve_exact(&mut bytes, more, "the input read whole")?;
        }
        let len = bytes.len();
        bytes.resize(bytes.capacity().min(len + 4 * CHUNK), 0);
        match reader.read(&mut bytes[len..]) {
            Ok(0) => {
                bytes.truncate(len);
                return Ok(bytes);
            }
            Ok(n) => bytes.truncate(len + n),
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => bytes.truncate(len),
            Err(e) => return Err(ReadError::Read(e)),
        }
    }
}

/// An empty vector with room for `capacity` values.
///
/// # Errors
///
/// The memory cannot be had: [`AllocError`] for `capacity` values of `T`, for `what`.
pub(crate) fn try_with_capacity<T>(
    capacity: usize,
    what: &'static str,
) -> Result<Vec<T>, AllocError> {
    let mut vec = Vec::new();
    try_reserve_exact(&mut vec, capacity, what)?;
    Ok(vec)
}

/// `len` copies of `value`.
///
/// # Errors
///
/// As `try_with_capacity`.
pub(crate) fn try_filled<T: Clone>(
    len: usize,
    value: T,
    what: &'static str,
) -> Result<Vec<T>, AllocError> {
    let mut vec = try_with_capacity(len, what)?;
    vec.resize(len, value);
    Ok(vec)
}

/// Reserves room for exactly `additional` more values in `vec` (for a buffer whose final size
/// is known, or that grows by its own rule).
///
/// # Errors
///
/// The memory cannot be had: [`AllocError`] for the values `vec` would then hold.
pub(crate) fn try_reserve_exact<T>(
    vec: &mut Vec<T>,
    additional: usize,
    what: &'static str,
) -> Result<(), AllocError> {
    vec.try_reserve_exact(additional)
        .map_err(|_| AllocError::of::<T>(vec.len().saturating_add(additional), what))
}

/// Reserves room for `additional` more values in `vec` (growing it by at least doubling).
///
/// # Errors
///
/// As `try_reserve_exact`.
pub(crate) fn try_reserve<T>(
    vec: &mut Vec<T>,
    additional: usize,
    what: &'static str,
) -> Result<(), AllocError> {
    vec.try_reserve(additional)
        .map_err(|_| AllocError::of::<T>(vec.len().saturating_add(additional), what))
}

/// Integers, for which all-zero bytes are the value 0 (`u8`, `u16`, `u32`, `u64`; sealed).
pub(crate) trait Zeroed: Copy + sealed::Sealed {}
impl Zeroed for u8 {}
impl Zeroed for u16 {}
impl Zeroed for u32 {}
impl Zeroed for u64 {}

mod sealed {
    /// Only this module's integers are [`Zeroed`](super::Zeroed).
    pub trait Sealed {}
    impl Sealed for u8 {}
    impl Sealed for u16 {}
    impl Sealed for u32 {}
    impl Sealed for u64 {}
}

/// `len` zeros, allocated fallibly and, like `vec![0; len]`, as zeroed memory that the system
/// hands out a page at a time as it is first touched (so the parts a search never reaches cost
/// nothing).
///
/// # Errors
///
/// As `try_with_capacity`.
pub(crate) fn try_zeroed<T: Zeroed>(len: usize, what: &'static str) -> Result<Vec<T>, AllocError> {
    let fail = || AllocError::of::<T>(len, what);
    if len == 0 {
        return Ok(Vec::new());
    }
    let layout = Layout::array::<T>(len).map_err(|_| fail())?;
    // SAFETY: what could go wrong: a zero-sized layout (undefined for `alloc_zeroed`), a null
    // pointer taken for memory, bytes that are no valid T, or a Vec freeing the memory with
    // another layout than it was allocated with (heap corruption). What we do: the layout has a
    // non-zero size (len > 0 and T is an integer of 1, 2, 4 or 8 bytes); a null pointer (the system
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

/// Buffers of at least this many bytes are worth backing with huge pages (see
/// `advise_huge_pages`): two 2 MiB pages.
const HUGE_PAGE_WORTHY: usize = 4 << 20;

/// Asks the system to back the whole 2 MiB pages inside `buffer`'s allocation (its capacity)
/// with huge pages, when the buffer is large (at least 4 MiB): Linux then hands out and zeroes
/// its memory 2 MiB at a time instead of 4 KiB, and the processor's address translation covers
/// it with 512 times fewer entries, which a search scattered over the buffer misses far less
/// often. Only a hint: nothing changes on other systems, when Linux has huge pages turned off
/// (`/sys/kernel/mm/transparent_hugepage/enabled` set to `never`), or when the call fails. A
/// buffer touched sparsely takes up to 2 MiB of memory for each place it is touched, so only
/// buffers written nearly whole are advised.
pub(crate) fn advise_huge_pages<T>(buffer: &mut Vec<T>) {
    let bytes = buffer.capacity() * size_of::<T>();
    if bytes < HUGE_PAGE_WORTHY {
        return;
    }
    #[cfg(target_os = "linux")]
    {
        const HUGE: usize = 2 << 20;
        let start = buffer.as_mut_ptr() as usize;
        let (begin, end) = (start.next_multiple_of(HUGE), (start + bytes) / HUGE * HUGE);
        if begin < end {
            // SAFETY: what could go wrong: madvise(2) on memory that is not ours, or advice that
            // changes memory contents (MADV_DONTNEED, MADV_FREE), would corrupt other data. What we
            // do: the range lies inside this vector's own allocation (its capacity, rounded inwards
            // to whole 2 MiB pages), and MADV_HUGEPAGE only says how the pages are backed, never
            // what they hold; a failure (an error return) changes nothing and is ignored.
            unsafe {
                libc::madvise(begin as *mut libc::c_void, end - begin, libc::MADV_HUGEPAGE);
            }
        }
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
        assert_eq!(try_filled(3, 7u64, "a test").unwrap(), [7, 7, 7]);
        let err = try_filled(usize::MAX / 16, 7u64, "a test").unwrap_err();
        assert_eq!(err.bytes, (usize::MAX / 16) as u64 * 8);
        assert!(try_with_capacity::<u8>(10, "a test").unwrap().capacity() >= 10);
    }
}
