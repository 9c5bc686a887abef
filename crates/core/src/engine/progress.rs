//! What a long computation is doing, for the REPL's progress line. Loops that already poll the
//! interrupt flag publish a count here now and then, and the line's thread reads the latest
//! one. Process-wide, like the allocator's count: one statement runs at a time.

use std::fmt;
use std::sync::Mutex;

/// A count of work done: `1234567 heaps`, optionally with a second figure (`1274 rare values`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Report {
    pub count: u64,
    /// What is counted, plural: "heaps", "positions".
    pub unit: &'static str,
    pub detail: Option<(u64, &'static str)>,
}

static LATEST: Mutex<Option<Report>> = Mutex::new(None);

/// What the statement is doing now, when that is not what it was typed for (its summary).
static STAGE: Mutex<Option<&'static str>> = Mutex::new(None);

/// Say what the statement is doing now (`None`: what it was typed for).
pub fn set_stage(stage: Option<&'static str>) {
    *STAGE
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner()) = stage;
}

/// The stage set since [`clear`], if any.
pub fn stage() -> Option<&'static str> {
    *STAGE
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Publish `count` `unit` done so far.
pub fn report(count: u64, unit: &'static str) {
    set(Some(Report {
        count,
        unit,
        detail: None,
    }));
}

/// Publish a count with a second figure.
pub fn report_with(count: u64, unit: &'static str, detail: u64, detail_unit: &'static str) {
    set(Some(Report {
        count,
        unit,
        detail: Some((detail, detail_unit)),
    }));
}

/// The latest report since [`clear`].
pub fn latest() -> Option<Report> {
    *LATEST
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Forget the last report and stage (a new statement starts).
pub fn clear() {
    set(None);
    set_stage(None);
}

fn set(report: Option<Report>) {
    *LATEST
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner()) = report;
}

/// Digits in groups of three: `1,234,567`.
fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", grouped(self.count), self.unit)?;
        if let Some((n, unit)) = self.detail {
            write!(f, ", {} {unit}", grouped(n))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reports_read_with_grouped_digits() {
        let r = Report {
            count: 1_234_567,
            unit: "heaps",
            detail: Some((1274, "rare values")),
        };
        assert_eq!(r.to_string(), "1,234,567 heaps, 1,274 rare values");
        let small = Report {
            count: 12,
            unit: "positions",
            detail: None,
        };
        assert_eq!(small.to_string(), "12 positions");
    }
}
