//! aarch64 kernels. NEON (Advanced SIMD) is part of the aarch64 baseline, and `build.rs`
//! sets `pctenc_simd` for aarch64 only when the target has it, so
//! [`Kernel::Neon`](crate::Kernel::Neon) is always available where it is compiled.
//!
//! The entry points are `#[target_feature(enable = "neon")]` functions, which the dispatch in
//! `kernel/mod.rs` calls from code built with NEON on; inside, `unsafe` is limited to loads
//! and stores through raw pointers, each bounded by an array type or a stated invariant.

pub mod neon;
