//! Numercy at the table: the operator row between the rows, and each
//! move's arithmetic in words.

use mancala_core::{Game, Player};
use numercy::{MoveReport, Numercy, Pit, PlayError};

use super::boards::TwoRow;
use super::sowing::{arrow, south_north, sowing_help, two_row_side};
use super::table::{Ending, Table, hole_choices, not_your_hole, read_hole};
use super::text::{Names, and_list, count};

/// Why a game of Numercy ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum NumercyEnd {
    /// The player to move has no ball on his side.
    NoBalls(Player),
    /// He has balls, but every move of his relays forever (forbidden).
    AllEndless(Player),
    /// The position (board, points, player to move) repeated.
    Repetition,
}

/// Why `game`, which is over, ended.
///
/// The game ends when the player to move has no legal move, or (with the
/// `repetition` option) when the position repeats. A repeated position had
/// legal moves the first time (else the game would have ended there), and
/// they depend on the board and player alone: so the end was a repetition
/// exactly when the final position, set up afresh without its history, has
/// a legal move.
pub(crate) fn numercy_end(game: &Numercy) -> NumercyEnd {
    let mut setup = game.to_setup();
    let next = setup.to_move;
    setup.over = false;
    setup.history.clear();
    let balls = game.board().seeds_of(game.topology(), next);
    match Numercy::from_setup(setup) {
        Ok(fresh) if !fresh.legal_actions(next).is_empty() => NumercyEnd::Repetition,
        // A position the work budget cannot decide is never reached by
        // play, except a repeated one, whose moves are not decided again.
        Err(_) if game.options().repetition => NumercyEnd::Repetition,
        _ if balls == 0 => NumercyEnd::NoBalls(next),
        _ => NumercyEnd::AllEndless(next),
    }
}

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
    TwoRow {
        holes: game.board().holes(),
        middle: Some(
            game.options()
                .operators()
                .iter()
                .map(ToString::to_string)
                .collect(),
        ),
        stores: None,
        top: line(Player::P1),
        bottom: line(Player::P0),
    }
    .draw()
}

impl Table for Numercy {
    fn title(&self) -> String {
        let o = self.options();
        format!(
            "Numercy: two rows of {n} holes with {s} balls each, and an operator for each file \
             (drawn between the rows; `:` divides). Balls are sown counter-clockwise; a last \
             ball that makes {r} or more relays: that hole's balls are sown on. Where a move \
             ends, c being the count there and o the count opposite: on 2 or 4 the mover scores \
             c op o and both holes are emptied; on 3 or 5 the other player scores c op o. The \
             game ends when the player to move cannot move; each then adds the balls on his \
             side to his points.",
            n = o.holes,
            s = o.seeds,
            r = o.relay_at
        )
    }

    fn seat_names(&self) -> Vec<String> {
        south_north()
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

    fn choices(&self, p: Player) -> String {
        hole_choices(self, p)
    }

    fn read(&self, _p: Player, text: &str) -> Result<Pit, String> {
        read_hole(text)
    }

    fn say(&self, pit: &Pit) -> String {
        format!("hole {pit}")
    }

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

    fn refusal(&self, error: &PlayError, names: &Names) -> String {
        match error {
            PlayError::NotYourHole { pit, owner, mover } => {
                not_your_hole(*pit, *owner, self.topology().pits_of(*mover), names)
            }
            other => names.rename(&other.to_string()),
        }
    }

    fn ending(&self, _before: &Numercy, _mv: &Pit, names: &Names) -> Ending {
        let reason = match numercy_end(self) {
            NumercyEnd::NoBalls(p) => format!("{} has no balls to sow", names.of(p)),
            NumercyEnd::AllEndless(p) => format!(
                "{} has balls, but every move of his would relay forever, which the rules \
                 forbid",
                names.of(p)
            ),
            NumercyEnd::Repetition => {
                "the position repeated (the same balls in every hole, the same points, the \
                 same player to move)"
                    .to_string()
            }
        };
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

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_core::Game;

    fn two_by_two(board: [u16; 4], repetition: bool) -> Numercy {
        let mut options = numercy::Options::board(2);
        options.repetition = repetition;
        let mut setup = numercy::Setup::new(options);
        setup.board = board.to_vec();
        Numercy::from_setup(setup).expect("a valid position")
    }

    fn play(game: &mut Numercy, pits: &[usize]) {
        for &i in pits {
            game.play(Pit::new(i).expect("a hole")).expect("legal");
        }
    }

    /// RULES.md's 2x2 cycle: S0, N2, S1, N3 bring back the start, which
    /// ends the game under the repetition option.
    #[test]
    fn a_repetition_is_told_from_a_player_with_no_move() {
        let mut game = two_by_two([1, 0, 1, 0], true);
        play(&mut game, &[0, 2, 1, 3]);
        assert!(game.is_over());
        assert_eq!(numercy_end(&game), NumercyEnd::Repetition);
        // South's one ball reaches his own hole 1: North has none.
        let mut game = two_by_two([1, 0, 0, 0], true);
        play(&mut game, &[0]);
        assert!(game.is_over());
        assert_eq!(numercy_end(&game), NumercyEnd::NoBalls(Player::P1));
    }
}
