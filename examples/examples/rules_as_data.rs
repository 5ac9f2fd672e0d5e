//! A rule set written as data: oware's rules changed field by field into a
//! game no preset names, then played by the same engine as every preset.
//!
//! ```text
//! cargo run --example rules_as_data
//! ```
//!
//! The rules are a `Copy` value of plain fields; [`Mancala::new`] checks
//! them as a whole and refuses what makes no game, with the reason.

use mancala_core::{Game, Layout, Mancala, Rules, Status, rules::Relay};
use mancala_engine::Limits;
use mancala_engine::agents::AlphaBeta;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // Oware on two rows of five holes, three seeds each, where a last seed
    // that makes four or more in its hole lifts them and sows on (relays).
    let mut rules = Rules::oware();
    rules.layout = Layout::two_rows(5);
    rules.seeds = 3;
    rules.relay = Relay::AtLeast(4);
    let mut game = Mancala::new(rules)?;
    println!("rules: {}", game.rules());
    println!("start: {game}");
    // The search works on any rules, through the Game trait.
    let mut search = AlphaBeta::new(0);
    while let Status::ToMove(_) = game.status() {
        let Some(result) = search.search(&game, &Limits::nodes(2_000)) else {
            break;
        };
        game.play(result.best)?;
    }
    println!("end:   {game}");
    println!("{:?}", game.status());
    // Rules that make no game are refused with the reason.
    let mut broken = Rules::oware();
    broken.seeds = 0;
    match Mancala::new(broken) {
        Ok(_) => println!("no seeds: accepted"),
        Err(e) => println!("no seeds: refused ({e})"),
    }
    Ok(())
}
