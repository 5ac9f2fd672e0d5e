//! Mankka at the table: the opening placement written and echoed as six
//! counts, then sowing moves and passes.

use mancala_core::{Game, Player, Turn};
use mankka::{Mankka, Move, MoveReport, PlayError};

use super::boards::TwoRow;
use super::sowing::{arrow, sowing_count, sowing_help, sown_words, two_row_side};
use super::terminal_game::{Ending, TerminalGame, hole_choices, hole_refusal, say_hole};
use super::text::{Names, and_list, count, ranges};
use mancala_engine::ending::{Words as _, mankka_end};

/// The board with each player's captures and hand.
fn mankka_board(game: &Mankka, board: &mancala_core::Board, names: &Names) -> String {
    let hands = game.hands();
    let line = |p: Player| {
        let mut text = format!("{}: captured {}", names.of(p), board.store(p));
        if hands[p] > 0 {
            text.push_str(&format!(", {} in hand", count(hands[p], "seed")));
        }
        text.push_str(arrow(game.to_move(), p));
        text
    };
    TwoRow::new(board.holes(), line).draw()
}

impl TerminalGame for Mankka {
    fn side(&self, p: Player) -> String {
        two_row_side(self.topology(), p)
    }

    fn draw(&self, names: &Names) -> String {
        mankka_board(self, self.board(), names)
    }

    fn how_to_move(&self, p: Player) -> String {
        if self.hands()[p] > 0 {
            format!(
                "place the {} seeds in your hand: write six counts, one for each of your \
                 holes from your left ({}), adding up to {}, joined by + (e.g. 1+1+1+1+1+1, or \
                 0+0+3+0+0+3; spaces or commas also do). Later, {}",
                self.hands()[p],
                ranges(self.topology().pits_of(p)),
                self.hands()[p],
                sowing_help(self.topology(), p, "seed")
            )
        } else {
            let mut text = sowing_help(self.topology(), p, "seed");
            if !self.options().early_end {
                text.push_str(" Type pass when you cannot move.");
            }
            text
        }
    }

    fn choices(&self, p: Player) -> String {
        if self.in_opening() {
            format!(
                "{} seeds for holes {}, e.g. 1+1+1+1+1+1",
                self.hands()[p],
                ranges(self.topology().pits_of(p))
            )
        } else {
            hole_choices(self, p)
        }
    }

    fn say(&self, mv: &Move) -> String {
        match mv {
            Move::Sow(pit) => say_hole(*pit),
            other => other.to_string(),
        }
    }

    fn describe(&self, r: &MoveReport, names: &Names) -> String {
        let who = names.cap(r.mover);
        match r.played {
            Move::Place(placement) => {
                let parts: Vec<String> = self
                    .topology()
                    .pits_of(r.mover)
                    .zip(placement.counts)
                    .filter(|&(_, c)| c > 0)
                    .map(|(pit, c)| format!("{c} in hole {pit}"))
                    .collect();
                format!("{who} places {placement}: {}.", and_list(&parts))
            }
            Move::Pass => format!("{who} cannot move and passes."),
            Move::Sow(pit) => {
                let turn = Turn {
                    mover: r.mover,
                    played: mancala_core::Move::Sow(pit),
                    landing: r.landing,
                    laps: r.laps,
                    endless: r.endless,
                    captured: r.captured,
                    seeds: r.seeds,
                    grand_slam_refused: false,
                    extra_turn: false,
                };
                sown_words(&turn, names, "seed")
            }
        }
    }

    hole_refusal!(PlayError, Core);

    fn ending(&self, before: &Mankka, mv: &Move, names: &Names) -> Ending {
        let Some(end) = mankka_end(before, *mv) else {
            return Ending::as_it_stands(self, "the game is over", names);
        };
        let rules = before.options().rules();
        Ending {
            board: mankka_board(self, &end.board, names),
            reason: end.reason.words(&|p| names.of(p), "seed"),
            count: sowing_count(&end, self.topology(), rules.leftover, names, "seed"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::sowing::south_north;
    use mancala_engine::Registered;

    /// Without the early ends a player who cannot sow passes: his prompt
    /// offers only that, and he may type it in any case.
    #[test]
    fn a_player_who_must_pass_is_offered_the_pass() {
        let options = mankka::Options {
            early_end: false,
            ..mankka::Options::one()
        };
        let mut setup = mankka::Setup::new(options);
        setup.board = vec![0, 0, 0, 0, 0, 0, 1, 2, 0, 0, 0, 0];
        setup.stores = vec![20, 25];
        let game = Mankka::from_setup(setup).expect("a valid position");
        assert_eq!(game.choices(Player::P0), "pass");
        assert_eq!(game.read_typed(Player::P0, " PASS "), Ok(Move::Pass));
        let names = Names::new(south_north(), vec![true, false]);
        let mut next = game.clone();
        let report = next.play(Move::Pass).expect("a pass");
        assert_eq!(
            game.describe(&report, &names),
            "South (you) cannot move and passes."
        );
    }
}
