//! The environment: global variables, user-defined functions, and the local bindings of the
//! function call being evaluated.

use super::Value;
use crate::syntax::ast::Expr;
use std::collections::BTreeMap;
use std::rc::Rc;

/// A function defined with `def f(x, y) := body`.
#[derive(Clone, Debug)]
pub struct UserFunction {
    pub params: Vec<String>,
    pub body: Rc<Expr>,
}

#[derive(Default)]
pub struct Environment {
    globals: BTreeMap<String, Value>,
    functions: BTreeMap<String, UserFunction>,
    /// Innermost scope last; a scope is the parameters of one call (or a comprehension).
    locals: Vec<Vec<(String, Value)>>,
}

/// Deepest chain of user-function calls before we report runaway recursion.
pub const MAX_CALL_DEPTH: usize = 200;

impl Environment {
    pub fn get(&self, name: &str) -> Option<&Value> {
        if let Some(scope) = self.locals.last()
            && let Some((_, v)) = scope.iter().rev().find(|(n, _)| n == name)
        {
            return Some(v);
        }
        self.globals.get(name)
    }

    pub fn set_global(&mut self, name: &str, value: Value) {
        self.globals.insert(name.to_string(), value);
    }

    pub fn function(&self, name: &str) -> Option<&UserFunction> {
        self.functions.get(name)
    }

    pub fn define(&mut self, name: &str, f: UserFunction) {
        self.functions.insert(name.to_string(), f);
    }

    pub fn push_scope(&mut self, bindings: Vec<(String, Value)>) {
        self.locals.push(bindings);
    }

    /// Add a binding to the innermost scope (comprehension variables).
    pub fn bind_local(&mut self, name: &str, value: Value) {
        if let Some(scope) = self.locals.last_mut() {
            scope.retain(|(n, _)| n != name);
            scope.push((name.to_string(), value));
        }
    }

    pub fn pop_scope(&mut self) {
        self.locals.pop();
    }

    pub fn depth(&self) -> usize {
        self.locals.len()
    }

    pub fn globals(&self) -> impl Iterator<Item = (&String, &Value)> {
        self.globals.iter()
    }

    pub fn function_names(&self) -> impl Iterator<Item = &String> {
        self.functions.keys()
    }

    pub fn clear(&mut self) {
        self.globals.clear();
        self.functions.clear();
        self.locals.clear();
    }
}
