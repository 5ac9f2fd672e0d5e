//! The sower's games at the table: oware and Kalah ([`Mancala`]),
//! and the words shared with the other two-row games.

use mancala_core::{
    Board, Game, Landing, Mancala, Move, PlayError, Player, Topology, Turn, rules::Leftover,
};

use super::boards::TwoRow;
use super::terminal_game::{Ending, TerminalGame, hole_refusal, say_hole};
use super::text::{Names, and_list, count, ranges};
use mancala_engine::ending::{SowingEnd, Words as _, mancala_end};

/// South and North: the names of a two-row board's players.
pub(crate) fn south_north() -> Vec<String> {
    vec!["South".into(), "North".into()]
}

/// `the bottom row, holes 0 to 5` for a two-row board's player.
pub(crate) fn two_row_side(topology: &Topology, p: Player) -> String {
    let row = if p.index() == 0 { "bottom" } else { "top" };
    format!("the {row} row, holes {}", ranges(topology.pits_of(p)))
}

/// How to write a sowing move on a two-row board.
pub(crate) fn sowing_help(topology: &Topology, p: Player, seed: &str) -> String {
    format!(
        "type the number of one of your holes ({}) that holds {seed}s; they are sown one a \
         hole counter-clockwise, up the hole numbers.",
        ranges(topology.pits_of(p))
    )
}

/// A move of the generic sowing game (and Toguz Kumalak) as a human
/// would type it: `hole 3`, `pass`.
pub(crate) fn say_move(mv: Move) -> String {
    match mv {
        Move::Sow(pit) => say_hole(pit),
        Move::Pass => "pass".into(),
    }
}

/// `  <- to move` after the line of the player to move.
pub(crate) fn arrow(to_move: Option<Player>, p: Player) -> &'static str {
    if to_move == Some(p) {
        "   <- to move"
    } else {
        ""
    }
}

/// A sowing turn in words: who sowed which hole (or passed), how many laps,
/// where it ended and what it captured.
pub(crate) fn sown_words(turn: &Turn, names: &Names, seed: &str) -> String {
    let who = names.cap(turn.mover);
    let Move::Sow(pit) = turn.played else {
        return format!("{who} passes.");
    };
    let Some(landing) = turn.landing else {
        return format!("{who} cannot sow hole {pit}.");
    };
    let mut text = format!("{who} sows hole {pit}");
    if turn.laps > 1 {
        text.push_str(&format!(" ({} laps)", turn.laps));
    }
    match landing {
        Landing::Hole(h) if turn.endless => text.push_str(&format!(
            ", which would relay forever: it stops before lifting hole {h} again, \
             capturing nothing"
        )),
        Landing::Hole(h) => text.push_str(&format!(" and ends in hole {h}")),
        Landing::Store(p) if p == turn.mover => text.push_str(" and ends in his store"),
        Landing::Store(p) => text.push_str(&format!(" and ends in {}'s store", names.of(p))),
    }
    if !turn.captured.is_empty() {
        let holes: Vec<String> = turn.captured.iter().map(|p| p.to_string()).collect();
        text.push_str(&format!(
            ", capturing {} from hole{} {}",
            count(turn.seeds, seed),
            if holes.len() == 1 { "" } else { "s" },
            and_list(&holes)
        ));
    }
    if turn.grand_slam_refused {
        text.push_str(&format!(
            "; the capture would take every {seed} of the other side (a grand slam), so \
             nothing is captured"
        ));
    }
    if turn.extra_turn {
        text.push_str("; he moves again");
    }
    text.push('.');
    text
}

