//! Where names live: the session's globals ([`Context`]) and the chain of block scopes
//! ([`Frame`]) that closures capture.
//!
//! Scoping follows CGScript (language.md §6): a name resolves to the innermost visible local,
//! then to a global, then to a built-in. Blocks (`begin`, `if` branches, loop rounds, function
//! calls) each open a frame; a lambda keeps the frame it was made in alive, so locals are shared
//! by reference between everything that sees them.
//!
//! The context also carries the bookkeeping that makes memoising user functions sound:
//! a *generation* that changes whenever a global read by some function body is reassigned, and
//! an *effects* counter that changes on every write outside the running call's own frames.

use super::Value;
use crate::display::Printer;
use crate::syntax::Symbol;
use std::cell::{Cell, RefCell};
use std::collections::{BTreeMap, HashSet};
use std::rc::Rc;

/// Deepest chain of user-function calls before we report runaway recursion. Evaluation grows
/// its stack on demand, so the limit is about memory, not the native stack.
pub const MAX_CALL_DEPTH: usize = 20_000;

/// State shared by a session and every function value it creates.
#[derive(Default)]
pub struct Context {
    pub globals: RefCell<BTreeMap<String, Value>>,
    pub printer: RefCell<Printer>,
    /// Depth of user-function calls now running.
    pub depth: Cell<usize>,
    /// Changes when a global that some function body names is reassigned: memo tables made
    /// under another generation are stale.
    pub generation: Cell<u64>,
    /// Changes on every assignment outside the frames of the call being evaluated, and on
    /// output: a call during which it changed had side effects and is not memoised.
    pub effects: Cell<u64>,
    /// Serial numbers for frames, so an assignment can tell whether it writes a frame of the
    /// current call (not an effect) or an older, captured one (an effect).
    pub next_frame: Cell<u64>,
    /// Every free name of every function made so far: reassigning such a global bumps the
    /// generation.
    pub referenced: RefCell<HashSet<String>>,
    /// Lines written by `System.Print` during the current statement.
    pub printed: RefCell<Vec<String>>,
}

impl Context {
    pub fn global(&self, name: &str) -> Option<Value> {
        self.globals.borrow().get(name).cloned()
    }

    pub fn set_global(&self, name: &str, value: Value) {
        if self.referenced.borrow().contains(name) {
            self.generation.set(self.generation.get() + 1);
        }
        self.effects.set(self.effects.get() + 1);
        self.globals.borrow_mut().insert(name.to_string(), value);
    }

    pub fn new_frame(&self, parent: Option<Rc<Frame>>) -> Rc<Frame> {
        let serial = self.next_frame.get();
        self.next_frame.set(serial + 1);
        Rc::new(Frame {
            vars: RefCell::new(Vec::new()),
            parent,
            serial,
        })
    }

    pub fn clear(&self) {
        self.globals.borrow_mut().clear();
        self.generation.set(self.generation.get() + 1);
    }
}

/// One block scope: its locals, and the scope it is nested in.
#[derive(Debug)]
pub struct Frame {
    vars: RefCell<Vec<(Symbol, Value)>>,
    parent: Option<Rc<Frame>>,
    pub serial: u64,
}

impl Frame {
    /// Declare a local in this frame (the caller has checked for duplicates).
    pub fn declare(&self, name: Symbol, value: Value) {
        self.vars.borrow_mut().push((name, value));
    }

    /// Make `name` the only local of this frame, for the next round of a loop that owns
    /// it. The value is made in its slot: moving a freshly made value costs more than
    /// making it.
    #[inline(always)]
    pub fn rebind(&self, name: &Symbol, value: impl FnOnce() -> Value) {
        let mut vars = self.vars.borrow_mut();
        match vars.as_mut_slice() {
            [(only, slot)] if only == name => *slot = value(),
            _ => {
                vars.clear();
                vars.push((name.clone(), value()));
            }
        }
    }

    /// The innermost visible local `name`.
    /// By text: for names that are not symbols of the tree (a call's name, a memo key's
    /// free names), which interning would cost a lock on every use.
    pub fn lookup(self: &Rc<Self>, name: &str) -> Option<Value> {
        let mut frame = Some(self);
        while let Some(f) = frame {
            if let Some((_, v)) = f.vars.borrow().iter().rev().find(|(n, _)| **n == *name) {
                return Some(v.clone());
            }
            frame = f.parent.as_ref();
        }
        None
    }

    /// `read` applied to the innermost visible local `name`. The hot path of every variable
    /// read: names compare by pointer, and taking the result straight from `read` spares a
    /// copy of the value.
    #[inline(always)]
    pub fn read<R>(self: &Rc<Self>, name: &Symbol, read: impl FnOnce(&Value) -> R) -> Option<R> {
        let mut frame = Some(self);
        while let Some(f) = frame {
            if let Some((_, v)) = f.vars.borrow().iter().rev().find(|(n, _)| n == name) {
                return Some(read(v));
            }
            frame = f.parent.as_ref();
        }
        None
    }

    /// Overwrite the innermost visible local `name`; returns the serial of the frame written,
    /// or `None` if no local has that name.
    pub fn assign(self: &Rc<Self>, name: &Symbol, value: Value) -> Result<u64, Value> {
        let mut frame = Some(self);
        while let Some(f) = frame {
            if let Some(slot) = f
                .vars
                .borrow_mut()
                .iter_mut()
                .rev()
                .find(|(n, _)| n == name)
            {
                slot.1 = value;
                return Ok(f.serial);
            }
            frame = f.parent.as_ref();
        }
        Err(value)
    }
}

/// The innermost visible local `name` in an optional scope.
pub fn lookup(scope: &Option<Rc<Frame>>, name: &str) -> Option<Value> {
    scope.as_ref().and_then(|f| f.lookup(name))
}
