//! The matches of rounds at the table: the round and the closed holes
//! above the board, each player's store on his line, and between rounds
//! the fills.

use mancala_core::rounds::{RoundAction, RoundGame, RoundTurn, SownStores};
use mancala_core::{Pit, Player, rules::Direction};

use super::boards::TwoRow;
use super::sowing::arrow;
use super::terminal_game::{Ending, TerminalGame, ending_with, say_hole};
use super::text::{Names, count, ranges};

/// `p`'s holes.
fn holes_of(game: &RoundGame, p: Player) -> impl Iterator<Item = Pit> {
    let houses = usize::from(game.rules().houses);
    (p.index() * houses..(p.index() + 1) * houses).filter_map(Pit::new)
}

/// What a player's seeds between rounds are called: his store, or his
/// hand in the games that keep them in hand.
fn store_word(game: &RoundGame) -> &'static str {
    if game.rules().stores == SownStores::None {
        "hand"
    } else {
        "store"
    }
}

/// The round and what the players are doing, the board, and each line
/// with its player's store and closed holes.
fn board(game: &RoundGame, names: &Names, to_move: Option<Player>) -> String {
    let line = |p: Player| {
        let closed: Vec<Pit> = game
            .closed()
            .filter(|h| holes_of(game, p).any(|m| m == *h))
            .collect();
        let closed = match closed.as_slice() {
            [] => String::new(),
            [one] => format!(", hole {one} closed"),
            _ => format!(", holes {} closed", ranges(closed)),
        };
        format!(
            "{}: {} {}{closed}{}",
            names.of(p),
            store_word(game),
            game.stores()[p.index()],
            arrow(to_move, p)
        )
    };
    let stage = if game.is_refilling() {
        " (between rounds: the players fill their empty holes)"
    } else if game.is_choosing() {
        " (the mover chooses: relay or capture)"
    } else {
        ""
    };
    format!(
        "  Round {}{stage}\n{}",
        game.round(),
        TwoRow::new(game.board(), line).draw()
    )
}

impl TerminalGame for RoundGame {
    fn side(&self, p: Player) -> String {
        let row = if p.index() == 0 { "bottom" } else { "top" };
        format!("the {row} row, holes {}", ranges(holes_of(self, p)))
    }

    fn draw(&self, names: &Names) -> String {
        board(
            self,
            names,
            self.winner().is_none().then(|| self.player_to_move()),
        )
    }

    fn how_to_move(&self, p: Player) -> String {
        let way = match self.rules().direction {
            Direction::CounterClockwise => "counter-clockwise, up the hole numbers",
            Direction::Clockwise => "clockwise, down the hole numbers",
        };
        format!(
            "type the number of one of your open holes ({}) that holds seeds; they are sown \
             one a hole {way}. Between rounds type `fill:N` (or N) to fill your empty hole N \
             from your {}, or `pass` when you cannot; when the game offers a choice in the \
             middle of a move, type `relay` or `capture`.",
            ranges(holes_of(self, p)),
            store_word(self)
        )
    }

    fn say(&self, action: &RoundAction) -> String {
        match *action {
            RoundAction::Sow(pit) => say_hole(pit),
            RoundAction::Fill(pit) => format!("fill hole {pit}"),
            other => other.to_string(),
        }
    }

    fn describe(&self, turn: &RoundTurn, names: &Names) -> String {
        format!("{}: {turn}.", names.cap(self.player_to_move()))
    }

    /// What the action did: the hole sown or filled, the choice or the
    /// pass, the laps, the seeds taken, the end of the round.
    fn describe_move(&self, action: &RoundAction, turn: &RoundTurn, names: &Names) -> String {
        let who = names.cap(self.player_to_move());
        let mut text = match *action {
            RoundAction::Sow(pit) => format!("{who} sows hole {pit}"),
            RoundAction::Relay => {
                format!("{who} relays: he sows on from the hole of his last seed")
            }
            RoundAction::Capture => format!("{who} captures"),
            RoundAction::Fill(pit) => {
                format!("{who} fills hole {pit} from his {}", store_word(self))
            }
            RoundAction::Pass if self.is_refilling() => {
                format!("{who} passes: he fills no more holes")
            }
            RoundAction::Pass => format!("{who} passes"),
        };
        if turn.laps > 1 {
            text.push_str(&format!(" ({} laps)", turn.laps));
        }
        if turn.captured > 0 {
            text.push_str(&format!("; {} taken", count(turn.captured, "seed")));
        }
        if turn.round_ended {
            text.push_str(&format!("; round {} is over", self.round()));
        }
        text + "."
    }

    fn ending(&self, _before: &RoundGame, _mv: &RoundAction, names: &Names) -> Ending {
        let lead = format!("Seeds in each {}", store_word(self));
        ending_with(
            self,
            names,
            (board(self, names, None), "the match is over"),
            (&lead, &|p| u64::from(self.stores()[p.index()])),
        )
    }
}
