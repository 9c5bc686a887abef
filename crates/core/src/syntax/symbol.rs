//! Interned identifiers. Every name in a syntax tree is a [`Symbol`]: equal names share one
//! allocation, so the evaluator compares local names by pointer, in one instruction, on
//! every variable read.
//!
//! The table only grows: a session meets a few hundred distinct identifiers, and the bytes
//! they take are nothing next to what the names save in time.

use std::collections::HashSet;
use std::fmt;
use std::ops::Deref;
use std::sync::{Arc, Mutex, OnceLock};

/// An identifier, interned.
#[derive(Clone)]
pub struct Symbol(Arc<str>);

fn table() -> &'static Mutex<HashSet<Arc<str>>> {
    static TABLE: OnceLock<Mutex<HashSet<Arc<str>>>> = OnceLock::new();
    TABLE.get_or_init(Mutex::default)
}

impl Symbol {
    pub fn new(name: &str) -> Symbol {
        // A poisoned lock still guards a valid set (inserting cannot half-happen).
        let mut table = table().lock().unwrap_or_else(|e| e.into_inner());
        if let Some(s) = table.get(name) {
            return Symbol(s.clone());
        }
        let s: Arc<str> = name.into();
        table.insert(s.clone());
        Symbol(s)
    }
}

impl Deref for Symbol {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

/// Interning makes pointer equality the same as text equality.
impl PartialEq for Symbol {
    #[inline(always)]
    fn eq(&self, other: &Symbol) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Eq for Symbol {}

impl PartialEq<str> for Symbol {
    fn eq(&self, other: &str) -> bool {
        &*self.0 == other
    }
}

impl std::hash::Hash for Symbol {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.0.hash(state);
    }
}

impl From<&str> for Symbol {
    fn from(name: &str) -> Symbol {
        Symbol::new(name)
    }
}

impl From<String> for Symbol {
    fn from(name: String) -> Symbol {
        Symbol::new(&name)
    }
}

impl fmt::Display for Symbol {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl fmt::Debug for Symbol {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&*self.0, f)
    }
}

#[cfg(test)]
mod tests {
    use super::Symbol;

    #[test]
    fn equal_names_are_one_symbol() {
        let a = Symbol::new("heap");
        let b = Symbol::from(String::from("heap"));
        assert_eq!(a, b);
        assert_ne!(a, Symbol::new("heaps"));
        assert!(a == *"heap");
    }
}
