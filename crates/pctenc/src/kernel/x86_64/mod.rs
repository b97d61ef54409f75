//! x86_64 kernels, each behind `#[target_feature]` and entered only through
//! [`Kernel`](crate::Kernel) values that runtime detection produced.
//!
//! The entry points are safe `#[target_feature]` functions: calling them is `unsafe` only
//! from code compiled without the feature, which is the one dispatch call per operation in
//! `kernel/mod.rs`. Inside, `unsafe` is limited to unaligned loads and stores, each bounded
//! by an array type or a stated invariant.

use core::mem::MaybeUninit;

pub mod avx2;
pub mod avx512;
pub(crate) mod clean;
pub mod ssse3;

/// Whether `out` has room for any encoding of `input` plus `room` bytes (an encoder's
/// `ENCODE_ROOM`): each input byte writes at most 3, so the write position stays below 3 * i,
/// and every step stores below it + `room` (as the steps' comments say). One compare, no
/// division: callers reserve that much (`kernel::encode_capacity`).
#[inline]
fn has_encode_room(input: &[u8], out: &[MaybeUninit<u8>], room: usize) -> bool {
    let len = input.len();
    len < 1 << 60 && 3 * len + room <= out.len()
}

/// Whether this CPU runs the [`avx2`] kernel.
#[cfg(feature = "std")]
pub fn has_avx2() -> bool {
    std::is_x86_feature_detected!("avx2") && std::is_x86_feature_detected!("popcnt")
}

/// Whether this build runs the [`avx2`] kernel (without `std`: only if compiled for it).
#[cfg(not(feature = "std"))]
pub fn has_avx2() -> bool {
    cfg!(all(target_feature = "avx2", target_feature = "popcnt"))
}

/// Whether this CPU runs the [`ssse3`] kernel.
#[cfg(feature = "std")]
pub fn has_ssse3() -> bool {
    std::is_x86_feature_detected!("ssse3")
}

/// Whether this build runs the [`ssse3`] kernel (without `std`: only if compiled for it).
#[cfg(not(feature = "std"))]
pub fn has_ssse3() -> bool {
    cfg!(target_feature = "ssse3")
}

/// Whether this CPU runs the [`avx512`] kernel: AVX-512 F and BW, the byte permutes of VBMI,
/// the byte compress of VBMI2, and BMI2's PDEP.
#[cfg(feature = "std")]
pub fn has_avx512() -> bool {
    has_avx2()
        && std::is_x86_feature_detected!("avx512f")
        && std::is_x86_feature_detected!("avx512bw")
        && std::is_x86_feature_detected!("avx512vbmi")
        && std::is_x86_feature_detected!("avx512vbmi2")
        && std::is_x86_feature_detected!("bmi2")
}

/// Whether this build runs the [`avx512`] kernel (without `std`: only if compiled for it).
#[cfg(not(feature = "std"))]
pub fn has_avx512() -> bool {
    has_avx2()
        && cfg!(all(
            target_feature = "avx512f",
            target_feature = "avx512bw",
            target_feature = "avx512vbmi",
            target_feature = "avx512vbmi2",
            target_feature = "bmi2"
        ))
}
