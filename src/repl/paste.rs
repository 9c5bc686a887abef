//! Pasting several lines at the prompt. A terminal with bracketed paste wraps pasted text in
//! `ESC[200~ … ESC[201~`, and rustyline would insert all of it into one line, run only after
//! an extra Enter. Here the markers are swallowed instead, so that the pasted text is read as
//! if typed: each line is run in order and enters the history, exactly as typed-ahead lines
//! are (rustyline keeps unread input between prompts, its `buffer-redux` feature). Inside a
//! paste a Tab is text, not a request for completion.

use rustyline::history::History;
use rustyline::{
    Cmd, ConditionalEventHandler, Editor, Event, EventContext, EventHandler, Helper, KeyCode,
    KeyEvent, Modifiers, RepeatCount,
};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// Install the bindings on `editor`.
pub fn bind<H: Helper, I: History>(editor: &mut Editor<H, I>) {
    let pasting = Arc::new(AtomicBool::new(false));
    let handlers: [(KeyCode, Marker); 3] = [
        (KeyCode::BracketedPasteStart, Marker::Start),
        (KeyCode::BracketedPasteEnd, Marker::End),
        (KeyCode::Tab, Marker::Tab),
    ];
    for (key, marker) in handlers {
        editor.bind_sequence(
            KeyEvent(key, Modifiers::NONE),
            EventHandler::Conditional(Box::new(PasteKey {
                marker,
                pasting: pasting.clone(),
            })),
        );
    }
}

#[derive(Clone, Copy)]
enum Marker {
    Start,
    End,
    Tab,
}

struct PasteKey {
    marker: Marker,
    /// Between the start and end markers of a paste.
    pasting: Arc<AtomicBool>,
}

impl ConditionalEventHandler for PasteKey {
    fn handle(&self, _: &Event, _: RepeatCount, _: bool, _: &EventContext) -> Option<Cmd> {
        match self.marker {
            Marker::Start => {
                self.pasting.store(true, Ordering::Relaxed);
                Some(Cmd::Noop)
            }
            Marker::End => {
                self.pasting.store(false, Ordering::Relaxed);
                Some(Cmd::Noop)
            }
            Marker::Tab if self.pasting.load(Ordering::Relaxed) => Some(Cmd::SelfInsert(1, '\t')),
            // Outside a paste, Tab completes as usual.
            Marker::Tab => None,
        }
    }
}
