//! Numercy at the table: the operator row between the rows, and each
//! move's arithmetic in words.

use mancala_core::{Game, Player};
use numercy::{MoveReport, Numercy, Pit, PlayError};

use super::boards::TwoRow;
use super::sowing::{arrow, sowing_help, two_row_side};
use super::terminal_game::{Ending, TerminalGame, hole_actions, hole_refusal};
use mancala_engine::ending::NumercyWords as _;

use super::text::{Names, and_list, count};

/// The board with the points given (the game's, or those before the balls
/// left were added at the end).
fn numercy_board(game: &Numercy, points: [u64; 2], names: &Names) -> String {
    let line = |p: Player| {
        format!(
            "{}: {}{}",
            names.of(p),
            count(points[p.index()], "point"),
            arrow(game.to_move(), p)
        )
    };
    let operators = game.options().operators().iter();
    TwoRow {
        middle: Some(operators.map(ToString::to_string).collect()),
        ..TwoRow::new(game.board().holes(), line)
    }
    .draw()
}

impl TerminalGame for Numercy {
    /// A number of holes given without operators: a random row of
    /// operators for them, drawn from `seed`.
    fn deal(self, seed: u64, given: &crate::game_arg::OptionPairs) -> Result<Numercy, String> {
        if given.get("holes").is_some() && given.get("operators").is_none() {
            Numercy::new(self.options().random_row(seed, &[])).map_err(|e| e.to_string())
        } else {
            Ok(self)
        }
    }

    fn side(&self, p: Player) -> String {
        two_row_side(self.topology(), p)
    }

    fn draw(&self, names: &Names) -> String {
        let s = self.scores();
        numercy_board(self, [s[Player::P0], s[Player::P1]], names)
    }

    fn how_to_move(&self, p: Player) -> String {
        sowing_help(self.topology(), p, "ball")
    }

    hole_actions!();

    fn describe(&self, r: &MoveReport, names: &Names) -> String {
        let mut text = format!("{} sows hole {}", names.cap(r.mover), r.origin);
        if r.laps > 1 {
            text.push_str(&format!(" ({} laps)", r.laps));
        }
        if r.endless {
            text.push_str(&format!(
                ", which would relay forever: it stops before lifting hole {} again, and \
                 scores nothing.",
                r.end
            ));
            return text;
        }
        text.push_str(&format!(
            " and ends in hole {} with {}",
            r.end,
            count(r.count, "ball")
        ));
        match r.scoring {
            None => text.push_str("; no score."),
            Some(s) => {
                let opposite = self
                    .topology()
                    .opposite(r.end)
                    .map_or_else(String::new, |o| format!(" (hole {o})"));
                text.push_str(&format!(
                    "; the opposite hole{opposite} holds {}, so {} {} {} = {} for {}",
                    r.opposite,
                    r.count,
                    r.operator,
                    r.opposite,
                    s.points,
                    names.of(s.scorer)
                ));
                if s.emptied {
                    text.push_str(", and both holes are emptied");
                }
                text.push('.');
            }
        }
        text
    }

    hole_refusal!(PlayError);

    fn ending(&self, _before: &Numercy, _mv: &Pit, names: &Names) -> Ending {
        let reason = self.end().map_or_else(
            || "the game is over".to_string(),
            |end| end.words(&|p| names.of(p)),
        );
        let scores = self.scores();
        let left = |p: Player| u64::from(self.board().seeds_of(self.topology(), p));
        let before = |p: Player| scores[p].saturating_sub(left(p));
        let parts: Vec<String> = [Player::P0, Player::P1]
            .into_iter()
            .map(|p| {
                format!(
                    "{} {} + {} = {}",
                    names.of(p),
                    before(p),
                    left(p),
                    scores[p]
                )
            })
            .collect();
        Ending {
            board: numercy_board(self, [before(Player::P0), before(Player::P1)], names),
            reason,
            count: format!(
                "Each player adds the balls left on his side to his points: {}.",
                and_list(&parts)
            ),
        }
    }
}
