//! Command-line interface (stub).

pub fn main() -> i32 {
    0
}
