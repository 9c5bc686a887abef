//! Unit tests of the methods of non-game values (language.md §7–§9), through whole sessions.
