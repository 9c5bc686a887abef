//! Stopping long transfinite computations: Ctrl-C and the memory ceiling.
//!
//! The arithmetic here is plain functions on values, with no engine at hand, so the engine
//! lends its interrupt flag and memory ceiling for the length of one operation
//! ([`with_limits`]); the inner loops ([`poll`]) then stop with
//! [`Error::Interrupted`] or [`Error::Overflow`] within a row of work. Outside such a loan
//! (tests, a program using the module directly) polling never stops anything.

use std::cell::RefCell;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use super::Error;

struct Limits {
    interrupt: Arc<AtomicBool>,
    memory_limit: usize,
}

thread_local! {
    static LIMITS: RefCell<Option<Limits>> = const { RefCell::new(None) };
}

/// Runs `f` with the given interrupt flag and memory ceiling in force for `poll`, then
/// restores whatever was in force before (loans nest).
pub fn with_limits<T>(interrupt: Arc<AtomicBool>, memory_limit: usize, f: impl FnOnce() -> T) -> T {
    /// Puts back the outer loan when dropped, even if `f` unwinds, so that a later
    /// computation never sees a stale flag.
    struct Restore(Option<Limits>);
    impl Drop for Restore {
        fn drop(&mut self) {
            let outer = self.0.take();
            LIMITS.with(|l| *l.borrow_mut() = outer);
        }
    }
    let loan = Limits {
        interrupt,
        memory_limit,
    };
    let _restore = Restore(LIMITS.with(|l| l.replace(Some(loan))));
    f()
}

/// `Err` when the user asked to stop, or the process's heap passed the ceiling.
pub(crate) fn poll() -> Result<(), Error> {
    LIMITS.with(|l| match &*l.borrow() {
        Some(limits) if limits.interrupt.load(Ordering::Relaxed) => Err(Error::Interrupted),
        Some(limits) if crate::engine::memory::heap_bytes() > limits.memory_limit => {
            Err(Error::Overflow)
        }
        _ => Ok(()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_raised_flag_stops_polling_only_inside_its_loan() {
        assert_eq!(poll(), Ok(()));
        let flag = Arc::new(AtomicBool::new(true));
        assert_eq!(with_limits(flag, usize::MAX, poll), Err(Error::Interrupted));
        assert_eq!(poll(), Ok(()));
        let calm = Arc::new(AtomicBool::new(false));
        assert_eq!(with_limits(calm, usize::MAX, poll), Ok(()));
    }

    #[test]
    fn a_product_stops_when_interrupted() {
        use super::super::{GenOrdinal, Surreal};
        let x = (0..50).fold(GenOrdinal::zero(), |acc, k| {
            acc + GenOrdinal::monomial(GenOrdinal::integer(k), 1.into()).expect("an ordinal")
        });
        let s = Surreal::from_ordinal(x);
        let flag = Arc::new(AtomicBool::new(true));
        assert_eq!(
            with_limits(flag, usize::MAX, || s.mul(&s)),
            Err(Error::Interrupted)
        );
        assert!(s.mul(&s).is_ok());
    }
}
