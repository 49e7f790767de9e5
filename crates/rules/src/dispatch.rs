//! Picks the fastest attack lookup this CPU supports, once, at run time.
//!
//! The generic move generator is compiled twice on x86-64: once portable
//! (magic multiplication), once with BMI2, POPCNT, LZCNT and AVX2 enabled
//! and the `pext` lookup. The binary still runs on any x86-64 and on other
//! architectures; only CPUs with fast BMI2 take the second path.

use std::sync::atomic::{AtomicU8, Ordering};

/// The code paths the generic core is compiled for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Backend {
    /// Magic multiplication, no CPU extensions assumed.
    Portable,
    /// `pext` lookups with BMI2/POPCNT/LZCNT, and AVX2 for copying
    /// positions (x86-64 only).
    Bmi2,
}

const UNKNOWN: u8 = 0;
const PORTABLE: u8 = 1;
const BMI2: u8 = 2;

static BACKEND: AtomicU8 = AtomicU8::new(UNKNOWN);

#[cold]
fn detect() -> u8 {
    let found = if cpu_has_fast_pext() { BMI2 } else { PORTABLE };
    let forced = std::env::var("ARBITER_BACKEND").ok();
    let chosen = match forced.as_deref() {
        Some("portable") => PORTABLE,
        _ => found,
    };
    BACKEND.store(chosen, Ordering::Relaxed);
    chosen
}

#[cfg(target_arch = "x86_64")]
fn cpu_has_fast_pext() -> bool {
    if !(std::is_x86_feature_detected!("bmi2")
        && std::is_x86_feature_detected!("popcnt")
        && std::is_x86_feature_detected!("lzcnt")
        && std::is_x86_feature_detected!("bmi1")
        && std::is_x86_feature_detected!("avx2"))
    {
        return false;
    }
    // AMD before Zen 3 (family 0x19) implements pext in microcode, slower
    // than a magic multiplication.
    let vendor = core::arch::x86_64::__cpuid(0);
    let is_amd = vendor.ebx == u32::from_le_bytes(*b"Auth");
    if is_amd {
        let info = core::arch::x86_64::__cpuid(1);
        let base_family = (info.eax >> 8) & 0xf;
        let ext_family = (info.eax >> 20) & 0xff;
        let family = if base_family == 0xf {
            base_family + ext_family
        } else {
            base_family
        };
        return family >= 0x19;
    }
    true
}

#[cfg(not(target_arch = "x86_64"))]
fn cpu_has_fast_pext() -> bool {
    false
}

/// The backend in use. The environment variable `ARBITER_BACKEND=portable`
/// forces the portable path (for tests and comparisons).
#[inline(always)]
pub fn backend() -> Backend {
    let b = match BACKEND.load(Ordering::Relaxed) {
        UNKNOWN => detect(),
        b => b,
    };
    if b == BMI2 {
        Backend::Bmi2
    } else {
        Backend::Portable
    }
}

/// Defines `$name`, which runs the generic `$body` with `S` bound to the
/// fastest [`crate::attacks::Sliders`] implementation the CPU supports.
macro_rules! multiversion {
    (
        $(#[$meta:meta])*
        $vis:vis fn $name:ident $(<$($lt:lifetime),*>)? ($($arg:ident : $ty:ty),* $(,)?) -> $ret:ty
        where S { $($body:tt)* }
    ) => {
        $(#[$meta])*
        #[inline]
        $vis fn $name $(<$($lt),*>)? ($($arg: $ty),*) -> $ret {
            #[inline(always)]
            fn generic<$($($lt,)*)? S: $crate::attacks::Sliders>($($arg: $ty),*) -> $ret {
                $($body)*
            }
            #[cfg(target_arch = "x86_64")]
            {
                #[target_feature(enable = "bmi1,bmi2,popcnt,lzcnt,avx2")]
                fn fast $(<$($lt),*>)? ($($arg: $ty),*) -> $ret {
                    generic::<$crate::attacks::Pext>($($arg),*)
                }
                if $crate::dispatch::backend() == $crate::dispatch::Backend::Bmi2 {
                    // SAFETY: the backend is BMI2 only when the CPU has these features.
                    return unsafe { fast($($arg),*) };
                }
            }
            generic::<$crate::attacks::Magic>($($arg),*)
        }
    };
}

pub(crate) use multiversion;
