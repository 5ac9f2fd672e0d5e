//! Toguz Kumalak at the table: the two rows of nine, with each player's
//! tuzdik named on his line.

use mancala_core::{
    Game, Move, Player,
    toguz::{ToguzKumalak, ToguzPlayError, ToguzTurn},
};

use super::boards::TwoRow;
use super::sowing::{arrow, say_move, sowing_help, two_row_side};
use super::terminal_game::{Ending, TerminalGame, hole_refusal};
use super::text::{Names, and_list};

/// The board, each line naming its player's store and tuzdik.
fn board(game: &ToguzKumalak, names: &Names, to_move: Option<Player>) -> String {
    let line = |p: Player| {
        let tuzdik = match game.tuzdik(p) {
            Some(t) => format!(", tuzdik {t}"),
            None => String::new(),
        };
        format!(
            "{}: store {}{tuzdik}{}",
            names.of(p),
            game.board().store(p),
            arrow(to_move, p)
        )
    };
    TwoRow::new(game.board().holes(), line).draw()
}

impl TerminalGame for ToguzKumalak {
    fn side(&self, p: Player) -> String {
        two_row_side(self.topology(), p)
    }

    fn draw(&self, names: &Names) -> String {
        board(self, names, self.to_move())
    }

    fn how_to_move(&self, p: Player) -> String {
        sowing_help(self.topology(), p, "seed")
            + " The first seed goes back into the hole sown, unless it was the only one; \
               the other's tuzdik in your row is never sown."
    }

    fn say(&self, mv: &Move) -> String {
        say_move(*mv)
    }

    fn describe(&self, turn: &ToguzTurn, names: &Names) -> String {
        let mut text = format!(
            "{} sows hole {}; the last seed falls in hole {}",
            names.cap(turn.mover),
            turn.pit,
            turn.landing
        );
        if turn.new_tuzdik {
            text += ", which becomes the tuzdik (3 seeds taken)";
        } else if turn.captured > 0 {
            text += &format!(" and takes its {} seeds", turn.captured);
        }
        for p in names.players() {
            let paid = turn.paid[p.index()];
            if paid > 0 {
                text += &format!("; {}'s tuzdik pays {paid}", names.of(p));
            }
        }
        text + "."
    }

    hole_refusal!(ToguzPlayError, Core);

    fn ending(&self, before: &ToguzKumalak, _mv: &Move, names: &Names) -> Ending {
        let scores = self.scores();
        let parts: Vec<String> = names
            .players()
            .map(|p| {
                let store = u64::from(self.board().store(p));
                format!(
                    "{} {store} + {} = {}",
                    names.of(p),
                    scores[p] - store,
                    scores[p]
                )
            })
            .collect();
        // The player after the last mover has no seeds to sow.
        let reason = match before.to_move() {
            Some(mover) => format!("{} has no seeds to sow", names.of(mover.next(2))),
            None => "the game is over".into(),
        };
        Ending {
            board: board(self, names, None),
            reason,
            count: format!(
                "The seeds left on each side count for its owner. Final count (store + seeds \
                 on his side): {}.",
                and_list(&parts)
            ),
        }
    }
}
