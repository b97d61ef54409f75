//! x86_64 kernels: SSSE3, AVX2 and AVX-512 as instances of the generic algorithm, each
//! entered only through a [`Kernel`](crate::Kernel) that run-time detection produced; and
//! [`Sse2`], the baseline, which needs no detection.

use core::arch::x86_64::*;

pub(crate) mod avx2;
pub(crate) mod avx512;
pub(crate) mod ssse3;

/// 16 bytes of SSE2, which every x86_64 CPU has: the short decode path copies a value
/// without `%` with it, inlined before any kernel is called (`generic::copy_clean`).
#[derive(Clone, Copy)]
pub(crate) struct Sse2(__m128i);

/// `unsafe { $e }` for SSE2 instructions.
macro_rules! sse2 {
    ($e:expr) => {
        // SAFETY: SSE2 is in the x86_64 baseline, so every CPU this code runs on has it.
        unsafe { $e }
    };
}

/// The [`Bytes`] impl of a 16-byte x86 vector `$t`: SSE2 alone, for [`Sse2`] and the
/// SSSE3 kernel's vector alike (its own instructions start at `PSHUFB`, in `Vector`).
macro_rules! sse2_bytes {
    ($t:ident) => {
        $crate::kernel::vector::bytes! { $t(16):
            splat _mm_set1_epi8, load _mm_loadu_si128, store _mm_storeu_si128;
            $crate::kernel::vector::ops! { $t: eq(b) => _mm_cmpeq_epi8; or(b) => _mm_or_si128; }
            #[inline(always)]
            fn movemask(self) -> u64 {
                $crate::kernel::x86_64::sse2!(_mm_movemask_epi8(self.0)) as u32 as u64
            }
        }
    };
}
pub(crate) use {sse2, sse2_bytes};

sse2_bytes!(Sse2);

/// [`Vector::prefetch`](super::vector::Vector::prefetch) of the x86 kernels: `PREFETCHW`
/// for writing (a no-op on CPUs without it). A prefetch reads nothing the program can
/// observe and never faults, whatever the address.
macro_rules! prefetch {
    () => {
        #[inline(always)]
        fn prefetch<const WRITE: bool>(p: *const u8) {
            if WRITE {
                $crate::kernel::x86_64::sse2!(_mm_prefetch::<_MM_HINT_ET0>(p.cast()));
            } else {
                $crate::kernel::x86_64::sse2!(_mm_prefetch::<_MM_HINT_T0>(p.cast()));
            }
        }
    };
}
pub(crate) use prefetch;

/// Whether this CPU has every feature named (a kernel's, in `kernels!`): asked at run time
/// with `std`, else what the build enables.
macro_rules! has {
    ($($f:tt),+) => {{
        #[cfg(feature = "std")]
        let has = $(std::is_x86_feature_detected!($f))&&+;
        #[cfg(not(feature = "std"))]
        let has = cfg!(all($(target_feature = $f),+));
        has
    }};
}
pub(crate) use has;
