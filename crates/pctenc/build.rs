//! Sets one cfg, `pctenc_simd`, where this build has a SIMD kernel: the `simd` feature on a
//! target whose vector instructions a kernel is written for. x86_64 kernels are chosen at run
//! time (every x86_64 CPU may lack AVX2 or SSSE3); NEON is part of the aarch64 baseline; wasm
//! has no run-time detection, so simd128 counts only when the build enables it
//! (`-C target-feature=+simd128`). One name instead of the same `any(...)` in every `cfg`.

fn main() {
    println!("cargo::rustc-check-cfg=cfg(pctenc_simd)");
    println!("cargo::rerun-if-changed=build.rs");
    let feature = std::env::var_os("CARGO_FEATURE_SIMD").is_some();
    let arch = std::env::var("CARGO_CFG_TARGET_ARCH").unwrap_or_default();
    let features = std::env::var("CARGO_CFG_TARGET_FEATURE").unwrap_or_default();
    let has = |f: &str| features.split(',').any(|x| x == f);
    let kernel = match arch.as_str() {
        "x86_64" => true,
        "aarch64" => has("neon"),
        "wasm32" => has("simd128"),
        _ => false,
    };
    if feature && kernel {
        println!("cargo::rustc-cfg=pctenc_simd");
    }
}
