//! Kernels: the loops that do the work, behind one choice made once.
//!
//! [`scalar`] is always compiled: it is the reference that every faster kernel is tested
//! against, and it finishes the tail that a block-wise kernel leaves. SIMD kernels arrive
//! behind the same [`Kernel`] value; until then the choice is between one.

pub mod scalar;

/// A kernel that can run on this CPU.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Kernel {
    /// The table-driven scalar kernel: portable, the oracle for the others.
    Scalar,
}

impl Kernel {
    /// The fastest kernel this CPU supports.
    pub fn detect() -> Kernel {
        Kernel::Scalar
    }

    /// Every kernel this CPU supports, slowest first.
    pub fn available() -> &'static [Kernel] {
        &[Kernel::Scalar]
    }

    /// The kernel's name, as `--kernel` takes it.
    pub const fn name(self) -> &'static str {
        match self {
            Kernel::Scalar => "scalar",
        }
    }

    /// Finds an available kernel by name.
    pub fn by_name(name: &str) -> Option<Kernel> {
        Kernel::available().iter().copied().find(|k| k.name() == name)
    }
}