/// The final count of a two-player sowing game: each player's store, plus
/// what he took or keeps of the seeds left, by the rules' `leftover`.
pub(crate) fn sowing_count(
    end: &SowingEnd,
    topology: &Topology,
    leftover: Leftover,
    names: &Names,
    seed: &str,
) -> String {
    let stores: Vec<u64> = names
        .players()
        .map(|p| u64::from(end.board.store(p)))
        .collect();
    // What each player adds to his store from the seeds left.
    let added: Vec<u64> = names
        .players()
        .map(|p| match leftover {
            Leftover::ToOwner => u64::from(end.swept[p.index()]),
            Leftover::Stay => u64::from(end.board.seeds_of(topology, p)),
            Leftover::Mobile => end
                .scores
                .get(p.index())
                .map_or(0, |&s| s.saturating_sub(stores[p.index()])),
            Leftover::Void => 0,
        })
        .collect();
    let stores_only = || {
        let parts: Vec<String> = names
            .players()
            .map(|p| format!("{} {}", names.of(p), stores[p.index()]))
            .collect();
        and_list(&parts)
    };
    let with_added = || {
        let parts: Vec<String> = names
            .players()
            .map(|p| {
                let (s, a) = (stores[p.index()], added[p.index()]);
                format!("{} {s} + {a} = {}", names.of(p), s + a)
            })
            .collect();
        and_list(&parts)
    };
    let left = end.board.on_board();
    match leftover {
        _ if added.iter().all(|&a| a == 0) && leftover == Leftover::Mobile => format!(
            "Neither player can sow: the game is drawn, whatever the stores ({}).",
            stores_only()
        ),
        _ if added.iter().all(|&a| a == 0) && (leftover != Leftover::Void || left == 0) => {
            format!("Final count: {}.", stores_only())
        }
        Leftover::ToOwner => format!(
            "Each player takes the {seed}s left on his side. Final count (captured + \
             left on his side): {}.",
            with_added()
        ),
        Leftover::Stay => format!(
            "The {seed}s left on each side count for its owner. Final count (store + \
             {seed}s on his side): {}.",
            with_added()
        ),
        Leftover::Mobile => format!(
            "The {} left on the board go to the player still able to sow. Final count \
             (store + {seed}s left): {}.",
            count(left, seed),
            with_added()
        ),
        Leftover::Void => format!(
            "The {} left on the board count for nobody. Final count (captured): {}.",
            count(left, seed),
            stores_only()
        ),
    }
}

/// Whether these rules sow into the stores (Kalah and its kind).
fn has_stores(game: &Mancala) -> bool {
    game.rules().sowing.into_own_store
}

/// A [`Mancala`] board as drawn, with `board`'s counts (the game's own, or
/// the board before the end's sweep).
fn mancala_board(game: &Mancala, board: &Board, names: &Names, to_move: Option<Player>) -> String {
    let stores = has_stores(game);
    let line = |p: Player| {
        let store = board.store(p);
        let what = if stores {
            format!("store {store}")
        } else {
            format!("captured {store}")
        };
        format!("{}: {what}{}", names.of(p), arrow(to_move, p))
    };
    TwoRow {
        stores: stores.then(|| [board.store(Player::P0), board.store(Player::P1)]),
        ..TwoRow::new(board.holes(), line)
    }
    .draw()
}

impl TerminalGame for Mancala {
    fn side(&self, p: Player) -> String {
        two_row_side(self.topology(), p)
    }

    fn draw(&self, names: &Names) -> String {
        mancala_board(self, self.board(), names, self.to_move())
    }

    fn how_to_move(&self, p: Player) -> String {
        let help = sowing_help(self.topology(), p, "seed");
        if self.rules().sowing.direction == mancala_core::rules::Direction::Clockwise {
            help.replace("counter-clockwise, up", "clockwise, down")
        } else {
            help
        }
    }

    fn say(&self, mv: &Move) -> String {
        say_move(*mv)
    }

    fn describe(&self, turn: &Turn, names: &Names) -> String {
        sown_words(turn, names, "seed")
    }

    hole_refusal!(PlayError);

    fn ending(&self, before: &Mancala, mv: &Move, names: &Names) -> Ending {
        match mancala_end(before, *mv) {
            Some(end) => Ending {
                board: mancala_board(self, &end.board, names, None),
                reason: end.reason.words(&|p| names.of(p), "seed"),
                count: sowing_count(&end, self.topology(), self.rules().leftover, names, "seed"),
            },
            None => Ending::as_it_stands(self, "the game is over", names),
        }
    }
}
