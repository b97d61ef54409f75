//! wasm32 kernels: simd128, an instance of the generic algorithm. WebAssembly has no
//! run-time feature detection: a module that uses a SIMD instruction fails to validate on an
//! engine without it, so this module exists only when the build itself enables `simd128`
//! (`-C target-feature=+simd128`; `build.rs` then sets `pctenc_simd`), and
//! [`Kernel::Simd128`](crate::Kernel::Simd128) is always available where it is compiled.
//! Its intrinsics are then safe; only loads and stores need `unsafe`.

pub(crate) mod simd128;
