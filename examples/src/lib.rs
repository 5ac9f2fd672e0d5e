//! Short programs that show how to use the mancala-rs libraries; each is in
//! `examples/examples/` and runs with `cargo run --example NAME`. This
//! library is empty: the programs are the point.
#![forbid(unsafe_code)]
