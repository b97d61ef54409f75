//! aarch64 kernels: NEON, an instance of the generic algorithm. NEON (Advanced SIMD) is
//! part of the aarch64 baseline, and `build.rs` sets `pctenc_simd` for aarch64 only when the
//! target has it, so [`Kernel::Neon`](crate::Kernel::Neon) is always available where it is
//! compiled, and its intrinsics need no `unsafe` (only loads and stores do).

pub(crate) mod neon;
