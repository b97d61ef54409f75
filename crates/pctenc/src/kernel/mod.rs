//! Kernels: the loops that do the work, behind one choice made once.
//!
//! [`scalar`] is always compiled: it is the reference that every faster kernel is tested
//! against, and it finishes the tail that a block-wise kernel leaves. SIMD kernels arrive
//! behind the same [`Kernel`] value; until then the choice is between one.

pub mod scalar;

use core::sync::atomic::{AtomicU8, Ordering};

/// The forced kernel, as `Kernel as u8 + 1`; 0 means "detect".
static FORCED: AtomicU8 = AtomicU8::new(0);

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

    /// The kernel the library uses now: the one [`Kernel::force`] chose, else
    /// [`Kernel::detect`]'s.
    pub fn current() -> Kernel {
        match FORCED.load(Ordering::Relaxed) {
            0 => Kernel::detect(),
            n => Kernel::available()
                .iter()
                .copied()
                .find(|k| *k as u8 + 1 == n)
                .unwrap_or(Kernel::Scalar),
        }
    }

    /// Makes every later call in this process use `kernel` (the CLI's `--kernel`, tests and
    /// benches); `None` goes back to detection. A `Kernel` value is only ever one this CPU
    /// supports, so forcing cannot select an unsupported instruction set.
    ///
    /// ```
    /// use pctenc::Kernel;
    /// Kernel::force(Some(Kernel::Scalar));
    /// assert_eq!(Kernel::current(), Kernel::Scalar);
    /// Kernel::force(None);
    /// ```
    pub fn force(kernel: Option<Kernel>) {
        FORCED.store(kernel.map_or(0, |k| k as u8 + 1), Ordering::Relaxed);
    }

    /// Finds an available kernel by name.
    pub fn by_name(name: &str) -> Option<Kernel> {
        Kernel::available().iter().copied().find(|k| k.name() == name)
    }
}
