//! wasm32 kernels. WebAssembly has no run-time feature detection: a module that uses a
//! SIMD instruction fails to validate on an engine without it, so this module exists only
//! when the build itself enables `simd128` (`-C target-feature=+simd128`; `build.rs` then
//! sets `pctenc_simd`). Every engine that loads such a module runs it, so
//! [`Kernel::Simd128`](crate::Kernel::Simd128) is always available where it is compiled.
//!
//! The simd128 intrinsics are safe functions when the feature is on at compile time, so the
//! dispatch in `kernel/mod.rs` calls these entry points without `unsafe`; inside, `unsafe` is
//! limited to unaligned loads and stores through raw pointers, each bounded by an array type
//! or a stated invariant.

pub mod simd128;
